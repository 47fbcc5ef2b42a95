import { sql, type Kysely } from 'kysely';

// Intros counters: what the Intros page and the pairing report show (groups made, met, not met, skipped
// rounds), one row per round, maintained by the `intros.counters` subscriber from the domain events.
// Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table intros_counters (
      round_id integer primary key references intros_rounds(id) on delete cascade,
      workspace_id integer not null references workspaces(id) on delete cascade,
      program_id integer not null references channel_programs(id) on delete cascade,
      groups_created integer not null default 0,
      met integer not null default 0,
      not_met integer not null default 0,
      skipped boolean not null default false,
      updated_at timestamptz not null
    )
  `.execute(db);
  // Readers: a program's rounds (the page, the report).
  await sql`create index intros_counters_program on intros_counters (program_id, round_id)`.execute(db);
  // Rounds made before Intros recorded events have none to count from: start their counters from the
  // meetings as they stand, so the page and the report show the same numbers after the upgrade.
  await sql`
    insert into intros_counters (round_id, workspace_id, program_id, groups_created, met, not_met, skipped, updated_at)
    select r.id, r.workspace_id, r.program_id, count(m.id), count(m.id) filter (where m.state = 'met'),
      count(m.id) filter (where m.state = 'skipped'), r.state = 'skipped', now()
    from intros_rounds r
    left join intros_meetings m on m.round_id = r.id
    where r.state in ('sent', 'skipped')
    group by r.id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table intros_counters`.execute(db);
}
