import type { Db } from '../db/index.js';

/** The SQL of Intros reporting that no other service reads: the people a member met, a round's share card. */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  /** Everyone the member was grouped with (not in cancelled meetings), a row per meeting and person. */
  groupedWith(workspaceId: number, memberId: number) {
    return this.db
      .selectFrom('intros_meeting_members as me')
      .innerJoin('intros_meetings as mt', 'mt.id', 'me.meeting_id')
      .innerJoin('intros_rounds as r', 'r.id', 'mt.round_id')
      .innerJoin('channel_programs as p', 'p.id', 'mt.program_id')
      .innerJoin('intros_meeting_members as other', (j) => j.onRef('other.meeting_id', '=', 'mt.id').onRef('other.member_id', '!=', 'me.member_id'))
      .innerJoin('members as m', 'm.id', 'other.member_id')
      .selectAll('m')
      .select(['mt.state', 'r.scheduled_for', 'p.tz', 'p.channel_id'])
      .where('me.member_id', '=', memberId)
      .where('mt.workspace_id', '=', workspaceId)
      .where('mt.state', '!=', 'cancelled')
      .execute();
  }

  /** Each of these members' groups (categories) in a program. */
  async categoryIds(workspaceId: number, programId: number, memberIds: number[]): Promise<Map<string, number[]>> {
    if (!memberIds.length) return new Map();
    const rows = await this.db
      .selectFrom('intros_participants')
      .select(['member_id', 'category_ids'])
      .where('workspace_id', '=', workspaceId)
      .where('program_id', '=', programId)
      .where('member_id', 'in', memberIds)
      .execute();
    return new Map(rows.map((r) => [String(r.member_id), r.category_ids ?? []]));
  }

  /** Members by id (deleted ones too: a report names who was there). */
  people(workspaceId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
  }

  /** A round's meetings that were not cancelled, with why each group was made. */
  shareMeetings(workspaceId: number, roundId: number) {
    return this.db.selectFrom('intros_meetings').select(['id', 'reason_detail']).where('workspace_id', '=', workspaceId).where('round_id', '=', roundId).where('state', '!=', 'cancelled').execute();
  }

  /** How many different people are in these meetings. */
  async distinctPeople(workspaceId: number, meetingIds: number[]): Promise<number> {
    if (!meetingIds.length) return 0;
    const row = await this.db
      .selectFrom('intros_meeting_members as mm')
      .innerJoin('intros_meetings as mt', 'mt.id', 'mm.meeting_id')
      .select((eb) => eb.fn.count<number>('mm.member_id').distinct().as('n'))
      .where('mt.workspace_id', '=', workspaceId)
      .where('mm.meeting_id', 'in', meetingIds)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
