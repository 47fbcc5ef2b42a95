import { Router, type Request } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { params, query } from '../http/validate.js';
import type { JourneysPublic } from '../journeys/public.js';
import type { Flow } from './api-types.js';
import type { AutomaticEnrollment } from './automatic.js';
import type { ManualEnrollment } from './manual.js';
import {
  batchesQuery,
  savedSessionParams,
  statusParams,
  surveyParams,
  tagParams,
} from './schema.js';
import type { EnrollmentSurveys, SurveyPath } from './surveys.js';

export interface EnrollmentApi {
  journeys: JourneysPublic;
  manual: ManualEnrollment;
  automatic: AutomaticEnrollment;
  surveys: EnrollmentSurveys;
}

const FLOWS = ['onboarding', 'participants'] as const;
const both = (path: string) => FLOWS.map((f) => `/${f}${path}`);
const flowOf = (req: Request): Flow => (req.path.startsWith('/participants') ? 'participants' : 'onboarding');

/** Enrollment's calls (journeys.md §7 "Enrollment", programs.md §7 "Enrollment"). Thin over the services. */
export function enrollmentRoutes(api: EnrollmentApi): Router {
  const router = Router();
  router.use(['/onboarding', '/participants', '/hris/manager'], requireMember);

  /** {base}: the whole flow, or one journey (`/tags/{tagId}`); the services check who may act on it. */
  const tagIdOf = (req: Request): number | undefined => (req.params.tagId === undefined ? undefined : params(req, tagParams).tagId);

  // ---- manual and CSV enrollment, batches

  router.post([...both('/manual_enrollment'), ...both('/tags/:tagId/manual_enrollment')], async (req, res) => {
    res.json(await api.manual.submit(authOf(req), flowOf(req), tagIdOf(req), req.body));
  });
  router.get([...both('/manual_enrollment/sessions/:sessionId'), ...both('/tags/:tagId/manual_enrollment/sessions/:sessionId')], async (req, res) => {
    res.json(await api.manual.savedSession(authOf(req), flowOf(req), tagIdOf(req), params(req, savedSessionParams).sessionId));
  });
  router.get('/onboarding/manual_enrollment/upsert_status/:statusId', async (req, res) => {
    res.json(await api.manual.status(authOf(req), params(req, statusParams).statusId));
  });
  router.get([...both('/batches'), ...both('/tags/:tagId/batches')], async (req, res) => {
    res.json(await api.manual.batches(authOf(req), flowOf(req), tagIdOf(req), query(req, batchesQuery).batch_id));
  });
  router.get('/onboarding/users/from_email', async (req, res) => {
    res.json({ users: await api.manual.usersFromEmail(authOf(req), req.query) });
  });
  router.get('/hris/manager', async (req, res) => {
    res.json(await api.manual.hrisManager(authOf(req), req.query));
  });

  // ---- rules, HR mappings (admins)

  router.get('/onboarding/enrollment_settings', async (req, res) => {
    res.json(await api.automatic.settings(authOf(req)));
  });
  router.put('/onboarding/enrollment_rules', async (req, res) => {
    res.json(await api.automatic.saveRules(authOf(req), req.body));
  });
  router.patch('/onboarding/tags/hris_category_mappings/bulk_update', async (req, res) => {
    res.json(await api.automatic.saveMappings(authOf(req), req.body));
  });

  // ---- auto-enroll channels

  router.get(both('/tags/:id/auto_enroll_channels/load_channels_as_json'), async (req, res) => {
    res.json(await api.automatic.loadChannels(authOf(req), flowOf(req), params(req, idParams).id));
  });
  router.put(both('/tags/:id/auto_enroll_channels/bulk_update'), async (req, res) => {
    res.json(await api.automatic.saveChannels(authOf(req), flowOf(req), params(req, idParams).id, req.body));
  });

  // ---- self-enroll

  router.get(both('/tags/:tagId/self_enroll_validation'), async (req, res) => {
    res.json(await api.automatic.selfEnrollValidation(authOf(req), flowOf(req), params(req, tagParams).tagId));
  });
  router.post(both('/tags/:tagId/self_enroll'), async (req, res) => {
    res.json(await api.automatic.selfEnroll(authOf(req), flowOf(req), params(req, tagParams).tagId, req.body));
  });
  router.post(both('/tags/:tagId/self_test'), async (req, res) => {
    res.json(await api.automatic.selfTest(authOf(req), flowOf(req), params(req, tagParams).tagId));
  });
  router.get(both('/tags/:tagId/self_enroll_settings'), async (req, res) => {
    res.json(await api.automatic.selfEnrollSettings(authOf(req), flowOf(req), params(req, tagParams).tagId));
  });
  router.put(both('/tags/:tagId/self_enroll_settings'), async (req, res) => {
    res.json(await api.automatic.setSelfEnroll(authOf(req), flowOf(req), params(req, tagParams).tagId, req.body));
  });

  // ---- enrollment surveys

  router.get('/onboarding/preset_enrollment_surveys/index_as_json', (_req, res) => {
    res.json({ preset_enrollment_surveys: api.surveys.presets() });
  });
  router.get(both('/tags/:id/enrollment_surveys'), async (req, res) => {
    res.json({ enrollment_surveys: await api.surveys.list(authOf(req), params(req, idParams).id, flowOf(req)) });
  });
  router.post(both('/tags/:id/enrollment_surveys'), async (req, res) => {
    res.json({ enrollment_survey: await api.surveys.create(authOf(req), params(req, idParams).id, flowOf(req), req.body) });
  });
  const surveyPath = (req: Request): SurveyPath => ({ flow: flowOf(req), ...params(req, surveyParams) });
  router.get(both('/tags/:id/enrollment_surveys/:surveyId'), async (req, res) => {
    res.json({ enrollment_survey: await api.surveys.find(authOf(req), surveyPath(req)) });
  });
  router.put(both('/tags/:id/enrollment_surveys/:surveyId'), async (req, res) => {
    res.json({ enrollment_survey: await api.surveys.update(authOf(req), surveyPath(req), req.body) });
  });
  router.post(both('/tags/:id/enrollment_surveys/:surveyId/share_to_slack_as_json'), async (req, res) => {
    res.json(await api.surveys.share(authOf(req), surveyPath(req), req.body));
  });
  router.get(both('/tags/:id/enrollment_surveys/:surveyId/responses'), async (req, res) => {
    res.json(await api.surveys.responses(authOf(req), surveyPath(req)));
  });
  router.put(both('/tags/:id/enrollment_surveys/:surveyId/responses'), async (req, res) => {
    res.json(await api.surveys.saveMatches(authOf(req), surveyPath(req), req.body));
  });

  return router;
}
