import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackDriver } from '../../../src/sandbox/driver.js';
import { ACME } from '../../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../../src/sandbox/server.js';

/** The sandbox takes inputs only as Slack does (issue 12, item 8). */
describe('strict inputs', () => {
  let sandbox: SandboxApiServer;
  let api: WebClient;
  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    api = new WebClient(ACME.botToken, { slackApiUrl: sandbox.url, retryConfig: { retries: 0 } });
  });
  afterAll(() => sandbox.close());

  const error = (p: Promise<unknown>) => p.then(() => 'ok', (e: { data?: { error?: string } }) => e.data?.error);

  it('takes `users` as one comma-separated string; a JSON array is not a list of users', async () => {
    expect(await error(api.conversations.open({ users: 'U0DEMO002,U0DEMO003' }))).toBe('ok');
    expect(await error(api.apiCall('conversations.open', { users: JSON.stringify(['U0DEMO002', 'U0DEMO003']) }))).toBe('user_not_found');
  });

  it('takes channel ids, not #names', async () => {
    expect(await error(api.chat.postMessage({ channel: ACME.channels.general, text: 'by id' }))).toBe('ok');
    expect(await error(api.chat.postMessage({ channel: '#general', text: 'by name' }))).toBe('channel_not_found');
    expect(await error(api.conversations.info({ channel: 'general' }))).toBe('channel_not_found');
  });

  it('answers invalid_trigger_id for a trigger Slack never issued, expired_trigger_id for an old one', async () => {
    const view = { type: 'modal' as const, title: { type: 'plain_text' as const, text: 'Hi' }, blocks: [] };
    expect(await error(api.views.open({ trigger_id: '123.456.bogus', view }))).toBe('invalid_trigger_id');
    const old = sandbox.state.issueTriggerId(ACME.teamId, ACME.adminUserId, new Date(Date.now() - 10_000));
    expect(await error(api.views.open({ trigger_id: old, view }))).toBe('expired_trigger_id');
  });

  it("answers invalid_blocks with Slack's shape: each problem and where it is", async () => {
    const options = Array.from({ length: 12 }, (_, i) => ({ text: { type: 'plain_text' as const, text: `Option ${i}` }, value: String(i) }));
    const res = await api.chat
      .postMessage({ channel: 'U0DEMO002', text: 'choose', blocks: [{ type: 'actions', elements: [{ type: 'radio_buttons', action_id: 'a', options }] }] })
      .catch((e: { data?: Record<string, unknown> }) => e.data);
    expect(res).toMatchObject({
      ok: false,
      error: 'invalid_blocks',
      errors: ['no more than 10 items allowed [json-pointer:/blocks/0/elements/0/options]'],
      response_metadata: { messages: ['[ERROR] no more than 10 items allowed [json-pointer:/blocks/0/elements/0/options]'] },
    });
  });

  it('answers msg_blocks_too_long for blocks too large in all, each within its own limit', async () => {
    const sections = (n: number) => Array.from({ length: n }, () => ({ type: 'section' as const, text: { type: 'mrkdwn' as const, text: 'x'.repeat(2900) } }));
    // Each post to its own conversation: Slack paces posts per channel.
    expect(await error(api.chat.postMessage({ channel: 'U0DEMO003', text: 'a few', blocks: sections(4) }))).toBe('ok');
    expect(await error(api.chat.postMessage({ channel: 'U0DEMO004', text: 'too many', blocks: sections(20) }))).toBe('msg_blocks_too_long');
  });

  it('answers metadata_too_large for metadata past its size', async () => {
    const metadata = (size: number) => ({ event_type: 'hearth_outbox', event_payload: { id: 1, pad: 'x'.repeat(size) } });
    expect(await error(api.chat.postMessage({ channel: 'U0DEMO005', text: 'small', metadata: metadata(100) }))).toBe('ok');
    expect(await error(api.chat.postMessage({ channel: 'U0DEMO006', text: 'large', metadata: metadata(20_000) }))).toBe('metadata_too_large');
  });

  describe('slash command payloads', () => {
    let server: Server;
    let received: URLSearchParams | undefined;
    let driver: SlackDriver;
    beforeAll(async () => {
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          received = new URLSearchParams(body);
          res.end('{}');
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const state = sandbox.state;
      driver = new SlackDriver(`http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`, 'secret', Date.now, {
        app: (teamId) => {
          const ws = state.workspace(teamId);
          return ws && { appId: ws.appId, botUserId: ws.botUserId, domain: ws.domain };
        },
        channelName: (teamId, id) => state.channel(teamId, id)?.name,
        userName: (teamId, id) => state.member(teamId, id)?.name,
      });
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('carry the channel’s and the person’s names, the app’s id and the team’s domain, as Slack’s do', async () => {
      await driver.command({ teamId: ACME.teamId, userId: ACME.adminUserId, channelId: ACME.channels.general, text: 'help', responseUrl: 'http://x/r', triggerId: 't' });
      expect(Object.fromEntries(received!)).toMatchObject({
        channel_id: ACME.channels.general,
        channel_name: 'general',
        user_id: ACME.adminUserId,
        user_name: sandbox.state.member(ACME.teamId, ACME.adminUserId)!.name,
        api_app_id: ACME.appId,
        team_domain: sandbox.state.workspace(ACME.teamId)!.domain,
      });
      expect(received!.get('user_name')).not.toBe(ACME.adminUserId);
    });
  });
});
