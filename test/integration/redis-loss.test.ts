import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tick } from '../../src/scheduler/jobs.js';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

/**
 * Redis loses everything (FLUSHDB, a failover without persistence): the tick's job scheduler comes back by
 * itself and the due work Postgres holds is done, once. Real Redis only; this deployment's keys only, so other
 * runs sharing the Redis are untouched.
 */
describe.skipIf(!process.env.REDIS_URL)('when Redis loses everything', () => {
  let t: SandboxHearth;
  let redis: Redis;
  beforeAll(async () => {
    t = await startSandboxHearth({ tickEveryMs: 1000, watchdogCron: '* * * * * *' });
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    await redis?.quit();
    await t?.close();
  });

  async function flushOurKeys(): Promise<number> {
    let removed = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${t.redisPrefix}:*`, 'COUNT', 500);
      if (keys.length) removed += await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    return removed;
  }

  it('the tick runs again and the due work is recreated from Postgres, with no duplicates', async () => {
    const { queue, db, outbox } = t.services;
    await expect.poll(() => queue.lastBeat(tick.name), { timeout: 15_000 }).not.toBeNull();

    expect(await flushOurKeys()).toBeGreaterThan(0);
    expect(await queue.isRepeating(tick)).toBe(false);
    expect(await queue.lastBeat(tick.name)).toBeNull();

    // Work that exists only in Postgres: an outbox row, due now, that no job was enqueued for.
    const ws = (await t.services.workspaces.byTeamId(ACME.teamId))!;
    await db.transaction().execute((trx) => outbox.add(trx, [{ workspaceId: ws.id, key: 'after-flush', kind: 'test', method: 'chat.postMessage', args: { channel: 'C0DEMOGEN', text: 'Still here after Redis forgot' } }]));

    await expect.poll(() => queue.isRepeating(tick), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => queue.lastBeat(tick.name), { timeout: 15_000 }).not.toBeNull();
    const sent = () => t.sandbox.state.messageList('C0DEMOGEN').filter((m) => m.text === 'Still here after Redis forgot').length;
    await expect.poll(sent, { timeout: 15_000 }).toBe(1);
    // Two more ticks go by (each overwrites a beat set to the epoch); the message is not sent again.
    for (const _ of [1, 2]) {
      await queue.beat(tick.name, new Date(0));
      await expect.poll(async () => (await queue.lastBeat(tick.name))?.getTime(), { timeout: 15_000 }).not.toBe(0);
    }
    expect(sent()).toBe(1);
    const health = (await (await fetch(`${t.url}/healthz`)).json()) as { ok: boolean; tick: { last_at: string | null; age_seconds: number | null } };
    expect(health.ok).toBe(true);
    expect(health.tick.last_at).not.toBeNull();
  });
});
