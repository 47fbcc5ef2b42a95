import { sql, type Kysely } from 'kysely';

// Self-enrollment (issue 28): an admin turns it on for a journey; then members join it themselves from its link,
// `/hearth join` or the Home tab. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journey_tags add column self_enroll boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journey_tags drop column self_enroll`.execute(db);
}
