import { sql, type Kysely } from 'kysely';

// Enrollment: batches of manual and CSV enrollment (each upserted as one job, all rows or none) and one row per
// person enrolled or refused; enrollment rules and HR mappings that act on new hires; auto-enroll channels;
// enrollment surveys, their shares to Slack and people's answers. Frozen once shipped. Imports no app code.
// Local dates are text 'YYYY-MM-DD'.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table enrollment_batches (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      flow text not null check (flow in ('onboarding', 'participants')),
      tag_id integer references journey_tags(id) on delete set null,
      source text not null check (source in ('manual', 'csv')),
      status text not null default 'pending' check (status in ('pending', 'success', 'error')),
      error text,
      payload jsonb not null,
      sessions_created integer not null default 0,
      sessions_updated integer not null default 0,
      sessions_deleted integer not null default 0,
      created_by_member_id integer references members(id) on delete set null,
      created_at timestamptz not null,
      finished_at timestamptz
    )
  `.execute(db);
  await sql`create index enrollment_batches_workspace on enrollment_batches (workspace_id, created_at desc)`.execute(db);

  await sql`
    create table enrollments (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      batch_id integer references enrollment_batches(id) on delete cascade,
      tag_id integer not null references journey_tags(id) on delete cascade,
      session_id integer references journey_sessions(id) on delete set null,
      member_id integer references members(id) on delete set null,
      email text,
      source text not null,
      state text not null check (state in ('enrolled', 'pending', 'failed')),
      reason text,
      start_date text,
      details jsonb not null default '{}',
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create index enrollments_batch on enrollments (batch_id)`.execute(db);
  await sql`create index enrollments_pending on enrollments (workspace_id, lower(email)) where state = 'pending'`.execute(db);

  await sql`
    create table enrollment_settings (
      workspace_id integer primary key references workspaces(id) on delete cascade,
      enrollment_source text not null default 'none' check (enrollment_source in ('none', 'auto_enroll', 'rules')),
      default_tag_ids jsonb not null default '[]',
      workspace_join_tag_ids jsonb not null default '[]',
      updated_at timestamptz not null
    )
  `.execute(db);

  await sql`
    create table enrollment_rules (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      integration_identity_type text not null check (integration_identity_type in ('HrisIdentity', 'AtsIdentity')),
      integration_identity_id integer,
      target_class text not null default 'Onboarding::Tag',
      tag_ids jsonb not null default '[]',
      processing_rule jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`create index enrollment_rules_workspace on enrollment_rules (workspace_id)`.execute(db);

  await sql`
    create table enrollment_hr_mappings (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      kind text not null check (kind in ('mapping', 'exclusion')),
      hris_type text not null,
      hris_value text not null,
      category_value text,
      target_ids jsonb not null default '[]'
    )
  `.execute(db);
  await sql`create index enrollment_hr_mappings_workspace on enrollment_hr_mappings (workspace_id)`.execute(db);

  await sql`
    create table enrollment_auto_channels (
      workspace_id integer not null references workspaces(id) on delete cascade,
      tag_id integer not null references journey_tags(id) on delete cascade,
      channel_id text not null,
      start_date_rule text not null default 'join_date' check (start_date_rule in ('join_date', 'next_monday')),
      created_at timestamptz not null,
      primary key (tag_id, channel_id)
    )
  `.execute(db);
  await sql`create index enrollment_auto_channels_channel on enrollment_auto_channels (workspace_id, channel_id)`.execute(db);

  await sql`
    create table enrollment_surveys (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      tag_id integer not null references journey_tags(id) on delete cascade,
      name text not null check (length(name) between 1 and 120),
      role_surveys jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);

  await sql`
    create table enrollment_survey_shares (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      survey_id integer not null references enrollment_surveys(id) on delete cascade,
      start_date text not null,
      created_by_member_id integer references members(id) on delete set null,
      created_at timestamptz not null
    )
  `.execute(db);

  await sql`
    create table enrollment_survey_submissions (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      survey_id integer not null references enrollment_surveys(id) on delete cascade,
      share_id integer not null references enrollment_survey_shares(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      role_id integer not null,
      answers jsonb not null,
      session_id integer references journey_sessions(id) on delete set null,
      matched_submission_id integer references enrollment_survey_submissions(id) on delete set null,
      created_at timestamptz not null,
      unique (share_id, member_id)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'enrollment_survey_submissions',
    'enrollment_survey_shares',
    'enrollment_surveys',
    'enrollment_auto_channels',
    'enrollment_hr_mappings',
    'enrollment_rules',
    'enrollment_settings',
    'enrollments',
    'enrollment_batches',
  ])
    await sql`drop table if exists ${sql.raw(table)}`.execute(db);
}
