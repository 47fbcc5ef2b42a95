import type { SandboxHearth } from './sandbox-hearth.js';

/** The name and email of the n-th seeded person (1-based): searchable, and unique by their number. */
export const rosterName = (n: number) => `Roster Person ${String(n).padStart(5, '0')}`;
export const rosterEmail = (n: number) => `rp${String(n).padStart(5, '0')}@roster.example`;

const BATCH = 1000;

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/**
 * Fills an Intros program's channel up to `size` people and gives the program a sent round that pairs the
 * newcomers, straight in the database: a large workspace's roster and round in seconds, without thousands of
 * Slack calls. Call it after the page has read the channel once (the roster sync would otherwise replace the
 * channel's members with the sandbox's); the roster is then marked fresh, so the page keeps this one.
 */
export async function seedLargeRoster(t: SandboxHearth, programId: number, size: number): Promise<{ added: number; roundId: number; groups: number }> {
  const db = t.services.db;
  const now = t.clock.now();
  const program = await db.selectFrom('channel_programs').select(['workspace_id', 'channel_id']).where('id', '=', programId).executeTakeFirstOrThrow();
  const { workspace_id: workspaceId, channel_id: channelId } = program;
  const inChannel = await db.selectFrom('channel_members').select('slack_user_id').where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).execute();
  const people = Array.from({ length: Math.max(0, size - inChannel.length) }, (_, i) => i + 1);

  const memberIds: number[] = [];
  for (const batch of batches(people)) {
    const rows = await db
      .insertInto('members')
      .values(
        batch.map((n) => ({
          workspace_id: workspaceId,
          slack_user_id: `UROSTER${String(n).padStart(5, '0')}`,
          name: `rp${n}`,
          real_name: rosterName(n),
          display_name: `rp${n}`,
          email: rosterEmail(n),
          avatar_url: `https://avatars.roster.example/${String(n).padStart(5, '0')}_192.png`,
          tz: 'America/New_York',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'slack_user_id'])
      .execute();
    await db
      .insertInto('channel_members')
      .values(rows.map((r) => ({ workspace_id: workspaceId, channel_id: channelId, slack_user_id: r.slack_user_id, joined_at: now })))
      .execute();
    memberIds.push(...rows.map((r) => r.id));
  }
  await db.updateTable('intros_configs').set({ roster_synced_at: now }).where('program_id', '=', programId).execute();

  const last = await db.selectFrom('intros_rounds').select((eb) => eb.fn.max<number | null>('number').as('n')).where('program_id', '=', programId).executeTakeFirst();
  const pairs = Array.from({ length: Math.floor(memberIds.length / 2) }, (_, i) => [memberIds[2 * i]!, memberIds[2 * i + 1]!]);
  const round = await db
    .insertInto('intros_rounds')
    .values({
      workspace_id: workspaceId,
      program_id: programId,
      number: (last?.n ?? 0) + 1,
      kind: 'send_now',
      scheduled_for: new Date(now.getTime() - 60_000),
      state: 'sent',
      num_candidates: pairs.length * 2,
      num_groups: pairs.length,
      completed_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [b, batch] of [...batches(pairs)].entries()) {
    const meetings = await db
      .insertInto('intros_meetings')
      .values(
        batch.map((_, i) => ({
          workspace_id: workspaceId,
          program_id: programId,
          round_id: round.id,
          group_index: b * BATCH + i,
          reason: 'First time meeting',
          intro_key: `intro:${round.id}:${b * BATCH + i}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'group_index'])
      .execute();
    await db
      .insertInto('intros_meeting_members')
      .values(meetings.flatMap((m) => pairs[m.group_index]!.map((member_id) => ({ meeting_id: m.id, member_id, program_id: programId }))))
      .execute();
  }
  return { added: memberIds.length, roundId: round.id, groups: pairs.length };
}
