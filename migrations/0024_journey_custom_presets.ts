import { sql, type Kysely } from 'kysely';

// Journeys: a workspace's own presets (programs.md §2 "/onboarding/presets/new"), beside the shipped library; their
// ids start at 1,000,000 so they never meet a library preset's id in journey_events.preset_id. And whether a
// journey's hub is published, on the journey (Journeys puts the hub link in its messages only then), filled from
// the hub's sites. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table journey_custom_presets (
      id integer generated always as identity (start with 1000000) primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      category_id integer not null,
      name text not null,
      description text not null default '',
      flow_types jsonb not null,
      events jsonb not null,
      created_by_member_id integer references members(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`create index journey_custom_presets_workspace on journey_custom_presets (workspace_id)`.execute(db);
  await sql`alter table journey_tags add column hub_published boolean not null default false`.execute(db);
  await sql`update journey_tags t set hub_published = true from hub_sites h where h.tag_id = t.id and h.published`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journey_tags drop column hub_published`.execute(db);
  await sql`drop table journey_custom_presets`.execute(db);
}
