import { sql, type Kysely } from 'kysely';

// Domain events: an append-only activity table written in the same transaction as the change it records,
// a per-workspace sequence (its row lock orders a workspace's appends, so a reader never sees seq 7 commit
// before seq 6), and each subscriber's cursor per workspace. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table event_streams (
      workspace_id integer primary key references workspaces(id) on delete cascade,
      last_seq bigint not null default 0
    )
  `.execute(db);
  await sql`
    create table domain_events (
      id bigint generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      seq bigint not null,
      type text not null,
      payload jsonb not null,
      occurred_at timestamptz not null,
      unique (workspace_id, seq)
    )
  `.execute(db);
  // Readers: subscribers page a workspace's stream by seq (the unique index); reporting reads by type and time.
  await sql`create index domain_events_type_time on domain_events (workspace_id, type, occurred_at)`.execute(db);
  await sql`
    create table event_cursors (
      subscriber text not null,
      workspace_id integer not null references workspaces(id) on delete cascade,
      last_seq bigint not null default 0,
      updated_at timestamptz not null default now(),
      primary key (subscriber, workspace_id)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table event_cursors`.execute(db);
  await sql`drop table domain_events`.execute(db);
  await sql`drop table event_streams`.execute(db);
}
