import { sql, type Kysely } from 'kysely';

// Delivery that loses nothing (issue 27). `retrying_since`: when a row's current streak of transient failures
// began (Slack down, the network, a token refresh that could not finish); it is retried with backoff until a
// ceiling measured from there. `reconcile_lookups`: history pages read for an unknown row, capped per row.
// `reconcile_stopped_at`: looking stopped (the cap, a channel Hearth cannot read, a modal): the row stays
// unknown, shown as such, and is never sent again by itself. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox add column retrying_since timestamptz`.execute(db);
  await sql`alter table outbox add column reconcile_lookups integer not null default 0`.execute(db);
  await sql`alter table outbox add column reconcile_stopped_at timestamptz`.execute(db);
  await sql`drop index outbox_unknown`.execute(db);
  await sql`create index outbox_unknown on outbox (workspace_id, updated_at) where state = 'unknown' and reconcile_stopped_at is null`.execute(db);
  // /metrics counts failed rows by reason, and admins list their workspace's.
  await sql`create index outbox_failed on outbox (workspace_id, updated_at) where state = 'failed' or reconcile_stopped_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_failed`.execute(db);
  await sql`drop index outbox_unknown`.execute(db);
  await sql`create index outbox_unknown on outbox (updated_at) where state = 'unknown'`.execute(db);
  await sql`alter table outbox drop column reconcile_stopped_at`.execute(db);
  await sql`alter table outbox drop column reconcile_lookups`.execute(db);
  await sql`alter table outbox drop column retrying_since`.execute(db);
}
