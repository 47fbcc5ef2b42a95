import { Router } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { params, query } from '../http/validate.js';
import { dataQuery, feedbackCommentsQuery, feedbackStatsQuery, issuesQuery, userParams } from './schema.js';
import type { ReportingService } from './service.js';

/** The Reporting API (journeys.md §7). Thin: validate, scope to the workspace, call the service. */
export function reportingRoutes(reporting: ReportingService): Router {
  const router = Router();
  router.use(['/reporting_module_settings', '/coffee_feedbacks', '/reporting/csv_report', '/reporting/strategic_connections_preview', '/onboarding/session_issues'], requireMember);

  // Before /:userId, which would take 'data' for an id.
  router.get('/reporting_module_settings/data', async (req, res) => {
    res.json(await reporting.data(authOf(req), query(req, dataQuery)));
  });
  router.get('/reporting_module_settings/:userId', async (req, res) => {
    res.json(await reporting.settings(authOf(req), params(req, userParams).userId));
  });
  router.put('/reporting_module_settings/:userId', async (req, res) => {
    res.json(await reporting.saveSettings(authOf(req), params(req, userParams).userId, req.body));
  });

  router.post('/reporting/csv_report', async (req, res) => {
    res.status(202).json(await reporting.requestCsv(authOf(req), req.body));
  });

  router.get('/reporting/strategic_connections_preview', async (req, res) => {
    res.json(await reporting.strategicConnections(authOf(req), req.query));
  });

  router.get('/onboarding/session_issues', async (req, res) => {
    res.json(await reporting.issues(authOf(req), query(req, issuesQuery)));
  });
  router.post('/onboarding/session_issues/:id/hide_issue', async (req, res) => {
    res.json(await reporting.hideIssue(authOf(req), params(req, idParams).id));
  });

  router.get('/coffee_feedbacks/viewable_configurations', async (req, res) => {
    res.json(await reporting.viewableConfigurations(authOf(req)));
  });
  router.get('/coffee_feedbacks/aggregation_stats', async (req, res) => {
    res.json(await reporting.feedbackStats(authOf(req), query(req, feedbackStatsQuery)));
  });
  router.get('/coffee_feedbacks/aggregation_comments', async (req, res) => {
    res.json(await reporting.feedbackComments(authOf(req), query(req, feedbackCommentsQuery)));
  });
  return router;
}
