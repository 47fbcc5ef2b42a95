import { Router, type Request } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { idParams } from '../http/ids.js';
import { body, params, query } from '../http/validate.js';
import { requireAccess, requireWorkspaceAdmin } from '../platform/access.js';
import type { JourneysPublic, JourneyTag } from '../journeys/public.js';
import type { Flow } from './api-types.js';
import type { AutomaticEnrollment } from './automatic.js';
import type { ManualEnrollment } from './manual.js';
import {
  autoChannelsBody,
  batchesQuery,
  fromEmailQuery,
  managerQuery,
  manualEnrollmentBody,
  savedSessionParams,
  selfEnrollBody,
  selfEnrollSettingsBody,
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

  /** The journey in the path, if this member may `mode` it and it is of the path's flow. */
  const tagOf = async (req: Request, id: number, mode: 'read' | 'edit'): Promise<JourneyTag> => {
    const tag = await requireAccess(authOf(req), api.journeys.policy, id, mode);
    if ((tag.flow_type === 'onboarding' ? 'onboarding' : 'participants') !== flowOf(req)) throw new HttpError(404, 'Not found');
    return tag;
  };
  /** {base}: the whole flow (admins) or one journey (who may edit it). */
  const scopeOf = async (req: Request): Promise<JourneyTag | null> => {
    if (req.params.tagId === undefined) {
      requireWorkspaceAdmin(authOf(req));
      return null;
    }
    return tagOf(req, params(req, tagParams).tagId, 'edit');
  };

  // ---- manual and CSV enrollment, batches

  router.post([...both('/manual_enrollment'), ...both('/tags/:tagId/manual_enrollment')], async (req, res) => {
    const scope = await scopeOf(req);
    const input = body(req, manualEnrollmentBody);
    res.json(await api.manual.submit(authOf(req), flowOf(req), scope, input));
  });
  router.get([...both('/manual_enrollment/sessions/:sessionId'), ...both('/tags/:tagId/manual_enrollment/sessions/:sessionId')], async (req, res) => {
    const { sessionId } = params(req, savedSessionParams);
    const scope = await scopeOf(req);
    res.json(await api.manual.savedSession(authOf(req).workspace.id, flowOf(req), scope, sessionId));
  });
  router.get('/onboarding/manual_enrollment/upsert_status/:statusId', async (req, res) => {
    res.json(await api.manual.status(authOf(req).workspace.id, params(req, statusParams).statusId));
  });
  router.get([...both('/batches'), ...both('/tags/:tagId/batches')], async (req, res) => {
    const q = query(req, batchesQuery);
    const scope = await scopeOf(req);
    res.json(await api.manual.batches(authOf(req).workspace.id, flowOf(req), scope?.id, q.batch_id));
  });
  router.get('/onboarding/users/from_email', async (req, res) => {
    const q = query(req, fromEmailQuery);
    res.json({ users: await api.manual.usersFromEmail(authOf(req).workspace.id, q.emails) });
  });
  router.get('/hris/manager', async (req, res) => {
    res.json(await api.manual.hrisManager(authOf(req).workspace.id, query(req, managerQuery).email));
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
    res.json(await api.automatic.loadChannels(await tagOf(req, params(req, idParams).id, 'read')));
  });
  router.put(both('/tags/:id/auto_enroll_channels/bulk_update'), async (req, res) => {
    const tag = await tagOf(req, params(req, idParams).id, 'edit');
    res.json(await api.automatic.saveChannels(tag, body(req, autoChannelsBody)));
  });

  // ---- self-enroll

  /** A journey to join oneself: anyone in the workspace may while its self-enroll is on; otherwise as its policy says. */
  const joinableOf = async (req: Request): Promise<JourneyTag> => {
    const id = params(req, tagParams).tagId;
    const tag = await api.journeys.tag(authOf(req).workspace.id, id);
    if (tag && tag.self_enroll && (tag.flow_type === 'onboarding' ? 'onboarding' : 'participants') === flowOf(req)) return tag;
    return tagOf(req, id, 'read');
  };
  router.get(both('/tags/:tagId/self_enroll_validation'), async (req, res) => {
    const tag = await joinableOf(req);
    res.json(await api.automatic.selfEnrollValidation(authOf(req).workspace.id, authOf(req).member, tag));
  });
  router.post(both('/tags/:tagId/self_enroll'), async (req, res) => {
    const tag = await joinableOf(req);
    const input = body(req, selfEnrollBody);
    res.json(await api.automatic.selfEnroll(authOf(req).workspace.id, authOf(req).member, tag, { startDate: input.start_date, test: false }));
  });
  router.post(both('/tags/:tagId/self_test'), async (req, res) => {
    const tag = await tagOf(req, params(req, tagParams).tagId, 'edit');
    res.json(await api.automatic.selfEnroll(authOf(req).workspace.id, authOf(req).member, tag, { test: true }));
  });
  router.get(both('/tags/:tagId/self_enroll_settings'), async (req, res) => {
    res.json(await api.automatic.selfEnrollSettings(await tagOf(req, params(req, tagParams).tagId, 'edit')));
  });
  router.put(both('/tags/:tagId/self_enroll_settings'), async (req, res) => {
    const tag = await tagOf(req, params(req, tagParams).tagId, 'edit');
    res.json(await api.automatic.setSelfEnroll(tag, body(req, selfEnrollSettingsBody).enabled));
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
