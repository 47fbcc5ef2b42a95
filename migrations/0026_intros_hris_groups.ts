import { sql, type Kysely } from 'kysely';

// An Intros program can take its groups (for cross-group and within-group pairing) from the HR system: each
// member's department or location there, instead of the interest categories. 'none' keeps the categories.
// Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table intros_configs add column hris_groups text not null default 'none' check (hris_groups in ('none', 'department', 'location'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table intros_configs drop column hris_groups`.execute(db);
}
