import { sql, type Kysely } from 'kysely';

// Integrations: the HR system (HRIS) identity per workspace and the programs it feeds, applicant-tracking
// identities (an API key), the people both report (matched to members by email; a new hire is announced once
// per person per identity), and each member's calendar and video accounts (OAuth). Every secret is sealed with
// the app's encryption key. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table hris_identities (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      provider text not null,
      integration_name text not null,
      integration_slug text not null,
      account_token_enc text not null,
      state text not null default 'pending' check (state in ('pending', 'active', 'relink_needed', 'deactivated')),
      creator_id integer references members(id) on delete set null,
      owner_id integer references members(id) on delete set null,
      hris_sync_data jsonb not null default '{}',
      last_error text,
      last_synced_at timestamptz,
      next_sync_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  // One live HR system per workspace; a deactivated one stays as history.
  await sql`create unique index hris_identities_live on hris_identities (workspace_id) where state <> 'deactivated'`.execute(db);
  await sql`create index hris_identities_due on hris_identities (next_sync_at) where state in ('pending', 'active')`.execute(db);
  await sql`
    create table hris_syncables (
      identity_id integer not null references hris_identities(id) on delete cascade,
      program_type text not null check (program_type in ('celebrations', 'onboarding', 'intros')),
      program_id integer not null,
      created_at timestamptz not null,
      primary key (identity_id, program_type, program_id)
    )
  `.execute(db);
  await sql`
    create table direct_integration_identities (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      integration_name text not null,
      api_key_enc text not null,
      state text not null default 'pending' check (state in ('pending', 'validated', 'active', 'error')),
      errors jsonb not null default '[]',
      creator_id integer references members(id) on delete set null,
      last_synced_at timestamptz,
      next_sync_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`create index direct_integration_identities_workspace on direct_integration_identities (workspace_id, integration_name)`.execute(db);
  await sql`create index direct_integration_identities_due on direct_integration_identities (next_sync_at) where state in ('pending', 'validated', 'active')`.execute(db);
  await sql`
    create table integration_people (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      source text not null check (source in ('hris', 'ats')),
      identity_id integer not null,
      remote_id text not null,
      email text,
      first_name text not null default '',
      last_name text not null default '',
      start_date text check (start_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      birthday text,
      department text,
      location text,
      job_title text,
      manager_email text,
      attributes jsonb not null default '{}',
      employment_status text,
      member_id integer references members(id) on delete set null,
      new_hire_at timestamptz,
      updated_at timestamptz not null,
      unique (source, identity_id, remote_id)
    )
  `.execute(db);
  await sql`create index integration_people_workspace on integration_people (workspace_id, start_date)`.execute(db);
  await sql`
    create table member_identities (
      member_id integer not null references members(id) on delete cascade,
      workspace_id integer not null references workspaces(id) on delete cascade,
      provider text not null check (provider in ('google', 'microsoft', 'zoom')),
      email text,
      valid boolean not null default true,
      access_token_enc text,
      refresh_token_enc text,
      expires_at timestamptz,
      scopes text not null default '',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (member_id, provider)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_identities`.execute(db);
  await sql`drop table integration_people`.execute(db);
  await sql`drop table direct_integration_identities`.execute(db);
  await sql`drop table hris_syncables`.execute(db);
  await sql`drop table hris_identities`.execute(db);
}
