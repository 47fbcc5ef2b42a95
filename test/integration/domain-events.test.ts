import { pino } from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JobRegistry } from '../../jobs/definition.js';
import { InProcessQueue } from '../../jobs/in-process-queue.js';
import type { DbHandle, Trx } from '../../src/db/index.js';
import { defineEvent, event, type DomainEvent, type Subscriber } from '../../src/platform/events/define.js';
import { deliverEvents, DomainEvents } from '../../src/platform/events/service.js';
import { ControllableClock } from '../../src/time/clock.js';
import { testDatabase } from '../support/db.js';

const pinged = defineEvent('test.pinged', z.object({ n: z.number().int() }));
const ponged = defineEvent('test.ponged', z.object({ n: z.number().int() }));

/** A subscriber that records, in the database and in its own transaction, every event it handles. */
function recorder(name: string, opts: { from?: 'beginning' | 'now'; failOn?: number } = {}): Subscriber & { seen: DomainEvent[] } {
  const seen: DomainEvent[] = [];
  return {
    name,
    events: [pinged],
    from: opts.from,
    seen,
    async handle(e: DomainEvent, trx: Trx) {
      await sql`insert into test_seen (subscriber, workspace_id, seq) values (${name}, ${e.workspaceId}, ${e.seq})`.execute(trx);
      if (pinged.is(e) && e.payload.n === opts.failOn) throw new Error(`handler failed on ${e.payload.n}`);
      seen.push(e);
    },
  };
}

describe(`domain events (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let h: DbHandle;
  const clock = new ControllableClock(new Date('2026-04-01T09:00:00Z'));
  let queue: InProcessQueue;
  let events: DomainEvents;
  let a: number;
  let b: number;
  const seenRows = async (subscriber: string) =>
    (await sql<{ workspace_id: number; seq: number }>`select workspace_id, seq from test_seen where subscriber = ${subscriber} order by workspace_id, seq`.execute(h.db)).rows.map((r) => `${r.workspace_id}:${Number(r.seq)}`);

  beforeAll(async () => {
    h = await testDatabase();
    await sql`create table test_seen (subscriber text not null, workspace_id integer not null, seq bigint not null, unique (subscriber, workspace_id, seq))`.execute(h.db);
    const now = clock.now();
    const rows = await h.db.insertInto('workspaces').values(['T0EVA', 'T0EVB'].map((team_id) => ({ team_id, enterprise_id: null, created_at: now, updated_at: now }))).returning('id').execute();
    [a, b] = [rows[0]!.id, rows[1]!.id];
    queue = new InProcessQueue(pino({ level: 'silent' }), 4, 1);
    events = new DomainEvents(h.db, queue, clock, pino({ level: 'silent' }));
    queue.use(new JobRegistry([deliverEvents.handle((p) => events.deliver(p.subscriber, p.workspaceId))]));
    await queue.work();
  });
  afterAll(async () => {
    await queue.close();
    await h.close();
  });

  it('appends in the transaction of the change, numbered per workspace, and delivers each event once in order after commit', async () => {
    const counter = recorder('counter');
    events.setSubscribers([counter]);
    await events.transaction(async (_trx, emit) => {
      emit(event(pinged, a, { n: 1 }), event(pinged, b, { n: 2 }), event(ponged, a, { n: 3 }), event(pinged, a, { n: 4 }));
    });
    await queue.idle();
    const stream = await h.db.selectFrom('domain_events').select(['workspace_id', 'seq', 'type']).orderBy('id').execute();
    expect(stream.map((e) => `${e.workspace_id}:${e.seq}:${e.type}`)).toEqual([`${a}:1:test.pinged`, `${a}:2:test.ponged`, `${a}:3:test.pinged`, `${b}:1:test.pinged`]);
    // Only its types, each once, in order per workspace.
    expect(await seenRows('counter')).toEqual([`${a}:1`, `${a}:3`, `${b}:1`]);
    expect(counter.seen.map((e) => (e.payload as { n: number }).n).sort()).toEqual([1, 2, 4]);
  });

  it('records nothing when the change rolls back', async () => {
    const before = await h.db.selectFrom('domain_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await expect(
      events.transaction(async (_trx, emit) => {
        emit(event(pinged, a, { n: 99 }));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const after = await h.db.selectFrom('domain_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a payload that does not match its event type', () => {
    expect(() => event(pinged, a, { n: 'one' } as unknown as { n: number })).toThrow(/test.pinged/);
  });

  it('gives concurrent deliveries of the same subscriber and workspace nothing twice', async () => {
    const twice = recorder('twice');
    events.setSubscribers([twice]);
    await events.transaction(async (_trx, emit) => emit(...Array.from({ length: 30 }, (_, i) => event(pinged, b, { n: 100 + i }))));
    await Promise.all(Array.from({ length: 5 }, () => events.deliver('twice', b)));
    await queue.idle();
    const rows = await seenRows('twice');
    // The unique index would have failed a second insert; each event of b's stream appears once.
    expect(rows).toEqual(Array.from({ length: 31 }, (_, i) => `${b}:${i + 1}`));
  });

  it('a handler that fails moves neither its cursor nor its writes; the retry sees the event again, exactly once overall', async () => {
    const flaky = recorder('flaky', { failOn: 4 });
    events.setSubscribers([flaky]);
    await expect(events.deliver('flaky', a)).rejects.toThrow('handler failed on 4');
    expect(await seenRows('flaky')).toEqual([]);
    const fixed = recorder('flaky');
    events.setSubscribers([fixed]);
    await events.deliver('flaky', a);
    expect(await seenRows('flaky')).toEqual([`${a}:1`, `${a}:3`]);
  });

  it('a new subscriber backfills from the first event; one that starts from now sees only new events; the tick catches up a lost delivery', async () => {
    const late = recorder('late');
    const fresh = recorder('fresh', { from: 'now' });
    events.setSubscribers([late, fresh]);
    // A crash between commit and enqueue: appended, never published.
    await h.db.transaction().execute((trx) => events.append(trx, [event(pinged, a, { n: 7 })]));
    expect(await events.nextDue()).toEqual(clock.now());
    // `fresh` has no cursor yet: it starts at the end of each stream when first delivered.
    await events.deliver('fresh', a);
    await h.db.transaction().execute((trx) => events.append(trx, [event(pinged, a, { n: 8 })]));
    expect(await events.collectBehind()).toBeGreaterThan(0);
    await queue.idle();
    expect(await seenRows('late')).toEqual([`${a}:1`, `${a}:3`, `${a}:4`, `${a}:5`, `${b}:1`, ...Array.from({ length: 30 }, (_, i) => `${b}:${i + 2}`)]);
    expect(await seenRows('fresh')).toEqual([`${a}:5`]);
    expect(await events.nextDue()).toBeNull();
    // Only the second subscriber behind: still due (one query asks for them all).
    await h.db.transaction().execute((trx) => events.append(trx, [event(pinged, a, { n: 9 })]));
    await events.deliver('late', a);
    expect(await events.nextDue()).toEqual(clock.now());
    await events.deliver('fresh', a);
    expect(await events.nextDue()).toBeNull();
  });

  it('is behind only on events of its own types, and never in a paused workspace', async () => {
    const sub = recorder('own-types');
    events.setSubscribers([sub]);
    await events.deliver('own-types', a);
    await events.deliver('own-types', b);
    const caughtUp = sub.seen.length;
    expect(await events.nextDue()).toBeNull();
    // An event of a type it does not take: nothing to deliver, so not behind.
    await h.db.transaction().execute((trx) => events.append(trx, [event(ponged, a, { n: 1 })]));
    expect(await events.nextDue()).toBeNull();
    expect(await events.collectBehind()).toBe(0);
    // One of its own in a paused workspace (uninstalled): left until it is installed again.
    await h.db.updateTable('workspaces').set({ paused_at: clock.now() }).where('id', '=', b).execute();
    try {
      await h.db.transaction().execute((trx) => events.append(trx, [event(pinged, b, { n: 2 })]));
      expect(await events.nextDue()).toBeNull();
      expect(await events.collectBehind()).toBe(0);
    } finally {
      await h.db.updateTable('workspaces').set({ paused_at: null }).where('id', '=', b).execute();
    }
    expect(await events.nextDue()).toEqual(clock.now());
    expect(await events.collectBehind()).toBe(1);
    await queue.idle();
    expect(sub.seen.slice(caughtUp).map((e) => [e.workspaceId, e.type])).toEqual([[b, 'test.pinged']]);
  });

  it('refuses two subscribers with one name', () => {
    expect(() => events.setSubscribers([recorder('same'), recorder('same')])).toThrow('event subscriber "same" is declared twice');
  });
});
