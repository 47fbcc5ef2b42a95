import { Router } from 'express';
import { z } from 'zod';
import { jsonApi } from '../http/api.js';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import type { JourneysPublic } from '../journeys/public.js';
import {
  FLOWS,
  autoEnrollChannelsAnswer,
  batchesAnswer,
  enrollmentSettingsAnswer,
  enrollmentSurveyJson,
  enrollmentSurveyListItem,
  hrisManagerAnswer,
  manualEnrollmentAnswer,
  presetSurveyJson,
  savedSessionAnswer,
  selfEnrollAnswer,
  selfEnrollSettingsAnswer,
  selfEnrollValidationAnswer,
  surveyResponsesAnswer,
  surveyShareAnswer,
  upsertStatusAnswer,
  usersFromEmailAnswer,
} from './api-types.js';
import type { AutomaticEnrollment } from './automatic.js';
import type { ManualEnrollment } from './manual.js';
import {
  autoChannelsBody,
  batchesQuery,
  fromEmailQuery,
  managerQuery,
  manualEnrollmentBody,
  mappingsBody,
  matchesBody,
  rulesBody,
  savedSessionParams,
  selfEnrollBody,
  selfEnrollSettingsBody,
  shareBody,
  statusParams,
  surveyBody,
  surveyParams,
  tagParams,
} from './schema.js';
import type { EnrollmentSurveys } from './surveys.js';

export interface EnrollmentApi {
  journeys: JourneysPublic;
  manual: ManualEnrollment;
  automatic: AutomaticEnrollment;
  surveys: EnrollmentSurveys;
}

/**
 * {base}: the whole flow (`/{flow}`) or one journey (`/{flow}/tags/{tagId}`), each its own documented path; the
 * services check who may act on it. `own` is the call's own path params.
 */
const BASES = FLOWS.flatMap((flow) => [
  { flow, prefix: `/${flow}`, tagged: false },
  { flow, prefix: `/${flow}/tags/:tagId`, tagged: true },
]);
const baseParams = <S extends z.ZodRawShape>(tagged: boolean, own: S) =>
  // One schema type for both paths: `tagId` is there exactly when the path has it.
  z.object({ ...(tagged ? tagParams.shape : {}), ...own }) as unknown as z.ZodType<z.infer<z.ZodObject<S>> & { tagId?: number }>;

/** Enrollment's calls (journeys.md §7 "Enrollment", programs.md §7 "Enrollment"). Thin over the services. */
export function enrollmentRoutes(a: EnrollmentApi): Router {
  const router = Router();
  router.use(['/onboarding', '/participants', '/hris/manager'], requireMember);
  const api = jsonApi(router, 'Enrollment');

  // ---- manual and CSV enrollment, batches

  for (const { flow, prefix, tagged } of BASES) {
    const scope = tagged ? 'one journey' : `the ${flow} flow`;
    api.post(`${prefix}/manual_enrollment`, { summary: `Enroll people by hand or from a CSV file in ${scope} (a batch, applied in the background)`, params: baseParams(tagged, {}), serviceBody: manualEnrollmentBody, response: manualEnrollmentAnswer }, ({ params, req }) =>
      a.manual.submit(authOf(req), flow, params.tagId, req.body),
    );
    api.get(`${prefix}/manual_enrollment/sessions/:sessionId`, { summary: `A saved session of ${scope} as a row of the manual enrollment form`, params: baseParams(tagged, savedSessionParams.shape), response: savedSessionAnswer }, ({ params, req }) =>
      a.manual.savedSession(authOf(req), flow, params.tagId, params.sessionId),
    );
    api.get(`${prefix}/batches`, { summary: `The enrollment batches of ${scope}, and one batch with its enrollments (batch_id)`, params: baseParams(tagged, {}), query: batchesQuery, response: batchesAnswer }, ({ params, query, req }) =>
      a.manual.batches(authOf(req), flow, params.tagId, query.batch_id),
    );
  }
  api.get('/onboarding/manual_enrollment/upsert_status/:statusId', { summary: 'Whether a manual enrollment batch is done', params: statusParams, response: upsertStatusAnswer }, ({ params, req }) => a.manual.status(authOf(req), params.statusId));
  api.get('/onboarding/users/from_email', { summary: 'The members with these emails (50 at a time)', serviceQuery: fromEmailQuery, response: usersFromEmailAnswer }, async ({ req }) => ({ users: await a.manual.usersFromEmail(authOf(req), req.query) }));
  api.get('/hris/manager', { summary: 'A person’s manager: the HR system’s, else the one on their profile', serviceQuery: managerQuery, response: hrisManagerAnswer }, ({ req }) => a.manual.hrisManager(authOf(req), req.query));

  // ---- rules, HR mappings (admins)

  api.get('/onboarding/enrollment_settings', { summary: 'The enrollment rules, HR mappings and workspace-join journeys', response: enrollmentSettingsAnswer }, ({ req }) => a.automatic.settings(authOf(req)));
  api.put('/onboarding/enrollment_rules', { summary: 'Replace the enrollment rules (admins)', serviceBody: rulesBody, response: enrollmentSettingsAnswer }, ({ req }) => a.automatic.saveRules(authOf(req), req.body));
  api.patch('/onboarding/tags/hris_category_mappings/bulk_update', { summary: 'Replace the HR mappings and the enrollment source (admins)', serviceBody: mappingsBody, response: enrollmentSettingsAnswer }, ({ req }) =>
    a.automatic.saveMappings(authOf(req), req.body),
  );

  for (const flow of FLOWS) {
    // ---- auto-enroll channels

    api.get(`/${flow}/tags/:id/auto_enroll_channels/load_channels_as_json`, { summary: 'The channels whose new members join the journey', params: idParams, response: autoEnrollChannelsAnswer }, ({ params, req }) =>
      a.automatic.loadChannels(authOf(req), flow, params.id),
    );
    api.put(`/${flow}/tags/:id/auto_enroll_channels/bulk_update`, { summary: 'Replace the channels whose new members join the journey', params: idParams, serviceBody: autoChannelsBody, response: autoEnrollChannelsAnswer }, ({ params, req }) =>
      a.automatic.saveChannels(authOf(req), flow, params.id, req.body),
    );

    // ---- self-enroll

    api.get(`/${flow}/tags/:tagId/self_enroll_validation`, { summary: 'Whether the member may join the journey themselves now', params: tagParams, response: selfEnrollValidationAnswer }, ({ params, req }) =>
      a.automatic.selfEnrollValidation(authOf(req), flow, params.tagId),
    );
    api.post(`/${flow}/tags/:tagId/self_enroll`, { summary: 'Join the journey as the signed-in member', params: tagParams, serviceBody: selfEnrollBody, response: selfEnrollAnswer }, ({ params, req }) =>
      a.automatic.selfEnroll(authOf(req), flow, params.tagId, req.body),
    );
    api.post(`/${flow}/tags/:tagId/self_test`, { summary: 'A test run of joining the journey', params: tagParams, response: selfEnrollAnswer }, ({ params, req }) => a.automatic.selfTest(authOf(req), flow, params.tagId));
    api.get(`/${flow}/tags/:tagId/self_enroll_settings`, { summary: 'The journey’s self-enrollment: on or off, its link, who joined', params: tagParams, response: selfEnrollSettingsAnswer }, ({ params, req }) =>
      a.automatic.selfEnrollSettings(authOf(req), flow, params.tagId),
    );
    api.put(`/${flow}/tags/:tagId/self_enroll_settings`, { summary: 'Turn the journey’s self-enrollment on or off', params: tagParams, serviceBody: selfEnrollSettingsBody, response: selfEnrollSettingsAnswer }, ({ params, req }) =>
      a.automatic.setSelfEnroll(authOf(req), flow, params.tagId, req.body),
    );

    // ---- enrollment surveys

    const oneSurvey = z.object({ enrollment_survey: enrollmentSurveyJson });
    api.get(`/${flow}/tags/:id/enrollment_surveys`, { summary: 'The journey’s enrollment surveys, with their shares and answers', params: idParams, response: z.object({ enrollment_surveys: z.array(enrollmentSurveyListItem) }) }, async ({ params, req }) => ({
      enrollment_surveys: await a.surveys.list(authOf(req), params.id, flow),
    }));
    api.post(`/${flow}/tags/:id/enrollment_surveys`, { summary: 'Add an enrollment survey to the journey', params: idParams, serviceBody: surveyBody, response: oneSurvey }, async ({ params, req }) => ({
      enrollment_survey: await a.surveys.create(authOf(req), params.id, flow, req.body),
    }));
    api.get(`/${flow}/tags/:id/enrollment_surveys/:surveyId`, { summary: 'An enrollment survey', params: surveyParams, response: oneSurvey }, async ({ params, req }) => ({
      enrollment_survey: await a.surveys.find(authOf(req), { flow, ...params }),
    }));
    api.put(`/${flow}/tags/:id/enrollment_surveys/:surveyId`, { summary: 'Change an enrollment survey', params: surveyParams, serviceBody: surveyBody, response: oneSurvey }, async ({ params, req }) => ({
      enrollment_survey: await a.surveys.update(authOf(req), { flow, ...params }, req.body),
    }));
    api.post(`/${flow}/tags/:id/enrollment_surveys/:surveyId/share_to_slack_as_json`, { summary: 'Send the survey to people and channels in Slack', params: surveyParams, serviceBody: shareBody, response: surveyShareAnswer }, ({ params, req }) =>
      a.surveys.share(authOf(req), { flow, ...params }, req.body),
    );
    api.get(`/${flow}/tags/:id/enrollment_surveys/:surveyId/responses`, { summary: 'The survey’s answers and the suggested matches', params: surveyParams, response: surveyResponsesAnswer }, ({ params, req }) =>
      a.surveys.responses(authOf(req), { flow, ...params }),
    );
    api.put(`/${flow}/tags/:id/enrollment_surveys/:surveyId/responses`, { summary: 'Match answers of the first role with answers of the second', params: surveyParams, serviceBody: matchesBody, response: surveyResponsesAnswer }, ({ params, req }) =>
      a.surveys.saveMatches(authOf(req), { flow, ...params }, req.body),
    );
  }

  api.get('/onboarding/preset_enrollment_surveys/index_as_json', { summary: 'Ready-made enrollment surveys to start from', response: z.object({ preset_enrollment_surveys: z.array(presetSurveyJson) }) }, () => ({ preset_enrollment_surveys: [...a.surveys.presets()] }));

  return router;
}
