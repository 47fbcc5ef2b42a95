import { sql, type Kysely } from 'kysely';

// Each member's DM channel with Hearth, kept once opened (issue 27): a DM to someone Hearth has written to before
// posts at once instead of calling conversations.open (Tier 3, 50 a minute) first. Forgotten when Slack answers
// channel_not_found for it. Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_dm_channels (
      workspace_id integer not null references workspaces(id) on delete cascade,
      user_id text not null,
      channel_id text not null,
      opened_at timestamptz not null,
      primary key (workspace_id, user_id)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_dm_channels`.execute(db);
}
