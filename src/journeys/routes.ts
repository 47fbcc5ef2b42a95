import { Router, type Request, type RequestHandler } from 'express';
import multer from 'multer';
import { authOf, requireMember } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { idParams } from '../http/ids.js';
import { params, query } from '../http/validate.js';
import type { JourneyAnswers } from './answers.js';
import type { JourneyCatalog } from './catalog.js';
import type { JourneyDelivery } from './delivery.js';
import type { JourneyDryRun } from './dry-run.js';
import type { JourneyService } from './journeys.js';
import type { SessionService } from './sessions.js';
import {
  bundlesQuery,
  deleteRoleQuery,
  prebuiltQuery,
  presetEventParams,
  presetsQuery,
  sessionsQuery,
  tagEventParams,
  tagPresetParams,
  tagsQuery,
} from './schema.js';

/** The services the API calls. */
export interface JourneyApi {
  journeys: JourneyService;
  sessions: SessionService;
  delivery: JourneyDelivery;
  answers: JourneyAnswers;
  dryRun: JourneyDryRun;
  catalog: JourneyCatalog;
}

const FLOWS = ['onboarding', 'participants'] as const;
/** The same route under /onboarding and /participants ({flow} in the specs). */
const both = (path: string) => FLOWS.map((f) => `/${f}${path}`);
const flowOf = (req: Request): 'onboarding' | 'participants' => (req.path.startsWith('/participants') ? 'participants' : 'onboarding');

/** Multipart forms (POST /onboarding/tags): `a[b]` and `a[b][]` fields become nested values. */
function nestedForm(): RequestHandler {
  const upload = multer({ limits: { fields: 50, fieldSize: 10_000, files: 0 } }).none();
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    upload(req, res, (err: unknown) => {
      if (err) return next(new HttpError(400, 'Malformed form', { _: (err as Error).message }));
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(req.body as Record<string, unknown>)) {
        const parts = key.replace(/\]/g, '').split('[');
        let node = out;
        parts.forEach((p, i) => {
          const last = i === parts.length - 1;
          if (last) {
            if (p === '') return;
            const next = parts[i + 1];
            node[p] = next === '' ? ([] as unknown[]).concat(value as unknown[]) : value;
          } else if (parts[i + 1] === '' && i + 1 === parts.length - 1) {
            node[p] = ([] as unknown[]).concat(value as unknown[]);
          } else {
            node = (node[p] ??= {}) as Record<string, unknown>;
          }
        });
      }
      req.body = out;
      next();
    });
  };
}

/** Journeys' calls (programs.md §7 "Journeys", journeys.md §7). Thin over the services, which check access first. */
export function journeyRoutes(api: JourneyApi): Router {
  const router = Router();
  router.use(['/onboarding', '/participants', '/prebuilt_journeys'], requireMember);

  // ---- journey home, lists, create

  router.get('/onboarding', async (req, res) => {
    const auth = authOf(req);
    const index = await api.journeys.list(auth, { route: 'onboarding', ignoreScope: true, showArchived: false });
    const items = await api.answers.actionItems(auth);
    res.json({ flow_types: index.flow_types, tags: index.tags, limits: index.limits, open_action_items: items.task_assignments.length + items.poll_responses.length, upcoming_sessions: [] });
  });

  router.get('/onboarding/action_items', async (req, res) => {
    res.json(await api.answers.actionItems(authOf(req)));
  });

  router.get(['/onboarding/tags', '/participants/tags'], async (req, res) => {
    const q = query(req, tagsQuery);
    res.json(await api.journeys.list(authOf(req), { route: flowOf(req), ignoreScope: q.ignore_flow_typable_scope ?? false, showArchived: q.show_archived_tags ?? false }));
  });

  router.post('/onboarding/tags', nestedForm(), async (req, res) => {
    res.json(await api.journeys.create(authOf(req), req.body));
  });

  router.post('/onboarding/roles', async (req, res) => {
    res.json({ role: await api.journeys.createRole(authOf(req), req.body) });
  });

  router.delete('/onboarding/roles/:id', async (req, res) => {
    res.json(await api.journeys.deleteRole(authOf(req), params(req, idParams).id, query(req, deleteRoleQuery).tag_id));
  });

  // ---- the library

  router.get('/prebuilt_journeys', (req, res) => {
    res.json(api.catalog.prebuilt(query(req, prebuiltQuery).quick_setup_type));
  });
  router.get('/onboarding/preset_categories', (_req, res) => {
    res.json(api.catalog.categories());
  });
  router.get('/onboarding/preset_categories/:id', async (req, res) => {
    res.json(await api.catalog.category(authOf(req).workspace.id, params(req, idParams).id));
  });
  router.get('/onboarding/presets', async (req, res) => {
    res.json(await api.catalog.presets(authOf(req).workspace.id, query(req, presetsQuery)));
  });
  router.post('/onboarding/presets', async (req, res) => {
    res.json(await api.catalog.createPreset(authOf(req), req.body));
  });
  router.get(['/onboarding/presets/:id', '/onboarding/presets/:id/events'], async (req, res) => {
    res.json(await api.catalog.preset(authOf(req).workspace.id, params(req, idParams).id));
  });
  router.get('/onboarding/presets/:presetId/events/:id', async (req, res) => {
    const p = params(req, presetEventParams);
    res.json(await api.catalog.presetEvent(authOf(req).workspace.id, p.presetId, p.id));
  });
  router.get('/onboarding/preset_bundles', async (req, res) => {
    res.json(await api.catalog.bundles(authOf(req).workspace.id, query(req, bundlesQuery).flow_type));
  });
  router.get('/onboarding/preset_bundles/:id', async (req, res) => {
    res.json(await api.catalog.bundle(authOf(req).workspace.id, params(req, idParams).id));
  });

  // ---- one journey

  router.get(both('/tags/:id'), async (req, res) => {
    res.json(await api.journeys.detail(authOf(req), params(req, idParams).id, flowOf(req)));
  });
  router.put(both('/tags/:id'), async (req, res) => {
    res.json({ tag: await api.journeys.update(authOf(req), params(req, idParams).id, flowOf(req), req.body) });
  });
  router.get(both('/tags/:id/fetch_roles_as_json'), async (req, res) => {
    res.json(await api.journeys.rolesOf(authOf(req), params(req, idParams).id, flowOf(req)));
  });

  router.get('/onboarding/tags/:id/presets', async (req, res) => {
    res.json(await api.journeys.presetsOf(authOf(req), params(req, idParams).id));
  });
  router.get('/onboarding/tags/:tagId/presets/:presetId', async (req, res) => {
    const p = params(req, tagPresetParams);
    res.json(await api.journeys.presetOf(authOf(req), p.tagId, p.presetId));
  });
  router.put('/onboarding/tags/:tagId/presets/:presetId', async (req, res) => {
    const p = params(req, tagPresetParams);
    res.json(await api.journeys.togglePreset(authOf(req), p.tagId, p.presetId, req.body));
  });
  router.post('/onboarding/tags/:tagId/presets/:presetId/add_event', async (req, res) => {
    const p = params(req, tagPresetParams);
    res.json({ event: await api.journeys.addEvent(authOf(req), p.tagId, p.presetId, req.body) });
  });

  // ---- events

  // The building-block preview: the message as it is sent, for a sample person or `user_id`.
  router.get(both('/events/:id/preview'), async (req, res) => {
    res.json(await api.dryRun.preview(authOf(req), params(req, idParams).id, flowOf(req), req.query));
  });
  // An unsaved event (the editor's form as it stands).
  router.post(both('/tags/:id/events/preview'), async (req, res) => {
    res.json(await api.dryRun.previewDraft(authOf(req), params(req, idParams).id, flowOf(req), req.body));
  });

  router.post(both('/tags/:id/events'), async (req, res) => {
    res.json({ event: await api.journeys.createEvent(authOf(req), params(req, idParams).id, flowOf(req), req.body) });
  });
  router.post(both('/tags/:id/turn_on_held_messages'), async (req, res) => {
    res.json({ events: await api.journeys.turnOnHeldMessages(authOf(req), params(req, idParams).id, flowOf(req)) });
  });
  router.put(both('/events/:id'), async (req, res) => {
    res.json({ event: await api.journeys.updateEvent(authOf(req), params(req, idParams).id, flowOf(req), req.body) });
  });
  router.delete(both('/events/:id'), async (req, res) => {
    const { id } = params(req, idParams);
    await api.journeys.deleteEvent(authOf(req), id, flowOf(req));
    res.json({ id, deleted: true });
  });
  router.post(both('/tags/:tagId/events/:id/duplicate_as_json'), async (req, res) => {
    const p = params(req, tagEventParams);
    res.json({ event: await api.journeys.duplicateEvent(authOf(req), p.tagId, p.id, flowOf(req)) });
  });
  router.post(both('/tags/:tagId/events/:id/send_test'), async (req, res) => {
    const p = params(req, tagEventParams);
    res.json({ ok: true, ...(await api.delivery.sendTest(authOf(req), p.tagId, p.id, flowOf(req))) });
  });

  // ---- sessions

  router.get(both('/tags/:id/sessions'), async (req, res) => {
    const { id } = params(req, idParams);
    res.json({ sessions: await api.sessions.sessionsOf(authOf(req), id, flowOf(req), query(req, sessionsQuery).state) });
  });
  router.post(both('/tags/:id/sessions'), async (req, res) => {
    res.json({ session: await api.sessions.enrol(authOf(req), params(req, idParams).id, flowOf(req), req.body) });
  });

  router.delete(both('/session_events/:id'), async (req, res) => {
    res.json({ session_event: await api.sessions.deleteSessionEvent(authOf(req), params(req, idParams).id, flowOf(req)) });
  });
  router.post(both('/session_events/:id/trigger'), async (req, res) => {
    res.json({ session_event: await api.sessions.trigger(authOf(req), params(req, idParams).id, flowOf(req)) });
  });
  router.put(both('/session_events/:id'), async (req, res) => {
    res.json({ session_event: await api.sessions.reschedule(authOf(req), params(req, idParams).id, flowOf(req), req.body) });
  });

  // ---- tasks and polls

  router.put('/onboarding/task_assignments/:id', async (req, res) => {
    res.json({ task_assignment: await api.answers.setTaskStateAs(authOf(req), params(req, idParams).id, req.body) });
  });
  router.post('/onboarding/poll_responses/:id/answer', async (req, res) => {
    res.json({ poll_response: await api.answers.answerPollAs(authOf(req), params(req, idParams).id, req.body) });
  });

  // ---- the dry run

  router.get(both('/tags/:id/dry_run'), async (req, res) => {
    res.json(await api.dryRun.dryRun(authOf(req), params(req, idParams).id, flowOf(req), req.query));
  });
  router.post(both('/tags/:id/try_in_sandbox'), async (req, res) => {
    res.json(await api.dryRun.tryInSandbox(authOf(req), params(req, idParams).id, flowOf(req), req.body));
  });

  return router;
}
