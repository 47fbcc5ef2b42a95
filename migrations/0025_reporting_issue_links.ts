import { sql, type Kysely } from 'kysely';

// Attention-required issues say how to fix them: a link to the page where the admin fills the role, chooses the
// channel or the people to introduce (fix_path, relative to the app) and its label. Null on older issues.
// Issues are also closed when what they report is fixed (the subscriber deletes them), looked up by session event.
// Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reporting_session_issues add column fix_path text, add column fix_label text`.execute(db);
  await sql`create index reporting_session_issues_session_event on reporting_session_issues (workspace_id, session_event_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index reporting_session_issues_session_event`.execute(db);
  await sql`alter table reporting_session_issues drop column fix_path, drop column fix_label`.execute(db);
}
