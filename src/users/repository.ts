import { sql } from 'kysely';
import type { Db } from '../db/index.js';

export interface MemberSettings {
  notifications: Record<string, boolean>;
  progress: Record<string, boolean>;
}

/** A member's own settings (notifications, onboarding progress), scoped to the member's workspace. */
export class UserRepository {
  constructor(private readonly db: Db) {}

  async settings(workspaceId: number, memberId: number): Promise<MemberSettings> {
    const row = await this.db
      .selectFrom('member_settings as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select(['s.notifications', 's.progress'])
      .where('m.workspace_id', '=', workspaceId)
      .where('s.member_id', '=', memberId)
      .executeTakeFirst();
    return { notifications: row?.notifications ?? {}, progress: row?.progress ?? {} };
  }

  /** Writes the given settings, creating the row (from the workspace's member) when there is none. */
  async save(workspaceId: number, memberId: number, values: Partial<MemberSettings>, now: Date): Promise<void> {
    const json = (v: Record<string, boolean> | undefined) => sql<string>`cast(${JSON.stringify(v ?? {})} as jsonb)`;
    const changes = {
      ...(values.notifications ? { notifications: JSON.stringify(values.notifications) } : {}),
      ...(values.progress ? { progress: JSON.stringify(values.progress) } : {}),
      updated_at: now,
    };
    await this.db
      .insertInto('member_settings')
      .columns(['member_id', 'notifications', 'progress', 'updated_at'])
      .expression((eb) =>
        eb
          .selectFrom('members')
          .select((s) => ['id', json(values.notifications).as('notifications'), json(values.progress).as('progress'), s.val(now).as('updated_at')])
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', memberId),
      )
      .onConflict((oc) => oc.column('member_id').doUpdateSet(changes))
      .execute();
  }

  /**
   * The workspaces where the same person (the same email, as Slack confirms it) is a member: the ones they can
   * switch to from the user menu. Bots, deleted and external members do not count.
   */
  async workspacesOf(email: string | null, currentMemberId: number): Promise<Array<{ workspace_id: number; team_id: string; name: string; member_id: number }>> {
    let q = this.db
      .selectFrom('members as m')
      .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
      .select(['w.id as workspace_id', 'w.team_id', 'w.name', 'm.id as member_id'])
      .where('m.is_bot', '=', false)
      .where('m.deleted', '=', false)
      .where('m.is_external', '=', false);
    q = email ? q.where((eb) => eb.or([eb(eb.fn('lower', ['m.email']), '=', email.toLowerCase()), eb('m.id', '=', currentMemberId)])) : q.where('m.id', '=', currentMemberId);
    return q.orderBy('w.name').execute();
  }
}
