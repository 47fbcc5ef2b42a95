import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_EVENT_TYPE } from '../../src/outbox/service.js';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { ControllableClock } from '../../src/time/clock.js';
import type { WatercoolerJson } from '../../src/watercooler/api-types.js';
import { outboxKey } from '../../src/watercooler/posting.js';
import { installAndSync, killWorker, signIn, startTestHearth, startWorkerProcess, type TestHearth } from '../support/hearth.js';
import { call as callApp } from '../support/http.js';

/**
 * A slot's prompt appears in the channel once, even when the tick runs twice at the same instant and the worker
 * sending it is SIGKILLed after Slack stored the message but before the answer was recorded. Needs a worker in a
 * process of its own, so Postgres and Redis (BullMQ) that both processes share.
 */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('Watercooler posts a slot once with a worker killed mid-send (Postgres + BullMQ)', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let child: ChildProcess | undefined;
  // Real time: the child worker runs on the system clock, and composing re-checks how late a slot is.
  const clock = new ControllableClock(new Date());

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    // Hearth is already in #watercooler (invited), so reconciling reads its history at once, within Tier 1.
    sandbox.state.addMembers(sandbox.state.channel(ACME.teamId, ACME.channels.watercooler)!, [ACME.botUserId]);
    t = await startTestHearth({ slackApiUrl: sandbox.url, clock, worker: false });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await t?.close();
    await sandbox?.close();
  });

  it('the tick runs twice, the worker dies after Slack stored the message: one message, one post, reconciled from history', async () => {
    const acme = await installAndSync(t, ACME.teamId, ACME.botToken);
    const admin = await signIn(t, ACME.teamId, ACME.adminUserId);
    const call = <T>(method: string, url: string, body?: unknown) => callApp<T>(t, admin, method, url, body);

    const { id } = await call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.watercooler });
    // Every day, a few minutes from now (UTC).
    const soon = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000);
    const { watercooler } = await call<{ watercooler: WatercoolerJson }>('PUT', `/watercooler/${id}/update_as_json`, {
      watercooler: { weekdays: [1, 2, 3, 4, 5, 6, 7], hour: soon.getUTCHours(), minute: soon.getUTCMinutes(), tz: 'UTC' },
    });
    const slot = new Date(watercooler.schedule.next_slots[0]!);
    expect(slot.getTime()).toBe(soon.getTime());

    // Slack stores the message and never answers: the worker is killed while it waits.
    sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'timeout' });
    child = await startWorkerProcess(t, sandbox.url);

    // Two ticks at the slot, at once (two schedulers), and one more: one claim.
    clock.set(slot);
    await Promise.all([t.hearth.services.scheduler.tick(slot), t.hearth.services.scheduler.tick(slot)]);
    await t.hearth.services.scheduler.tick(slot);

    const key = outboxKey(id, slot);
    const row = async () => t.hearth.services.outbox.repo.byKey(acme, key);
    const posted = () =>
      sandbox.state
        .messageList(ACME.channels.watercooler)
        .filter((m) => m.metadata?.event_type === METADATA_EVENT_TYPE && (m.metadata.event_payload as { key?: string }).key === key);
    await expect.poll(() => posted().length, { timeout: 20_000 }).toBe(1);
    await killWorker(child);
    expect((await row())!.state).toBe('sending');

    // Another worker takes over. Once the dead worker's lease is over, the tick (run twice again) turns the row
    // unknown, and reconciling finds the message by its metadata instead of sending it again.
    await t.hearth.startWorker();
    clock.set(new Date(slot.getTime() + 3 * 60_000));
    await t.hearth.services.scheduler.tick(clock.now());
    await t.hearth.services.scheduler.tick(clock.now());
    await expect.poll(async () => (await row())!.state, { timeout: 30_000 }).toBe('sent');
    await t.hearth.services.scheduler.tick(clock.now());
    await t.hearth.services.queue.idle();

    expect(posted()).toHaveLength(1);
    expect(sandbox.state.callsTo('chat.postMessage', ACME.teamId)).toHaveLength(1);
    const posts = await t.hearth.services.db.selectFrom('watercooler_posts').selectAll().where('program_id', '=', id).execute();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ state: 'queued', source: 'schedule', outbox_id: (await row())!.id });
    expect(posts[0]!.slot_at.getTime()).toBe(slot.getTime());
    // The next slot is tomorrow's, and the queue moved on by one.
    const after = await call<{ watercooler: WatercoolerJson }>('GET', `/watercooler/${id}`);
    expect(after.watercooler.schedule.next_slots[0]).toBe(new Date(slot.getTime() + 86_400_000).toISOString());
    expect(after.watercooler.sent).toHaveLength(1);
    expect(after.watercooler.ordered_unsent_prompt_ids).toEqual(watercooler.ordered_unsent_prompt_ids.slice(1));
  });
});
