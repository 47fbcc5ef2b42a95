import type { Installation } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTagAnswer, ScheduleEventJson, SessionJson } from '../../src/journeys/api-types.js';
import type { FailedDeliveriesPage } from '../../src/outbox/api-types.js';
import { METADATA_EVENT_TYPE } from '../../src/outbox/service.js';
import type { SessionIssuesJson } from '../../src/reporting/api-types.js';
import { ACME, BOT_SCOPES } from '../../src/sandbox/seed.js';
import { ControllableClock } from '../../src/time/clock.js';
import { signIn } from '../support/hearth.js';
import { dmWith, setPlan, startSandboxHearth, type SandboxHearth, type SignedIn } from '../support/sandbox-hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const TEAM = ACME.teamId;
const OWNER = ACME.adminUserId;
/** OAuth installs: a rotating token is refreshed with oauth.v2.access (the sandbox's). */
const OAUTH_ENV = { SLACK_CLIENT_ID: '111.222', SLACK_CLIENT_SECRET: 'client-secret', SLACK_STATE_SECRET: 'state-secret-for-tests' };
/** Several minutes of sandbox time per part, on a shared 2-core machine. */
const LONG = 120_000;

/**
 * The fault drill of issue 27: one sandbox workspace with real programs (Watercooler in three channels) and a
 * journey (a DM, channel posts, a cohort channel), through a Slack outage of several minutes, an unknown outcome in
 * a busy channel, a cohort channel whose create times out, a person Slack can't find, an archived channel, Hearth
 * removed from a channel, a token that expires, and a report upload Slack refuses. The sandbox clock moves; no real
 * minutes pass. At the end every message Hearth meant to send was delivered exactly once, or is shown failed with
 * its reason in words, and its owner was told.
 */
describe(`The delivery fault drill (${path})`, () => {
  let t: SandboxHearth;
  let owner: SignedIn;
  let ws: number;
  let tagId: number;
  let primary: number;
  const events = new Map<string, ScheduleEventJson>();
  const programs = new Map<string, number>();
  /** The outbox rows the parts saw delivered: still sent, once, at the end. */
  const delivered: number[] = [];

  const db = () => t.services.db;
  const advance = (minutes: number) => t.api('POST', '/sandbox/clock/advance', { minutes });
  /** Rows still on their way (pending, sending, or unknown and still looked for). */
  const unsettled = () =>
    db()
      .selectFrom('outbox')
      .select(['id', 'kind', 'method', 'state', 'last_error'])
      .where('workspace_id', '=', ws)
      .where((eb) => eb.or([eb('state', 'in', ['pending', 'sending']), eb.and([eb('state', '=', 'unknown'), eb('reconcile_stopped_at', 'is', null)])]))
      .execute();
  /** Runs the scheduler and the outbox, a minute of sandbox time at a time, until nothing is on its way. */
  const quiet = async (maxMinutes = 30) => {
    for (let i = 0; i < maxMinutes; i++) {
      await t.services.queue.idle();
      if (!(await unsettled()).length) return;
      await advance(1);
    }
    throw new Error(`still on its way after ${maxMinutes} minutes: ${JSON.stringify(await unsettled())}`);
  };
  /** Every message in the sandbox's Slack that carries this outbox id in its metadata. */
  const posted = (outboxId: number) =>
    Object.values(t.sandbox.state.data.messages)
      .flat()
      .filter((m) => m.metadata?.event_type === METADATA_EVENT_TYPE && (m.metadata.event_payload as { outbox_id?: number }).outbox_id === outboxId);
  const rowsLike = (prefix: string) => db().selectFrom('outbox').selectAll().where('workspace_id', '=', ws).where('idempotency_key', 'like', `${prefix}%`).orderBy('id').execute();
  /** The one row whose key starts so. */
  const row = async (prefix: string) => {
    const rows = await rowsLike(prefix);
    expect(rows, prefix).toHaveLength(1);
    return rows[0]!;
  };

  /** The owner's DMs from Hearth that contain `text`. */
  const ownerDms = async (text: string) =>
    (await t.api<{ messages: Array<{ text: string }> }>('GET', `/sandbox/conversations/${dmWith(t, OWNER)}/messages?team=${TEAM}&as=${OWNER}`)).messages.map((m) => m.text).filter((m) => m.includes(text));
  const memberId = async (slackUserId: string) => (await t.services.people.bySlackId(ws, slackUserId))!.id;

  // ---- the journey: what the People tab and the attention-required list show
  const sessions = new Map<string, SessionJson>();
  const enrol = async (slackUserId: string) => {
    const { session } = await t.call<{ session: SessionJson }>(owner, 'POST', `/onboarding/tags/${tagId}/sessions`, { start_date: startDate, memberships: [{ role_id: primary, user_id: await memberId(slackUserId) }] });
    sessions.set(slackUserId, session);
    return session;
  };
  const sessionEvent = (slackUserId: string, code: string) => sessions.get(slackUserId)!.session_events.find((e) => e.event_id === events.get(code)!.id)!;
  const trigger = (slackUserId: string, code: string) => t.call(owner, 'POST', `/onboarding/session_events/${sessionEvent(slackUserId, code).id}/trigger`);
  /** The session event as the journey's People tab shows it. */
  const peopleTab = async (slackUserId: string, code: string) => {
    const { sessions: all } = await t.call<{ sessions: SessionJson[] }>(owner, 'GET', `/onboarding/tags/${tagId}/sessions?state=all`);
    return all.find((s) => s.id === sessions.get(slackUserId)!.id)!.session_events.find((e) => e.event_id === events.get(code)!.id)!;
  };
  const issues = async (slackUserId: string) =>
    (await t.call<SessionIssuesJson>(owner, 'GET', '/onboarding/session_issues?date_window=1w')).data
      .flatMap((u) => u.sessions.flatMap((s) => s.issues.map((i) => ({ ...i, session_id: s.session_id }))))
      .filter((i) => i.session_id === sessions.get(slackUserId)!.id && i.issue_type === 'delivery_failed');
  const journeyKey = (slackUserId: string, code: string) => `journey:se:${sessionEvent(slackUserId, code).id}:`;

  // A start date a month ahead: nothing is sent by itself, each message goes when the drill sends it.
  let startDate: string;

  beforeAll(async () => {
    // Bolt reads token expiry by the wall clock: the drill's clock starts there (to the minute).
    const clock = new ControllableClock(new Date(Math.ceil(Date.now() / 60_000) * 60_000));
    t = await startSandboxHearth({ clock, env: OAUTH_ENV, slackTimeoutMs: 2000 });
    ws = (await t.services.workspaces.byTeamId(TEAM))!.id;
    owner = await signIn(t, TEAM, OWNER);
    await setPlan(t, TEAM, 'premium');
    startDate = new Date(clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10);

    // Programs: Watercooler in #watercooler (the outage), #celebrations (to be archived) and #intros (Hearth removed).
    for (const [name, channel] of [
      ['watercooler', ACME.channels.watercooler],
      ['celebrations', ACME.channels.celebrations],
      ['intros', ACME.channels.intros],
    ] as const)
      programs.set(name, (await t.call<{ id: number }>(owner, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: channel })).id);

    // Hearth was invited to #new-hires, where the journey posts (it reads the history of channels it is in).
    await t.api('POST', '/sandbox/channels/invite_hearth', { team_id: TEAM, channel_id: ACME.channels.newHires, user_id: OWNER });

    // The journey: a welcome DM, posts in #new-hires, #celebrations and #intros, and a cohort channel's post.
    const created = await t.call<CreateTagAnswer>(owner, 'POST', '/onboarding/tags', { onboarding_tag: { name: 'Drill', flow_type: 'onboarding' } });
    tagId = created.tag.id;
    primary = created.tag.roleIds[0]!;
    await t.call(owner, 'PUT', `/onboarding/tags/${tagId}`, { onboarding_tag: { cohort_channels: true } });
    const add = async (code: string, event: Record<string, unknown>) =>
      events.set(code, (await t.call<{ event: ScheduleEventJson }>(owner, 'POST', `/onboarding/tags/${tagId}/events`, { onboarding_schedule_event: { days_later: 0, minute_in_day: 540, ...event } })).event);
    await add('welcome', { kind: 'message', role: primary, title: 'Welcome', text: 'Welcome aboard, {first_name}!' });
    await add('hello', { kind: 'channel_post', recipient_type: 'channel', channel_id: ACME.channels.newHires, title: 'Say hello', text: 'Say hello to {first_name}!' });
    await add('celebrate', { kind: 'channel_post', recipient_type: 'channel', channel_id: ACME.channels.celebrations, title: 'Celebrate', text: 'Celebrate {first_name}!' });
    await add('intro', { kind: 'channel_post', recipient_type: 'channel', channel_id: ACME.channels.intros, title: 'Introduce', text: 'Meet {first_name}!' });
    // #general, where Hearth is not a member: it posts there through chat:write.public, and can't read it.
    await add('general', { kind: 'channel_post', recipient_type: 'channel', channel_id: ACME.channels.general, title: 'Announce', text: 'Everyone, meet {first_name}!' });
    await add('cohort', { kind: 'cohort_message', title: 'Cohort hello', text: 'Welcome, everyone starting together!' });
    await quiet();
  }, LONG);
  afterAll(() => t?.close());

  it('a Slack outage of several minutes: what was sent during it is delivered once it ends, each message once', async () => {
    const session = await enrol('U0DEMO011');
    expect(session.session_events.length).toBeGreaterThan(0);
    const outage = await t.api<{ until: string }>('POST', '/sandbox/outage', { minutes: 6, team_id: TEAM, answer: 'http_503' }, 201);
    // During it: the journey's welcome DM and a Watercooler prompt (send now).
    await trigger('U0DEMO011', 'welcome');
    await t.call(owner, 'PUT', '/channel_programs/send_now_data_as_json', { programs: [{ id: programs.get('watercooler') }] });
    await t.services.queue.idle();
    const refused = () => t.sandbox.state.calls.filter((c) => c.teamId === TEAM && c.status === 503).length;
    await expect.poll(refused, { timeout: 10_000 }).toBeGreaterThan(0);
    const welcome = await row(journeyKey('U0DEMO011', 'welcome'));
    expect(['pending', 'sending', 'unknown']).toContain(welcome.state);
    expect((await peopleTab('U0DEMO011', 'welcome')).delivery?.label).not.toBe('Sent');

    // Minutes pass on the sandbox clock; Slack comes back after six of them.
    await quiet();
    expect(t.clock.now().getTime()).toBeGreaterThanOrEqual(new Date(outage.until).getTime());
    expect((await row(journeyKey('U0DEMO011', 'welcome'))).state).toBe('sent');
    expect(posted(welcome.id)).toHaveLength(1);
    expect(await peopleTab('U0DEMO011', 'welcome')).toMatchObject({ delivery: { label: 'Sent', reason: null } });
    const prompts = (await db().selectFrom('outbox').selectAll().where('workspace_id', '=', ws).where('program_id', '=', programs.get('watercooler')!).where('method', '=', 'chat.postMessage').execute());
    expect(prompts.length).toBeGreaterThan(0);
    for (const p of prompts) {
      expect(p.state).toBe('sent');
      expect(posted(p.id)).toHaveLength(1);
    }
    delivered.push(welcome.id, ...prompts.map((p) => p.id));
  }, LONG);

  it('a busy channel with an unknown outcome: the post is found by its metadata past a full page of newer messages, not sent again', async () => {
    await enrol('U0DEMO008');
    // Slack stores the post to #new-hires and the answer is lost; then people talk there.
    t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: TEAM, channel: ACME.channels.newHires, kind: 'timeout' });
    await trigger('U0DEMO008', 'hello');
    const key = `${journeyKey('U0DEMO008', 'hello')}channel:${ACME.channels.newHires}`;
    await expect.poll(async () => (await row(key)).state, { timeout: 15_000 }).toBe('unknown');
    const channel = t.sandbox.state.channel(TEAM, ACME.channels.newHires)!;
    for (let i = 0; i < 20; i++) t.sandbox.state.addMessage(channel, { user: 'U0DEMO002', text: `welcome chatter ${i}` });
    expect((await peopleTab('U0DEMO008', 'hello')).delivery).toMatchObject({ label: 'Not confirmed' });
    const lookups = t.sandbox.state.callsTo('conversations.history', TEAM).length;

    await quiet();
    const hello = await row(key);
    expect(hello.state).toBe('sent');
    expect(posted(hello.id)).toHaveLength(1);
    // Two pages of history (15 messages each), the second by the first's cursor.
    const pages = t.sandbox.state.callsTo('conversations.history', TEAM).slice(lookups);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.some((c) => typeof c.args.cursor === 'string')).toBe(true);
    expect(await peopleTab('U0DEMO008', 'hello')).toMatchObject({ delivery: { label: 'Sent' } });
    delivered.push(hello.id);
  }, LONG);

  it("a journey post to a public channel Hearth isn't in, whose answer is lost: shown Not confirmed with what to check, its owner told once, and a Try again", async () => {
    await enrol('U0DEMO013');
    const channel = t.sandbox.state.channel(TEAM, ACME.channels.general)!;
    expect(channel.members).not.toContain(ACME.botUserId);
    // Slack stores the post (chat:write.public) and the answer is lost; Hearth can't read #general to find it.
    t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: TEAM, channel: channel.id, kind: 'timeout' });
    await trigger('U0DEMO013', 'general');
    await quiet();
    const key = `${journeyKey('U0DEMO013', 'general')}channel:${channel.id}`;
    const post = await row(key);
    expect(post.state).toBe('unknown');
    expect(post.reconcile_stopped_at).not.toBeNull();
    expect(post.last_error).toMatch(/Slack refused the lookup: not_in_channel/);
    expect(posted(post.id)).toHaveLength(1);
    expect(t.sandbox.state.callsTo('conversations.join', TEAM).filter((c) => c.args.channel === channel.id)).toHaveLength(0);

    // Not confirmed (never "Not sent"), in words that say what to check, on the People tab and the deliveries page.
    const words = "Hearth couldn't confirm its message reached #general: check the channel; Try again posts it again if it isn't there.";
    expect((await peopleTab('U0DEMO013', 'general')).delivery).toMatchObject({ label: 'Not confirmed', reason: words, canRetry: true });
    const listed = (await t.call<FailedDeliveriesPage>(owner, 'GET', '/deliveries/failed?per=100')).deliveries.filter((d) => d.id === post.id);
    expect(listed).toEqual([expect.objectContaining({ label: 'Not confirmed', code: 'outcome_unknown', reason: words, canRetry: true })]);
    // The journey's owner is told once: one attention-required issue, from one event, however long it stays so.
    await expect.poll(() => issues('U0DEMO013'), { timeout: 10_000 }).toHaveLength(1);
    expect(await issues('U0DEMO013')).toEqual([expect.objectContaining({ detail: `“Announce” in Drill: ${words}`, fix: { label: 'Check it, then try again', path: '/settings/deliveries' } })]);
    await advance(10);
    await quiet();
    expect(await t.services.outbox.reconcile(post.id)).toBe('skipped');
    const told = await db().selectFrom('domain_events').select('payload').where('workspace_id', '=', ws).where('type', '=', 'journey.delivery_failed').execute();
    expect(told.filter((e) => e.payload.sessionId === sessions.get('U0DEMO013')!.id)).toHaveLength(1);
    expect(await issues('U0DEMO013')).toHaveLength(1);

    // An admin looks in #general and it isn't there (someone deleted it): Try again posts it, once, and the issue closes.
    t.sandbox.state.deleteMessage(channel, posted(post.id)[0]!);
    await t.call(owner, 'POST', `/deliveries/${post.id}/retry`);
    await quiet();
    expect((await row(key)).state).toBe('sent');
    expect(posted(post.id)).toHaveLength(1);
    expect(await peopleTab('U0DEMO013', 'general')).toMatchObject({ delivery: { label: 'Sent' } });
    await expect.poll(() => issues('U0DEMO013'), { timeout: 10_000 }).toHaveLength(0);
    delivered.push(post.id);
  }, LONG);

  it('a cohort channel whose create times out: the resent create finds it (name_taken), and its post goes once', async () => {
    await enrol('U0DEMO010');
    t.sandbox.state.injectFault({ method: 'conversations.create', teamId: TEAM, kind: 'timeout' });
    await trigger('U0DEMO010', 'cohort');
    await quiet();
    // The journey looks for its channel again a minute later: invites, then the post.
    await advance(2);
    await quiet();
    const [create] = await rowsLike(`journey:cohort:`);
    expect(create).toMatchObject({ method: 'conversations.create', state: 'sent' });
    const name = (create!.payload as { name: string }).name;
    // Two creates reached Slack: the one whose answer was lost, and the resend that found it by name.
    expect(t.sandbox.state.callsTo('conversations.create', TEAM).filter((c) => c.args.name === name).map((c) => c.error ?? c.outcome)).toEqual(['fault', 'name_taken']);
    const channels = t.sandbox.state.channelList(TEAM).filter((c) => c.name === name);
    expect(channels).toHaveLength(1);
    expect((create!.result as { channel: string }).channel).toBe(channels[0]!.id);
    expect(channels[0]!.members).toContain('U0DEMO010');
    const [post] = await rowsLike(`journey:cohort:${sessions.get('U0DEMO010')!.cohort_id}:event:`);
    expect(post).toMatchObject({ method: 'chat.postMessage', payload: expect.objectContaining({ channel: channels[0]!.id }) });
    expect(post!.state).toBe('sent');
    expect(posted(post!.id)).toHaveLength(1);
    expect(await peopleTab('U0DEMO010', 'cohort')).toMatchObject({ delivery: { label: 'Sent' } });
    delivered.push(create!.id, post!.id);
  }, LONG);

  it("people Slack won't let Hearth DM: the People tab says why in words, and the journey's owner has an attention-required issue", async () => {
    await enrol('U0DEMO012');
    t.sandbox.state.injectFault({ method: 'conversations.open', teamId: TEAM, kind: 'error', error: 'user_not_found' });
    await trigger('U0DEMO012', 'welcome');
    await quiet();
    const welcome = await row(journeyKey('U0DEMO012', 'welcome'));
    expect(welcome).toMatchObject({ state: 'failed', last_error: 'user_not_found' });
    expect(posted(welcome.id)).toHaveLength(0);
    expect((await peopleTab('U0DEMO012', 'welcome')).delivery).toMatchObject({ label: 'Not sent', reason: "Slack can't find this person.", canRetry: false });
    await expect.poll(() => issues('U0DEMO012'), { timeout: 10_000 }).toHaveLength(1);
    expect((await issues('U0DEMO012'))[0]!.detail).toBe('“Welcome” in Drill was not delivered to Kai Nakamura: Slack can\'t find this person.');

    // Slack answers cannot_dm_bot for someone it counts as a bot: the same, in its own words.
    await enrol('U0DEMO019');
    t.sandbox.state.injectFault({ method: 'conversations.open', teamId: TEAM, kind: 'error', error: 'cannot_dm_bot' });
    await trigger('U0DEMO019', 'welcome');
    await quiet();
    expect(await row(journeyKey('U0DEMO019', 'welcome'))).toMatchObject({ state: 'failed', last_error: 'cannot_dm_bot' });
    expect((await peopleTab('U0DEMO019', 'welcome')).delivery).toMatchObject({ label: 'Not sent', reason: 'This is a bot; Hearth can’t message it.', canRetry: false });
    await expect.poll(() => issues('U0DEMO019'), { timeout: 10_000 }).toHaveLength(1);
  }, LONG);

  it("an archived channel: its program pauses and its owner is told once; the journey's post there is shown failed in words, an issue", async () => {
    await enrol('U0DEMO015');
    const channel = t.sandbox.state.channel(TEAM, ACME.channels.celebrations)!;
    channel.is_archived = true;
    await t.api('POST', '/sandbox/events', { team_id: TEAM, event: { type: 'channel_archive', channel: channel.id, user: OWNER } });
    await quiet();
    const paused = await db().selectFrom('channel_programs').select(['is_active', 'paused_for']).where('id', '=', programs.get('celebrations')!).executeTakeFirstOrThrow();
    expect(paused).toEqual({ is_active: false, paused_for: 'is_archived' });
    expect(await ownerDms('#celebrations was archived')).toHaveLength(1);

    await trigger('U0DEMO015', 'celebrate');
    await quiet();
    const post = await row(`${journeyKey('U0DEMO015', 'celebrate')}channel:${channel.id}`);
    expect(post).toMatchObject({ state: 'failed', last_error: 'is_archived' });
    expect((await peopleTab('U0DEMO015', 'celebrate')).delivery).toMatchObject({ label: 'Not sent', reason: '#celebrations is archived. Unarchive it, then try again.' });
    await expect.poll(() => issues('U0DEMO015'), { timeout: 10_000 }).toHaveLength(1);
    // Told once: the journey's failure is the journey's issue, not a second DM about the program.
    expect(await ownerDms('#celebrations was archived')).toHaveLength(1);
  }, LONG);

  it('Hearth removed from a channel: its program pauses, its owner is told once, and nothing is posted there through chat:write.public', async () => {
    await enrol('U0DEMO016');
    const channel = t.sandbox.state.channel(TEAM, ACME.channels.intros)!;
    t.sandbox.state.removeMember(channel, ACME.botUserId);
    await t.api('POST', '/sandbox/events', { team_id: TEAM, event: { type: 'member_left_channel', user: ACME.botUserId, channel: channel.id, channel_type: 'C', team: TEAM } });
    await quiet();
    const paused = await db().selectFrom('channel_programs').select(['is_active', 'paused_for']).where('id', '=', programs.get('intros')!).executeTakeFirstOrThrow();
    expect(paused).toEqual({ is_active: false, paused_for: 'not_in_channel' });
    expect(await ownerDms('Hearth was removed from #intros')).toEqual([
      '*Watercooler* in #intros is paused: Hearth was removed from #intros. Invite Hearth back to #intros (`/invite @Hearth`) and it starts again by itself.',
    ]);

    // Slack would take the journey's post (chat:write.public); Hearth does not make it.
    const before = t.sandbox.state.callsTo('chat.postMessage', TEAM).filter((c) => c.args.channel === channel.id).length;
    const joins = t.sandbox.state.callsTo('conversations.join', TEAM).filter((c) => c.args.channel === channel.id).length;
    await trigger('U0DEMO016', 'intro');
    await quiet();
    const post = await row(`${journeyKey('U0DEMO016', 'intro')}channel:${channel.id}`);
    expect(post).toMatchObject({ state: 'failed', last_error: 'not_in_channel' });
    expect(t.sandbox.state.callsTo('chat.postMessage', TEAM).filter((c) => c.args.channel === channel.id)).toHaveLength(before);
    expect(t.sandbox.state.callsTo('conversations.join', TEAM).filter((c) => c.args.channel === channel.id)).toHaveLength(joins);
    expect((await peopleTab('U0DEMO016', 'intro')).delivery).toMatchObject({ label: 'Not sent', reason: 'Hearth was removed from #intros. Add Hearth back to the channel, then try again.', canRetry: true });
    await expect.poll(() => issues('U0DEMO016'), { timeout: 10_000 }).toHaveLength(1);
  }, LONG);

  it('a token that expires mid-run is refreshed once, and the message goes once', async () => {
    // ACME now has a rotating token, which Hearth believes lasts ten days; Slack expires it after twelve hours.
    const issued = t.sandbox.state.issueRotatingToken(TEAM, t.clock.now());
    const installation: Installation<'v2', false> = {
      team: { id: TEAM, name: ACME.name },
      enterprise: undefined,
      user: { id: OWNER, token: undefined, scopes: undefined },
      bot: { token: issued.token, refreshToken: issued.refreshToken, expiresAt: Math.floor(Date.now() / 1000) + 10 * 86_400, userId: ACME.botUserId, id: ACME.botId, scopes: [...BOT_SCOPES] },
      appId: ACME.appId,
      isEnterpriseInstall: false,
      authVersion: 'v2',
    };
    await t.services.installations.storeInstallation(installation);
    await enrol('U0DEMO017');
    t.clock.set(new Date(t.clock.now().getTime() + 13 * 3600_000));
    await quiet();
    const refreshes = t.sandbox.state.callsTo('oauth.v2.access').length;

    await trigger('U0DEMO017', 'welcome');
    await quiet();
    const welcome = await row(journeyKey('U0DEMO017', 'welcome'));
    expect(welcome.state).toBe('sent');
    expect(posted(welcome.id)).toHaveLength(1);
    expect(t.sandbox.state.calls.filter((c) => c.error === 'token_expired').length).toBeGreaterThan(0);
    expect(t.sandbox.state.callsTo('oauth.v2.access').slice(refreshes).map((c) => c.outcome)).toEqual(['ok']);
    expect(await peopleTab('U0DEMO017', 'welcome')).toMatchObject({ delivery: { label: 'Sent' } });
    delivered.push(welcome.id);
  }, LONG);

  it('a report upload Slack refuses: the requester is told in a DM, with why', async () => {
    t.sandbox.state.injectFault({ method: 'files.completeUploadExternal', teamId: TEAM, kind: 'error', error: 'restricted_action' });
    await t.call(owner, 'POST', '/reporting/csv_report', {}, 202);
    await quiet();
    const [report] = await rowsLike('reporting.csv:');
    expect(report).toMatchObject({ method: 'dm.file', state: 'failed', last_error: 'restricted_action' });
    expect(await ownerDms('report')).toEqual([expect.stringMatching(/^Your Hearth report couldn’t be delivered: The workspace’s settings don’t allow this\./)]);
  }, LONG);

  it('in the end every message was delivered exactly once, or is shown failed with its reason in words and its owner was told', async () => {
    await quiet();
    const rows = await db().selectFrom('outbox').selectAll().where('workspace_id', '=', ws).orderBy('id').execute();
    // Nothing left on its way or unconfirmed.
    expect(rows.filter((r) => r.state !== 'sent' && r.state !== 'failed').map((r) => [r.id, r.kind, r.state, r.last_error])).toEqual([]);
    // No message is in Slack twice; each message sent is there once.
    for (const r of rows) {
      const copies = posted(r.id).length;
      if (r.state === 'sent' && (r.method === 'chat.postMessage' || r.method === 'dm.post')) expect(copies, `${r.kind} ${r.idempotency_key}`).toBe(1);
      else expect(copies, `${r.kind} ${r.idempotency_key}`).toBe(0);
    }
    for (const id of delivered) expect(rows.find((r) => r.id === id)?.state).toBe('sent');

    // Each failure is on the admins' failed-deliveries page, with its reason in words (no raw code).
    const failed = rows.filter((r) => r.state === 'failed');
    const listed = (await t.call<FailedDeliveriesPage>(owner, 'GET', '/deliveries/failed?per=100')).deliveries;
    expect(listed.map((d) => d.id).sort()).toEqual(failed.map((r) => r.id).sort());
    for (const d of listed) {
      expect(d.label).toBe('Not sent');
      expect(d.reason).not.toMatch(/Slack refused it|_/);
    }
    // And whose it was heard of it: the journey's failures as issues, the program's owner by DM, the requester by DM.
    expect(failed.map((r) => [r.kind, r.last_error]).sort()).toEqual(
      [
        ['journey', 'user_not_found'],
        ['journey', 'cannot_dm_bot'],
        ['journey', 'is_archived'],
        ['journey', 'not_in_channel'],
        ['reporting-csv', 'restricted_action'],
      ].sort(),
    );
  }, LONG);
});
