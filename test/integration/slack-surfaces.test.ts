import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { App } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { dmWith, settle, startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../manifest.json', import.meta.url)), 'utf8')) as { settings: { event_subscriptions: { bot_events: string[] } } };

/**
 * What a real workspace sees of Hearth beyond its programs: every event it subscribes to has a listener, a DM to
 * the app is answered with help, and the workspace's name and domain (for permalinks) come from team.info and
 * stay current with team_rename and team_domain_change.
 */
describe('Slack surfaces that answer', () => {
  let t: SandboxHearth;
  const listened = new Set<string>();
  const event = App.prototype.event;

  beforeAll(async () => {
    // Which event types the app's listeners register, as Bolt is told them.
    App.prototype.event = function (this: App, ...args: Parameters<App['event']>) {
      listened.add(String(args[0]));
      return event.apply(this, args);
    } as App['event'];
    try {
      t = await startSandboxHearth();
    } finally {
      App.prototype.event = event;
    }
  });
  afterAll(() => t?.close());

  it('has a listener for every bot event the manifest subscribes to', () => {
    // message.im, message.channels and message.groups all arrive as Bolt's `message`.
    const unhandled = manifest.settings.event_subscriptions.bot_events.filter((e) => !listened.has(e.split('.')[0]!));
    expect(unhandled).toEqual([]);
    expect(listened.has('message')).toBe(true);
  });

  it('answers a DM to the app with what the person can do, once however often Slack delivers it', async () => {
    const channel = dmWith(t, 'U0DEMO003');
    const message = { type: 'message', channel_type: 'im', channel, user: 'U0DEMO003', text: 'help', ts: '1772438400.000100' };
    const { eventId } = await t.driver.event({ teamId: ACME.teamId, event: message });
    await t.driver.event({ teamId: ACME.teamId, event: message, eventId, retryNum: 1 });
    // The listener acks first and queues the reply after: wait for it, then for anything else the outbox holds.
    await expect.poll(() => t.sandbox.state.messageList(channel).filter((m) => m.bot_id).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await settle(t);
    const replies = t.sandbox.state.messageList(channel).filter((m) => m.bot_id);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toMatch(/^Hi! I'm Hearth\./);
    expect(JSON.stringify(replies[0]!.blocks)).toContain('/hearth help');
    // Hearth's own reply comes back as message.im: it does not answer itself.
    await t.driver.event({ teamId: ACME.teamId, event: { type: 'message', channel_type: 'im', channel, user: ACME.botUserId, bot_id: replies[0]!.bot_id, text: replies[0]!.text, ts: replies[0]!.ts } });
    await settle(t);
    expect(t.sandbox.state.messageList(channel).filter((m) => m.bot_id)).toHaveLength(1);
  });

  it("reads the workspace's name and domain with team.info, and keeps them current from team_rename and team_domain_change", async () => {
    const ws = () => t.services.workspaces.byTeamId(ACME.teamId);
    expect(await ws()).toMatchObject({ name: ACME.name, domain: ACME.domain });
    expect(t.sandbox.state.callsTo('team.info', ACME.teamId).length).toBeGreaterThan(0);
    await t.driver.event({ teamId: ACME.teamId, event: { type: 'team_domain_change', url: 'https://acme-hq.slack.com/', domain: 'acme-hq' } });
    await t.driver.event({ teamId: ACME.teamId, event: { type: 'team_rename', name: 'Acme HQ' } });
    await expect.poll(ws).toMatchObject({ name: 'Acme HQ', domain: 'acme-hq' });
  });
});
