import { sql, type Kysely } from 'kysely';

// What Hearth created at an outside provider for a key of its own (an intro group's Zoom meeting, its calendar
// hold): claimed before the call and completed with the answer, so a round run again after a crash, or two runs at
// once, reuse the meeting rather than create a second one. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table integration_writes (
      workspace_id integer not null references workspaces(id) on delete cascade,
      key text not null,
      result jsonb,
      created_at timestamptz not null,
      primary key (workspace_id, key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table integration_writes`.execute(db);
}
