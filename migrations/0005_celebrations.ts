import { sql, type Kysely } from 'kysely';

// Celebrations: each program's settings, the dates people celebrate, which programs include which dates, the
// daily runs, the ledger of who was celebrated (once a year per program), and CSV imports of dates.
// Frozen once shipped. Imports no app code. Local dates are text 'YYYY-MM-DD' (never `date`: drivers turn
// those into host-zone Date objects).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table celebration_programs (
      program_id integer primary key references channel_programs(id) on delete cascade,
      workspace_id integer not null references workspaces(id) on delete cascade,
      birthdays_enabled boolean not null default true,
      anniversaries_enabled boolean not null default true,
      custom_enabled boolean not null default true,
      post_minute integer not null default 540 check (post_minute between 0 and 1439),
      weekend_policy text not null default 'friday_before' check (weekend_policy in ('friday_before', 'on_the_day', 'monday_after')),
      birthday_template text not null,
      anniversary_template text not null,
      next_run_on text check (next_run_on ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      next_run_at timestamptz,
      roster_synced_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index celebration_programs_due on celebration_programs (next_run_at)`.execute(db);

  await sql`
    create table celebration_schedules (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      schedule_type text not null check (schedule_type in ('birthday', 'anniversary', 'custom')),
      member_id integer references members(id) on delete cascade,
      title text,
      message text,
      month smallint not null check (month between 1 and 12),
      day smallint not null check (day between 1 and 31),
      year smallint check (year between 1900 and 2200),
      source text not null default 'admin' check (source in ('self', 'admin', 'import')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (schedule_type = 'custom' or member_id is not null),
      check (schedule_type <> 'anniversary' or year is not null),
      check (schedule_type <> 'custom' or title is not null)
    )
  `.execute(db);
  await sql`
    create unique index celebration_schedules_member on celebration_schedules (workspace_id, member_id, schedule_type)
    where schedule_type in ('birthday', 'anniversary')
  `.execute(db);
  await sql`create index celebration_schedules_type on celebration_schedules (workspace_id, schedule_type)`.execute(db);

  // Whether a date is celebrated in a program. No row: birthdays and anniversaries are in, custom dates are out.
  await sql`
    create table celebration_schedule_programs (
      schedule_id integer not null references celebration_schedules(id) on delete cascade,
      program_id integer not null references channel_programs(id) on delete cascade,
      included boolean not null,
      updated_at timestamptz not null default now(),
      primary key (schedule_id, program_id)
    )
  `.execute(db);
  await sql`create index celebration_schedule_programs_program on celebration_schedule_programs (program_id)`.execute(db);

  // One run per program and local posting date: the claim that makes "post today's celebrations" happen once.
  await sql`
    create table celebration_runs (
      id integer generated always as identity primary key,
      program_id integer not null references channel_programs(id) on delete cascade,
      run_on text not null check (run_on ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      state text not null default 'claimed' check (state in ('claimed', 'posted', 'empty', 'skipped')),
      send_now boolean not null default false,
      outbox_id integer,
      note text,
      claimed_at timestamptz not null,
      finished_at timestamptz,
      unique (program_id, run_on)
    )
  `.execute(db);
  await sql`create index celebration_runs_claimed on celebration_runs (claimed_at) where state = 'claimed'`.execute(db);

  // Who was celebrated: bday:{team}:{user}:{year}, anniv:{team}:{user}:{year}, custom:{schedule}:{year}; once per program.
  await sql`
    create table celebration_posts (
      program_id integer not null references channel_programs(id) on delete cascade,
      celebration_key text not null,
      run_id integer not null references celebration_runs(id) on delete cascade,
      schedule_id integer references celebration_schedules(id) on delete set null,
      occurs_on text not null,
      created_at timestamptz not null,
      primary key (program_id, celebration_key)
    )
  `.execute(db);

  await sql`
    create table asset_imports (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      program_type text not null,
      program_id integer not null references channel_programs(id) on delete cascade,
      kind text not null default 'celebration_dates',
      state text not null default 'needs_processing' check (state in ('needs_processing', 'uploaded', 'failed_processing')),
      file_name text not null,
      file_size integer not null,
      content text not null,
      errors jsonb not null default '[]',
      summary jsonb not null default '{}',
      created_by_member_id integer references members(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`create index asset_imports_program on asset_imports (workspace_id, program_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table asset_imports`.execute(db);
  await sql`drop table celebration_posts`.execute(db);
  await sql`drop table celebration_runs`.execute(db);
  await sql`drop table celebration_schedule_programs`.execute(db);
  await sql`drop table celebration_schedules`.execute(db);
  await sql`drop table celebration_programs`.execute(db);
}
