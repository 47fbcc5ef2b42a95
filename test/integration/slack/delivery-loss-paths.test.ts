import { WebClient } from '@slack/web-api';
import type { Installation } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_RECONCILE_PAGES, METADATA_EVENT_TYPE, RETRY_CEILING_MS } from '../../../src/outbox/service.js';
import { ACME, GLOBEX } from '../../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../../src/sandbox/server.js';
import { ControllableClock } from '../../../src/time/clock.js';
import { install, startTestHearth, type TestHearth } from '../../support/hearth.js';

const OAUTH_ENV = { SLACK_CLIENT_ID: '111.222', SLACK_CLIENT_SECRET: 'client-secret', SLACK_STATE_SECRET: 'state-secret-for-tests' };

/**
 * The seven ways a message could be lost (issue 27), each driven through the sandbox. No worker runs: each
 * send and each reconcile turn is the test's, on one clock shared with the sandbox's Slack.
 */
describe('delivery: nothing lost (issue 27, loss paths)', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let acme: number;
  let n = 0;
  // Bolt dates token expiry by the wall clock, so this clock starts at the wall clock's time.
  const clock = new ControllableClock(new Date());
  const channel = ACME.channels.watercooler;
  const outbox = () => t.hearth.services.outbox;
  const state = async (id: number) => (await outbox().repo.byId(id))!;
  const add = async (workspaceId: number, method: string, args: Record<string, unknown>) => {
    const [id] = await outbox().enqueue([{ workspaceId, key: `loss:${++n}`, kind: 'test', method, args }]);
    return id!;
  };
  const ours = (ch: string, id: number) =>
    sandbox.state.messageList(ch).filter((m) => m.metadata?.event_type === METADATA_EVENT_TYPE && (m.metadata.event_payload as { outbox_id?: number }).outbox_id === id);
  const calls = (method: string, teamId = ACME.teamId) => sandbox.state.callsTo(method, teamId);
  const chatter = (ch: string, count: number) => {
    const c = sandbox.state.channel(ACME.teamId, ch)!;
    for (let i = 0; i < count; i++) sandbox.state.addMessage(c, { user: 'U0DEMO002', text: `chatter ${i}` }, clock.now());
  };
  /** Moves past a row's not_before (and the channel's one-a-second window) and sends it again. */
  const again = async (id: number) => {
    const row = await state(id);
    clock.set(new Date(Math.max(clock.now().getTime(), row.not_before.getTime()) + 1_100));
    return outbox().send(id);
  };

  beforeAll(async () => {
    sandbox = await startSandboxApiServer({ now: () => clock.now() });
    // A call given up after 1 s: the timeouts below cost a second each, not three. The first call pays for
    // starting up, outside that second.
    t = await startTestHearth({ slackApiUrl: sandbox.url, slackTimeoutMs: 1000, clock, rateClock: clock, worker: false, env: OAUTH_ENV, slackRates: { 'views.open': { limit: 1, windowMs: 60_000 } } });
    acme = await install(t.hearth, ACME.teamId, ACME.botToken);
    await new WebClient(ACME.botToken, { slackApiUrl: sandbox.url }).auth.test();
    sandbox.state.addMembers(sandbox.state.channel(ACME.teamId, channel)!, [ACME.botUserId]);
  });
  beforeEach(() => {
    sandbox.state.faults = [];
    sandbox.state.rateLimits.enabled = true;
    // A fresh Tier 1 window for conversations.history each time.
    clock.advance(120_000);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  describe('1. transient failures are retried with backoff for hours, not given up after a minute', () => {
    it('a Slack outage of many tries ends with the message sent once', async () => {
      for (let i = 0; i < 10; i++) sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'error', error: 'service_unavailable' });
      const id = await add(acme, 'chat.postMessage', { channel, text: 'through an outage' });
      expect(await outbox().send(id)).toBe('deferred');
      const waits: number[] = [];
      for (let i = 0; i < 9; i++) {
        const before = clock.now().getTime();
        expect(await again(id)).toBe('deferred');
        const row = await state(id);
        expect(row).toMatchObject({ state: 'pending', last_error: 'service_unavailable' });
        waits.push(row.not_before.getTime() - before);
      }
      // The waits grow (backoff), and the row is kept in Postgres meanwhile (the tick finds it if the job is lost).
      expect(waits.at(-1)!).toBeGreaterThan(60_000);
      expect(await again(id)).toBe('sent');
      expect(ours(channel, id)).toHaveLength(1);
      expect((await state(id)).retrying_since).toBeNull();
    });

    it('gives up only after the documented ceiling, with the error', async () => {
      sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'error', error: 'team_added_to_org' });
      const id = await add(acme, 'chat.postMessage', { channel, text: 'a day of outage' });
      expect(await outbox().send(id)).toBe('deferred');
      clock.advance(RETRY_CEILING_MS);
      sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'error', error: 'team_added_to_org' });
      expect(await again(id)).toBe('failed');
      expect((await state(id)).last_error).toBe('team_added_to_org');
    });
  });

  describe('2 and 3. tokens: refreshed and retried, never failed as "not installed"; Bolt refreshes through the same lock', () => {
    /** GLOBEX installed with a rotating token that Hearth believes expires at `believedExpiry` (seconds). */
    const installRotating = async (believedExpiry: number) => {
      const issued = sandbox.state.issueRotatingToken(GLOBEX.teamId, clock.now());
      const installation: Installation<'v2', false> = {
        team: { id: GLOBEX.teamId, name: GLOBEX.name },
        enterprise: undefined,
        user: { id: GLOBEX.adminUserId, token: undefined, scopes: undefined },
        bot: { token: issued.token, refreshToken: issued.refreshToken, expiresAt: believedExpiry, userId: GLOBEX.botUserId, id: 'B0GLOBEX', scopes: ['chat:write'] },
        appId: 'A0HEARTH',
        isEnterpriseInstall: false,
        authVersion: 'v2',
      };
      await t.hearth.services.installations.storeInstallation(installation);
      return (await t.hearth.services.workspaces.byTeamId(GLOBEX.teamId))!.id;
    };
    const nowS = () => Math.floor(clock.now().getTime() / 1000);

    it('token_expired: refreshes the token and sends', async () => {
      // Hearth believes the token lasts ten days; Slack expires it after twelve hours.
      const globex = await installRotating(nowS() + 10 * 86_400);
      clock.advance(13 * 3600_000);
      const id = await add(globex, 'chat.postMessage', { channel: GLOBEX.channels.general, text: 'after expiry' });
      expect(await outbox().send(id)).toBe('deferred');
      expect((await state(id)).last_error).toBe('token_expired');
      expect(sandbox.state.callsTo('oauth.v2.access').at(-1)?.outcome).toBe('ok');
      expect(await again(id)).toBe('sent');
    });

    it('a refresh that fails (a 500 from oauth.v2.access) is retried, not "not installed"', async () => {
      const globex = await installRotating(nowS() + 60);
      sandbox.state.injectFault({ method: 'oauth.v2.access', kind: 'http_500' });
      const id = await add(globex, 'chat.postMessage', { channel: GLOBEX.channels.general, text: 'after a failed refresh' });
      expect(await outbox().send(id)).toBe('deferred');
      expect(await state(id)).toMatchObject({ state: 'pending', last_error: 'no_client' });
      expect(await again(id)).toBe('sent');
    });

    it('concurrent events through Bolt refresh a token within Bolt’s two hours once', async () => {
      // Within Bolt's two hours by the wall clock, which Bolt reads.
      await installRotating(Math.floor(Date.now() / 1000) + 3600);
      const before = sandbox.state.callsTo('oauth.v2.access').length;
      const results = await Promise.all(
        Array.from({ length: 3 }, () => t.driver.event({ teamId: GLOBEX.teamId, event: { type: 'app_home_opened', user: GLOBEX.adminUserId, tab: 'messages', channel: 'D0NOTHING' } })),
      );
      for (const r of results) expect(r.response.status).toBe(200);
      await expect.poll(() => sandbox.state.callsTo('oauth.v2.access').length - before, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(sandbox.state.callsTo('oauth.v2.access').slice(before).map((c) => c.outcome)).toEqual(['ok']);
      const token = (await t.hearth.services.installations.find({ teamId: GLOBEX.teamId }))!.bot!;
      expect(token.expiresAt! * 1000).toBeGreaterThan(clock.now().getTime() + 11 * 3600_000);
    });
  });

  describe('4. an unknown outcome in a busy channel is read page by page, never failed', () => {
    it('follows the full page to the next one and finds the message there', async () => {
      sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'timeout' });
      const id = await add(acme, 'chat.postMessage', { channel, text: 'maybe posted' });
      expect(await outbox().send(id)).toBe('unknown');
      chatter(channel, 20); // at the same instant: inside the window, newer than ours
      const sends = calls('chat.postMessage').length;
      expect(await outbox().reconcile(id)).toBe('still_unknown');
      expect((await state(id)).state).toBe('unknown');
      // The next page waits its turn in conversations.history's Tier 1 window.
      expect(await outbox().reconcile(id)).toBe('still_unknown');
      clock.advance(61_000);
      expect(await outbox().reconcile(id)).toBe('sent');
      expect(calls('chat.postMessage')).toHaveLength(sends);
      expect(ours(channel, id)).toHaveLength(1);
    });

    it('stops looking after its page cap: the row stays unknown, with why, and is not sent again', async () => {
      sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'timeout' });
      const id = await add(acme, 'chat.postMessage', { channel, text: 'lost in the noise' });
      expect(await outbox().send(id)).toBe('unknown');
      chatter(channel, 15 * MAX_RECONCILE_PAGES + 5);
      const sends = calls('chat.postMessage').length;
      let result = '';
      for (let i = 0; i < MAX_RECONCILE_PAGES && result !== 'stopped'; i++) {
        clock.advance(61_000);
        result = await outbox().reconcile(id);
      }
      expect(result).toBe('stopped');
      const row = await state(id);
      expect(row.state).toBe('unknown');
      expect(row.reconcile_stopped_at).not.toBeNull();
      expect(row.last_error).toMatch(/^outcome unknown .*pages of history/);
      expect(calls('chat.postMessage')).toHaveLength(sends);
      // The tick no longer looks for it.
      expect(await outbox().repo.unknownIds(10)).not.toContain(id);
    });

    it('never joins a channel to look: a channel Hearth was removed from leaves the row unknown', async () => {
      const random = ACME.channels.celebrations;
      const ch = sandbox.state.channel(ACME.teamId, random)!;
      sandbox.state.addMembers(ch, [ACME.botUserId]);
      sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'timeout' });
      const id = await add(acme, 'chat.postMessage', { channel: random, text: 'then removed' });
      expect(await outbox().send(id)).toBe('unknown');
      sandbox.state.removeMember(ch, ACME.botUserId);
      const joins = calls('conversations.join').length;
      expect(await outbox().reconcile(id)).toBe('stopped');
      expect(calls('conversations.join')).toHaveLength(joins);
      expect((await state(id)).state).toBe('unknown');
    });

    it('looks for a few unknown rows of a workspace at a time', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'timeout' });
        const id = await add(acme, 'chat.postMessage', { channel, text: `unknown ${i}` });
        clock.advance(1_500);
        expect(await outbox().send(id)).toBe('unknown');
        ids.push(id);
      }
      const looked = await outbox().repo.unknownIds(3);
      expect(looked.filter((id) => ids.includes(id)).length).toBeLessThanOrEqual(3);
      for (const id of ids) {
        clock.advance(61_000);
        expect(await outbox().reconcile(id)).toBe('sent');
      }
    });
  });

  describe('5. creating a channel is idempotent', () => {
    it('a create resent after an unknown outcome records the channel it made', async () => {
      sandbox.state.injectFault({ method: 'conversations.create', teamId: ACME.teamId, kind: 'timeout' });
      const name = `cohort-${n}`;
      const id = await add(acme, 'conversations.create', { name, is_private: false });
      expect(await outbox().send(id)).toBe('unknown');
      expect(await outbox().reconcile(id)).toBe('pending');
      expect(await outbox().send(id)).toBe('sent');
      const created = sandbox.state.channelList(ACME.teamId).filter((c) => c.name === name);
      expect(created).toHaveLength(1);
      expect((await state(id)).result).toMatchObject({ channel: created[0]!.id });
    });

    it('someone else’s channel of that name is a real conflict', async () => {
      const id = await add(acme, 'conversations.create', { name: 'general', is_private: false });
      expect(await outbox().send(id)).toBe('failed');
      expect((await state(id)).last_error).toBe('name_taken');
    });
  });

  describe('6. ephemeral messages, scheduled messages and uploads settle an unknown outcome', () => {
    it('an ephemeral message is sent again', async () => {
      sandbox.state.injectFault({ method: 'chat.postEphemeral', teamId: ACME.teamId, kind: 'timeout' });
      const user = sandbox.state.channel(ACME.teamId, channel)!.members.find((m) => m !== ACME.botUserId);
      const id = await add(acme, 'chat.postEphemeral', { channel, user, text: 'just for you' });
      expect(await outbox().send(id)).toBe('unknown');
      expect(await outbox().reconcile(id)).toBe('pending');
      expect(await outbox().send(id)).toBe('sent');
      expect(sandbox.state.callsTo('chat.postEphemeral', ACME.teamId).filter((c) => c.args.text === 'just for you')).toHaveLength(2);
    });

    it('a scheduled message is found among the channel’s scheduled messages, not scheduled twice', async () => {
      sandbox.state.injectFault({ method: 'chat.scheduleMessage', teamId: ACME.teamId, kind: 'timeout' });
      const postAt = Math.floor(clock.now().getTime() / 1000) + 3600;
      const text = `later ${n}`;
      const id = await add(acme, 'chat.scheduleMessage', { channel, text, post_at: postAt });
      expect(await outbox().send(id)).toBe('unknown');
      expect(await outbox().reconcile(id)).toBe('sent');
      expect(sandbox.state.data.scheduled.filter((s) => s.text === text)).toHaveLength(1);
      expect((await state(id)).result).toMatchObject({ scheduled_message_id: expect.any(String) });
    });

    it('a report upload is found in the DM by its file name, not shared twice', async () => {
      sandbox.state.injectFault({ method: 'files.completeUploadExternal', teamId: ACME.teamId, kind: 'timeout' });
      const filename = `report-${n}.csv`;
      const id = await add(acme, 'dm.file', { users: [ACME.adminUserId], filename, content: 'a,b\n1,2\n' });
      expect(await outbox().send(id)).toBe('unknown');
      expect(await outbox().reconcile(id)).toBe('sent');
      const dm = ((await state(id)).result as { channel: string }).channel;
      expect(sandbox.state.messageList(dm).filter((m) => m.files?.some((f) => f.name === filename))).toHaveLength(1);
    });
  });

  describe('7. a modal opens now or not at all', () => {
    const open = (trigger: string) =>
      outbox().deliverNow({ workspaceId: acme, key: `modal:${trigger}`, kind: 'test', method: 'views.open', args: { trigger_id: trigger, view: { type: 'modal', title: { type: 'plain_text', text: 'Hi' }, blocks: [] } } });

    it('is not deferred when views.open’s window is full', async () => {
      expect((await open(sandbox.state.issueTriggerId(ACME.teamId, ACME.adminUserId, clock.now()))).state).toBe('sent');
      const second = await open(sandbox.state.issueTriggerId(ACME.teamId, ACME.adminUserId, clock.now()));
      expect(second).toMatchObject({ state: 'failed', last_error: 'ratelimited' });
    });

    it('is not opened again after an unknown outcome', async () => {
      clock.advance(200_000);
      sandbox.state.injectFault({ method: 'views.open', teamId: ACME.teamId, kind: 'timeout' });
      const row = await open(sandbox.state.issueTriggerId(ACME.teamId, ACME.adminUserId, clock.now()));
      expect(row.state).toBe('unknown');
      expect(row.reconcile_stopped_at).not.toBeNull();
      const opens = calls('views.open').length;
      expect(await outbox().reconcile(row.id)).toBe('skipped');
      expect(await outbox().repo.unknownIds(10)).not.toContain(row.id);
      expect(calls('views.open')).toHaveLength(opens);
    });
  });

  describe('faster DMs: a member’s DM channel is kept once opened, and opened ahead of scheduled sends', () => {
    const member = (i: number) => sandbox.state.memberList(ACME.teamId).filter((m) => !m.is_bot && !m.deleted && m.id !== 'USLACKBOT')[i]!.id;

    it('writes to someone a second time without opening the DM again', async () => {
      const user = member(1);
      const first = await add(acme, 'dm.post', { users: [user], text: 'first' });
      expect(await outbox().send(first)).toBe('sent');
      const opens = calls('conversations.open').length;
      clock.advance(1_500);
      const second = await add(acme, 'dm.post', { users: [user], text: 'second' });
      expect(await outbox().send(second)).toBe('sent');
      expect(calls('conversations.open')).toHaveLength(opens);
      expect((await state(second)).result).toMatchObject({ channel: ((await state(first)).result as { channel: string }).channel });
    });

    it('forgets a kept DM channel Slack no longer finds, and opens it again', async () => {
      const user = member(2);
      const first = await add(acme, 'dm.post', { users: [user], text: 'first' });
      expect(await outbox().send(first)).toBe('sent');
      const dm = ((await state(first)).result as { channel: string }).channel;
      clock.advance(1_500);
      sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, channel: dm, kind: 'error', error: 'channel_not_found' });
      const opens = calls('conversations.open').length;
      const second = await add(acme, 'dm.post', { users: [user], text: 'second' });
      expect(await outbox().send(second)).toBe('deferred');
      expect(await outbox().repo.dmChannel(acme, user)).toBeUndefined();
      clock.advance(1_500);
      expect(await outbox().send(second)).toBe('sent');
      expect(calls('conversations.open')).toHaveLength(opens + 1);
      expect(await outbox().repo.dmChannel(acme, user)).toBe(dm);
    });

    it('opens the DM of a scheduled send ahead, so the send only posts', async () => {
      const user = member(3);
      const [id] = await outbox().enqueue([{ workspaceId: acme, key: `ahead:${++n}`, kind: 'test', method: 'dm.post', args: { users: [user], text: 'tomorrow' }, notBefore: new Date(clock.now().getTime() + 3600_000) }]);
      const ahead = await outbox().repo.dmsToOpen(clock.now(), new Date(clock.now().getTime() + 86_400_000), 100);
      expect(ahead).toContainEqual({ workspaceId: acme, userId: user });
      // What the tick's open-ahead job does:
      expect(await outbox().openDm(acme, user)).toBe('opened');
      expect(await outbox().openDm(acme, user)).toBe('known');
      const opens = calls('conversations.open').length;
      clock.advance(3600_000 + 1_000);
      expect(await outbox().send(id!)).toBe('sent');
      expect(calls('conversations.open')).toHaveLength(opens);
    });

    it('leaves the DM of a send the tick is handing over now to that send: one conversations.open, not two racing', async () => {
      const user = member(4);
      const id = await add(acme, 'dm.post', { users: [user], text: 'now' });
      const opens = calls('conversations.open').length;
      // The tick claims the due row for a send job and pushes its not_before back (in case the job is lost); the
      // row is being sent, not scheduled, so the same tick does not open its DM ahead as well.
      const swept = await outbox().sweep();
      expect(swept.enqueued).toBeGreaterThanOrEqual(1);
      expect((await state(id)).not_before.getTime()).toBeGreaterThan(clock.now().getTime());
      expect(swept.openingAhead).not.toContainEqual({ workspaceId: acme, userId: user });
      expect(await outbox().send(id)).toBe('sent');
      expect(calls('conversations.open')).toHaveLength(opens + 1);
    });
  });
});
