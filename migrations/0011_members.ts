import { sql, type Kysely } from 'kysely';

// Members' own settings (journeys.md §3: profile entries, manager, work hours), uploaded files (programs.md §3
// "Asset") and intros history imported from another tool (a Donut export), which the pairing engine reads
// beside Hearth's own rounds. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_profile_entries (
      workspace_id integer not null references workspaces(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      field_id integer not null,
      category text not null,
      text text not null,
      updated_at timestamptz not null,
      primary key (member_id, field_id)
    )
  `.execute(db);
  await sql`
    create table member_relationships (
      workspace_id integer not null references workspaces(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      kind text not null check (kind in ('manager')),
      related_member_id integer not null references members(id) on delete cascade,
      updated_at timestamptz not null,
      primary key (member_id, kind),
      check (member_id <> related_member_id)
    )
  `.execute(db);
  await sql`
    create table member_work_hours (
      member_id integer primary key references members(id) on delete cascade,
      workspace_id integer not null references workspaces(id) on delete cascade,
      beginning_time text not null,
      end_time text not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`
    create table assets (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      member_id integer references members(id) on delete set null,
      file_name text not null,
      content_type text,
      file_size bigint not null,
      storage_key text not null,
      thumbnail_key text,
      state text not null default 'needs_processing' check (state in ('needs_processing', 'uploaded', 'failed_processing')),
      errors jsonb not null default '[]',
      created_at timestamptz not null,
      processed_at timestamptz
    )
  `.execute(db);
  // The per-workspace total (100 MB) is summed over a workspace's assets.
  await sql`create index assets_workspace on assets (workspace_id)`.execute(db);
  await sql`
    create table intros_imported_pairs (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      program_id integer references channel_programs(id) on delete cascade,
      met_on date not null,
      member_ids integer[] not null,
      source text not null default 'donut',
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create index intros_imported_pairs_workspace on intros_imported_pairs (workspace_id, program_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['intros_imported_pairs', 'assets', 'member_work_hours', 'member_relationships', 'member_profile_entries'])
    await sql`drop table ${sql.table(table)}`.execute(db);
}
