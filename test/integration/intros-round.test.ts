import { introsRound } from '../../src/intros/jobs.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { type SandboxHearth, setPlan, startSandboxHearth } from '../support/sandbox-hearth.js';
import { db, groupDms, groupsOf, signedIn, type ApiClient } from './intros-support.js';

const NEVER_PAIRED = [ACME.deactivatedUserId, ACME.externalUserId, ...ACME.otherBotUserIds, ACME.botUserId, ACME.slackbotUserId];

describe(`Intros rounds on the sandbox (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}, ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'})`, () => {
  let t: SandboxHearth;
  let admin: ApiClient;
  let programId: number;
  let eligible: string[];
  let firstRoundId: number;

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signedIn(t, ACME.teamId, ACME.adminUserId);
    await setPlan(t, ACME.teamId, 'premium');
    programId = (await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros })).id;
    const ws = await t.services.workspaces.byTeamId(ACME.teamId);
    await admin.call('PUT', `/teams/${ws!.id}`, { team: { pairing_welcome_message: 'Welcome to {channel}! Say hi.' } });
    const page = await admin.call<{ members: Array<{ slack_user_id: string; status: string }> }>('GET', `/coffee/${programId}`);
    eligible = page.members.filter((m) => m.status === 'active').map((m) => m.slack_user_id);
  });
  afterAll(() => t?.close());

  it('claims a due round exactly once under two racing ticks, and a repeated job writes nothing more', async () => {
    const config = await db(t).selectFrom('intros_configs').selectAll().where('program_id', '=', programId).executeTakeFirstOrThrow();
    const due = config.next_run_at!;
    expect(due.toISOString()).toBe('2026-03-02T14:00:00.000Z'); // Monday 9:00 in New York (the creator's zone)
    t.clock.set(due);
    await Promise.all([t.services.scheduler.tick(due), t.services.scheduler.tick(due), t.services.scheduler.tick(new Date(due.getTime() + 1000))]);
    await t.services.queue.idle();

    const rounds = await db(t).selectFrom('intros_rounds').selectAll().where('program_id', '=', programId).execute();
    expect(rounds).toHaveLength(1);
    firstRoundId = rounds[0]!.id;
    expect(rounds[0]).toMatchObject({ state: 'sent', number: 1, kind: 'scheduled' });
    const after = await db(t).selectFrom('intros_configs').select('next_run_at').where('program_id', '=', programId).executeTakeFirstOrThrow();
    expect(after.next_run_at?.toISOString()).toBe('2026-03-16T13:00:00.000Z'); // two weeks later, 9:00 EDT after the DST change

    // The job again (Redis lost its record of it, a retry …): the round is no longer pending, so nothing is written twice.
    await t.services.queue.enqueue(introsRound, { roundId: firstRoundId }, { jobId: 'intros-round:again' });
    await t.services.queue.idle();
    const intros = await t.services.db.selectFrom('outbox').select(['idempotency_key', 'state', 'method']).where('idempotency_key', 'like', `intro:${firstRoundId}:%`).execute();
    expect(intros).toHaveLength(rounds[0]!.num_groups);
    expect(intros.every((r) => r.state === 'sent' && r.method === 'dm.post')).toBe(true);
    expect(await db(t).selectFrom('intros_meetings').select('id').where('round_id', '=', firstRoundId).execute()).toHaveLength(rounds[0]!.num_groups);
  });

  it('puts every eligible member in exactly one group DM and never a bot, deactivated or external member', async () => {
    expect(eligible.length).toBeGreaterThanOrEqual(28);
    for (const id of NEVER_PAIRED) expect(eligible).not.toContain(id);

    const groups = await groupsOf(t, firstRoundId);
    const paired = groups.flatMap((g) => g.members);
    expect(new Set(paired).size).toBe(paired.length);
    expect([...paired].sort()).toEqual([...eligible].sort());
    expect(groups.every((g) => g.members.length >= 2 && g.members.length <= 3)).toBe(true);

    for (const userId of eligible) {
      const dms = await groupDms(t, ACME.teamId, userId);
      const intros = dms.filter((d) => d.messages.some((m) => m.user === ACME.botUserId && /^(Coffee|Group) chat/.test(m.text)));
      expect(intros, userId).toHaveLength(1);
      const partners = groups.find((g) => g.members.includes(userId))!.members.filter((m) => m !== userId);
      expect([...intros[0]!.users!].filter((u) => u !== ACME.botUserId).sort()).toEqual(partners.sort());
    }
    // First-timers got the team's welcome, once each.
    const welcomes = await t.services.db.selectFrom('outbox').select(['payload']).where('idempotency_key', 'like', `intro-welcome:${programId}:%`).execute();
    expect(welcomes).toHaveLength(eligible.length);
    expect((welcomes[0]!.payload as { text: string }).text).toBe('Welcome to #intros! Say hi.');
    // Nobody ineligible is in any conversation Hearth opened.
    const conversations = t.sandbox.state.channelList(ACME.teamId).filter((c) => c.is_mpim || c.is_im);
    for (const c of conversations) for (const id of NEVER_PAIRED.filter((x) => x !== ACME.botUserId)) expect(c.members).not.toContain(id);
  });

  it('writes an intro with who, why, an icebreaker, when, and buttons, inside Slack limits', async () => {
    const dms = await groupDms(t, ACME.teamId, eligible[0]!);
    const intro = dms[0]!.messages.find((m) => m.user === ACME.botUserId)!;
    expect(intro.text).toContain('First time meeting');
    expect(intro.text).toContain('Icebreaker:');
    const blocks = JSON.stringify(intro.blocks);
    expect(blocks).toContain('#intros');
    expect(blocks).toContain('intros_met');
    expect(blocks).toMatch(/I'll check in on <!date\^\d+\^\{date_long_pretty\}\|Monday, March 9>/);
    expect(intro.blocks!.length).toBeLessThanOrEqual(50);
    // The icebreakers used were the program's active ones, and they are spread over the groups.
    const used = await db(t).selectFrom('intros_icebreakers').select(['question', 'times_used']).where('program_id', '=', programId).where('times_used', '>', 0).execute();
    expect(used.length).toBeGreaterThan(1);
  });

  it('free plan: at most 24 people a round; those left out are first in the next', async () => {
    await setPlan(t, ACME.teamId, 'free');
    t.clock.set(new Date('2026-03-03T15:00:00Z'));
    const sent = await admin.call<{ ok: boolean }>('POST', `/coffee/${programId}/trigger_arrangement_as_json`, {});
    expect(sent.ok).toBe(true);
    await t.services.queue.idle();
    expect((await admin.call<{ done: boolean }>('GET', `/coffee/${programId}/send_now_complete_as_json`)).done).toBe(true);

    const round2 = await db(t).selectFrom('intros_rounds').selectAll().where('program_id', '=', programId).where('number', '=', 2).executeTakeFirstOrThrow();
    expect(round2.kind).toBe('send_now');
    const grouped = (await groupsOf(t, round2.id)).flatMap((g) => g.members);
    expect(grouped).toHaveLength(24);
    const capped = round2.left_out.filter((l) => l.code === 'free_plan_cap').map((l) => l.member_id);
    expect(capped).toHaveLength(eligible.length - 24);
    const counts = await db(t).selectFrom('intros_participants').select(['member_id', 'times_left_out']).where('program_id', '=', programId).where('member_id', 'in', capped).execute();
    expect(counts.every((c) => c.times_left_out === 1)).toBe(true);

    t.clock.set(new Date('2026-03-03T15:05:00Z'));
    await admin.call('POST', `/coffee/${programId}/trigger_arrangement_as_json`, {});
    await t.services.queue.idle();
    const round3 = await db(t).selectFrom('intros_rounds').selectAll().where('program_id', '=', programId).where('number', '=', 3).executeTakeFirstOrThrow();
    const memberIds = await db(t).selectFrom('intros_meeting_members as mm').innerJoin('intros_meetings as mt', 'mt.id', 'mm.meeting_id').select('mm.member_id').where('mt.round_id', '=', round3.id).execute();
    expect(memberIds.map((m) => m.member_id)).toEqual(expect.arrayContaining(capped));
    // Nobody is welcomed twice.
    expect(await t.services.db.selectFrom('outbox').select('id').where('idempotency_key', 'like', `intro-welcome:${programId}:%`).execute()).toHaveLength(eligible.length);
    await setPlan(t, ACME.teamId, 'premium');
  });

  it('previews the next round without sending or storing anything', async () => {
    const before = await t.services.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rounds = await db(t).selectFrom('intros_rounds').select('id').execute();
    const started = Date.now();
    const preview = await admin.call<{ groups: Array<{ members: Array<{ slack_user_id: string; name: string }>; reason: string }>; excluded: Array<{ member: { slack_user_id: string }; reason: string }>; problem: unknown; round_number: number }>(
      'GET',
      `/coffee/${programId}/preview_next_round`,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(preview.round_number).toBe(4);
    expect(preview.groups.flatMap((g) => g.members.map((m) => m.slack_user_id)).sort()).toEqual([...eligible].sort());
    expect(preview.groups.every((g) => g.members.every((m) => m.name && !m.name.startsWith('U0')))).toBe(true);
    // After three rounds some pairs have met: their reason says when, with names.
    expect(preview.groups.some((g) => /First time meeting|Last met|Met last round/.test(g.reason))).toBe(true);
    expect(preview.excluded.map((e) => e.member.slack_user_id)).toEqual(expect.arrayContaining([ACME.deactivatedUserId, ACME.externalUserId]));
    expect(preview.problem).toBeNull();
    const after = await t.services.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await db(t).selectFrom('intros_rounds').select('id').execute()).toHaveLength(rounds.length);

    // An avoid list (confidential: only the engine reads it) keeps two people apart.
    const [x, y] = preview.groups[0]!.members.map((m) => m.slack_user_id);
    const ws = await t.services.workspaces.byTeamId(ACME.teamId);
    const [mx, my] = await Promise.all([t.services.people.bySlackId(ws!.id, x!), t.services.people.bySlackId(ws!.id, y!)]);
    await db(t).insertInto('intros_avoids').values({ workspace_id: ws!.id, member_id: mx!.id, avoided_member_id: my!.id, created_at: t.clock.now() }).execute();
    const apart = await admin.call<{ groups: Array<{ members: Array<{ slack_user_id: string }> }> }>('GET', `/coffee/${programId}/preview_next_round`);
    expect(apart.groups.some((g) => g.members.some((m) => m.slack_user_id === x) && g.members.some((m) => m.slack_user_id === y))).toBe(false);
    expect(apart.groups.flatMap((g) => g.members)).toHaveLength(eligible.length);
  });

  it('a pool too small sends nothing to members, records the round as skipped and tells the owner', async () => {
    // #leadership is private: a member invites @Hearth first, as in Slack.
    await t.api('POST', '/sandbox/channels/invite_hearth', { team_id: ACME.teamId, channel_id: ACME.channels.leadership, user_id: ACME.adminUserId });
    await t.services.queue.idle();
    const lead = (await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-lunch-trio', channel_id: ACME.channels.leadership })).id;
    const page = await admin.call<{ members: Array<{ slack_user_id: string; status: string }> }>('GET', `/coffee/${lead}`);
    const people = page.members.filter((m) => m.status === 'active').map((m) => m.slack_user_id);
    const stay = people.find((p) => p !== ACME.adminUserId)!;
    const out = people.filter((p) => p !== stay);
    const updated = await admin.call<{ updated: number; members: Array<{ status: string }> }>('POST', `/coffee/${lead}/update_users_status`, { user_uids: out, status: 'opted_out', coffee_configuration_id: lead });
    expect(updated.updated).toBe(out.length);
    expect(updated.members.every((m) => m.status === 'opted_out')).toBe(true);

    const refused = await admin.call<{ error: string; num_participants: number }>('POST', `/coffee/${lead}/trigger_arrangement_as_json`, {}, 400);
    expect(refused.error).toMatch(/At least 2 people/);
    expect(refused.num_participants).toBe(1);

    const config = await db(t).selectFrom('intros_configs').select('next_run_at').where('program_id', '=', lead).executeTakeFirstOrThrow();
    const mpimsBefore = (await groupDms(t, ACME.teamId, stay)).length;
    t.clock.set(config.next_run_at!);
    await t.services.scheduler.tick(config.next_run_at!);
    await t.services.queue.idle();
    const round = await db(t).selectFrom('intros_rounds').selectAll().where('program_id', '=', lead).executeTakeFirstOrThrow();
    expect(round).toMatchObject({ state: 'skipped', problem_code: 'pool_too_small', num_groups: 0 });
    expect(round.problem_message).toMatch(/at least 2 people/);
    expect((await groupDms(t, ACME.teamId, stay)).length).toBe(mpimsBefore);
    const owner = await t.services.db.selectFrom('outbox').selectAll().where('idempotency_key', '=', `intro-owner:${round.id}`).executeTakeFirstOrThrow();
    expect(owner.state).toBe('sent');
    expect((owner.payload as { users: string[]; text: string }).users).toEqual([ACME.adminUserId]);
    expect((owner.payload as { text: string }).text).toContain('No intros were sent in #leadership');
  });
});
