import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { JobQueue } from '../../jobs/queue.js';
import type { DbHandle } from '../../src/db/index.js';
import { MemoryRateLimiter } from '../../src/outbox/rate-limits.js';
import { Outbox } from '../../src/outbox/service.js';
import { Scheduler } from '../../src/scheduler/tick.js';
import { WorkspaceRepository } from '../../src/workspaces/repository.js';
import { ControllableClock } from '../../src/time/clock.js';
import { testDatabase } from '../support/db.js';

/** Records every enqueue call as made (before any queue-level dedupe), so the claim logic itself is tested. */
function recordingQueue(): Pick<JobQueue, 'enqueue'> & { calls: Array<{ name: string; payload: unknown }> } {
  const calls: Array<{ name: string; payload: unknown }> = [];
  return { calls, enqueue: async (job, payload) => void calls.push({ name: job.name, payload }) };
}

describe(`scheduler tick (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let h: DbHandle;
  const clock = new ControllableClock(new Date('2026-03-02T09:00:00Z'));
  beforeAll(async () => {
    h = await testDatabase();
    const now = clock.now();
    const [ws] = await h.db.insertInto('workspaces').values({ team_id: 'T0TICK', enterprise_id: null, created_at: now, updated_at: now }).returning('id').execute();
    await h.db
      .insertInto('outbox')
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          workspace_id: ws!.id,
          idempotency_key: `due:${i}`,
          kind: 'test',
          method: 'chat.postMessage',
          payload: JSON.stringify({ channel: 'C1', text: `m${i}` }),
          not_before: new Date(now.getTime() - 60_000),
          last_error: null,
          result: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });
  afterAll(() => h.close());

  it('two workers ticking at once enqueue each due row once', async () => {
    const queues = [recordingQueue(), recordingQueue()];
    const schedulers = queues.map((queue) => {
      const outbox = new Outbox({ db: h.db, queue, clock, limiter: new MemoryRateLimiter(), log: pino({ level: 'silent' }), publicUrl: 'http://localhost', clientFor: async () => { throw new Error('not used'); }, refreshToken: async () => { throw new Error('not used'); } });
      const s = new Scheduler(clock, pino({ level: 'silent' }));
      s.register({ name: 'outbox', collect: async () => (await outbox.sweep()).enqueued, nextDue: () => outbox.nextDue() });
      return s;
    });
    const counts = await Promise.all(schedulers.map((s) => s.tick()));
    const ids = queues.flatMap((q) => q.calls.filter((c) => c.name === 'outbox.send').map((c) => (c.payload as { outboxId: number }).outboxId));
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
    expect(counts.reduce((sum, c) => sum + c.outbox!, 0)).toBe(300);

    // A tick a minute later finds nothing new; once the claim window passes, unsent rows come due again.
    clock.advance(60_000);
    expect((await schedulers[0]!.tick()).outbox).toBe(0);
    clock.advance(2 * 60_000);
    expect((await schedulers[1]!.tick()).outbox).toBe(300);
  });

  it('one failing source does not stop the others', async () => {
    const s = new Scheduler(clock, pino({ level: 'silent' }));
    let ran = false;
    s.register({ name: 'broken', collect: async () => { throw new Error('boom'); }, nextDue: async () => null });
    s.register({ name: 'fine', collect: async () => { ran = true; return 1; }, nextDue: async () => null });
    expect(await s.tick()).toEqual({ broken: -1, fine: 1 });
    expect(ran).toBe(true);
  });

  it('claims the daily directory refresh of a workspace at the instant it comes due, so it does not drift a minute a day', async () => {
    const workspaces = new WorkspaceRepository(h.db, clock);
    const synced = clock.now();
    const id = (await h.db.selectFrom('workspaces').select('id').where('team_id', '=', 'T0TICK').executeTakeFirstOrThrow()).id;
    await workspaces.markSynced(id, 'members', synced);
    const due = (await workspaces.nextMemberSync())!;
    expect(due.getTime()).toBe(synced.getTime() + 24 * 3600_000);
    expect(await workspaces.claimMemberSyncs(new Date(due.getTime() - 60_000))).toEqual([]);
    expect(await workspaces.claimMemberSyncs(due)).toEqual([id]);
    expect((await workspaces.nextMemberSync())!.getTime()).toBe(due.getTime() + 24 * 3600_000);
  });
});
