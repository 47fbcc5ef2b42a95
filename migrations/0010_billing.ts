import { sql, type Kysely } from 'kysely';

// Billing: the payment provider's customer and subscription per workspace, support tickets, downgrade surveys
// and the provider's webhook events already handled; and on accounts, when a trial's end was recorded (the
// plan itself stays in accounts, read by the entitlements module). Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column trial_end_recorded_at timestamptz`.execute(db);
  // The tick's due source: trials that ended and are not yet recorded.
  await sql`create index accounts_trial_end on accounts (trial_ends_at) where trial_end_recorded_at is null and trial_ends_at is not null`.execute(db);
  await sql`
    create table billing_customers (
      workspace_id integer primary key references workspaces(id) on delete cascade,
      provider text not null,
      customer_id text not null,
      subscription_id text,
      subscription_status text,
      invoiced boolean not null default false,
      has_payment_method boolean not null default false,
      payment_method_label text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (provider, customer_id)
    )
  `.execute(db);
  await sql`
    create table support_tickets (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      member_id integer references members(id) on delete set null,
      kind text not null,
      feature text,
      message text,
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create index support_tickets_workspace on support_tickets (workspace_id, created_at)`.execute(db);
  await sql`
    create table downgrade_surveys (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      member_id integer references members(id) on delete set null,
      reason text not null,
      comment text,
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create index downgrade_surveys_workspace on downgrade_surveys (workspace_id, created_at)`.execute(db);
  await sql`
    create table billing_webhook_events (
      event_id text primary key,
      type text not null,
      received_at timestamptz not null
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table billing_webhook_events`.execute(db);
  await sql`drop table downgrade_surveys`.execute(db);
  await sql`drop table support_tickets`.execute(db);
  await sql`drop table billing_customers`.execute(db);
  await sql`drop index accounts_trial_end`.execute(db);
  await sql`alter table accounts drop column trial_end_recorded_at`.execute(db);
}
