import { sql, type Kysely } from 'kysely';

// A subscriber reads only the event types it handles: its deliveries page a workspace's events of those types by
// seq, and "is it behind" asks whether such an event lies past its cursor. Both read this index. Frozen once
// shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index domain_events_type_seq on domain_events (workspace_id, type, seq)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index domain_events_type_seq`.execute(db);
}
