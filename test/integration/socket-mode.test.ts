import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ConfigError } from '../../src/config.js';
import { createSandbox } from '../../src/sandbox/app.js';
import { NO_ACK_STATUS, SlackDriver } from '../../src/sandbox/driver.js';
import type { Sandbox } from '../../src/sandbox/sandbox.js';
import { ACME } from '../../src/sandbox/seed.js';
import { SocketModeServer } from '../../src/sandbox/socket-mode.js';
import { ControllableClock } from '../../src/time/clock.js';
import { SIGNING_SECRET, signIn, startTestHearth, type TestHearth } from '../support/hearth.js';
import { call, request } from '../support/http.js';
import { SANDBOX_START } from '../support/sandbox-hearth.js';

/**
 * Socket Mode: Hearth in one workspace with SLACK_BOT_TOKEN and SLACK_APP_TOKEN connects out to Slack (here the
 * sandbox's Socket Mode, through the real Bolt SocketModeReceiver) and gets every event, command and interaction
 * over that connection; the pages and the API still serve over HTTP.
 */

interface SocketHearth {
  t: TestHearth;
  sandbox: Sandbox;
  close(): Promise<void>;
}

async function startSocketHearth(appToken: string): Promise<SocketHearth> {
  const sandbox = createSandbox({ clock: new ControllableClock(SANDBOX_START), signingSecret: SIGNING_SECRET });
  const t = await startTestHearth({
    ...sandbox.hearthOptions(),
    slackApiUrl: (url) => `${url}/sandbox/api/`,
    // The daily directory refresh reads the workspace's members soon after it is first seen.
    tickEveryMs: 1000,
    env: { SLACK_BOT_TOKEN: ACME.botToken, SLACK_APP_TOKEN: appToken },
  });
  sandbox.setAppUrl(t.url);
  return {
    t,
    sandbox,
    async close() {
      await t.close();
      await sandbox.socket.close();
    },
  };
}

describe('Socket Mode, one workspace', () => {
  let h: SocketHearth;
  const sandboxApi = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => call<T>(h.t, null, method, path, body);
  const dm = (userId: string) => h.sandbox.state.openConversation(ACME.teamId, ACME.botUserId, [userId]).channel.id;
  const botReplies = (channel: string) => h.sandbox.state.messageList(channel).filter((m) => m.bot_id);
  const opens = () => h.sandbox.state.callsTo('apps.connections.open');

  beforeAll(async () => {
    h = await startSocketHearth(ACME.appToken);
    await h.t.hearth.connectSlack();
  });
  afterAll(() => h?.close());

  it('connects out with the app-level token; Slack sends nothing over HTTP, the pages still serve', async () => {
    expect(opens().map((c) => c.outcome)).toEqual(['ok']);
    expect(h.sandbox.socket.connected(ACME.appId)).toBe(true);
    expect(h.t.hearth.services.config.slack.kind).toBe('socket');
    // No Request URL: a signed request to /slack/events is refused like any signed-out call, and Bolt never sees it.
    const overHttp = await h.t.driver.command({ teamId: ACME.teamId, userId: 'U0DEMO003', channelId: ACME.channels.general, text: 'help', responseUrl: 'http://127.0.0.1:9/none', triggerId: 'over-http' });
    expect(overHttp.ok).toBe(false);
    expect(h.sandbox.tracker.hasStarted('over-http')).toBe(false);
    expect((await request(h.t, null, 'GET', '/healthz')).status).toBe(200);
  });

  it('answers a DM "help" over the socket', async () => {
    const channel = dm('U0DEMO003');
    await sandboxApi('POST', '/sandbox/messages', { team_id: ACME.teamId, user_id: 'U0DEMO003', channel_id: channel, text: 'help' });
    await expect.poll(() => botReplies(channel).length, { timeout: 15_000 }).toBe(1);
    expect(botReplies(channel)[0]!.text).toMatch(/^Hi! I'm Hearth\./);
    // The workspace is Hearth's one workspace, known from the first request as with SLACK_BOT_TOKEN alone.
    expect(await h.t.hearth.services.workspaces.byTeamId(ACME.teamId)).toBeDefined();
  });

  it('answers /hearth help in the ack it sends over the socket', async () => {
    const answer = await sandboxApi<{ ok: boolean; stored: { text: string } | null }>('POST', '/sandbox/commands', { team_id: ACME.teamId, user_id: 'U0DEMO003', channel_id: ACME.channels.general, text: '/hearth help' });
    expect(answer.ok).toBe(true);
    expect(answer.stored?.text).toContain('birthday');
  });

  it('handles events: team_join adds the new member', async () => {
    await sandboxApi('POST', '/sandbox/events', {
      team_id: ACME.teamId,
      event: { type: 'team_join', user: { id: 'U0NEWHIRE', name: 'sam.new', real_name: 'Sam New', tz: 'Europe/London', profile: { real_name: 'Sam New', display_name: 'Sam' } } },
    });
    const ws = (await h.t.hearth.services.workspaces.byTeamId(ACME.teamId))!;
    expect(await h.t.hearth.services.people.bySlackId(ws.id, 'U0NEWHIRE')).toMatchObject({ slack_user_id: 'U0NEWHIRE' });
  });

  it('opens the Home tab (app_home_opened), takes a button click and a view submission with its errors in the ack', async () => {
    const services = h.t.hearth.services;
    // The directory syncs are claimed (members_synced_at) before their jobs have read them: wait for the people and channels.
    await expect.poll(async () => services.people.bySlackId((await services.workspaces.byTeamId(ACME.teamId))!.id, ACME.adminUserId), { timeout: 30_000 }).toBeDefined();
    await expect
      .poll(async () => (await services.db.selectFrom('channels').select('channel_id').where('channel_id', '=', ACME.channels.celebrations).executeTakeFirst())?.channel_id, { timeout: 30_000 })
      .toBe(ACME.channels.celebrations);
    const admin = await signIn(h.t, ACME.teamId, ACME.adminUserId);
    await call(h.t, admin, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'celebrations-birthdays-anniversaries', channel_id: ACME.channels.celebrations });

    const member = 'U0DEMO036';
    const home = await sandboxApi<{ view: { id: string } | null }>('POST', '/sandbox/home/open', { team_id: ACME.teamId, user_id: member });
    expect(JSON.stringify(home.view)).toContain('celebrations_open_dates');
    const click = await sandboxApi<{ ok: boolean }>('POST', '/sandbox/actions', { team_id: ACME.teamId, user_id: member, view_id: home.view!.id, action_id: 'celebrations_open_dates' });
    expect(click.ok).toBe(true);
    const { modals } = await sandboxApi<{ modals: Array<{ title: { text: string } }> }>('GET', `/sandbox/views?team=${ACME.teamId}&user=${member}`);
    expect(modals.map((m) => m.title.text)).toEqual(['Your dates']);

    const wrong = await sandboxApi<{ response_action: string; errors: Record<string, string> }>('POST', '/sandbox/views/submit', {
      team_id: ACME.teamId,
      user_id: member,
      values: { bday_month: { month: '2' }, bday_day: { day: '30' } },
    });
    expect(wrong).toMatchObject({ response_action: 'errors', errors: { bday_day: 'February has only 29 days' } });
    const ok = await sandboxApi<{ response_action: string }>('POST', '/sandbox/views/submit', { team_id: ACME.teamId, user_id: member, values: { bday_month: { month: '7' }, bday_day: { day: '16' } } });
    expect(ok.response_action).toBe('close');
    const ws = (await services.workspaces.byTeamId(ACME.teamId))!;
    const saved = await services.people.bySlackId(ws.id, member);
    await expect
      .poll(async () => (await services.db.selectFrom('celebration_schedules').select(['month', 'day']).where('member_id', '=', saved!.id).where('schedule_type', '=', 'birthday').execute()))
      .toEqual([{ month: 7, day: 16 }]);
  });

  it('reconnects when Slack asks it to (disconnect: refresh_requested), and goes on answering', async () => {
    h.sandbox.socket.disconnect(ACME.appId, 'refresh_requested');
    await expect.poll(() => opens().length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => h.sandbox.socket.connected(ACME.appId), { timeout: 10_000 }).toBe(true);
    const channel = dm('U0DEMO004');
    await sandboxApi('POST', '/sandbox/messages', { team_id: ACME.teamId, user_id: 'U0DEMO004', channel_id: channel, text: 'help' });
    await expect.poll(() => botReplies(channel).length, { timeout: 15_000 }).toBe(1);
  });

  it('stays up when reconnecting fails (Slack unreachable, then refusing), and reconnects once Slack answers', async () => {
    const before = opens().length;
    // The socket client's own reconnect has no catch: one failed apps.connections.open used to end the process.
    h.sandbox.state.injectFault({ method: 'apps.connections.open', kind: 'drop_after_store' });
    h.sandbox.state.injectFault({ method: 'apps.connections.open', kind: 'error', error: 'invalid_auth' });
    h.sandbox.socket.disconnect(ACME.appId, 'refresh_requested');
    await expect.poll(() => opens().slice(before).map((c) => c.outcome), { timeout: 30_000 }).toEqual(['fault', 'fault', 'ok']);
    await expect.poll(() => h.sandbox.socket.connected(ACME.appId), { timeout: 10_000 }).toBe(true);
    const channel = dm('U0DEMO005');
    await sandboxApi('POST', '/sandbox/messages', { team_id: ACME.teamId, user_id: 'U0DEMO005', channel_id: channel, text: 'help' });
    await expect.poll(() => botReplies(channel).length, { timeout: 15_000 }).toBe(1);
  });
});

describe('Socket Mode with a token Slack refuses', () => {
  let h: SocketHearth;
  beforeAll(async () => {
    h = await startSocketHearth('xapp-1-A0HEARTH01-0-not-a-real-token');
  });
  afterAll(() => h?.close());

  it("stops with Slack's error, naming SLACK_APP_TOKEN", async () => {
    const err = await h.t.hearth.connectSlack().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toBe(
      "SLACK_APP_TOKEN was refused by Slack (invalid_auth): it must be an app-level token (xapp-…) of this app with the connections:write scope, and Socket Mode must be on in the app's settings",
    );
    expect(h.sandbox.state.callsTo('apps.connections.open').map((c) => c.error)).toEqual(['invalid_auth']);
    expect(h.sandbox.socket.connected(ACME.appId)).toBe(false);
  });
});

describe("the sandbox's Socket Mode is as strict as Slack's", () => {
  const socket = new SocketModeServer({ ackTimeoutMs: 200 });
  const driver = new SlackDriver('http://127.0.0.1:9/unused', SIGNING_SECRET, Date.now, { app: () => ({ appId: ACME.appId, botUserId: ACME.botUserId }) }, socket);
  let client: WebSocket;
  const received: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    client = new WebSocket(await socket.open(ACME.appId));
    await new Promise<void>((resolve) =>
      client.on('message', (data) => {
        received.push(JSON.parse(String(data)) as Record<string, unknown>);
        resolve();
      }),
    );
  });
  afterAll(async () => {
    client.terminate();
    await socket.close();
  });

  it('says hello with the connection info, and takes a link once', async () => {
    expect(received[0]).toMatchObject({ type: 'hello', num_connections: 1, connection_info: { app_id: ACME.appId } });
    const url = await socket.open(ACME.appId);
    const first = new WebSocket(url);
    await new Promise((resolve) => first.on('open', resolve));
    const again = new WebSocket(url);
    const refused = await new Promise<number>((resolve) => again.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)).on('error', () => resolve(-1)));
    expect(refused).toBe(401);
    first.terminate();
  });

  it('answers a command with what the app acked, and an unacked one as timed out', async () => {
    const command = { teamId: ACME.teamId, userId: 'U0DEMO003', channelId: ACME.channels.general, text: 'help', responseUrl: 'http://127.0.0.1:9/r', triggerId: 'T1' };
    client.once('message', (data) => {
      const envelope = JSON.parse(String(data)) as { envelope_id: string };
      client.send(JSON.stringify({ envelope_id: envelope.envelope_id, payload: { text: 'Here is help' } }));
    });
    const acked = await driver.command(command);
    expect(await acked.json()).toEqual({ text: 'Here is help' });
    const envelope = received.at(-1)!;
    expect(envelope).toMatchObject({ type: 'slash_commands', accepts_response_payload: true, payload: { command: '/hearth', text: 'help', team_id: ACME.teamId, trigger_id: 'T1' } });

    const unacked = await driver.command(command);
    expect(unacked.status).toBe(NO_ACK_STATUS);
  });

  it('sends an unacked event again, with retry_attempt and retry_reason, three times', async () => {
    const before = received.length;
    const { response, eventId } = await driver.event({ teamId: ACME.teamId, event: { type: 'team_rename', name: 'Acme HQ' } });
    expect(response.status).toBe(NO_ACK_STATUS);
    const envelopes = received.slice(before);
    expect(envelopes.map((e) => [e.type, e.retry_attempt, e.retry_reason, (e.payload as { event_id: string }).event_id])).toEqual([
      ['events_api', 0, '', eventId],
      ['events_api', 1, 'timeout', eventId],
      ['events_api', 2, 'timeout', eventId],
      ['events_api', 3, 'timeout', eventId],
    ]);
    expect(new Set(envelopes.map((e) => e.envelope_id)).size).toBe(4);
  });

  it('tells the app to reconnect, then closes the connection', async () => {
    socket.disconnect(ACME.appId, 'refresh_requested');
    await expect.poll(() => received.at(-1)).toMatchObject({ type: 'disconnect', reason: 'refresh_requested' });
    // The app did not close it: Slack does, a moment later.
    await expect.poll(() => client.readyState, { timeout: 5_000 }).toBe(WebSocket.CLOSED);
    expect(socket.connected(ACME.appId)).toBe(false);
  });
});
