import { Router } from 'express';
import { z } from 'zod';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { jsonApi } from '../http/api.js';
import { feedbackCommentsJson, feedbackStatsJson, reportingModuleDataJson, reportingModuleSettingsJson, sessionIssuesJson, strategicConnectionsJson, viewableConfigurationsJson } from './api-types.js';
import { dataQuery, feedbackCommentsQuery, feedbackStatsQuery, issuesQuery, putSettingsBody, strategicQuery, userParams } from './schema.js';
import type { ReportingService } from './service.js';

/** The Reporting API (journeys.md §7). Thin: validate, scope to the workspace, call the service. */
export function reportingRoutes(reporting: ReportingService): Router {
  const router = Router();
  router.use(['/reporting_module_settings', '/coffee_feedbacks', '/reporting/csv_report', '/reporting/strategic_connections_preview', '/onboarding/session_issues'], requireMember);

  const api = jsonApi(router, 'Reporting');

  // Before /:userId, which would take 'data' for an id.
  api.get('/reporting_module_settings/data', { summary: 'One stat module’s figures (or that they are being computed)', query: dataQuery, response: reportingModuleDataJson }, ({ query, req }) => reporting.data(authOf(req), query));
  api.get('/reporting_module_settings/:userId', { summary: 'An admin’s reporting modules', params: userParams, response: reportingModuleSettingsJson }, ({ params, req }) => reporting.settings(authOf(req), params.userId));
  api.put('/reporting_module_settings/:userId', { summary: 'Save an admin’s reporting modules', params: userParams, serviceBody: putSettingsBody, response: reportingModuleSettingsJson }, ({ params, req }) =>
    reporting.saveSettings(authOf(req), params.userId, req.body),
  );

  // 202: the report is made later and sent by DM.
  router.post('/reporting/csv_report', async (req, res) => {
    res.status(202).json(await reporting.requestCsv(authOf(req), req.body));
  });

  api.get('/reporting/strategic_connections_preview', { summary: 'Whom an Intros program connected the journeys’ participants with', serviceQuery: strategicQuery, response: strategicConnectionsJson }, ({ req }) =>
    reporting.strategicConnections(authOf(req), req.query),
  );

  api.get('/onboarding/session_issues', { summary: 'Attention required: the journeys’ issues by person and session', query: issuesQuery, response: sessionIssuesJson }, ({ query, req }) => reporting.issues(authOf(req), query));
  api.post('/onboarding/session_issues/:id/hide_issue', { summary: 'Hide an issue', params: idParams, response: z.object({ id: z.number().int(), hidden: z.literal(true) }) }, ({ params, req }) => reporting.hideIssue(authOf(req), params.id));

  api.get('/coffee_feedbacks/viewable_configurations', { summary: 'The Intros programs whose feedback the member may see', response: viewableConfigurationsJson }, ({ req }) => reporting.viewableConfigurations(authOf(req)));
  api.get('/coffee_feedbacks/aggregation_stats', { summary: 'Intros feedback ratings over a window', query: feedbackStatsQuery, response: feedbackStatsJson }, ({ query, req }) => reporting.feedbackStats(authOf(req), query));
  api.get('/coffee_feedbacks/aggregation_comments', { summary: 'Intros feedback comments, a page at a time', query: feedbackCommentsQuery, response: feedbackCommentsJson }, ({ query, req }) => reporting.feedbackComments(authOf(req), query));
  return router;
}
