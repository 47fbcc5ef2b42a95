import { sql, type Kysely } from 'kysely';

// The outbox records the moment a sender hands a row's write to Slack (`calling_at`, cleared at each claim).
// A row whose sender died before that moment never reached Slack and is sent again at once; only a row that
// was mid-call needs its channel's history looked at. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox add column calling_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox drop column calling_at`.execute(db);
}
