import { sql, type Kysely } from 'kysely';

// Trials that announce themselves and a plan that keeps its history: which warning before a trial's end the
// account's admins have had (3 days, then 1 day before), so each is sent once and the tick knows when the next
// is due; and each plan change as Billing's page shows it (from plan.changed, kept by a subscriber). Frozen
// once shipped. And a journey's messages the free plan held back (created off because of its limit), so an
// upgrade can turn exactly those on in one step. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column trial_warned_days smallint`.execute(db);
  await sql`
    create table billing_plan_history (
      workspace_id integer not null references workspaces(id) on delete cascade,
      seq bigint not null,
      occurred_at timestamptz not null,
      from_state text not null,
      to_state text not null,
      reason text not null,
      trial_ends_at timestamptz,
      member_id integer references members(id) on delete set null,
      primary key (workspace_id, seq)
    )`.execute(db);
  await sql`alter table journey_events add column held_by_plan boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journey_events drop column held_by_plan`.execute(db);
  await sql`drop table billing_plan_history`.execute(db);
  await sql`alter table accounts drop column trial_warned_days`.execute(db);
}
