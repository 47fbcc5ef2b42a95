import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { jsonApi } from '../http/api.js';
import { authOf, requireMember } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { idParams } from '../http/ids.js';
import type { JourneyAnswers } from './answers.js';
import type { JourneyCatalog } from './catalog.js';
import type { JourneyDelivery } from './delivery.js';
import type { JourneyDryRun } from './dry-run.js';
import type { JourneyService } from './journeys.js';
import type { SessionService } from './sessions.js';
import {
  actionItemsAnswer,
  createTagAnswer,
  deleteRoleAnswer,
  deletedEventAnswer,
  dryRunAnswer,
  eventAnswer,
  eventsAnswer,
  journeyHomeAnswer,
  messagePreviewJson,
  pollAnswer,
  prebuiltJourneysIndex,
  presetAnswer,
  presetBundleAnswer,
  presetBundlesIndex,
  presetCategoriesIndex,
  presetCategoryAnswer,
  presetEventAnswer,
  presetsIndex,
  roleAnswer,
  sendTestAnswer,
  sessionAnswer,
  sessionEventAnswer,
  sessionsIndex,
  tagAnswer,
  tagDetail,
  tagPresetsIndex,
  tagRolesAnswer,
  tagsIndex,
  taskAnswer,
  togglePresetAnswer,
  tryInSandboxAnswer,
  ROUTE_FLOW_TYPES,
  type RouteFlowType,
} from './api-types.js';
import {
  addEventBody,
  bundlesQuery,
  createPresetBody,
  createRoleBody,
  createSessionBody,
  createTagBody,
  deleteRoleQuery,
  dryRunQuery,
  eventBody,
  pollBody,
  prebuiltQuery,
  presetEventParams,
  presetsQuery,
  previewBody,
  previewQuery,
  rescheduleBody,
  sessionsQuery,
  tagEventParams,
  tagPresetParams,
  tagsQuery,
  taskBody,
  togglePresetBody,
  tryBody,
  updateTagBody,
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
  const journeys = jsonApi(router, 'Journeys');
  /** The same call under /onboarding and /participants ({flow} in the specs): one operation each. */
  const both = (register: (flow: RouteFlowType) => void) => ROUTE_FLOW_TYPES.forEach(register);

  // ---- journey home, lists, create

  journeys.get('/onboarding', { summary: 'The journey home: the journeys, the flow types, the plan’s limits and the member’s open tasks and polls', response: journeyHomeAnswer }, async ({ req }) => {
    const auth = authOf(req);
    const index = await api.journeys.list(auth, { route: 'onboarding', ignoreScope: true, showArchived: false });
    const items = await api.answers.actionItems(auth);
    return { flow_types: index.flow_types, tags: index.tags, limits: index.limits, open_action_items: items.task_assignments.length + items.poll_responses.length, upcoming_sessions: [] };
  });

  journeys.get('/onboarding/action_items', { summary: 'The signed-in member’s open tasks and polls', response: actionItemsAnswer }, ({ req }) => api.answers.actionItems(authOf(req)));

  both((flow) =>
    journeys.get(`/${flow}/tags`, { summary: `The ${flow === 'onboarding' ? 'onboarding journeys' : 'other journeys (events, mentorship, training, offboarding, other)'}, each with whether the member may change it`, query: tagsQuery, response: tagsIndex }, ({ query, req }) =>
      api.journeys.list(authOf(req), { route: flow, ignoreScope: query.ignore_flow_typable_scope ?? false, showArchived: query.show_archived_tags ?? false }),
    ),
  );

  journeys.post(
    '/onboarding/tags',
    { summary: 'Create a journey, from presets or a bundle or blank (admins; JSON, or a multipart form with `onboarding_tag[name]` fields)', serviceBody: createTagBody, response: createTagAnswer },
    ({ req }) => api.journeys.create(authOf(req), req.body),
    nestedForm(),
  );

  journeys.post('/onboarding/roles', { summary: 'Add a role to the workspace, and to a journey when `tag_id` names one (admins)', serviceBody: createRoleBody, response: roleAnswer }, async ({ req }) => ({ role: await api.journeys.createRole(authOf(req), req.body) }));

  journeys.delete('/onboarding/roles/:id', { summary: 'Take a role out of a journey (`tag_id`) or of every journey; the role goes when nothing uses it (admins)', params: idParams, query: deleteRoleQuery, response: deleteRoleAnswer }, ({ params, query, req }) =>
    api.journeys.deleteRole(authOf(req), params.id, query.tag_id),
  );

  // ---- the library

  journeys.get('/prebuilt_journeys', { summary: 'The prebuilt journeys (a quick setup’s bundles)', query: prebuiltQuery, response: prebuiltJourneysIndex }, ({ query }) => api.catalog.prebuilt(query.quick_setup_type));
  journeys.get('/onboarding/preset_categories', { summary: 'The preset library’s categories', response: presetCategoriesIndex }, () => api.catalog.categories());
  journeys.get('/onboarding/preset_categories/:id', { summary: 'A preset category and its presets', params: idParams, response: presetCategoryAnswer }, ({ params, req }) => api.catalog.category(authOf(req).workspace.id, params.id));
  journeys.get('/onboarding/presets', { summary: 'The presets (the library’s and the workspace’s own), by flow type or category', query: presetsQuery, response: presetsIndex }, ({ query, req }) => api.catalog.presets(authOf(req).workspace.id, query));
  journeys.post('/onboarding/presets', { summary: 'Create the workspace’s own preset (admins)', serviceBody: createPresetBody, response: presetAnswer }, ({ req }) => api.catalog.createPreset(authOf(req), req.body));
  for (const path of ['/onboarding/presets/:id', '/onboarding/presets/:id/events'])
    journeys.get(path, { summary: 'A preset and its events', params: idParams, response: presetAnswer }, ({ params, req }) => api.catalog.preset(authOf(req).workspace.id, params.id));
  journeys.get('/onboarding/presets/:presetId/events/:id', { summary: 'One event of a preset', params: presetEventParams, response: presetEventAnswer }, ({ params, req }) => api.catalog.presetEvent(authOf(req).workspace.id, params.presetId, params.id));
  journeys.get('/onboarding/preset_bundles', { summary: 'The preset bundles, by flow type', query: bundlesQuery, response: presetBundlesIndex }, ({ query, req }) => api.catalog.bundles(authOf(req).workspace.id, query.flow_type));
  journeys.get('/onboarding/preset_bundles/:id', { summary: 'A preset bundle and its presets', params: idParams, response: presetBundleAnswer }, ({ params, req }) => api.catalog.bundle(authOf(req).workspace.id, params.id));

  // ---- one journey

  both((flow) => {
    journeys.get(`/${flow}/tags/:id`, { summary: 'A journey: its roles, events and limits, and whether the member may run it', params: idParams, response: tagDetail }, ({ params, req }) => api.journeys.detail(authOf(req), params.id, flow));
    journeys.put(`/${flow}/tags/:id`, { summary: 'Change a journey: its name, channel, roles and how they are filled, who may edit it, archived', params: idParams, serviceBody: updateTagBody, response: tagAnswer }, async ({ params, req }) => ({
      tag: await api.journeys.update(authOf(req), params.id, flow, req.body),
    }));
    journeys.get(`/${flow}/tags/:id/fetch_roles_as_json`, { summary: 'The workspace’s roles, the journey’s and how each is filled', params: idParams, response: tagRolesAnswer }, ({ params, req }) => api.journeys.rolesOf(authOf(req), params.id, flow));
  });

  journeys.get('/onboarding/tags/:id/presets', { summary: 'The presets that fit a journey, each with its state in it', params: idParams, response: tagPresetsIndex }, ({ params, req }) => api.journeys.presetsOf(authOf(req), params.id));
  journeys.get('/onboarding/tags/:tagId/presets/:presetId', { summary: 'One preset with its state in a journey', params: tagPresetParams, response: tagPresetsIndex }, ({ params, req }) => api.journeys.presetOf(authOf(req), params.tagId, params.presetId));
  journeys.put('/onboarding/tags/:tagId/presets/:presetId', { summary: 'Add a preset’s events to a journey, or remove them (`removing`)', params: tagPresetParams, serviceBody: togglePresetBody, response: togglePresetAnswer }, ({ params, req }) =>
    api.journeys.togglePreset(authOf(req), params.tagId, params.presetId, req.body),
  );
  journeys.post('/onboarding/tags/:tagId/presets/:presetId/add_event', { summary: 'Add one more event from a preset to a journey', params: tagPresetParams, serviceBody: addEventBody, response: eventAnswer }, async ({ params, req }) => ({
    event: await api.journeys.addEvent(authOf(req), params.tagId, params.presetId, req.body),
  }));

  // ---- events

  both((flow) => {
    // The building-block preview: the message as it is sent, for a sample person or `user_id`.
    journeys.get(`/${flow}/events/:id/preview`, { summary: 'An event’s message as it is sent, for a sample person or `user_id`', params: idParams, serviceQuery: previewQuery, response: messagePreviewJson }, ({ params, req }) =>
      api.dryRun.preview(authOf(req), params.id, flow, req.query),
    );
    // An unsaved event (the editor's form as it stands).
    journeys.post(`/${flow}/tags/:id/events/preview`, { summary: 'An unsaved event’s message as it would be sent (the editor’s form as it stands)', params: idParams, serviceBody: previewBody, response: messagePreviewJson }, ({ params, req }) =>
      api.dryRun.previewDraft(authOf(req), params.id, flow, req.body),
    );

    journeys.post(`/${flow}/tags/:id/events`, { summary: 'Add an event to a journey', params: idParams, serviceBody: eventBody, response: eventAnswer }, async ({ params, req }) => ({
      event: await api.journeys.createEvent(authOf(req), params.id, flow, req.body),
    }));
    journeys.post(`/${flow}/tags/:id/turn_on_held_messages`, { summary: 'Turn on the messages the free plan held back (after an upgrade)', params: idParams, response: eventsAnswer }, async ({ params, req }) => ({
      events: await api.journeys.turnOnHeldMessages(authOf(req), params.id, flow),
    }));
    journeys.put(`/${flow}/events/:id`, { summary: 'Change an event: its message, timing, recipient, or active', params: idParams, serviceBody: eventBody, response: eventAnswer }, async ({ params, req }) => ({
      event: await api.journeys.updateEvent(authOf(req), params.id, flow, req.body),
    }));
    journeys.delete(`/${flow}/events/:id`, { summary: 'Delete an event', params: idParams, response: deletedEventAnswer }, async ({ params, req }) => {
      await api.journeys.deleteEvent(authOf(req), params.id, flow);
      return { id: params.id, deleted: true as const };
    });
    journeys.post(`/${flow}/tags/:tagId/events/:id/duplicate_as_json`, { summary: 'Duplicate an event', params: tagEventParams, response: eventAnswer }, async ({ params, req }) => ({
      event: await api.journeys.duplicateEvent(authOf(req), params.tagId, params.id, flow),
    }));
    journeys.post(`/${flow}/tags/:tagId/events/:id/send_test`, { summary: 'Send an event to the signed-in admin, as a test DM', params: tagEventParams, response: sendTestAnswer }, async ({ params, req }) => ({
      ok: true as const,
      ...(await api.delivery.sendTest(authOf(req), params.tagId, params.id, flow)),
    }));
  });

  // ---- sessions

  both((flow) => {
    journeys.get(`/${flow}/tags/:id/sessions`, { summary: 'A journey’s sessions (its people and their events), by state', params: idParams, query: sessionsQuery, response: sessionsIndex }, async ({ params, query, req }) => ({
      sessions: await api.sessions.sessionsOf(authOf(req), params.id, flow, query.state),
    }));
    journeys.post(`/${flow}/tags/:id/sessions`, { summary: 'Enrol one person in a journey', params: idParams, serviceBody: createSessionBody, response: sessionAnswer }, async ({ params, req }) => ({
      session: await api.sessions.enrol(authOf(req), params.id, flow, req.body),
    }));

    journeys.delete(`/${flow}/session_events/:id`, { summary: 'Delete a session’s event (it will not be sent)', params: idParams, response: sessionEventAnswer }, async ({ params, req }) => ({
      session_event: await api.sessions.deleteSessionEvent(authOf(req), params.id, flow),
    }));
    journeys.post(`/${flow}/session_events/:id/trigger`, { summary: 'Send a session’s event now', params: idParams, response: sessionEventAnswer }, async ({ params, req }) => ({
      session_event: await api.sessions.trigger(authOf(req), params.id, flow),
    }));
    journeys.put(`/${flow}/session_events/:id`, { summary: 'Move a session’s event to another day or time', params: idParams, serviceBody: rescheduleBody, response: sessionEventAnswer }, async ({ params, req }) => ({
      session_event: await api.sessions.reschedule(authOf(req), params.id, flow, req.body),
    }));
  });

  // ---- tasks and polls

  journeys.put('/onboarding/task_assignments/:id', { summary: 'Mark a task done or not done (its assignee, or an admin)', params: idParams, serviceBody: taskBody, response: taskAnswer }, async ({ params, req }) => ({
    task_assignment: await api.answers.setTaskStateAs(authOf(req), params.id, req.body),
  }));
  journeys.post('/onboarding/poll_responses/:id/answer', { summary: 'Answer a poll (the person it was sent to, or an admin)', params: idParams, serviceBody: pollBody, response: pollAnswer }, async ({ params, req }) => ({
    poll_response: await api.answers.answerPollAs(authOf(req), params.id, req.body),
  }));

  // ---- the dry run

  both((flow) => {
    journeys.get(`/${flow}/tags/:id/dry_run`, { summary: 'Every event of a journey as it would go out for one person, or a start date and zone', params: idParams, serviceQuery: dryRunQuery, response: dryRunAnswer }, ({ params, req }) =>
      api.dryRun.dryRun(authOf(req), params.id, flow, req.query),
    );
    journeys.post(`/${flow}/tags/:id/try_in_sandbox`, { summary: 'Enrol a sandbox person in a journey, starting on the next work day (the sandbox only)', params: idParams, serviceBody: tryBody, response: tryInSandboxAnswer }, ({ params, req }) =>
      api.dryRun.tryInSandbox(authOf(req), params.id, flow, req.body),
    );
  });

  return router;
}
