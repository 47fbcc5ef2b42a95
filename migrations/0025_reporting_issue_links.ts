import { sql, type Kysely } from 'kysely';

// Attention-required issues say how to fix them: a link to the page where the admin fills the role, chooses the
// channel or the people to introduce (fix_path, relative to the app) and its label. Null on older issues.
// Issues are also closed when what they report is fixed (the subscriber deletes them), looked up by session event.
// Active users over a past window: one row per member and year with a bit per day of the year (bit 0 = 1 January)
// they were active, so a window counts its members over ~one row each instead of a distinct over every active day
// (10k members, a year: 1.5–2.8 s before). Backfilled from the daily keys the subscriber already kept.
// Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reporting_session_issues add column fix_path text, add column fix_label text`.execute(db);
  await sql`create index reporting_session_issues_session_event on reporting_session_issues (workspace_id, session_event_id)`.execute(db);
  await sql`
    create table reporting_member_active_days (
      workspace_id integer not null references workspaces(id) on delete cascade,
      member_key text not null,
      year integer not null,
      days bit(366) not null,
      primary key (workspace_id, year, member_key)
    )
  `.execute(db);
  await sql`
    insert into reporting_member_active_days (workspace_id, member_key, year, days)
    select workspace_id, substr(member_key, 3), extract(year from day)::int, bit_or(set_bit(repeat('0', 366)::bit(366), extract(doy from day)::int - 1, 1))
    from reporting_active_members
    where member_key like 'd:%'
    group by 1, 2, 3
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table reporting_member_active_days`.execute(db);
  await sql`drop index reporting_session_issues_session_event`.execute(db);
  await sql`alter table reporting_session_issues drop column fix_path, drop column fix_label`.execute(db);
}
