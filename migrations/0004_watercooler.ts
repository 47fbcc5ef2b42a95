import { sql, type Kysely } from 'kysely';

// Watercooler: scheduled prompts drawn from packs. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per Watercooler program. The schedule is intent (ISO weekdays, minute of day; the zone is
  // channel_programs.tz); next_run_at is the next slot's instant, recomputed whenever the intent changes.
  await sql`
    create table watercoolers (
      program_id integer primary key references channel_programs(id) on delete cascade,
      workspace_id integer not null references workspaces(id) on delete cascade,
      weekdays smallint[] not null default '{3}' check (cardinality(weekdays) between 1 and 7 and weekdays <@ '{1,2,3,4,5,6,7}'),
      minute_of_day integer not null default 660 check (minute_of_day between 0 and 1439),
      hide_inactive_prompts boolean not null default false,
      queue_order integer[] not null default '{}',
      cycle integer not null default 1,
      next_run_at timestamptz,
      roster_synced_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index watercoolers_next_run on watercoolers (next_run_at) where next_run_at is not null`.execute(db);

  // Packs: the shipped library (workspace_id null, keyed by library_key) and each workspace's own.
  await sql`
    create table watercooler_packs (
      id integer generated always as identity primary key,
      workspace_id integer references workspaces(id) on delete cascade,
      library_key text unique,
      name text not null,
      description text not null default '',
      emoji text not null default '',
      is_free boolean not null default false,
      position integer not null default 0,
      retired boolean not null default false,
      creator_member_id integer references members(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((workspace_id is null) = (library_key is not null))
    )
  `.execute(db);
  await sql`create index watercooler_packs_workspace on watercooler_packs (workspace_id)`.execute(db);

  // A prompt lives in a pack or belongs to one watercooler (its own prompts), never both.
  await sql`
    create table watercooler_prompts (
      id integer generated always as identity primary key,
      workspace_id integer references workspaces(id) on delete cascade,
      pack_id integer references watercooler_packs(id) on delete cascade,
      program_id integer references watercoolers(program_id) on delete cascade,
      library_key text unique,
      text text not null,
      position integer not null default 0,
      source_pack_id integer references watercooler_packs(id) on delete set null,
      retired boolean not null default false,
      creator_member_id integer references members(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((pack_id is null) <> (program_id is null))
    )
  `.execute(db);
  await sql`create index watercooler_prompts_pack on watercooler_prompts (pack_id, position) where pack_id is not null`.execute(db);
  await sql`create index watercooler_prompts_program on watercooler_prompts (program_id, position) where program_id is not null`.execute(db);

  await sql`
    create table watercooler_pack_subscriptions (
      program_id integer not null references watercoolers(program_id) on delete cascade,
      pack_id integer not null references watercooler_packs(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (program_id, pack_id)
    )
  `.execute(db);
  await sql`create index watercooler_pack_subscriptions_pack on watercooler_pack_subscriptions (pack_id)`.execute(db);

  // Skip or pin one prompt for one watercooler.
  await sql`
    create table watercooler_prompt_adjustments (
      program_id integer not null references watercoolers(program_id) on delete cascade,
      prompt_id integer not null references watercooler_prompts(id) on delete cascade,
      kind text not null check (kind in ('skip', 'pin')),
      created_at timestamptz not null default now(),
      primary key (program_id, prompt_id)
    )
  `.execute(db);

  // One row per slot (scheduled, or "send now" at the instant it was asked): the unique key is the claim,
  // so a slot is posted once however often the tick runs. The prompt is chosen when the row is composed.
  await sql`
    create table watercooler_posts (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      program_id integer not null references watercoolers(program_id) on delete cascade,
      slot_at timestamptz not null,
      source text not null check (source in ('schedule', 'send_now')),
      state text not null default 'claimed' check (state in ('claimed', 'queued', 'skipped')),
      skip_reason text,
      prompt_id integer references watercooler_prompts(id) on delete set null,
      text text,
      cycle integer,
      channel_id text not null,
      outbox_id integer references outbox(id) on delete set null,
      ts text,
      claimed_at timestamptz not null,
      queued_at timestamptz,
      unique (program_id, slot_at)
    )
  `.execute(db);
  await sql`create index watercooler_posts_ts on watercooler_posts (workspace_id, channel_id, ts)`.execute(db);
  await sql`create index watercooler_posts_claimed on watercooler_posts (claimed_at) where state = 'claimed'`.execute(db);

  // Engagement, from the events Hearth receives: one row per thread reply and per (person, reaction).
  await sql`
    create table watercooler_replies (
      post_id integer not null references watercooler_posts(id) on delete cascade,
      ts text not null,
      user_id text not null,
      created_at timestamptz not null default now(),
      primary key (post_id, ts)
    )
  `.execute(db);
  await sql`
    create table watercooler_reactions (
      post_id integer not null references watercooler_posts(id) on delete cascade,
      user_id text not null,
      name text not null,
      created_at timestamptz not null default now(),
      primary key (post_id, user_id, name)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table watercooler_reactions`.execute(db);
  await sql`drop table watercooler_replies`.execute(db);
  await sql`drop table watercooler_posts`.execute(db);
  await sql`drop table watercooler_prompt_adjustments`.execute(db);
  await sql`drop table watercooler_pack_subscriptions`.execute(db);
  await sql`drop table watercooler_prompts`.execute(db);
  await sql`drop table watercooler_packs`.execute(db);
  await sql`drop table watercoolers`.execute(db);
}
