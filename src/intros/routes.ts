import { Router } from 'express';
import { authOf, requireAdmin, requireMember } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { body, params, query } from '../http/validate.js';
import { ICEBREAKER_LIBRARY, ICEBREAKER_THEMES } from './icebreakers-library.js';
import type { MeetingService } from './meetings.js';
import type { MemberService } from './members.js';
import type { ReportService } from './reports.js';
import type { RoundRunner } from './rounds.js';
import {
  createIcebreakerBody,
  destroyGhostsBody,
  groupsQuery,
  icebreakerParams,
  meetingStateBody,
  membersQuery,
  newProgramPreviewBody,
  pairingShowQuery,
  teamBody,
  updateConfigBody,
  updateIcebreakerBody,
  updateUsersStatusBody,
  avoidListBody,
  memberPathParams,
  snoozeBulkUpdateBody,
} from './schema.js';
import type { IntrosPreferences } from './preferences.js';
import type { IntrosDeps } from './deps.js';
import type { IntrosService } from './service.js';
import { idParams } from '../http/ids.js';
import { requireAccess, requireSelf } from '../platform/access.js';

export interface IntrosRouteDeps {
  programs: IntrosDeps['programs'];
  log: IntrosDeps['log'];
  intros: IntrosService;
  rounds: RoundRunner;
  meetings: MeetingService;
  members: MemberService;
  reports: ReportService;
}

/** The Intros API (src/intros/API.md). Thin: validate, scope to the workspace, call a service. */
export function introsRoutes({ programs, log, intros, rounds, meetings, members, reports }: IntrosRouteDeps): Router {
  const router = Router();
  router.use(['/coffee', '/coffee_meetings', '/icebreakers', '/share', '/teams', '/reporting'], requireMember);

  const editable = (req: Parameters<typeof authOf>[0]) => requireAccess(authOf(req), programs.policy('CoffeeConfiguration'), params(req, idParams).id, 'edit');

  // Before /coffee/:id, which would take this path's last part for an id.
  router.get('/coffee/show_people_met_as_json', async (req, res) => {
    res.json(await reports.peopleMet(authOf(req)));
  });

  router.get('/icebreakers/index_no_config', (_req, res) => {
    res.json({ themes: ICEBREAKER_THEMES, icebreakers: ICEBREAKER_LIBRARY });
  });

  router.get('/coffee/:id', async (req, res) => {
    const program = await editable(req);
    await intros.ensureRoster(program, 60 * 60_000).catch((err: unknown) => log.warn({ err, program: program.id }, 'intros: roster sync failed; showing the kept roster'));
    res.json(await intros.pageJson(authOf(req), program));
  });

  router.get('/coffee/:id/members', async (req, res) => {
    const program = await editable(req);
    res.json(await intros.membersPage(program, query(req, membersQuery)));
  });

  router.get('/coffee/:id/groups', async (req, res) => {
    const program = await editable(req);
    res.json(await intros.groupsPage(program, query(req, groupsQuery)));
  });

  router.put('/coffee/:id/update_as_json', async (req, res) => {
    const program = await editable(req);
    const input = body(req, updateConfigBody);
    const { adjusted } = await intros.update(authOf(req), program, input);
    const fresh = await programs.get(program.workspace_id, program.id);
    res.json({ ...(await intros.pageJson(authOf(req), fresh)), adjusted });
  });

  router.post('/coffee/:id/trigger_arrangement_as_json', async (req, res) => {
    const program = await editable(req);
    if (!program.is_active) throw new HttpError(400, 'This program is paused. Activate it to send intros.', { is_active: 'paused' });
    await intros.ensureRoster(program, 10 * 60_000);
    const available = await intros.available(program);
    if (available < 2) {
      const channel = await intros.channelName(program);
      throw new HttpError(400, `At least 2 people need to be available in #${channel} for a round. Invite people to the channel first.`, { participants: 'fewer than 2' }, { num_participants: available });
    }
    await programs.requestSendNow(program);
    res.json({ ok: true, program: (await programs.serialize(authOf(req).workspace, [await programs.get(program.workspace_id, program.id)]))[0] });
  });

  // What an admin previews is what is sent: the round's own builder, for the saved or the posted settings.
  router.post('/coffee/preview_as_json', async (req, res) => {
    const input = body(req, newProgramPreviewBody);
    const auth = authOf(req);
    res.json(await rounds.newProgramPreview(auth.member, auth.member.tz ?? auth.workspace.default_tz, input.template_id, input.channel_id));
  });

  router.post('/coffee/:id/preview_as_json', async (req, res) => {
    const program = await editable(req);
    res.json(await rounds.introPreview(authOf(req).member, program, body(req, updateConfigBody)));
  });

  router.get('/coffee/:id/preview_next_round', async (req, res) => {
    res.json(await rounds.preview(await editable(req)));
  });

  router.post('/coffee/:id/update_users_status', async (req, res) => {
    const auth = authOf(req);
    const input = body(req, updateUsersStatusBody);
    // A member may change their own status in a program of their workspace (their channel settings);
    // anyone else's needs the program's editors.
    const self = input.user_uids.every((uid) => uid === auth.member.slack_user_id);
    const program = self ? await requireAccess(auth, programs.policy('CoffeeConfiguration'), params(req, idParams).id, 'read') : await editable(req);
    if (input.coffee_configuration_id !== undefined && input.coffee_configuration_id !== program.id)
      throw new HttpError(400, 'coffee_configuration_id: does not match the program in the path', { coffee_configuration_id: 'does not match the path' });
    const updated = await members.updateUsersStatus(program, input.user_uids, input.status, input.days_to_snooze);
    res.json({ updated: updated.length, members: updated });
  });

  router.post('/coffee/:id/remind_users_to_pick_category_options', async (req, res) => {
    res.json({ num_users_messaged: await members.remindCategories(await editable(req)) });
  });

  router.delete('/coffee/:id/destroy_ghosts_as_json', async (req, res) => {
    const program = await editable(req);
    const page = body(req, destroyGhostsBody).page ?? query(req, destroyGhostsBody).page ?? 1;
    res.json(await members.destroyGhosts(program, page));
  });

  router.get('/coffee/:id/icebreakers', async (req, res) => {
    res.json({ icebreakers: await members.icebreakers(await editable(req)) });
  });

  router.post('/coffee/:id/icebreakers', async (req, res) => {
    const program = await editable(req);
    const input = body(req, createIcebreakerBody);
    res.json({ icebreaker: await members.addIcebreaker(program, input.icebreaker) });
  });

  router.put('/coffee/:id/icebreakers/:icebreakerId', async (req, res) => {
    const { id, icebreakerId } = params(req, icebreakerParams);
    const program = await requireAccess(authOf(req), programs.policy('CoffeeConfiguration'), id, 'edit');
    const input = body(req, updateIcebreakerBody);
    res.json({ icebreaker: await members.updateIcebreaker(program, icebreakerId, input.icebreaker) });
  });

  router.put('/coffee_meetings/:id', async (req, res) => {
    const { id } = params(req, idParams);
    const input = body(req, meetingStateBody);
    res.json({ meeting: await meetings.setStateByAdmin(authOf(req), id, input.state) });
  });

  router.post('/share/:id/preload', async (req, res) => {
    const { id } = params(req, idParams);
    res.json(await reports.sharePreload(authOf(req), id));
  });

  router.put('/teams/:id', requireAdmin, async (req, res) => {
    const { id } = params(req, idParams);
    const auth = authOf(req);
    if (id !== auth.workspace.id) throw new HttpError(404, 'Not found');
    const input = body(req, teamBody);
    res.json({ team: await intros.setTeamWelcome(auth.workspace.id, input.team.pairing_welcome_message) });
  });

  router.get('/reporting/:id/pairing_show', async (req, res) => {
    const program = await editable(req);
    const q = query(req, pairingShowQuery);
    res.json(await reports.pairingShow(program, { start: q.start ?? q.start_date, end: q.end ?? q.end_date }));
  });

  return router;
}

/**
 * A member's own Intros preferences (journeys.md §7): snoozing every Intros program, and the avoid list. Only
 * the member themselves: another member's id, or another workspace's, is a 404 (requireSelf).
 */
export function introsPreferenceRoutes(prefs: IntrosPreferences): Router {
  const router = Router();
  router.use('/users', requireMember);
  const self = (req: Parameters<typeof authOf>[0]) => {
    const auth = authOf(req);
    requireSelf(auth, params(req, memberPathParams).id);
    return auth;
  };

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
