import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { METADATA_EVENT_TYPE } from '../../../src/outbox/service.js';
import { ACME } from '../../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../../src/sandbox/server.js';
import { ControllableClock } from '../../../src/time/clock.js';
import { install, startTestHearth, type TestHearth } from '../../support/hearth.js';

/**
 * The outbox against Slack's real limits, as the sandbox now models them by default: chat.postMessage's HTTP 200
 * `rate_limited`, and conversations.history at Tier 1 with 15 messages a page (a non-Marketplace app).
 */
describe('outbox against Slack’s limits (issue 12, items 1 and 2)', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let acme: number;
  const clock = new ControllableClock(new Date('2026-03-02T09:00:00Z'));
  let n = 0;
  const channel = ACME.channels.watercooler;
  const state = async (id: number) => (await t.hearth.services.outbox.repo.byId(id))!;
  /** Adds a row and sends it here (no worker runs: each step is the test's). */
  const post = async (text: string, expected: string) => {
    const [id] = await t.hearth.services.outbox.enqueue([{ workspaceId: acme, key: `fidelity:${++n}`, kind: 'test', method: 'chat.postMessage', args: { channel, text } }]);
    expect(await t.hearth.services.outbox.send(id!)).toBe(expected);
    return id!;
  };
  const ours = (id: number) =>
    sandbox.state.messageList(channel).filter((m) => m.metadata?.event_type === METADATA_EVENT_TYPE && (m.metadata.event_payload as { outbox_id?: number }).outbox_id === id);
  /** People talking in the channel, `count` messages at the clock's current time. */
  const chatter = (count: number) => {
    const ch = sandbox.state.channel(ACME.teamId, channel)!;
    for (let i = 0; i < count; i++) sandbox.state.addMessage(ch, { user: 'U0DEMO002', text: `chatter ${i}` }, clock.now());
  };
  const historyCalls = () => sandbox.state.callsTo('conversations.history', ACME.teamId);

  beforeAll(async () => {
    sandbox = await startSandboxApiServer({ now: () => clock.now() });
    // Hearth paces on the sandbox's clock, so moving the clock frees both sides' windows.
    t = await startTestHearth({ slackApiUrl: sandbox.url, slackTimeoutMs: 1000, clock, rateClock: clock, worker: false });
    acme = await install(t.hearth, ACME.teamId, ACME.botToken);
    // The bot reads history only where it is a member.
    sandbox.state.addMembers(sandbox.state.channel(ACME.teamId, channel)!, [ACME.botUserId]);
  });
  beforeEach(() => {
    sandbox.state.faults = [];
    clock.advance(120_000);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('the sandbox has rate limits and the non-Marketplace history limits on by default', () => {
    expect(sandbox.state.rateLimits.enabled).toBe(true);
    expect(sandbox.state.rateLimits.ruleFor('conversations.history')).toEqual({ limit: 1, windowMs: 60_000 });
    expect(sandbox.state.rateLimits.ruleFor('openid.connect.token')).toEqual({ limit: 100, windowMs: 60_000 });
  });

  it('1. an HTTP 200 `rate_limited` backs the row off and sends it later, instead of dropping the message', async () => {
    sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'rate_limited' });
    const id = await post('too many messages', 'deferred');
    const held = await state(id);
    expect(held.state).toBe('pending');
    expect(held.last_error).toBe('ratelimited');
    expect(held.not_before.getTime()).toBeGreaterThanOrEqual(clock.now().getTime() + 29_000);
    expect(ours(id)).toHaveLength(0);
    clock.advance(31_000);
    expect(await t.hearth.services.outbox.send(id)).toBe('sent');
    expect(ours(id)).toHaveLength(1);
  });

  it('2. finds an unknown message in one small page around its send, though the channel got busy afterwards', async () => {
    sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'timeout' });
    const id = await post('answer lost', 'unknown');
    clock.advance(60_000);
    chatter(40);
    const before = historyCalls().length;
    expect(await t.hearth.services.outbox.reconcile(id)).toBe('sent');
    const calls = historyCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.outcome).toBe('ok');
    expect(calls[0]!.args).toMatchObject({ limit: '15', include_all_metadata: 'true' });
    expect(calls[0]!.args.oldest).toBeDefined();
    expect(calls[0]!.args.latest).toBeDefined();
    expect((await state(id)).result).toMatchObject({ channel, ts: ours(id)[0]!.ts });
    expect(ours(id)).toHaveLength(1);
  });

  it('2. paces history lookups in their Tier 1 window: a second lookup waits its turn instead of being refused', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'timeout' });
      ids.push(await post(`lost ${i}`, 'unknown'));
      clock.advance(2_000);
    }
    const before = historyCalls().length;
    expect(await t.hearth.services.outbox.reconcile(ids[0]!)).toBe('sent');
    expect(await t.hearth.services.outbox.reconcile(ids[1]!)).toBe('still_unknown');
    expect(historyCalls().slice(before).map((c) => c.outcome)).toEqual(['ok']);
    clock.advance(70_000);
    expect(await t.hearth.services.outbox.reconcile(ids[1]!)).toBe('sent');
    expect(historyCalls().slice(before).map((c) => c.outcome)).toEqual(['ok', 'ok']);
    for (const id of ids) expect(ours(id)).toHaveLength(1);
  });

  it('2. when the page around the send is full, it reads the next page in the next turn instead of deciding', async () => {
    sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'timeout' });
    const id = await post('maybe posted', 'unknown');
    chatter(20); // at the same instant as the send: inside the window, newer than ours
    const sends = sandbox.state.callsTo('chat.postMessage', ACME.teamId).length;
    expect(await t.hearth.services.outbox.reconcile(id)).toBe('still_unknown');
    expect((await state(id)).state).toBe('unknown');
    clock.advance(61_000);
    expect(await t.hearth.services.outbox.reconcile(id)).toBe('sent');
    expect(sandbox.state.callsTo('chat.postMessage', ACME.teamId).length).toBe(sends);
    expect(ours(id)).toHaveLength(1);
  });
});
