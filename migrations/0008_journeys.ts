import { sql, type Kysely } from 'kysely';

// Journeys: the workspace's roles, journeys ("tags") and their scheduled events, which library presets a journey
// uses, sessions (one participant's run) with memberships per role, the session events generated from the
// journey's events, who received each, tasks and polls, cohorts, and attention-required issues.
// Frozen once shipped. Imports no app code. Local dates are text 'YYYY-MM-DD'.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table journey_roles (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      purpose text not null check (purpose in ('primary', 'manager', 'buddy', 'mentor', 'people_team', 'it', 'other')),
      is_primary boolean not null default false,
      name text not null check (length(name) between 1 and 60),
      plural_name text not null check (length(plural_name) between 1 and 60),
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create unique index journey_roles_name on journey_roles (workspace_id, lower(name))`.execute(db);

  await sql`
    create table journey_tags (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      name text not null check (length(name) between 1 and 120),
      flow_type text not null check (flow_type in ('onboarding', 'events', 'mentorship', 'training', 'offboarding', 'other')),
      archived boolean not null default false,
      role_ids jsonb not null default '[]',
      role_selection_settings jsonb not null default '{}',
      channel_id text,
      auto_enroll boolean not null default false,
      past_start_policy text not null default 'catch_up' check (past_start_policy in ('catch_up', 'skip')),
      cohort_channels boolean not null default false,
      preset_bundle_id integer,
      source text,
      created_by_member_id integer references members(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`create index journey_tags_workspace on journey_tags (workspace_id, flow_type)`.execute(db);

  await sql`
    create table journey_tag_permission_users (
      tag_id integer not null references journey_tags(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      primary key (tag_id, member_id)
    )
  `.execute(db);

  await sql`
    create table journey_tag_presets (
      tag_id integer not null references journey_tags(id) on delete cascade,
      preset_id integer not null,
      selected boolean not null,
      edited boolean not null default false,
      updated_at timestamptz not null,
      primary key (tag_id, preset_id)
    )
  `.execute(db);

  await sql`
    create table journey_events (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      tag_id integer not null references journey_tags(id) on delete cascade,
      preset_id integer,
      preset_event_id integer,
      kind text not null check (kind in ('message', 'task', 'poll', 'intro', 'channel_post', 'cohort_message')),
      active boolean not null default true,
      days_later integer not null check (days_later between -260 and 520),
      minute_in_day integer not null check (minute_in_day between 0 and 1439),
      recipient_type text not null check (recipient_type in ('role', 'channel', 'cohortChannel')),
      role_id integer references journey_roles(id) on delete set null,
      role_ids jsonb not null default '[]',
      channel_id text,
      group_name text,
      title text not null,
      text text not null,
      poll_options jsonb not null default '[]',
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`create index journey_events_tag on journey_events (tag_id)`.execute(db);

  await sql`
    create table journey_cohorts (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      tag_id integer not null references journey_tags(id) on delete cascade,
      start_date text not null check (start_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      channel_name text not null,
      channel_id text,
      created_at timestamptz not null,
      unique (tag_id, start_date)
    )
  `.execute(db);

  await sql`
    create table journey_sessions (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      tag_id integer not null references journey_tags(id) on delete cascade,
      participant_member_id integer references members(id) on delete set null,
      start_date text not null check (start_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      time_zone text not null,
      time_zone_source text not null check (time_zone_source in ('sync', 'explicit')),
      past_start_policy text not null check (past_start_policy in ('catch_up', 'skip')),
      state text not null default 'active' check (state in ('active', 'finished', 'cancelled')),
      cohort_id integer references journey_cohorts(id) on delete set null,
      is_sandbox boolean not null default false,
      created_by_member_id integer references members(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      finished_at timestamptz
    )
  `.execute(db);
  await sql`create index journey_sessions_tag on journey_sessions (tag_id, state)`.execute(db);
  await sql`create index journey_sessions_participant on journey_sessions (workspace_id, participant_member_id)`.execute(db);

  await sql`
    create table journey_memberships (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      session_id integer not null references journey_sessions(id) on delete cascade,
      role_id integer not null references journey_roles(id) on delete cascade,
      member_id integer references members(id) on delete cascade,
      role_selection jsonb,
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create index journey_memberships_session on journey_memberships (session_id)`.execute(db);
  await sql`create index journey_memberships_member on journey_memberships (member_id)`.execute(db);

  await sql`
    create table journey_session_events (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      session_id integer not null references journey_sessions(id) on delete cascade,
      event_id integer not null references journey_events(id) on delete cascade,
      active boolean not null default true,
      state text not null default 'pending' check (state in ('pending', 'sending', 'sent', 'skipped', 'deleted')),
      occurs_on text not null check (occurs_on ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      minute_in_day integer not null check (minute_in_day between 0 and 1439),
      due_at timestamptz not null,
      rescheduled boolean not null default false,
      triggering boolean not null default false,
      claimed_at timestamptz,
      sent_at timestamptz,
      note text,
      updated_at timestamptz not null,
      unique (session_id, event_id)
    )
  `.execute(db);
  await sql`create index journey_session_events_due on journey_session_events (due_at) where state = 'pending' and active`.execute(db);
  await sql`create index journey_session_events_event on journey_session_events (event_id)`.execute(db);
  await sql`create index journey_session_events_claimed on journey_session_events (claimed_at) where state = 'sending'`.execute(db);

  await sql`
    create table journey_deliveries (
      session_event_id integer not null references journey_session_events(id) on delete cascade,
      recipient text not null,
      workspace_id integer not null references workspaces(id) on delete cascade,
      outbox_key text not null,
      created_at timestamptz not null,
      primary key (session_event_id, recipient)
    )
  `.execute(db);

  await sql`
    create table journey_task_assignments (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      session_id integer not null references journey_sessions(id) on delete cascade,
      session_event_id integer not null references journey_session_events(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      state text not null default 'incomplete' check (state in ('incomplete', 'complete')),
      completed_at timestamptz,
      source text check (source in ('slack', 'site', 'admin')),
      reminders_sent integer not null default 0,
      next_remind_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (session_event_id, member_id)
    )
  `.execute(db);
  await sql`create index journey_task_assignments_remind on journey_task_assignments (next_remind_at) where state = 'incomplete'`.execute(db);
  await sql`create index journey_task_assignments_member on journey_task_assignments (workspace_id, member_id)`.execute(db);

  await sql`
    create table journey_poll_responses (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      session_id integer not null references journey_sessions(id) on delete cascade,
      session_event_id integer not null references journey_session_events(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      answer_index integer check (answer_index between 0 and 9),
      answered_at timestamptz,
      source text check (source in ('slack', 'site', 'admin')),
      created_at timestamptz not null,
      unique (session_event_id, member_id)
    )
  `.execute(db);
  await sql`create index journey_poll_responses_member on journey_poll_responses (workspace_id, member_id)`.execute(db);

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

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'journey_issues',
    'journey_poll_responses',
    'journey_task_assignments',
    'journey_deliveries',
    'journey_session_events',
    'journey_memberships',
    'journey_sessions',
    'journey_cohorts',
    'journey_events',
    'journey_tag_presets',
    'journey_tag_permission_users',
    'journey_tags',
    'journey_roles',
  ]) {
    await sql`drop table ${sql.table(t)}`.execute(db);
  }
}
