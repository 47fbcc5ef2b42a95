import { sql, type Kysely } from 'kysely';

// Celebration images: each program picks one of the shipped images per kind of celebration (or none, null).
// Existing and new programs start with each kind's first image. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table celebration_programs
      add column birthday_image text default 'birthday-balloons' check (birthday_image ~ '^birthday-[a-z]+$'),
      add column anniversary_image text default 'anniversary-medal' check (anniversary_image ~ '^anniversary-[a-z]+$'),
      add column custom_image text default 'custom-stars' check (custom_image ~ '^custom-[a-z]+$')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table celebration_programs drop column birthday_image, drop column anniversary_image, drop column custom_image`.execute(db);
}
