import { sql } from 'kysely';
import type { Db, Executor, Trx } from '../../db/index.js';
import type { DomainEvent, PendingEvent } from './define.js';

/** A subscriber as `behind` asks about it: its event types, and whether a missing cursor is the stream's start. */
export interface Subscription {
  subscriber: string;
  types: string[];
  fromBeginning: boolean;
}

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
   * Each subscriber and workspace where the subscriber is behind: an event of its types past its cursor (a missing
   * cursor is the start of the stream for a subscriber that starts from the beginning, and nothing for one that
   * starts from now). Events of other types do not make it behind: its deliveries skip them. A paused workspace
   * (uninstalled) is left out: it runs no job, and its subscribers catch up when it is installed again.
   */
  async behind(subscribers: Subscription[]): Promise<Array<{ subscriber: string; workspaceId: number }>> {
    if (!subscribers.length) return [];
    const { rows } = await sql<{ subscriber: string; workspace_id: number }>`${this.behindQuery(subscribers)} order by 1, 2`.execute(this.db);
    return rows.map((r) => ({ subscriber: r.subscriber, workspaceId: r.workspace_id }));
  }

  /**
   * Whether any of these subscribers is behind anywhere (`behind`): the sandbox clock asks at every tick. One query
   * over the list of them (one EXISTS per subscriber took a few times as long to plan as this takes to run).
   */
  async anyBehind(subscribers: Subscription[]): Promise<boolean> {
    if (!subscribers.length) return false;
    const { rows } = await sql<{ behind: boolean }>`select exists (${this.behindQuery(subscribers)}) as behind`.execute(this.db);
    return rows[0]?.behind === true;
  }

  /** `behind`'s query; a stream whose head is not past the cursor is passed over before its events are looked at. */
  private behindQuery(subscribers: Subscription[]) {
    const wanted = sql.join(subscribers.map((s) => sql`(${s.subscriber}::text, ${s.types}::text[], ${s.fromBeginning}::boolean)`));
    return sql`
      select want.subscriber, s.workspace_id
      from event_streams s
      join workspaces w on w.id = s.workspace_id and w.paused_at is null
      cross join (values ${wanted}) as want (subscriber, types, from_beginning)
      left join event_cursors c on c.workspace_id = s.workspace_id and c.subscriber = want.subscriber
      where (want.from_beginning or c.last_seq is not null)
        and s.last_seq > coalesce(c.last_seq, 0)
        and exists (select 1 from domain_events e where e.workspace_id = s.workspace_id and e.type = any (want.types) and e.seq > coalesce(c.last_seq, 0))`;
  }
}
