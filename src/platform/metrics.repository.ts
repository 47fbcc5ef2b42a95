import { sql } from 'kysely';
import type { Db } from '../db/index.js';

/** The states of outbox rows still on their way: each has a partial index, which these reads use. */
export const OPEN_OUTBOX_STATES = ['pending', 'sending', 'unknown'] as const;
export type OpenOutboxState = (typeof OPEN_OUTBOX_STATES)[number];

export interface OutboxStateCount {
  state: OpenOutboxState;
  rows: number;
  /** Pending: the earliest not_before (the oldest due row, or a future one); sending and unknown: the oldest update. */
  since: Date | null;
}

/**
 * What /metrics reads at scrape time. These are operators' totals across every workspace (the tick reads across
 * workspaces the same way), so no method takes a workspace id; none returns a workspace's data.
 */
export class MetricsRepository {
  constructor(private readonly db: Db) {}

  async outboxByState(): Promise<OutboxStateCount[]> {
    // One select per state, each matching a partial index's predicate, rather than a scan of every sent row.
    const [pending, ...rest] = OPEN_OUTBOX_STATES.map((state) =>
      this.db
        .selectFrom('outbox')
        .select([sql.lit(state).as('state'), sql<number>`count(*)::int`.as('rows'), sql<Date | null>`min(${sql.ref(state === 'pending' ? 'not_before' : 'updated_at')})`.as('since')])
        .where('state', '=', state),
    );
    const rows = await rest.reduce((q, next) => q.unionAll(next), pending!).execute();
    return rows.map((r) => ({ state: r.state as OpenOutboxState, rows: Number(r.rows), since: r.since ? new Date(r.since) : null }));
  }

  /** Failed outbox rows by their recorded error (a partial index covers them). */
  async failedByError(): Promise<Array<{ error: string | null; rows: number }>> {
    const rows = await this.db.selectFrom('outbox').select(['last_error', sql<number>`count(*)::int`.as('rows')]).where('state', '=', 'failed').groupBy('last_error').execute();
    return rows.map((r) => ({ error: r.last_error, rows: Number(r.rows) }));
  }

  /**
   * Events of its types a subscriber has still to handle, over every workspace. A missing cursor is the whole
   * stream for a subscriber that starts from the beginning, and nothing for one that starts from now.
   */
  async subscriberLag(subscriber: string, types: string[], fromBeginning: boolean): Promise<number> {
    // Per workspace, so each count reads only the events past the cursor (domain_events_type_seq).
    const rows = await this.db
      .selectFrom('event_streams as s')
      .leftJoin('event_cursors as c', (j) => j.onRef('c.workspace_id', '=', 's.workspace_id').on('c.subscriber', '=', subscriber))
      .$if(!fromBeginning, (q) => q.where('c.last_seq', 'is not', null))
      .select(({ selectFrom, fn, ref, lit }) =>
        selectFrom('domain_events as e')
          .select(fn.countAll<string>().as('n'))
          .whereRef('e.workspace_id', '=', 's.workspace_id')
          .where('e.type', 'in', types)
          .where('e.seq', '>', fn.coalesce(ref('c.last_seq'), lit(0)))
          .as('behind'),
      )
      .execute();
    return rows.reduce((sum, r) => sum + Number(r.behind ?? 0), 0);
  }
}
