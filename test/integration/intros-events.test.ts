import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { type SandboxHearth, setPlan, startSandboxHearth } from '../support/sandbox-hearth.js';
import { advanceTo, buttonsOf, db, groupDms, groupsOf, signedIn, type ApiClient } from './intros-support.js';

interface Page {
  current_round: { id: number; num_groups: number; num_met: number } | null;
}

/**
 * Intros' domain events, written with the changes they record, and the `intros.counters` subscriber that
 * keeps the numbers the Intros page and the pairing report show: exact under corrections, caught up from the
 * stored events by a new subscriber, and not counted twice when a delivery runs again.
 */
describe(`Intros events and counters (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}, ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'})`, () => {
  let t: SandboxHearth;
  let admin: ApiClient;
  let workspaceId: number;
  let id: number;
  let roundId: number;
  let groups: Array<{ id: number; state: string; members: string[] }>;

  const events = (type: string) =>
    db(t).selectFrom('domain_events').select(['seq', 'payload']).where('workspace_id', '=', workspaceId).where('type', '=', type).orderBy('seq').execute();
  const counters = () =>
    db(t).selectFrom('intros_counters').select(['round_id', 'program_id', 'groups_created', 'met', 'not_met', 'skipped']).where('workspace_id', '=', workspaceId).orderBy('round_id').execute();
  const setState = (meetingId: number, state: string) => admin.call('PUT', `/coffee_meetings/${meetingId}`, { state });

  beforeAll(async () => {
    t = await startSandboxHearth();
    workspaceId = (await t.services.workspaces.byTeamId(ACME.teamId))!.id;
    admin = await signedIn(t, ACME.teamId, ACME.adminUserId);
    await setPlan(t, ACME.teamId, 'premium');
    id = (await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros })).id;
    await advanceTo(t, '2026-03-02T14:01:00Z'); // the first round: Monday 9:00 New York
    roundId = (await db(t).selectFrom('intros_rounds').select('id').where('program_id', '=', id).executeTakeFirstOrThrow()).id;
    groups = await groupsOf(t, roundId);
  });
  afterAll(() => t?.close());

  it('records intro.group_created for each group the round made, with its members', async () => {
    expect(groups.length).toBeGreaterThan(5);
    const created = await events('intro.group_created');
    const members = new Map((await db(t).selectFrom('members').select(['id', 'slack_user_id']).where('workspace_id', '=', workspaceId).execute()).map((m) => [m.id, m.slack_user_id]));
    expect(created.map((e) => e.payload)).toEqual(
      groups.map((g) => ({ programId: id, roundId, meetingId: g.id, memberIds: expect.any(Array) as unknown })),
    );
    for (const [i, e] of created.entries()) expect((e.payload.memberIds as number[]).map((m) => members.get(m)).sort()).toEqual([...groups[i]!.members].sort());

    expect(await counters()).toEqual([{ round_id: roundId, program_id: id, groups_created: groups.length, met: 0, not_met: 0, skipped: false }]);
    const page = await admin.call<Page>('GET', `/coffee/${id}`);
    expect(page.current_round).toMatchObject({ id: roundId, num_groups: groups.length, num_met: 0 });
  });

  it('a member skipping from Slack is intro.not_met; an editor\'s corrections move the counts instead of adding up', async () => {
    const [g1, g2, g3] = groups;
    const [a, b] = g1!.members;
    const dm = (await groupDms(t, ACME.teamId, a!)).find((d) => d.users?.includes(b!))!;
    const intro = dm.messages.find((m) => buttonsOf(m).some((x) => x.action_id === 'intros_skipped'))!;
    await t.api('POST', '/sandbox/actions', { team_id: ACME.teamId, user_id: a, channel_id: dm.id, message_ts: intro.ts, action_id: 'intros_skipped' });
    const memberA = await t.services.people.bySlackId(workspaceId, a!);
    expect((await events('intro.not_met')).map((e) => e.payload)).toEqual([{ programId: id, roundId, meetingId: g1!.id, memberId: memberA!.id, replaces: null }]);

    // Not yet is no outcome; the editor then says g1 met after all, g2 met, g3 met and then back to waiting.
    await setState(g2!.id, 'not_yet');
    await setState(g1!.id, 'met');
    await setState(g2!.id, 'met');
    await setState(g3!.id, 'met');
    await setState(g3!.id, 'pending');
    const adminMember = await t.services.people.bySlackId(workspaceId, ACME.adminUserId);
    expect((await events('intro.met')).map((e) => e.payload)).toEqual([
      { programId: id, roundId, meetingId: g1!.id, memberId: adminMember!.id, replaces: 'not_met' },
      { programId: id, roundId, meetingId: g2!.id, memberId: adminMember!.id, replaces: null },
      { programId: id, roundId, meetingId: g3!.id, memberId: adminMember!.id, replaces: null },
    ]);
    expect((await events('intro.answer_withdrawn')).map((e) => e.payload)).toEqual([{ programId: id, roundId, meetingId: g3!.id, memberId: adminMember!.id, outcome: 'met' }]);

    const met = (await groupsOf(t, roundId)).filter((g) => g.state === 'met').length;
    expect(met).toBe(2);
    // The editor's changes answer before the counters' deliveries run (on BullMQ, in another worker): wait for them.
    await t.services.queue.idle();
    await expect.poll(counters, { timeout: 15_000 }).toEqual([{ round_id: roundId, program_id: id, groups_created: groups.length, met: 2, not_met: 0, skipped: false }]);
    expect((await admin.call<Page>('GET', `/coffee/${id}`)).current_round!.num_met).toBe(2);
    const report = await admin.call<{ stats: { groups: number; met_rate: number; met: number; answered: number; unanswered: number } }>('GET', `/reporting/${id}/pairing_show?start=2026-03-01&end=2026-03-03`);
    expect(report.stats.groups).toBe(groups.length);
    expect(report.stats.met_rate).toBe(1); // both answered groups met; the others are still waiting in an open round
    // …so the page can say "2 of N groups met" and how many have not answered, not a bare 100 %.
    expect(report.stats).toMatchObject({ met: 2, answered: 2, unanswered: groups.length - 2 });
  });

  it('a round that goes out to nobody is intro.skipped and counted', async () => {
    // #leadership is private: a member invites @Hearth first, as in Slack.
    await t.api('POST', '/sandbox/channels/invite_hearth', { team_id: ACME.teamId, channel_id: ACME.channels.leadership, user_id: ACME.adminUserId });
    await t.services.queue.idle();
    const lead = (await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-lunch-trio', channel_id: ACME.channels.leadership })).id;
    const page = await admin.call<{ members: Array<{ slack_user_id: string; status: string }> }>('GET', `/coffee/${lead}`);
    const out = page.members.filter((m) => m.status === 'active' && m.slack_user_id !== ACME.adminUserId).map((m) => m.slack_user_id);
    await admin.call('POST', `/coffee/${lead}/update_users_status`, { user_uids: out, status: 'opted_out' });
    const config = await db(t).selectFrom('intros_configs').select('next_run_at').where('program_id', '=', lead).executeTakeFirstOrThrow();
    await advanceTo(t, config.next_run_at!);
    const round = await db(t).selectFrom('intros_rounds').select(['id', 'state']).where('program_id', '=', lead).executeTakeFirstOrThrow();
    expect(round.state).toBe('skipped');
    expect((await events('intro.skipped')).map((e) => e.payload)).toEqual([{ programId: lead, roundId: round.id, reason: 'pool_too_small' }]);
    expect((await counters()).find((c) => c.round_id === round.id)).toEqual({ round_id: round.id, program_id: lead, groups_created: 0, met: 0, not_met: 0, skipped: true });
  });

  it('a new subscriber backfills from the stored events, and a delivery run again counts nothing twice', async () => {
    const before = await counters();
    expect(before.length).toBeGreaterThanOrEqual(2);

    // As if the subscriber were new: no cursor, no counters. Delivery replays the retained events.
    await db(t).deleteFrom('event_cursors').where('subscriber', '=', 'intros.counters').where('workspace_id', '=', workspaceId).execute();
    await db(t).deleteFrom('intros_counters').where('workspace_id', '=', workspaceId).execute();
    await t.services.events.deliver('intros.counters', workspaceId);
    expect(await counters()).toEqual(before);

    // The same delivery again, twice at once (a retried job, the tick's safety net): the cursor has moved on.
    await Promise.all([t.services.events.deliver('intros.counters', workspaceId), t.services.events.deliver('intros.counters', workspaceId)]);
    // This subscriber's cursor is at the end of the stream (others, such as Points', may lag until the tick).
    const cursor = await db(t).selectFrom('event_cursors').select('last_seq').where('subscriber', '=', 'intros.counters').where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
    const stream = await db(t).selectFrom('event_streams').select('last_seq').where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
    expect(Number(cursor.last_seq)).toBe(Number(stream.last_seq));
    expect(await counters()).toEqual(before);
  });
});
