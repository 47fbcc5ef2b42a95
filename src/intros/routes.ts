import { Router } from 'express';
import { z } from 'zod';
import { jsonApi, okJson } from '../http/api.js';
import { authOf, requireMember } from '../http/auth.js';
import { int } from '../http/fields.js';
import { body } from '../http/validate.js';
import { programJson } from '../programs/api-types.js';
import {
  avoidListJson,
  coffeePageData,
  coffeeUpdateAnswer,
  groupsPage,
  icebreakerJson,
  icebreakerLibrary,
  introPreviewJson,
  meetingJson,
  memberJson,
  membersPage,
  pairingReport,
  peopleMetJson,
  roundPreview,
  shareCardJson,
  snoozeStatusJson,
} from './api-types.js';
import { ICEBREAKER_LIBRARY, ICEBREAKER_THEMES } from './icebreakers-library.js';
import type { MeetingService } from './meetings.js';
import type { MemberService } from './members.js';
import type { ReportService } from './reports.js';
import type { RoundRunner } from './rounds.js';
import {
  avoidListBody,
  createIcebreakerBody,
  destroyGhostsBody,
  groupsQuery,
  icebreakerParams,
  meetingStateBody,
  memberPathParams,
  membersQuery,
  newProgramPreviewBody,
  pairingShowQuery,
  snoozeBulkUpdateBody,
  teamBody,
  updateConfigBody,
  updateIcebreakerBody,
  updateUsersStatusBody,
} from './schema.js';
import type { IntrosPreferences } from './preferences.js';
import type { IntrosService } from './service.js';
import { idParams } from '../http/ids.js';

export interface IntrosRouteDeps {
  intros: IntrosService;
  rounds: RoundRunner;
  meetings: MeetingService;
  members: MemberService;
  reports: ReportService;
}

/** The Intros API (src/intros/API.md). Thin: the path parsed, a service called (it checks access, then reads the rest). */
export function introsRoutes({ intros, rounds, meetings, members, reports }: IntrosRouteDeps): Router {
  const router = Router();
  router.use(['/coffee', '/coffee_meetings', '/icebreakers', '/share', '/teams', '/reporting'], requireMember);
  const api = jsonApi(router, 'Intros');

  // Before /coffee/:id, which would take this path's last part for an id.
  api.get('/coffee/show_people_met_as_json', { summary: 'The people the signed-in member was introduced to, most recent first', response: peopleMetJson }, ({ req }) => reports.peopleMet(authOf(req)));

  api.get('/icebreakers/index_no_config', { summary: 'The icebreaker library and its themes', response: icebreakerLibrary }, () => ({ themes: ICEBREAKER_THEMES, icebreakers: ICEBREAKER_LIBRARY }));

  // What an admin previews is what is sent: the round's own builder, for the saved or the posted settings.
  api.post('/coffee/preview_as_json', { summary: 'A new program’s first intro, from a template', serviceBody: newProgramPreviewBody, response: introPreviewJson }, ({ req }) => rounds.newProgramPreview(authOf(req), req.body));

  api.get('/coffee/:id', { summary: 'An Intros program: settings, the first page of the roster and of the latest round’s groups, recent rounds', params: idParams, response: coffeePageData }, ({ params, req }) => intros.page(authOf(req), params.id));

  api.get('/coffee/:id/members', { summary: 'A page of the roster, searched and filtered by status', params: idParams, serviceQuery: membersQuery, response: membersPage }, ({ params, req }) => intros.membersPage(authOf(req), params.id, req.query));

  api.get('/coffee/:id/groups', { summary: 'A page of a round’s groups (the latest round’s unless asked), searched by who is in them', params: idParams, serviceQuery: groupsQuery, response: groupsPage }, ({ params, req }) =>
    intros.groupsPage(authOf(req), params.id, req.query),
  );

  api.put('/coffee/:id/update_as_json', { summary: 'Change an Intros program’s settings (the answer names the values the rules adjusted)', params: idParams, serviceBody: updateConfigBody, response: coffeeUpdateAnswer }, ({ params, req }) =>
    intros.update(authOf(req), params.id, req.body),
  );

  api.post('/coffee/:id/trigger_arrangement_as_json', { summary: 'Start a round now', params: idParams, response: okJson.extend({ program: programJson }) }, ({ params, req }) => intros.triggerRound(authOf(req), params.id));

  api.post('/coffee/:id/preview_as_json', { summary: 'The intro the next round’s first group would get, with the saved or these settings', params: idParams, serviceBody: updateConfigBody, response: introPreviewJson }, ({ params, req }) =>
    rounds.introPreview(authOf(req), params.id, req.body),
  );

  api.get('/coffee/:id/preview_next_round', { summary: 'The groups a round started now would make, and who it would leave out and why', params: idParams, response: roundPreview }, ({ params, req }) => rounds.preview(authOf(req), params.id));

  api.post('/coffee/:id/update_users_status', { summary: 'Set people active, snoozed or opted out of the program', params: idParams, serviceBody: updateUsersStatusBody, response: z.object({ updated: int, members: z.array(memberJson) }) }, ({ params, req }) =>
    members.updateUsersStatus(authOf(req), params.id, req.body),
  );

  api.post('/coffee/:id/remind_users_to_pick_category_options', { summary: 'Ask the members without interests to pick theirs, by DM', params: idParams, response: z.object({ num_users_messaged: int }) }, async ({ params, req }) => ({
    num_users_messaged: await members.remindCategories(authOf(req), params.id),
  }));

  api.delete('/coffee/:id/destroy_ghosts_as_json', { summary: 'Remove a page of the people who left Slack from the roster (`page` in the body or the query)', params: idParams, serviceBody: destroyGhostsBody, response: z.object({ removed: int, next_page: int.nullable() }) }, ({ params, req }) =>
    members.destroyGhosts(authOf(req), params.id, { ...(req.query as object), ...((req.body as object | undefined) ?? {}) }),
  );

  api.get('/coffee/:id/icebreakers', { summary: 'The program’s icebreakers', params: idParams, response: z.object({ icebreakers: z.array(icebreakerJson) }) }, async ({ params, req }) => ({ icebreakers: await members.icebreakers(authOf(req), params.id) }));

  api.post('/coffee/:id/icebreakers', { summary: 'Add an icebreaker: the program’s own question, or one from the library', params: idParams, serviceBody: createIcebreakerBody, response: z.object({ icebreaker: icebreakerJson }) }, async ({ params, req }) => ({
    icebreaker: await members.addIcebreaker(authOf(req), params.id, req.body),
  }));

  api.put('/coffee/:id/icebreakers/:icebreakerId', { summary: 'Change an icebreaker’s question, or turn it on or off', params: icebreakerParams, serviceBody: updateIcebreakerBody, response: z.object({ icebreaker: icebreakerJson }) }, async ({ params, req }) => ({
    icebreaker: await members.updateIcebreaker(authOf(req), params.id, params.icebreakerId, req.body),
  }));

  api.put('/coffee_meetings/:id', { summary: 'Set whether a group met (program admins)', params: idParams, serviceBody: meetingStateBody, response: z.object({ meeting: meetingJson }) }, async ({ params, req }) => ({
    meeting: await meetings.setStateByAdmin(authOf(req), params.id, req.body),
  }));

  api.post('/share/:id/preload', { summary: 'A round’s share card: its groups, first-time meetings and a sentence to share', params: idParams, response: shareCardJson }, ({ params, req }) => reports.sharePreload(authOf(req), params.id));

  api.put('/teams/:id', { summary: 'Set the workspace’s Intros welcome message (workspace admins)', params: idParams, serviceBody: teamBody, response: z.object({ team: z.object({ id: int, pairing_welcome_message: z.string().nullable() }) }) }, async ({ params, req }) => ({
    team: await intros.setTeamWelcome(authOf(req), params.id, req.body),
  }));

  api.get('/reporting/:id/pairing_show', { summary: 'A program’s pairing report between two local dates: rounds, groups, stats and fairness', params: idParams, serviceQuery: pairingShowQuery, response: pairingReport }, ({ params, req }) =>
    reports.pairingShow(authOf(req), params.id, req.query),
  );

  return router;
}

/**
 * A member's own Intros preferences (journeys.md §7): snoozing every Intros program, and the avoid list. Only
 * the member themselves: another member's id, or another workspace's, is a 404 (the service's `own`), before the body is read.
 */
export function introsPreferenceRoutes(prefs: IntrosPreferences): Router {
  const router = Router();
  router.use('/users', requireMember);
  const api = jsonApi(router, 'Intros');
  const params = memberPathParams;

  api.get('/users/:id/snooze_intros', { summary: 'Whether the member snoozed every Intros program, and until when', params, response: snoozeStatusJson }, ({ params, req }) => {
    const { workspace, member } = prefs.own(authOf(req), params.id);
    return prefs.snoozeStatus(workspace, member);
  });
  api.patch('/users/:id/snooze_intros/bulk_update', { summary: 'Snooze every Intros program until a local date', params, serviceBody: snoozeBulkUpdateBody, response: snoozeStatusJson }, ({ params, req }) => {
    const { workspace, member } = prefs.own(authOf(req), params.id);
    return prefs.snoozeUntil(workspace, member, body(req, snoozeBulkUpdateBody).end_date);
  });
  api.delete('/users/:id/snooze_intros/destroy_all', { summary: 'End the member’s snooze of every Intros program', params, response: snoozeStatusJson }, ({ params, req }) => {
    const { workspace, member } = prefs.own(authOf(req), params.id);
    return prefs.unsnoozeAll(workspace, member);
  });

  api.get('/users/:id/incompatible_pairs', { summary: 'The member’s avoid list (confidential: only they read it)', params, response: avoidListJson }, ({ params, req }) => {
    const { workspace, member } = prefs.own(authOf(req), params.id);
    return prefs.avoidList(workspace, member);
  });
  api.patch('/users/:id/incompatible_pairs/bulk_upsert', { summary: 'Replace the member’s avoid list', params, serviceBody: avoidListBody, response: avoidListJson }, ({ params, req }) => {
    const { workspace, member } = prefs.own(authOf(req), params.id);
    return prefs.setAvoidList(workspace, member, body(req, avoidListBody).invalid_partner_uids);
  });

  return router;
}
