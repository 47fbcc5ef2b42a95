import { sql, type Kysely } from 'kysely';

// Reporting: daily aggregates kept from the domain events by the `reporting.aggregates` subscriber, the
// sessions and open tasks/polls it derives attention-required issues from, the issues themselves, Intros
// feedback, and each member's reporting module settings. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reporting_daily (
      workspace_id integer not null references workspaces(id) on delete cascade,
      stat text not null,
      tag_id integer not null default 0,
      day date not null,
      value integer not null default 0,
      primary key (workspace_id, stat, tag_id, day)
    )
  `.execute(db);
  await sql`
    create table reporting_active_members (
      workspace_id integer not null references workspaces(id) on delete cascade,
      day date not null,
      member_key text not null,
      primary key (workspace_id, day, member_key)
    )
  `.execute(db);
  // Each member's last active day: distinct active users in a window that ends today, without a scan.
  await sql`
    create table reporting_member_last_active (
      workspace_id integer not null references workspaces(id) on delete cascade,
      member_key text not null,
      last_day date not null,
      primary key (workspace_id, member_key)
    )
  `.execute(db);
  await sql`
    create table reporting_cursor (
      workspace_id integer primary key references workspaces(id) on delete cascade,
      last_seq bigint not null
    )
  `.execute(db);
  await sql`
    create table reporting_sessions (
      workspace_id integer not null references workspaces(id) on delete cascade,
      session_id integer not null,
      tag_id integer not null,
      participant_member_id integer,
      active boolean not null default true,
      primary key (workspace_id, session_id)
    )
  `.execute(db);
  await sql`
    create table reporting_open_items (
      workspace_id integer not null references workspaces(id) on delete cascade,
      session_event_id integer not null,
      kind text not null,
      session_id integer not null,
      tag_id integer not null,
      expected integer not null,
      done integer not null default 0,
      sent_at timestamptz not null,
      primary key (workspace_id, session_event_id)
    )
  `.execute(db);
  await sql`create index reporting_open_items_due on reporting_open_items (sent_at) where done < expected`.execute(db);
  await sql`
    create table reporting_session_issues (
      id serial primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      issue_key text not null,
      issue_type text not null,
      session_id integer not null,
      tag_id integer not null,
      member_id integer,
      session_event_id integer,
      detail text not null,
      occurred_at timestamptz not null,
      hidden_at timestamptz,
      unique (workspace_id, issue_key)
    )
  `.execute(db);
  await sql`create index reporting_session_issues_list on reporting_session_issues (workspace_id, occurred_at) where hidden_at is null`.execute(db);
  await sql`
    create table reporting_coffee_feedbacks (
      id serial primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      program_id integer not null,
      meeting_id integer not null,
      member_id integer not null,
      rating integer not null check (rating between 1 and 5),
      comment text,
      created_at timestamptz not null,
      unique (workspace_id, meeting_id, member_id)
    )
  `.execute(db);
  await sql`create index reporting_coffee_feedbacks_program on reporting_coffee_feedbacks (workspace_id, program_id, created_at)`.execute(db);
  await sql`
    create table reporting_module_settings (
      workspace_id integer not null references workspaces(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      template jsonb not null,
      show_all_tags boolean not null default false,
      updated_at timestamptz not null,
      primary key (workspace_id, member_id)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['reporting_module_settings', 'reporting_coffee_feedbacks', 'reporting_session_issues', 'reporting_open_items', 'reporting_sessions', 'reporting_cursor', 'reporting_member_last_active', 'reporting_active_members', 'reporting_daily']) {
    await sql`drop table ${sql.table(t)}`.execute(db);
  }
}
