import { sql } from 'kysely';
import type { Db, Executor, Trx } from '../../db/index.js';
import type { DomainEvent, PendingEvent } from './define.js';

/** The domain events' SQL: the append-only table, the per-workspace sequence and the subscribers' cursors. */
export class DomainEventsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /**
   * Appends in the caller's transaction. Taking the next numbers locks the workspace's stream row until
   * commit, so a workspace's events commit in sequence order: a reader that has seen seq 7 never later finds
   * a 6. Callers append last in their transaction, so that lock is held only for the commit.
   */
  async append(trx: Trx, events: PendingEvent[], at: Date): Promise<void> {
    const byWorkspace = new Map<number, PendingEvent[]>();
    for (const e of events) byWorkspace.set(e.workspaceId, [...(byWorkspace.get(e.workspaceId) ?? []), e]);
    for (const [workspaceId, list] of [...byWorkspace].sort((a, b) => a[0] - b[0])) {
      const { last_seq } = await trx
        .insertInto('event_streams')
        .values({ workspace_id: workspaceId, last_seq: list.length })
        .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ last_seq: sql`event_streams.last_seq + ${list.length}` }))
        .returning('last_seq')
        .executeTakeFirstOrThrow();
      const first = Number(last_seq) - list.length + 1;
      await trx
        .insertInto('domain_events')
        .values(list.map((e, i) => ({ workspace_id: workspaceId, seq: first + i, type: e.type, payload: JSON.stringify(e.payload), occurred_at: at })))
        .execute();
    }
  }

  /** Locks (creating it) the subscriber's cursor for a workspace and returns where it is. */
  async lockCursor(trx: Trx, subscriber: string, workspaceId: number, start: () => Promise<number>, now: Date): Promise<number> {
    const found = await trx.selectFrom('event_cursors').select('last_seq').where('subscriber', '=', subscriber).where('workspace_id', '=', workspaceId).forUpdate().executeTakeFirst();
    if (found) return Number(found.last_seq);
    await trx
      .insertInto('event_cursors')
      .values({ subscriber, workspace_id: workspaceId, last_seq: await start(), updated_at: now })
      .onConflict((oc) => oc.columns(['subscriber', 'workspace_id']).doNothing())
      .execute();
    const row = await trx.selectFrom('event_cursors').select('last_seq').where('subscriber', '=', subscriber).where('workspace_id', '=', workspaceId).forUpdate().executeTakeFirstOrThrow();
    return Number(row.last_seq);
  }

  async moveCursor(trx: Trx, subscriber: string, workspaceId: number, seq: number, now: Date): Promise<void> {
    await trx.updateTable('event_cursors').set({ last_seq: seq, updated_at: now }).where('subscriber', '=', subscriber).where('workspace_id', '=', workspaceId).execute();
  }

  /** The workspace's last sequence number (0 with no events). */
  async lastSeq(ex: Executor, workspaceId: number): Promise<number> {
    const row = await ex.selectFrom('event_streams').select('last_seq').where('workspace_id', '=', workspaceId).executeTakeFirst();
    return Number(row?.last_seq ?? 0);
  }

  /** A workspace's events of these types after `afterSeq`, in order. */
  async after(ex: Executor, workspaceId: number, types: string[], afterSeq: number, limit: number): Promise<DomainEvent[]> {
    const rows = await ex
      .selectFrom('domain_events')
      .select(['id', 'workspace_id', 'seq', 'type', 'payload', 'occurred_at'])
      .where('workspace_id', '=', workspaceId)
      .where('type', 'in', types)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), workspaceId: r.workspace_id, seq: Number(r.seq), type: r.type, payload: r.payload, occurredAt: new Date(r.occurred_at) }));
  }

  /**
   * Workspaces with an event of these types past this subscriber's cursor (a missing cursor is the start of the
   * stream for a subscriber that starts from the beginning, and nothing for one that starts from now). Events of
   * other types do not make it behind: its deliveries skip them. A paused workspace (uninstalled) is left out: it
   * runs no job, and its subscribers catch up when it is installed again.
   */
  async behind(subscriber: string, types: string[], fromBeginning: boolean): Promise<number[]> {
    const rows = await this.behindQuery({ subscriber, types, fromBeginning }).execute();
    return rows.map((r) => r.workspace_id);
  }

  /**
   * Whether any of these subscribers is behind in any workspace (`behind`), in one query over a list of them (the
   * sandbox clock asks at every tick: one EXISTS per subscriber took a few times as long to plan as this to run).
   */
  async anyBehind(subscribers: Array<{ subscriber: string; types: string[]; fromBeginning: boolean }>): Promise<boolean> {
    if (!subscribers.length) return false;
    const wanted = sql.join(subscribers.map((s) => sql`(${s.subscriber}::text, ${s.types}::text[], ${s.fromBeginning}::boolean)`));
    const { rows } = await sql<{ behind: boolean }>`
      select exists (
        select 1
        from event_streams s
        join workspaces w on w.id = s.workspace_id and w.paused_at is null
        cross join (values ${wanted}) as want (subscriber, types, from_beginning)
        left join event_cursors c on c.workspace_id = s.workspace_id and c.subscriber = want.subscriber
        where (want.from_beginning or c.last_seq is not null)
          and s.last_seq > coalesce(c.last_seq, 0)
          and exists (select 1 from domain_events e where e.workspace_id = s.workspace_id and e.type = any (want.types) and e.seq > coalesce(c.last_seq, 0))
      ) as behind
    `.execute(this.db);
    return rows[0]?.behind === true;
  }

  private behindQuery({ subscriber, types, fromBeginning }: { subscriber: string; types: string[]; fromBeginning: boolean }) {
    return this.db
      .selectFrom('event_streams as s')
      .leftJoin('event_cursors as c', (j) => j.onRef('c.workspace_id', '=', 's.workspace_id').on('c.subscriber', '=', subscriber))
      .innerJoin('workspaces as w', 'w.id', 's.workspace_id')
      .where('w.paused_at', 'is', null)
      .select('s.workspace_id')
      .$if(!fromBeginning, (q) => q.where('c.last_seq', 'is not', null))
      // The stream's head is past the cursor (cheap), before its events are looked at.
      .where('s.last_seq', '>', (eb) => eb.fn.coalesce('c.last_seq', eb.lit(0)))
      .where(({ exists, selectFrom, fn, ref, lit }) =>
        exists(
          selectFrom('domain_events as e')
            .select(lit(1).as('one'))
            .whereRef('e.workspace_id', '=', 's.workspace_id')
            .where('e.type', 'in', types)
            .where('e.seq', '>', fn.coalesce(ref('c.last_seq'), lit(0))),
        ),
      );
  }
}
