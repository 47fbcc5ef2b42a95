import { sql, type Kysely } from 'kysely';

// Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table channel_programs (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      type text not null check (type in ('CoffeeConfiguration', 'Watercooler', 'CelebrationProgram')),
      channel_id text not null,
      is_active boolean not null default true,
      tz text not null default 'UTC',
      creator_member_id integer references members(id) on delete set null,
      owner_member_id integer references members(id) on delete set null,
      send_now_requested_at timestamptz,
      send_now_completed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (workspace_id, type, channel_id)
    )
  `.execute(db);
  await sql`create index channel_programs_workspace on channel_programs (workspace_id, type)`.execute(db);
  await sql`
    create table channel_program_members (
      program_id integer not null references channel_programs(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      role text not null check (role in ('editor', 'permission_user')),
      primary key (program_id, member_id)
    )
  `.execute(db);
  await sql`
    create table channel_members (
      workspace_id integer not null references workspaces(id) on delete cascade,
      channel_id text not null,
      slack_user_id text not null,
      joined_at timestamptz not null default now(),
      primary key (workspace_id, channel_id, slack_user_id)
    )
  `.execute(db);
  await sql`alter table workspaces add column channels_synced_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table workspaces drop column channels_synced_at`.execute(db);
  await sql`drop table channel_members`.execute(db);
  await sql`drop table channel_program_members`.execute(db);
  await sql`drop table channel_programs`.execute(db);
}
