import { sql, type Kysely } from 'kysely';

// Points, shoutouts and rewards: each workspace's points program (names, allowance, daily cap, earning rules,
// the shoutouts launch and the rewards settings), members' wallets, the points ledger (every balance change is
// a row, unique on its source so a replayed event never pays twice), shoutouts, reward listings, redemptions
// and support tickets. Frozen once shipped. Imports no app code. Local dates are text 'YYYY-MM-DD'.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table points_programs (
      workspace_id integer primary key references workspaces(id) on delete cascade,
      points_name text not null default 'point',
      points_name_plural text not null default 'points',
      default_allowance integer not null default 100 check (default_allowance between 0 and 1000000),
      daily_cap integer not null default 500 check (daily_cap between 0 and 1000000),
      rules jsonb not null default '{}'::jsonb,
      shoutouts_state text not null default 'inactive' check (shoutouts_state in ('inactive', 'active')),
      shoutouts_announced boolean not null default false,
      shoutouts_channels jsonb not null default '[]'::jsonb,
      redemption_fulfillment_channel_id text,
      gift_card_options jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);

  await sql`
    create table points_wallets (
      workspace_id integer not null references workspaces(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      current_redeemable integer not null default 0 check (current_redeemable >= 0),
      lifetime_earned integer not null default 0,
      custom_allowance integer check (custom_allowance between 0 and 1000000),
      shoutouts_role text not null default 'participant' check (shoutouts_role in ('participant', 'receive_only', 'excluded')),
      updated_at timestamptz not null default now(),
      primary key (workspace_id, member_id)
    )
  `.execute(db);

  // The ledger: every change of a balance. source_key names what caused it (a domain event, a shoutout, a
  // redemption, an admin's bonus) and is unique per workspace: the same cause never pays twice.
  await sql`
    create table points_ledger (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      delta integer not null,
      balance_after integer not null check (balance_after >= 0),
      reason text not null check (reason in ('event', 'shoutout', 'bonus', 'redemption', 'refund')),
      rule text,
      source_key text not null,
      event_id integer,
      shoutout_id integer,
      redemption_id integer,
      capped boolean not null default false,
      local_date text not null check (local_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      note text,
      actor_member_id integer references members(id) on delete set null,
      created_at timestamptz not null,
      unique (workspace_id, source_key)
    )
  `.execute(db);
  await sql`create index points_ledger_member_day on points_ledger (workspace_id, member_id, local_date)`.execute(db);
  await sql`create index points_ledger_created on points_ledger (workspace_id, created_at)`.execute(db);

  // Who was in each intro group (from intro.group_created): intro.met pays every member of the group once.
  await sql`
    create table points_intro_groups (
      workspace_id integer not null references workspaces(id) on delete cascade,
      meeting_id integer not null,
      member_ids jsonb not null,
      primary key (workspace_id, meeting_id)
    )
  `.execute(db);

  await sql`
    create table shoutouts (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      giver_member_id integer not null references members(id) on delete cascade,
      recipient_member_id integer not null references members(id) on delete cascade,
      points integer not null check (points > 0),
      message text not null,
      channel_ids jsonb not null default '[]'::jsonb,
      source text not null check (source in ('command', 'shortcut', 'modal')),
      request_key text not null,
      giver_local_month text not null check (giver_local_month ~ '^\\d{4}-\\d{2}$'),
      created_at timestamptz not null,
      unique (workspace_id, request_key),
      check (giver_member_id <> recipient_member_id)
    )
  `.execute(db);
  await sql`create index shoutouts_giver_month on shoutouts (workspace_id, giver_member_id, giver_local_month)`.execute(db);
  await sql`create index shoutouts_recipient on shoutouts (workspace_id, recipient_member_id, created_at)`.execute(db);

  await sql`
    create table reward_listings (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      name text not null,
      short_description text not null default '',
      description text not null default '',
      points_cost integer not null check (points_cost >= 0),
      quantity_available integer check (quantity_available >= 0),
      state text not null default 'active' check (state in ('active', 'inactive')),
      is_gift_card boolean not null default false,
      preset_id text,
      image_url text,
      image_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`create index reward_listings_workspace on reward_listings (workspace_id, state)`.execute(db);

  await sql`
    create table reward_redemptions (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      listing_id integer not null references reward_listings(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      points_cost integer not null check (points_cost >= 0),
      gift_card_dollars numeric(10, 2),
      gift_card_link text,
      provider_order_id text,
      state text not null default 'unfulfilled' check (state in ('unfulfilled', 'fulfilled', 'failed')),
      fulfiller_member_id integer references members(id) on delete set null,
      fulfilled_at timestamptz,
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create index reward_redemptions_workspace on reward_redemptions (workspace_id, created_at)`.execute(db);

  // Requests to Hearth's support (POST /intercom_tickets): stored, and visible to operators in the logs and here.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['reward_redemptions', 'reward_listings', 'shoutouts', 'points_intro_groups', 'points_ledger', 'points_wallets', 'points_programs'])
    await sql`drop table if exists ${sql.raw(table)}`.execute(db);
}
