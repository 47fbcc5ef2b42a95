import { sql, type Kysely } from 'kysely';

// Attention-required issues have one owner: Reporting (reporting_session_issues, kept from the journeys' domain
// events by its subscriber and its derive job). Journeys' own journey_issues table duplicated them and goes.
// Strategic connections: the Intros groups (from intro.group_created, met from intro.met …) the subscriber keeps,
// so reporting can say which journey participants an Intros program connected, without reading Intros' tables.
// Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop table journey_issues`.execute(db);
  await sql`
    create table reporting_intro_groups (
      workspace_id integer not null references workspaces(id) on delete cascade,
      meeting_id integer not null,
      program_id integer not null,
      round_id integer not null,
      member_ids integer[] not null,
      occurred_at timestamptz not null,
      met boolean not null default false,
      primary key (workspace_id, meeting_id)
    )
  `.execute(db);
  await sql`create index reporting_intro_groups_program on reporting_intro_groups (workspace_id, program_id, occurred_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table reporting_intro_groups`.execute(db);
  await sql`
    create table journey_issues (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      issue_key text not null,
      issue_type text not null check (issue_type in ('missing_role', 'task_overdue', 'poll_overdue')),
      session_id integer not null references journey_sessions(id) on delete cascade,
      session_event_id integer references journey_session_events(id) on delete cascade,
      role_id integer references journey_roles(id) on delete cascade,
      detail text not null,
      created_at timestamptz not null,
      resolved_at timestamptz,
      hidden_at timestamptz,
      unique (workspace_id, issue_key)
    )
  `.execute(db);
}
