import { sql, type Kysely } from 'kysely';

// The journey hub (journeys.md §2, §4): one site per journey, its template (modules, texts, links, images) and
// whether the journey's participants may open it. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table hub_sites (
      id integer generated always as identity primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      tag_id integer not null unique references journey_tags(id) on delete cascade,
      published boolean not null default false,
      template jsonb not null,
      updated_by_member_id integer references members(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`create index hub_sites_workspace on hub_sites (workspace_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table hub_sites`.execute(db);
}
