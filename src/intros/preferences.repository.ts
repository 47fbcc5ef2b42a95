import type { Db } from '../db/index.js';
import type { Member } from '../db/types.js';

/** A member's avoid list (intros_avoids): who they are never grouped with. Confidential to its owner. */
export class AvoidListRepository {
  constructor(private readonly db: Db) {}

  /** The members on this member's own list, by name. */
  list(workspaceId: number, memberId: number): Promise<Member[]> {
    return this.db
      .selectFrom('intros_avoids as a')
      .innerJoin('members as m', 'm.id', 'a.avoided_member_id')
      .selectAll('m')
      .where('a.workspace_id', '=', workspaceId)
      .where('m.workspace_id', '=', workspaceId)
      .where('a.member_id', '=', memberId)
      .orderBy('m.real_name')
      .orderBy('m.id')
      .execute();
  }

  /** Members of this workspace by Slack id (the partners a list names). */
  membersBySlackId(workspaceId: number, slackIds: string[]): Promise<Member[]> {
    if (!slackIds.length) return Promise.resolve([]);
    return this.db.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('slack_user_id', 'in', slackIds).execute();
  }

  /** Replaces the member's list with exactly these members, in one transaction. */
  async replace(workspaceId: number, memberId: number, avoidedIds: number[], now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      let gone = trx.deleteFrom('intros_avoids').where('workspace_id', '=', workspaceId).where('member_id', '=', memberId);
      if (avoidedIds.length) gone = gone.where('avoided_member_id', 'not in', avoidedIds);
      await gone.execute();
      if (!avoidedIds.length) return;
      await trx
        .insertInto('intros_avoids')
        .values(avoidedIds.map((avoided_member_id) => ({ workspace_id: workspaceId, member_id: memberId, avoided_member_id, created_at: now })))
        .onConflict((oc) => oc.columns(['member_id', 'avoided_member_id']).doNothing())
        .execute();
    });
  }
}
