import { sql, type Kysely } from 'kysely';

// An account covers the channel programs anyone creates unless an admin turns it off (Donut's default). The switch
// was stored and read by nothing until now, so every existing account is set to the behaviour it has had: on.
// Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts alter column own_new_configs set default true`.execute(db);
  await sql`update accounts set own_new_configs = true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts alter column own_new_configs set default false`.execute(db);
}
