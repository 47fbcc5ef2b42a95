import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** migrations/0006_domain_events.ts: the append-only activity table and the subscribers' cursors. */
export interface DomainEventsTable {
  id: Generated<number>;
  workspace_id: number;
  /** Per-workspace sequence: events of one workspace commit in this order (see EventStreamsTable). */
  seq: number;
  type: string;
  payload: ColumnType<Record<string, unknown>, string, never>;
  occurred_at: Timestamp;
}

/** One row per workspace: the last sequence handed out. Locking it orders a workspace's appends. */
export interface EventStreamsTable {
  workspace_id: number;
  last_seq: number;
}

/** Where each subscriber has got to in each workspace's stream. */
export interface EventCursorsTable {
  subscriber: string;
  workspace_id: number;
  last_seq: number;
  updated_at: Timestamp;
}

export interface DomainEventTables {
  domain_events: DomainEventsTable;
  event_streams: EventStreamsTable;
  event_cursors: EventCursorsTable;
}
