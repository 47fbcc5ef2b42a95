import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionsIndex, TagDetail } from '../../src/journeys/api-types.js';
import type { SessionIssuesJson } from '../../src/reporting/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { createOnboardingJourney, dmWith, setPlan, settle, startSandboxHearth, type SandboxHearth, type SignedIn } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;

/** Failures are visible and someone is told (issue 27). */
describe('delivery failures: someone is told', () => {
  let t: SandboxHearth;
  let owner: SignedIn;
  let ws: number;

  beforeAll(async () => {
    t = await startSandboxHearth();
    owner = await signIn(t, TEAM, ACME.adminUserId);
    ws = (await t.services.workspaces.byTeamId(TEAM))!.id;
  });
  afterAll(() => t?.close());

  const issues = async () => (await t.call<SessionIssuesJson>(owner, 'GET', '/onboarding/session_issues?date_window=1w')).data.flatMap((u) => u.sessions.flatMap((s) => s.issues.map((i) => ({ ...i, session_id: s.session_id }))));

  it("a journey's channel post Slack refused is a delivery_failed issue of its session, in words, closed when Try again delivers it", async () => {
    const tagId = (await createOnboardingJourney(t, owner, 'Told journey')).tag.id;
    const detail = await t.call<TagDetail>(owner, 'GET', `/onboarding/tags/${tagId}`);
    const primary = detail.roles.find((r) => r.primary)!.id;
    const hire = (await t.services.people.bySlackId(ws, 'U0DEMO011'))!.id;
    const session = (await t.call<{ session: SessionsIndex['sessions'][number] }>(owner, 'POST', `/onboarding/tags/${tagId}/sessions`, { start_date: '2026-03-09', memberships: [{ role_id: primary, user_id: hire }] })).session;
    // The journey's first message becomes a post to its channel (#general).
    const post = detail.events.find((e) => e.active)!;
    await t.call(owner, 'PUT', `/onboarding/events/${post.id}`, { onboarding_schedule_event: { kind: 'channel_post', recipient_type: 'channel', channel_id: null, title: 'Welcome {first_name}' } });
    const se = session.session_events.find((e) => e.event_id === post.id)!;

    // Slack refuses the post: Hearth was removed from #general.
    t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: TEAM, channel: ACME.channels.general, kind: 'error', error: 'not_in_channel' });
    await t.call(owner, 'POST', `/onboarding/session_events/${se.id}/trigger`);
    await settle(t);
    const open = (await issues()).filter((i) => i.session_id === session.id && i.issue_type === 'delivery_failed');
    expect(open).toHaveLength(1);
    expect(open[0]!.detail).toBe('“Welcome Tereza” in Told journey was not delivered: Hearth was removed from #general. Add Hearth back to the channel, then try again.');
    expect(open[0]!.fix).toEqual({ label: 'See who didn’t get it', path: `/onboarding/tags/${tagId}?tab=people` });

    // Try again delivers it: the issue is resolved.
    const row = (await t.services.db.selectFrom('outbox').select('id').where('workspace_id', '=', ws).where('idempotency_key', '=', `journey:se:${se.id}:channel:${ACME.channels.general}`).executeTakeFirstOrThrow()).id;
    await t.call(owner, 'POST', `/deliveries/${row}/retry`, {});
    await settle(t);
    expect((await t.services.outbox.repo.byId(row))!.state).toBe('sent');
    await expect.poll(async () => (await issues()).filter((i) => i.session_id === session.id && i.issue_type === 'delivery_failed'), { timeout: 10_000 }).toEqual([]);
  });

  /** The owner's (the admin's) DMs from Hearth that contain `text`. */
  const ownerDms = async (text: string) =>
    (await t.api<{ messages: Array<{ text: string }> }>('GET', `/sandbox/conversations/${dmWith(t, ACME.adminUserId)}/messages?team=${TEAM}&as=${ACME.adminUserId}`)).messages.map((m) => m.text).filter((m) => m.includes(text));
  const program = async (channel: string) => {
    await setPlan(t, TEAM, 'premium');
    const id = (await t.call<{ id: number }>(owner, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: channel })).id;
    await settle(t);
    return id;
  };
  const posts = (programId: number, channel: string, n: number, tag: string) =>
    t.services.outbox.enqueue(Array.from({ length: n }, (_, i) => ({ workspaceId: ws, key: `told:${tag}:${i}`, kind: 'watercooler', programId, method: 'chat.postMessage', args: { channel, text: `prompt ${i}` } })));

  it("a program's owner gets one DM per incident (the program and the reason), not one per message", async () => {
    const channel = ACME.channels.watercooler;
    const programId = await program(channel);
    // The workspace's settings refuse Hearth's posts there: every message fails for one reason.
    for (let i = 0; i < 5; i++) t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: TEAM, channel, kind: 'error', error: 'restricted_action' });
    const ids = await posts(programId, channel, 5, 'burst');
    await settle(t);
    const rows = await t.services.db.selectFrom('outbox').select(['state', 'last_error']).where('id', 'in', ids).execute();
    expect(rows.every((r) => r.state === 'failed' && r.last_error === 'restricted_action')).toBe(true);
    const told = `Some messages of *Watercooler* in #watercooler could not be delivered. The workspace’s settings don’t allow this. <${t.url}/settings/deliveries|See each one, and try again where it can work>.`;
    expect(await ownerDms('could not be delivered')).toEqual([told]);
    // Not a lost channel: the program keeps running.
    expect((await t.services.db.selectFrom('channel_programs').select('is_active').where('id', '=', programId).executeTakeFirstOrThrow()).is_active).toBe(true);

    // The same reason a day and more later is a new incident: told again, once.
    t.clock.set(new Date(t.clock.now().getTime() + 25 * 60 * 60_000));
    for (let i = 0; i < 2; i++) t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: TEAM, channel, kind: 'error', error: 'restricted_action' });
    await posts(programId, channel, 2, 'later');
    await settle(t);
    expect(await ownerDms('could not be delivered')).toEqual([told, told]);
  });

  it("a program's post Hearth couldn't confirm: its owner is told once that messages may not have arrived, with what to check", async () => {
    const channel = ACME.channels.intros;
    const programId = await program(channel);
    // Slack stores the post and its answer is lost; Slack refuses the lookup, so nothing can confirm it.
    t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: TEAM, channel, kind: 'drop_after_store' });
    t.sandbox.state.injectFault({ method: 'conversations.history', teamId: TEAM, channel, kind: 'error', error: 'not_in_channel' });
    const [id] = await posts(programId, channel, 1, 'unconfirmed');
    await expect.poll(async () => (await t.services.outbox.repo.byId(id!))!.state, { timeout: 10_000 }).toBe('unknown');
    expect(await t.services.outbox.reconcile(id!)).toBe('stopped');
    // Looked at again (the tick, a lease watch): nothing more, nobody told twice.
    expect(await t.services.outbox.reconcile(id!)).toBe('skipped');
    await settle(t);
    expect((await t.services.outbox.repo.byId(id!))!).toMatchObject({ state: 'unknown', reconcile_stopped_at: expect.any(Date) });
    expect(await ownerDms('may not have arrived')).toEqual([
      `Some messages of *Watercooler* in #intros may not have arrived. Hearth couldn't confirm its message reached #intros: check the channel; Try again posts it again if it isn't there. <${t.url}/settings/deliveries|See each one>.`,
    ]);
    // Not a lost channel: the program keeps running.
    expect((await t.services.db.selectFrom('channel_programs').select('is_active').where('id', '=', programId).executeTakeFirstOrThrow()).is_active).toBe(true);
  });

  it('Hearth removed from a program\'s channel: the program pauses, its owner is told once, nothing is posted there through chat:write.public, and it resumes when Hearth is invited back', async () => {
    const channel = ACME.channels.celebrations;
    const programId = await program(channel);
    const active = async () => (await t.services.db.selectFrom('channel_programs').select('is_active').where('id', '=', programId).executeTakeFirstOrThrow()).is_active;
    const sandboxChannel = t.sandbox.state.channel(TEAM, channel)!;
    expect(sandboxChannel.members).toContain(ACME.botUserId);

    t.sandbox.state.removeMember(sandboxChannel, ACME.botUserId);
    await t.driver.event({ teamId: TEAM, event: { type: 'channel_left', channel, actor_id: ACME.adminUserId } });
    // The event is handled after Slack's request is answered.
    await expect.poll(active, { timeout: 10_000 }).toBe(false);
    await settle(t);
    const paused = '*Watercooler* in #celebrations is paused: Hearth was removed from #celebrations. Invite Hearth back to #celebrations (`/invite @Hearth`) and it starts again by itself.';
    await expect.poll(() => ownerDms('is paused'), { timeout: 10_000 }).toEqual([paused]);

    // A post already queued fails as removed, though Slack would take it (chat:write.public); the owner is not told twice.
    const before = t.sandbox.state.messageList(channel).length;
    const [id] = await posts(programId, channel, 1, 'removed');
    await settle(t);
    expect((await t.services.outbox.repo.byId(id!))!).toMatchObject({ state: 'failed', last_error: 'not_in_channel' });
    expect(t.sandbox.state.messageList(channel)).toHaveLength(before);
    expect(await ownerDms('is paused')).toEqual([paused]);

    // Invited back: it runs again, and the owner hears so.
    t.sandbox.state.addMembers(sandboxChannel, [ACME.botUserId]);
    await t.driver.event({ teamId: TEAM, event: { type: 'member_joined_channel', user: ACME.botUserId, channel, channel_type: 'C', team: TEAM } });
    await expect.poll(active, { timeout: 10_000 }).toBe(true);
    await settle(t);
    await expect.poll(() => ownerDms('is running again'), { timeout: 10_000 }).toEqual(['*Watercooler* in #celebrations is running again: Hearth was added back to the channel.']);
  });
});
