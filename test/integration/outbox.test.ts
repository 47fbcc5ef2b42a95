import type { ChildProcess } from 'node:child_process';
import { WebClient } from '@slack/web-api';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { METADATA_EVENT_TYPE } from '../../src/outbox/service.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { ControllableClock } from '../../src/time/clock.js';
import { install, killWorker, startTestHearth, startWorkerProcess, type TestHearth } from '../support/hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;

/** Messages in a sandbox channel that carry this outbox row's id in their metadata. */
function postedFor(sandbox: SandboxApiServer, channel: string, outboxId: number) {
  return sandbox.state
    .messageList(channel)
    .filter((m) => m.metadata?.event_type === METADATA_EVENT_TYPE && (m.metadata.event_payload as { outbox_id?: number }).outbox_id === outboxId);
}

describe(`outbox against the sandbox (${path})`, () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let acme: number;
  let globex: number;
  let n = 0;
  const key = () => `test:${++n}`;
  const state = async (id: number) => (await t.hearth.services.outbox.repo.byId(id))!;

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    // Fast: no rate limits on the sandbox, and Hearth paces conversations.history (Tier 1) as if it were Tier 3
    // (outbox-fidelity.test.ts covers the real limits).
    sandbox.state.rateLimits.enabled = false;
    t = await startTestHearth({ slackApiUrl: sandbox.url, slackTimeoutMs: 500, slackRates: { 'conversations.history': { limit: 50, windowMs: 60_000 } } });
    acme = await install(t.hearth, ACME.teamId, ACME.botToken);
    globex = await install(t.hearth, GLOBEX.teamId, GLOBEX.botToken);
    // Hearth reads history only in channels it is in (it never joins one to look): it is in these.
    for (const ch of [ACME.channels.watercooler, ACME.channels.celebrations]) sandbox.state.addMembers(sandbox.state.channel(ACME.teamId, ch)!, [ACME.botUserId]);
    // The first request pays for starting up; not within the 500 ms the tests give a call.
    await new WebClient(ACME.botToken, { slackApiUrl: sandbox.url }).auth.test();
  });
  afterEach(() => {
    sandbox.state.faults = [];
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const post = (workspaceId: number, channel: string, text: string, k = key()) =>
    t.hearth.services.outbox.enqueue([{ workspaceId, key: k, kind: 'test', method: 'chat.postMessage', args: { channel, text } }]).then((ids) => ids[0]!);

  it('sends a message once, with the outbox id in its metadata', async () => {
    const id = await post(acme, ACME.channels.general, 'hello');
    await expect.poll(async () => (await state(id)).state, { timeout: 10_000 }).toBe('sent');
    const row = await state(id);
    expect(postedFor(sandbox, ACME.channels.general, id)).toHaveLength(1);
    expect(row.result).toMatchObject({ channel: ACME.channels.general, ts: postedFor(sandbox, ACME.channels.general, id)[0]!.ts });
  });

  it('sends a row added in a domain-events transaction (an event subscriber, a tick job) once it commits, not at the next tick', async () => {
    const s = t.hearth.services;
    // A channel of its own: no other test's post to it holds this one back for Slack's 1 per second.
    const [id] = await s.events.transaction((trx) => s.outbox.add(trx, [{ workspaceId: acme, key: key(), kind: 'test', method: 'chat.postMessage', args: { channel: ACME.channels.newHires, text: 'from a subscriber' } }]));
    await s.queue.idle();
    expect((await state(id!)).state).toBe('sent');
    expect(postedFor(sandbox, ACME.channels.newHires, id!)).toHaveLength(1);
  });

  it('a queue that refuses the work after the commit fails no one: the change stands, and the sweep sends the row once', async () => {
    const s = t.hearth.services;
    // The queue is down (Redis gone) just as the transaction commits: the send job cannot be enqueued.
    const enqueue = vi.spyOn(s.queue, 'enqueue').mockRejectedValueOnce(new Error('Connection is closed.'));
    try {
      const [id] = await s.events.transaction((trx) => s.outbox.add(trx, [{ workspaceId: acme, key: key(), kind: 'test', method: 'chat.postMessage', args: { channel: ACME.channels.newHires, text: 'queue down at commit' } }]));
      expect(enqueue).toHaveBeenCalledTimes(1);
      expect((await state(id!)).state).toBe('pending');
      // The queue is back; the tick's sweep finds the row and sends it, once (after Slack's second for the channel).
      await s.outbox.sweep();
      await expect.poll(async () => (await state(id!)).state, { timeout: 10_000 }).toBe('sent');
      expect(postedFor(sandbox, ACME.channels.newHires, id!)).toHaveLength(1);
    } finally {
      enqueue.mockRestore();
    }
  });

  it('sends the same key enqueued twice once', async () => {
    const k = key();
    const before = sandbox.state.callsTo('chat.postMessage', ACME.teamId).length;
    const [a, b] = await Promise.all([post(acme, ACME.channels.general, 'twice', k), post(acme, ACME.channels.general, 'twice', k)]);
    expect(a).toBe(b);
    await expect.poll(async () => (await state(a)).state, { timeout: 10_000 }).toBe('sent');
    await post(acme, ACME.channels.general, 'twice', k);
    await t.hearth.services.queue.idle();
    expect(sandbox.state.callsTo('chat.postMessage', ACME.teamId).length - before).toBe(1);
    expect(postedFor(sandbox, ACME.channels.general, a)).toHaveLength(1);
  });

  it.each(['timeout', 'drop_after_store'] as const)('a %s after the request went out is unknown, reconciled from history, not re-sent', async (kind) => {
    sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind });
    const before = sandbox.state.callsTo('chat.postMessage', ACME.teamId).length;
    const id = await post(acme, ACME.channels.watercooler, `lost answer (${kind})`);
    await expect.poll(async () => (await state(id)).state, { timeout: 5_000 }).toBe('unknown');
    await expect.poll(async () => (await state(id)).state, { timeout: 20_000 }).toBe('sent');
    expect(sandbox.state.callsTo('chat.postMessage', ACME.teamId).length - before).toBe(1);
    expect(postedFor(sandbox, ACME.channels.watercooler, id)).toHaveLength(1);
    expect(sandbox.state.callsTo('conversations.history', ACME.teamId).length).toBeGreaterThan(0);
  });

  it('a 5xx before anything was stored is reconciled and sent once', async () => {
    sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'http_500' });
    const id = await post(acme, ACME.channels.celebrations, 'after a 500');
    await expect.poll(async () => (await state(id)).state, { timeout: 25_000 }).toBe('sent');
    expect(postedFor(sandbox, ACME.channels.celebrations, id)).toHaveLength(1);
  });

  it('a permanent error fails the row with the reason and sends nothing', async () => {
    const id = await post(acme, 'C0NOSUCHCHANNEL', 'nowhere');
    await expect.poll(async () => (await state(id)).state, { timeout: 10_000 }).toBe('failed');
    expect((await state(id)).last_error).toBe('channel_not_found');
  });

  it('opens a group DM and posts into it (dm.post), and opening again reuses the conversation', async () => {
    const users = [ACME.adminUserId, 'U0DEMO002', 'U0DEMO003'];
    const [a] = await t.hearth.services.outbox.enqueue([{ workspaceId: acme, key: key(), kind: 'test', method: 'dm.post', args: { users, text: 'Meet each other!' } }]);
    const [b] = await t.hearth.services.outbox.enqueue([{ workspaceId: acme, key: key(), kind: 'test', method: 'dm.post', args: { users, text: 'Again' } }]);
    await expect.poll(async () => [(await state(a!)).state, (await state(b!)).state], { timeout: 10_000 }).toEqual(['sent', 'sent']);
    const channel = ((await state(a!)).result as { channel: string }).channel;
    expect(((await state(b!)).result as { channel: string }).channel).toBe(channel);
    expect(postedFor(sandbox, channel, a!)).toHaveLength(1);
  });
  // Last: its Retry-After holds ACME's chat.postMessage for 30 s.
  it("a 429 with Retry-After delays that workspace's method only", async () => {
    sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'ratelimited', retryAfter: 30 });
    const calls = () => sandbox.state.callsTo('chat.postMessage', ACME.teamId).length;
    const first = await post(acme, ACME.channels.general, 'rate limited');
    await expect.poll(async () => (await state(first)).last_error, { timeout: 5_000 }).toBe('ratelimited');
    const limited = await state(first);
    expect(limited.state).toBe('pending');
    expect(limited.not_before.getTime()).toBeGreaterThan(Date.now() + 25_000);
    const callsAfter429 = calls();

    // Another channel, same workspace and method: held back by the Retry-After without calling Slack.
    const sameMethod = await post(acme, ACME.channels.intros, 'also waits');
    // Same workspace, another method; and another workspace, same method: both go now.
    const [otherMethod] = await t.hearth.services.outbox.enqueue([
      { workspaceId: acme, key: key(), kind: 'test', method: 'views.publish', args: { user_id: ACME.adminUserId, view: { type: 'home', blocks: [] } } },
    ]);
    const otherWorkspace = await post(globex, GLOBEX.channels.general, 'not limited');
    await expect.poll(async () => [(await state(otherMethod!)).state, (await state(otherWorkspace)).state], { timeout: 10_000 }).toEqual(['sent', 'sent']);
    await expect.poll(async () => (await state(sameMethod)).not_before.getTime(), { timeout: 5_000 }).toBeGreaterThan(Date.now() + 20_000);
    expect((await state(sameMethod)).state).toBe('pending');
    expect(calls()).toBe(callsAfter429);
  });
});

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('outbox with a worker killed mid-send (Postgres + BullMQ)', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let child: ChildProcess | undefined;
  const clock = new ControllableClock(new Date());

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    // Hearth is in #general (a program there made it join), so reconciling reads its history straight away.
    sandbox.state.addMembers(sandbox.state.channel(ACME.teamId, ACME.channels.general)!, [ACME.botUserId]);
    t = await startTestHearth({ slackApiUrl: sandbox.url, clock, worker: false });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await t.close();
    await sandbox.close();
  });

  it('loses no row when the worker is SIGKILLed between send and record', async () => {
    const acme = await install(t.hearth, ACME.teamId, ACME.botToken);
    // The sandbox stores the message and then never answers: the worker is killed while it waits.
    sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'timeout' });
    child = await startWorkerProcess(t, sandbox.url);

    const [id] = await t.hearth.services.outbox.enqueue([{ workspaceId: acme, key: 'killed:1', kind: 'test', method: 'chat.postMessage', args: { channel: ACME.channels.general, text: 'survives a kill' } }]);
    await expect.poll(() => postedFor(sandbox, ACME.channels.general, id!).length, { timeout: 15_000 }).toBe(1);
    await killWorker(child);
    expect((await t.hearth.services.outbox.repo.byId(id!))!.state).toBe('sending');

    // Another worker takes over; once the dead worker's lease has run out, the tick turns the row unknown and
    // reconciling finds the message by its metadata.
    await t.hearth.startWorker();
    clock.advance(2 * 60_000);
    await t.hearth.services.scheduler.tick();
    await expect.poll(async () => (await t.hearth.services.outbox.repo.byId(id!))!.state, { timeout: 30_000 }).toBe('sent');
    expect(postedFor(sandbox, ACME.channels.general, id!)).toHaveLength(1);
    expect(sandbox.state.callsTo('chat.postMessage', ACME.teamId)).toHaveLength(1);
  });
});
