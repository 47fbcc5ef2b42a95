import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { type SandboxHearth, setPlan, startSandboxHearth } from '../support/sandbox-hearth.js';
import { advanceTo, appDm, buttonsOf, db, groupDms, groupsOf, signedIn, type ApiClient, type SeenMessage } from './intros-support.js';

interface PageGroup {
  id: number;
  state: string;
  members: Array<{ slack_user_id: string }>;
  answered_by: { slack_user_id: string } | null;
}
interface Page {
  current_round: { id: number; groups: PageGroup[] } | null;
  members: Array<{ slack_user_id: string; status: string; snoozed_until: string | null }>;
  member_counts: Record<string, number>;
}

/**
 * After the intros: "Did you meet?" halfway through the round with buttons clicked through the real Bolt
 * endpoint, the last reminder, ghosts after three unanswered intros, and members snoozing or opting out.
 */
describe(`Intros check-ins, ghosts, snoozes (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}, ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'})`, () => {
  let t: SandboxHearth;
  let admin: ApiClient;
  let id: number;
  let round1: Array<{ id: number; state: string; members: string[] }>;
  let eligible: string[];

  const click = (userId: string, channelId: string, message: SeenMessage, actionId: string) =>
    t.api('POST', '/sandbox/actions', { team_id: ACME.teamId, user_id: userId, channel_id: channelId, message_ts: message.ts, action_id: actionId });
  const page = () => admin.call<Page>('GET', `/coffee/${id}`);
  const botMessages = async (userId: string, partner: string) => {
    const dm = (await groupDms(t, ACME.teamId, userId)).find((d) => d.users?.includes(partner))!;
    return { channel: dm.id, messages: dm.messages.filter((m) => m.user === ACME.botUserId) };
  };

  beforeAll(async () => {
    t = await startSandboxHearth();
    // Many clicks and posts in a few seconds of real time: Slack's rate limits (on by default) off for speed.
    t.sandbox.state.rateLimits.enabled = false;
    admin = await signedIn(t, ACME.teamId, ACME.adminUserId);
    await setPlan(t, ACME.teamId, 'premium');
    id = (await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros })).id;
    await admin.call('PUT', `/coffee/${id}/update_as_json`, { coffee_configuration: { period: 1 } });
    await advanceTo(t, '2026-03-02T14:01:00Z'); // the first round: Monday 9:00 New York
    const first = await db(t).selectFrom('intros_rounds').select('id').where('program_id', '=', id).executeTakeFirstOrThrow();
    round1 = await groupsOf(t, first.id);
    eligible = round1.flatMap((g) => g.members);
  });
  afterAll(() => t?.close());

  it('asks "Did you meet?" halfway; one click sets the state and updates the message, once', async () => {
    const [g1, g2] = round1;
    const [a, b] = g1!.members;
    expect((await botMessages(a!, b!)).messages).toHaveLength(1);

    await advanceTo(t, '2026-03-05T14:01:00Z'); // 3 days in, at 9:00 New York
    const { channel, messages } = await botMessages(a!, b!);
    expect(messages).toHaveLength(2);
    const checkin = messages[1]!;
    expect(checkin.text).toContain('Did you meet?');
    expect(buttonsOf(checkin).map((x) => x.action_id)).toEqual(['intros_met', 'intros_not_yet', 'intros_skipped']);
    const checkins = await t.services.db.selectFrom('outbox').select('idempotency_key').where('idempotency_key', 'like', 'intro-checkin:%').execute();
    expect(checkins).toHaveLength(round1.length);

    await click(a!, channel, checkin, 'intros_met');
    const after = (await page()).current_round!.groups.find((g) => g.id === g1!.id)!;
    expect(after.state).toBe('met');
    expect(after.answered_by?.slack_user_id).toBe(a);
    const updated = (await botMessages(a!, b!)).messages[1]!;
    expect(buttonsOf(updated)).toEqual([]);
    expect(JSON.stringify(updated.blocks)).toContain('You met');

    // The other member clicks "Skip this round" on the intro afterwards: the answer stands.
    const intro = (await botMessages(b!, a!)).messages[0]!;
    await click(b!, channel, intro, 'intros_skipped');
    expect((await page()).current_round!.groups.find((g) => g.id === g1!.id)!.state).toBe('met');

    // Another group says "not yet"; only its members may answer for it.
    const [c, d] = g2!.members;
    const g2dm = await botMessages(c!, d!);
    await click(c!, g2dm.channel, g2dm.messages[1]!, 'intros_not_yet');
    expect((await page()).current_round!.groups.find((g) => g.id === g2!.id)!.state).toBe('not_yet');
  });

  it('sends the last reminder to groups that have not met, and lets an editor set a state', async () => {
    const [g1, g2, g3] = round1;
    const meeting = await admin.call<{ meeting: { id: number; state: string } }>('PUT', `/coffee_meetings/${g3!.id}`, { state: 'skipped' });
    expect(meeting.meeting).toMatchObject({ id: g3!.id, state: 'skipped' });
    await admin.call('PUT', `/coffee_meetings/${g3!.id}`, { state: 'exploded' }, 400);

    await advanceTo(t, '2026-03-06T14:01:00Z'); // Friday 9:00 EST: the last weekday of the round
    const reminders = (await t.services.db.selectFrom('outbox').select('idempotency_key').where('idempotency_key', 'like', 'intro-reminder:%').execute()).map((r) => r.idempotency_key);
    expect(reminders).toContain(`intro-reminder:${g2!.id}`);
    expect(reminders).not.toContain(`intro-reminder:${g1!.id}`);
    expect(reminders).not.toContain(`intro-reminder:${g3!.id}`);
    expect(reminders).toHaveLength(round1.length - 2);
    const { messages } = await botMessages(g2!.members[0]!, g2!.members[1]!);
    expect(messages.at(-1)!.text).toContain('Last reminder');
  });

  it('three unanswered intros in a row make a ghost: set aside and asked to stay, be asked later, or leave', async () => {
    const answered = new Set(round1.slice(0, 3).flatMap((g) => g.members));
    await advanceTo(t, '2026-03-23T12:30:00Z'); // rounds 2 and 3 went out unanswered; round 3 has just closed
    const ghosts = await db(t)
      .selectFrom('intros_participants as ip')
      .innerJoin('members as m', 'm.id', 'ip.member_id')
      .select(['m.slack_user_id', 'ip.unanswered_streak'])
      .where('ip.program_id', '=', id)
      .where('ip.ghost_state', '=', 'ghost')
      .execute();
    expect(ghosts.map((g) => g.slack_user_id).sort()).toEqual(eligible.filter((u) => !answered.has(u)).sort());
    expect((await page()).member_counts.ghost).toBe(ghosts.length);

    const [stay, leave, later] = ghosts.map((g) => g.slack_user_id);
    const ask = (await appDm(t, ACME.teamId, stay!))!;
    const question = ask.messages.find((m) => m.text.includes("haven't answered your last 3 intros"))!;
    expect(buttonsOf(question).map((x) => x.action_id)).toEqual(['intros_ghost_stay', 'intros_ghost_later', 'intros_ghost_leave']);
    await click(stay!, ask.id, question, 'intros_ghost_stay');
    expect((await appDm(t, ACME.teamId, stay!))!.messages.find((m) => m.ts === question.ts)!.text).toMatch(/you're back/);

    const leaveDm = (await appDm(t, ACME.teamId, leave!))!;
    await click(leave!, leaveDm.id, leaveDm.messages.find((m) => buttonsOf(m).length)!, 'intros_ghost_leave');
    const { modals } = await t.api<{ modals: Array<{ id: string; callback_id: string }> }>('GET', `/sandbox/views?team=${ACME.teamId}&user=${leave}`);
    expect(modals.at(-1)!.callback_id).toBe('intros_leave_reason');
    await t.api('POST', '/sandbox/views/submit', { team_id: ACME.teamId, user_id: leave, values: { intros_leave_block: { intros_leave_input: 'Too many meetings right now' } } });

    const laterDm = (await appDm(t, ACME.teamId, later!))!;
    await click(later!, laterDm.id, laterDm.messages.find((m) => buttonsOf(m).length)!, 'intros_ghost_later');

    const rows = await db(t)
      .selectFrom('intros_participants as ip')
      .innerJoin('members as m', 'm.id', 'ip.member_id')
      .select(['m.slack_user_id', 'ip.ghost_state', 'ip.opted_out', 'ip.opt_out_reason', 'ip.unanswered_streak'])
      .where('ip.program_id', '=', id)
      .where('m.slack_user_id', 'in', [stay!, leave!, later!])
      .execute();
    const of = (u: string) => rows.find((r) => r.slack_user_id === u)!;
    expect(of(stay!)).toMatchObject({ ghost_state: 'none', opted_out: false, unanswered_streak: 0 });
    expect(of(leave!)).toMatchObject({ opted_out: true, opt_out_reason: 'Too many meetings right now' });
    expect(of(later!)).toMatchObject({ ghost_state: 'ask_later', opted_out: false });

    // The next round leaves the ghosts out and includes the one who stayed.
    const preview = await admin.call<{ groups: Array<{ members: Array<{ slack_user_id: string }> }>; excluded: Array<{ member: { slack_user_id: string }; reason: string }> }>('GET', `/coffee/${id}/preview_next_round`);
    const grouped = preview.groups.flatMap((g) => g.members.map((m) => m.slack_user_id));
    expect(grouped).toContain(stay);
    expect(grouped).not.toContain(later);
    expect(preview.excluded.find((e) => e.member.slack_user_id === later)?.reason).toBe('ghost');
    expect(preview.excluded.find((e) => e.member.slack_user_id === leave)?.reason).toBe('opted_out');

    // Removing ghosts, a page at a time.
    const removed = await admin.call<{ removed: number; next_page: number | null }>('DELETE', `/coffee/${id}/destroy_ghosts_as_json`, { page: 1 });
    expect(removed).toEqual({ removed: ghosts.length - 2, next_page: null });
    expect((await page()).member_counts.ghost).toBe(0);
  });

  it('members snooze and come back with /hearth snooze, and opt out and back in from the Home tab', async () => {
    const member = eligible.find((u) => u !== ACME.adminUserId)!;
    const command = (text: string) => t.api<{ response: { text: string } }>('POST', '/sandbox/commands', { team_id: ACME.teamId, user_id: member, channel_id: ACME.channels.intros, text });
    const statusOf = async () => (await page()).members.find((m) => m.slack_user_id === member)!;
    await admin.call('POST', `/coffee/${id}/update_users_status`, { user_uids: [member], status: 'active' });

    const snoozed = await command('snooze 7');
    expect(snoozed.response.text).toContain("snoozed for 7 days; you're back in rounds from Mon, Mar 30.");
    expect(await statusOf()).toMatchObject({ status: 'snoozed', snoozed_until: '2026-03-30' });
    expect((await command('intros')).response.text).toMatch(/snoozed until Mon, Mar 30/);
    expect((await command('snooze forever')).response.text).toContain('Usage');
    await command('snooze off');
    expect((await statusOf()).status).toBe('active');

    // The admin snoozes someone for this program only.
    const bySnooze = await admin.call<{ members: Array<{ status: string; snoozed_until: string }> }>('POST', `/coffee/${id}/update_users_status`, { user_uids: [member], status: 'snoozed', days_to_snooze: 10, coffee_configuration_id: id });
    expect(bySnooze.members[0]).toMatchObject({ status: 'snoozed' });
    await admin.call('POST', `/coffee/${id}/update_users_status`, { user_uids: [member], status: 'snoozed' }, 400);
    await admin.call('POST', `/coffee/${id}/update_users_status`, { user_uids: [member], status: 'active' });

    await t.api('POST', '/sandbox/home/open', { team_id: ACME.teamId, user_id: member });
    const home = await t.api<{ view: { id: string; blocks: Array<Record<string, unknown>> } }>('GET', `/sandbox/home?team=${ACME.teamId}&user=${member}`);
    expect(JSON.stringify(home.view.blocks)).toContain('#intros');
    // A date token: each reader sees their own day; the fallback names the day in the program's zone.
    expect(JSON.stringify(home.view.blocks)).toMatch(/next round <!date\^\d+\^\{date_short_pretty\}\|Mon, Mar 23>/);
    await t.api('POST', '/sandbox/actions', { team_id: ACME.teamId, user_id: member, view_id: home.view.id, action_id: 'intros_opt_out' });
    expect((await statusOf()).status).toBe('opted_out');
    const again = await t.api<{ view: { id: string; blocks: Array<Record<string, unknown>> } }>('GET', `/sandbox/home?team=${ACME.teamId}&user=${member}`);
    expect(JSON.stringify(again.view.blocks)).toContain('intros_opt_in');
    await t.api('POST', '/sandbox/actions', { team_id: ACME.teamId, user_id: member, view_id: again.view.id, action_id: 'intros_opt_in' });
    expect((await statusOf()).status).toBe('active');
  });
  it('a member picks interests in a modal from the Home tab', async () => {
    const member = eligible.find((u) => u !== ACME.adminUserId)!;
    const saved = await admin.call<{ config: { categories: Array<{ id: number; name: string }> } }>('PUT', `/coffee/${id}/update_as_json`, { categories: [{ name: 'Hiking' }, { name: 'Cooking' }] });
    const [hiking, cooking] = saved.config.categories;
    await t.api('POST', '/sandbox/home/open', { team_id: ACME.teamId, user_id: member });
    const home = await t.api<{ view: { id: string } }>('GET', `/sandbox/home?team=${ACME.teamId}&user=${member}`);
    await t.api('POST', '/sandbox/actions', { team_id: ACME.teamId, user_id: member, view_id: home.view.id, action_id: 'intros_pick_categories' });
    const { modals } = await t.api<{ modals: Array<{ callback_id: string; blocks: unknown[] }> }>('GET', `/sandbox/views?team=${ACME.teamId}&user=${member}`);
    expect(modals.at(-1)!.callback_id).toBe('intros_categories');
    expect(JSON.stringify(modals.at(-1)!.blocks)).toContain('Cooking');
    await t.api('POST', '/sandbox/views/submit', { team_id: ACME.teamId, user_id: member, values: { intros_categories_block: { intros_categories_input: [String(cooking!.id)] } } });
    const row = (await page()).members.find((m) => m.slack_user_id === member) as unknown as { category_ids: number[] };
    expect(row.category_ids).toEqual([cooking!.id]);
    expect(row.category_ids).not.toContain(hiking!.id);
  });

  it('reports rounds, groups and stats; people met; a round\'s share card', async () => {
    const [g1] = round1;
    const report = await admin.call<{
      batches: Array<{ id: number; date: string; groups: Array<{ state: string; members: Array<{ name: string }>; reason: string }> }>;
      stats: { rounds: number; groups: number; met_rate: number; repeat_rate: number; coverage: number; longest_wait_rounds: number; participants: number };
      maxPairsInBatch: number;
    }>('GET', `/reporting/${id}/pairing_show?start=2026-03-01&end=2026-03-20`);
    expect(report.batches.map((b) => b.date)).toEqual(['2026-03-16', '2026-03-09', '2026-03-02']);
    expect(report.stats.rounds).toBe(3);
    expect(report.stats.groups).toBe(report.batches.reduce((n, b) => n + b.groups.length, 0));
    expect(report.stats.met_rate).toBeGreaterThan(0);
    expect(report.stats.met_rate).toBeLessThan(0.2);
    expect(report.stats.coverage).toBeGreaterThan(0);
    expect(report.stats.participants).toBe(eligible.length);
    expect(report.maxPairsInBatch).toBe(Math.max(...report.batches.map((b) => b.groups.length)));
    expect(report.batches.at(-1)!.groups.every((g) => g.reason === 'First time meeting')).toBe(true);
    const legacy = await admin.call<{ stats: { rounds: number } }>('GET', `/reporting/${id}/pairing_show?start_date=2026-03-08&end_date=2026-03-10`);
    expect(legacy.stats.rounds).toBe(1);
    await admin.call('GET', `/reporting/${id}/pairing_show?start=March`, undefined, 400);

    const [a, b] = g1!.members;
    const met = await (await signedIn(t, ACME.teamId, a!)).call<{ people: Array<{ slack_user_id: string; times_met: number; last_met_on: string | null }> }>('GET', '/coffee/show_people_met_as_json');
    expect(met.people.find((p) => p.slack_user_id === b)).toMatchObject({ times_met: 1, last_met_on: '2026-03-02' });

    const share = await admin.call<{ num_groups: number; first_time_share: number; text: string }>('POST', `/share/${report.batches.at(-1)!.id}/preload`, {});
    expect(share.num_groups).toBe(round1.length);
    expect(share.first_time_share).toBe(1);
    expect(share.text).toContain('100% of them first-time meetings');
  });
});
