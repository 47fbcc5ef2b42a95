import { Router } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { body, params } from '../http/validate.js';
import { ICEBREAKER_LIBRARY, ICEBREAKER_THEMES } from './icebreakers-library.js';
import type { MeetingService } from './meetings.js';
import type { MemberService } from './members.js';
import type { ReportService } from './reports.js';
import type { RoundRunner } from './rounds.js';
import { icebreakerParams, avoidListBody, memberPathParams, snoozeBulkUpdateBody } from './schema.js';
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

/** The Intros API (src/intros/API.md). Thin: validate, scope to the workspace, call a service. */
export function introsRoutes({ intros, rounds, meetings, members, reports }: IntrosRouteDeps): Router {
  const router = Router();
  router.use(['/coffee', '/coffee_meetings', '/icebreakers', '/share', '/teams', '/reporting'], requireMember);

  const programId = (req: Parameters<typeof authOf>[0]) => params(req, idParams).id;

  // Before /coffee/:id, which would take this path's last part for an id.
  router.get('/coffee/show_people_met_as_json', async (req, res) => {
    res.json(await reports.peopleMet(authOf(req)));
  });

  router.get('/icebreakers/index_no_config', (_req, res) => {
    res.json({ themes: ICEBREAKER_THEMES, icebreakers: ICEBREAKER_LIBRARY });
  });

  router.get('/coffee/:id', async (req, res) => {
    res.json(await intros.page(authOf(req), programId(req)));
  });

  router.get('/coffee/:id/members', async (req, res) => {
    res.json(await intros.membersPage(authOf(req), programId(req), req.query));
  });

  router.get('/coffee/:id/groups', async (req, res) => {
    res.json(await intros.groupsPage(authOf(req), programId(req), req.query));
  });

  router.put('/coffee/:id/update_as_json', async (req, res) => {
    res.json(await intros.update(authOf(req), programId(req), req.body));
  });

  router.post('/coffee/:id/trigger_arrangement_as_json', async (req, res) => {
    res.json(await intros.triggerRound(authOf(req), programId(req)));
  });

  // What an admin previews is what is sent: the round's own builder, for the saved or the posted settings.
  router.post('/coffee/preview_as_json', async (req, res) => {
    res.json(await rounds.newProgramPreview(authOf(req), req.body));
  });

  router.post('/coffee/:id/preview_as_json', async (req, res) => {
    res.json(await rounds.introPreview(authOf(req), programId(req), req.body));
  });

  router.get('/coffee/:id/preview_next_round', async (req, res) => {
    res.json(await rounds.preview(authOf(req), programId(req)));
  });

  router.post('/coffee/:id/update_users_status', async (req, res) => {
    res.json(await members.updateUsersStatus(authOf(req), programId(req), req.body));
  });

  router.post('/coffee/:id/remind_users_to_pick_category_options', async (req, res) => {
    res.json({ num_users_messaged: await members.remindCategories(authOf(req), programId(req)) });
  });

  router.delete('/coffee/:id/destroy_ghosts_as_json', async (req, res) => {
    // The page may come in the body or the query string.
    res.json(await members.destroyGhosts(authOf(req), programId(req), { ...(req.query as object), ...((req.body as object | undefined) ?? {}) }));
  });

  router.get('/coffee/:id/icebreakers', async (req, res) => {
    res.json({ icebreakers: await members.icebreakers(authOf(req), programId(req)) });
  });

  router.post('/coffee/:id/icebreakers', async (req, res) => {
    res.json({ icebreaker: await members.addIcebreaker(authOf(req), programId(req), req.body) });
  });

  router.put('/coffee/:id/icebreakers/:icebreakerId', async (req, res) => {
    const { id, icebreakerId } = params(req, icebreakerParams);
    res.json({ icebreaker: await members.updateIcebreaker(authOf(req), id, icebreakerId, req.body) });
  });

  router.put('/coffee_meetings/:id', async (req, res) => {
    const { id } = params(req, idParams);
    res.json({ meeting: await meetings.setStateByAdmin(authOf(req), id, req.body) });
  });

  router.post('/share/:id/preload', async (req, res) => {
    const { id } = params(req, idParams);
    res.json(await reports.sharePreload(authOf(req), id));
  });

  router.put('/teams/:id', async (req, res) => {
    res.json({ team: await intros.setTeamWelcome(authOf(req), params(req, idParams).id, req.body) });
  });

  router.get('/reporting/:id/pairing_show', async (req, res) => {
    res.json(await reports.pairingShow(authOf(req), programId(req), req.query));
  });

  return router;
}

/**
 * A member's own Intros preferences (journeys.md §7): snoozing every Intros program, and the avoid list. Only
 * the member themselves: another member's id, or another workspace's, is a 404 (the service's `own`).
 */
export function introsPreferenceRoutes(prefs: IntrosPreferences): Router {
  const router = Router();
  router.use('/users', requireMember);
  const self = (req: Parameters<typeof authOf>[0]) => prefs.own(authOf(req), params(req, memberPathParams).id);

  router.get('/users/:id/snooze_intros', async (req, res) => {
    const { workspace, member } = self(req);
    res.json(await prefs.snoozeStatus(workspace, member));
  });
  router.patch('/users/:id/snooze_intros/bulk_update', async (req, res) => {
    const { workspace, member } = self(req);
    const input = body(req, snoozeBulkUpdateBody);
    res.json(await prefs.snoozeUntil(workspace, member, input.end_date));
  });
  router.delete('/users/:id/snooze_intros/destroy_all', async (req, res) => {
    const { workspace, member } = self(req);
    res.json(await prefs.unsnoozeAll(workspace, member));
  });

  router.get('/users/:id/incompatible_pairs', async (req, res) => {
    const { workspace, member } = self(req);
    res.json(await prefs.avoidList(workspace, member));
  });
  router.patch('/users/:id/incompatible_pairs/bulk_upsert', async (req, res) => {
    const { workspace, member } = self(req);
    const input = body(req, avoidListBody);
    res.json(await prefs.setAvoidList(workspace, member, input.invalid_partner_uids));
  });

  return router;
}
