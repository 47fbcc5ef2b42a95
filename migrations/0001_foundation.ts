import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it ships; add a new migration instead. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workspaces (
      id integer generated always as identity primary key,
      team_id text not null unique,
      enterprise_id text,
      name text not null default '',
      domain text not null default '',
      default_tz text not null default 'UTC',
      leap_day_policy text not null default 'feb28' check (leap_day_policy in ('feb28', 'mar1')),
      is_sandbox boolean not null default false,
      paused_at timestamptz,
      members_synced_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table installations (
      id integer generated always as identity primary key,
      install_key text not null unique,
      enterprise_id text,
      team_id text,
      is_enterprise_install boolean not null default false,
      app_id text,
      bot_user_id text,
      bot_id text,
      bot_scopes text[] not null default '{}',
      bot_token_expires_at timestamptz,
      installer_user_id text,
      data_enc text,
      revoked_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table members (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      slack_user_id text not null,
      name text not null default '',
      real_name text not null default '',
      display_name text not null default '',
      email text,
      tz text,
      title text,
      avatar_url text,
      is_bot boolean not null default false,
      deleted boolean not null default false,
      is_external boolean not null default false,
      is_admin boolean not null default false,
      is_owner boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (workspace_id, slack_user_id)
    )
  `.execute(db);
  await sql`
    create index members_email on members (workspace_id, lower(email))
  `.execute(db);
  await sql`
    create table member_settings (
      member_id integer primary key references members(id) on delete cascade,
      notifications jsonb not null default '{}',
      progress jsonb not null default '{}',
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table accounts (
      id integer generated always as identity primary key,
      workspace_id integer not null unique references workspaces(id) on delete cascade,
      owner_member_id integer references members(id) on delete set null,
      plan text not null default 'free' check (plan in ('free', 'premium')),
      own_new_configs boolean not null default false,
      card_required boolean not null default false,
      trial_ends_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table account_admins (
      account_id integer not null references accounts(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      primary key (account_id, member_id)
    )
  `.execute(db);
  await sql`
    create table channels (
      workspace_id integer not null references workspaces(id) on delete cascade,
      channel_id text not null,
      name text not null,
      is_private boolean not null default false,
      is_archived boolean not null default false,
      is_shared boolean not null default false,
      is_org_shared boolean not null default false,
      is_ext_shared boolean not null default false,
      bot_is_member boolean not null default false,
      num_members integer,
      updated_at timestamptz not null default now(),
      primary key (workspace_id, channel_id)
    )
  `.execute(db);
  await sql`
    create table processed_events (
      event_id text primary key,
      team_id text,
      event_type text,
      status text not null check (status in ('processing', 'done', 'failed')),
      deliveries integer not null default 1,
      first_seen_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table outbox (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      idempotency_key text not null,
      kind text not null,
      method text not null,
      payload jsonb not null,
      state text not null default 'pending' check (state in ('pending', 'sending', 'sent', 'failed', 'unknown')),
      attempts integer not null default 0,
      not_before timestamptz not null,
      lease_until timestamptz,
      last_error text,
      result jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      sent_at timestamptz,
      unique (workspace_id, idempotency_key)
    )
  `.execute(db);
  await sql`
    create index outbox_due on outbox (not_before) where state = 'pending'
  `.execute(db);
  await sql`
    create index outbox_leased on outbox (lease_until) where state = 'sending'
  `.execute(db);
  await sql`
    create index outbox_unknown on outbox (updated_at) where state = 'unknown'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table outbox
  `.execute(db);
  await sql`
    drop table processed_events
  `.execute(db);
  await sql`
    drop table channels
  `.execute(db);
  await sql`
    drop table account_admins
  `.execute(db);
  await sql`
    drop table accounts
  `.execute(db);
  await sql`
    drop table member_settings
  `.execute(db);
  await sql`
    drop table members
  `.execute(db);
  await sql`
    drop table installations
  `.execute(db);
  await sql`
    drop table workspaces
  `.execute(db);
}
