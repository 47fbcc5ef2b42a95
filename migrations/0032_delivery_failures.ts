import { sql, type Kysely } from 'kysely';

// Failures are visible and someone is told (issue 27). A journey delivery keeps the cause it failed with, so the
// session's attention-required issue closes when a retry delivers (looked up by its outbox key). An outbox row
// names the channel program it was sent for, so its owner hears of a failure once per incident: a program and a
// reason, kept while failures keep coming within a window. A program paused because Hearth lost its channel
// (removed, archived, deleted) says so, and only such a pause is lifted when Hearth is invited back. A channel Hearth
// was removed from says when: chat:write.public would still let it post there, and it must not. Frozen once
// shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journey_deliveries add column failed_code text`.execute(db);
  await sql`create index journey_deliveries_outbox_key on journey_deliveries (workspace_id, outbox_key)`.execute(db);
  await sql`alter table outbox add column program_id integer references channel_programs(id) on delete set null`.execute(db);
  await sql`
    create table program_delivery_incidents (
      workspace_id integer not null references workspaces(id) on delete cascade,
      program_id integer not null references channel_programs(id) on delete cascade,
      reason text not null,
      started_at timestamptz not null,
      last_failed_at timestamptz not null,
      failures integer not null,
      primary key (workspace_id, program_id, reason)
    )
  `.execute(db);
  await sql`alter table channel_programs add column paused_for text`.execute(db);
  await sql`alter table channels add column bot_removed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table channels drop column bot_removed_at`.execute(db);
  await sql`alter table channel_programs drop column paused_for`.execute(db);
  await sql`drop table program_delivery_incidents`.execute(db);
  await sql`alter table outbox drop column program_id`.execute(db);
  await sql`drop index journey_deliveries_outbox_key`.execute(db);
  await sql`alter table journey_deliveries drop column failed_code`.execute(db);
}
