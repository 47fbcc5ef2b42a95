import { sql, type Kysely } from 'kysely';

// Intros: configuration, rounds, meetings, participation, snoozes, avoid lists, icebreakers, categories.
// Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table intros_configs (
      program_id integer primary key references channel_programs(id) on delete cascade,
      workspace_id integer not null references workspaces(id) on delete cascade,
      pairing_type text not null default 'standard'
        check (pairing_type in ('standard', 'topic_based', 'cross_group_pairing', 'within_group_pairing', 'lottery')),
      group_size integer not null default 2 check (group_size between 2 and 8),
      enforce_group_size boolean not null default false,
      claiming_allowed boolean not null default false,
      period_weeks integer not null default 2 check (period_weeks between 0 and 12),
      weekday integer not null default 1 check (weekday between 1 and 7),
      occurrence_hour integer not null default 9 check (occurrence_hour between 0 and 23),
      next_fixed_meeting_on text,
      next_fixed_meeting_time text,
      calendar_scheduling_selection text not null default 'none'
        check (calendar_scheduling_selection in ('none', 'fixed-meeting', 'groups-choose-meeting-time')),
      video_platform text not null default 'none',
      intro_message text not null default '',
      default_intro_type text not null default 'custom',
      lottery_fixed_member_ids integer[] not null default '{}',
      next_run_at timestamptz,
      roster_synced_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index intros_configs_due on intros_configs (next_run_at) where next_run_at is not null`.execute(db);
  await sql`create index intros_configs_workspace on intros_configs (workspace_id)`.execute(db);

  await sql`
    create table intros_rounds (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      program_id integer not null references channel_programs(id) on delete cascade,
      number integer not null,
      kind text not null check (kind in ('scheduled', 'send_now')),
      scheduled_for timestamptz not null,
      state text not null default 'pending' check (state in ('pending', 'sent', 'skipped', 'failed')),
      problem_code text,
      problem_message text,
      num_candidates integer not null default 0,
      num_groups integer not null default 0,
      left_out jsonb not null default '[]',
      stats jsonb not null default '{}',
      checkin_at timestamptz,
      reminder_at timestamptz,
      ends_at timestamptz,
      checkin_claimed_at timestamptz,
      reminder_claimed_at timestamptz,
      closed_at timestamptz,
      created_at timestamptz not null default now(),
      completed_at timestamptz,
      unique (program_id, scheduled_for),
      unique (program_id, number)
    )
  `.execute(db);
  await sql`create index intros_rounds_pending on intros_rounds (state, created_at) where state = 'pending'`.execute(db);
  await sql`create index intros_rounds_open on intros_rounds (ends_at) where closed_at is null and state = 'sent'`.execute(db);

  await sql`
    create table intros_meetings (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      program_id integer not null references channel_programs(id) on delete cascade,
      round_id integer not null references intros_rounds(id) on delete cascade,
      group_index integer not null,
      state text not null default 'pending' check (state in ('pending', 'met', 'not_yet', 'skipped', 'cancelled')),
      reason text not null default '',
      reason_detail jsonb not null default '{}',
      intro_key text not null,
      checkin_key text,
      reminder_key text,
      answered_by_member_id integer references members(id) on delete set null,
      answered_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (round_id, group_index)
    )
  `.execute(db);
  await sql`create index intros_meetings_program on intros_meetings (program_id, round_id)`.execute(db);

  await sql`
    create table intros_meeting_members (
      meeting_id integer not null references intros_meetings(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      program_id integer not null references channel_programs(id) on delete cascade,
      primary key (meeting_id, member_id)
    )
  `.execute(db);
  await sql`create index intros_meeting_members_member on intros_meeting_members (member_id)`.execute(db);

  await sql`
    create table intros_participants (
      program_id integer not null references channel_programs(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      workspace_id integer not null references workspaces(id) on delete cascade,
      opted_out boolean not null default false,
      opted_out_at timestamptz,
      opt_out_reason text,
      category_ids integer[] not null default '{}',
      unanswered_streak integer not null default 0,
      ghost_state text not null default 'none' check (ghost_state in ('none', 'ghost', 'ask_later', 'removed')),
      ghost_since timestamptz,
      ghost_ask_after timestamptz,
      times_left_out integer not null default 0,
      last_selected_round integer,
      welcomed_at timestamptz,
      updated_at timestamptz not null default now(),
      primary key (program_id, member_id)
    )
  `.execute(db);

  await sql`
    create table intros_snoozes (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      program_id integer references channel_programs(id) on delete cascade,
      until_on text not null,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create unique index intros_snoozes_scope on intros_snoozes (member_id, coalesce(program_id, 0))`.execute(db);

  await sql`
    create table intros_avoids (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      avoided_member_id integer not null references members(id) on delete cascade,
      created_at timestamptz not null default now(),
      unique (member_id, avoided_member_id),
      check (member_id <> avoided_member_id)
    )
  `.execute(db);

  await sql`
    create table intros_icebreakers (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      program_id integer not null references channel_programs(id) on delete cascade,
      question text not null,
      theme text not null default 'custom',
      library_key text,
      active boolean not null default true,
      times_used integer not null default 0,
      created_at timestamptz not null default now(),
      unique (program_id, library_key)
    )
  `.execute(db);

  await sql`
    create table intros_categories (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      program_id integer not null references channel_programs(id) on delete cascade,
      name text not null,
      position integer not null default 0,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create unique index intros_categories_name on intros_categories (program_id, lower(name))`.execute(db);

  await sql`
    create table intros_team_settings (
      workspace_id integer primary key references workspaces(id) on delete cascade,
      pairing_welcome_message text,
      updated_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'intros_team_settings',
    'intros_categories',
    'intros_icebreakers',
    'intros_avoids',
    'intros_snoozes',
    'intros_participants',
    'intros_meeting_members',
    'intros_meetings',
    'intros_rounds',
    'intros_configs',
  ])
    await sql`drop table ${sql.table(table)}`.execute(db);
}
