import type { Db, Executor, Trx } from '../db/index.js';
import type { Member } from '../db/types.js';

export interface ProfileEntryRow {
  field_id: number;
  category: string;
  text: string;
}

/** A member's own settings: profile entries, manager and working hours. Every method is scoped by workspace. */
export class MemberSettingsRepository {
  constructor(private readonly db: Db) {}

  profileEntries(workspaceId: number, memberId: number): Promise<ProfileEntryRow[]> {
    return this.db
      .selectFrom('member_profile_entries')
      .select(['field_id', 'category', 'text'])
      .where('workspace_id', '=', workspaceId)
      .where('member_id', '=', memberId)
      .orderBy('field_id')
      .execute();
  }

  /** Writes these entries (an empty text removes the entry), all or nothing. */
  async upsertProfileEntries(trx: Trx, workspaceId: number, memberId: number, entries: ProfileEntryRow[], now: Date): Promise<void> {
    {
      const gone = entries.filter((e) => e.text === '').map((e) => e.field_id);
      if (gone.length) await trx.deleteFrom('member_profile_entries').where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).where('field_id', 'in', gone).execute();
      const kept = entries.filter((e) => e.text !== '');
      if (!kept.length) return;
      await trx
        .insertInto('member_profile_entries')
        .values(kept.map((e) => ({ workspace_id: workspaceId, member_id: memberId, field_id: e.field_id, category: e.category, text: e.text, updated_at: now })))
        .onConflict((oc) => oc.columns(['member_id', 'field_id']).doUpdateSet((eb) => ({ text: eb.ref('excluded.text'), category: eb.ref('excluded.category'), updated_at: eb.ref('excluded.updated_at') })))
        .execute();
    }
  }

  async manager(workspaceId: number, memberId: number): Promise<Member | undefined> {
    return this.db
      .selectFrom('member_relationships as r')
      .innerJoin('members as m', 'm.id', 'r.related_member_id')
      .selectAll('m')
      .where('r.workspace_id', '=', workspaceId)
      .where('m.workspace_id', '=', workspaceId)
      .where('r.member_id', '=', memberId)
      .where('r.kind', '=', 'manager')
      .executeTakeFirst();
  }

  /** A member of this workspace by Hearth id. */
  member(workspaceId: number, memberId: number): Promise<Member | undefined> {
    return this.db.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', memberId).executeTakeFirst();
  }

  async setManager(trx: Trx, workspaceId: number, memberId: number, managerId: number | null, now: Date): Promise<void> {
    if (managerId === null) {
      await trx.deleteFrom('member_relationships').where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).where('kind', '=', 'manager').execute();
      return;
    }
    await trx
      .insertInto('member_relationships')
      .values({ workspace_id: workspaceId, member_id: memberId, kind: 'manager', related_member_id: managerId, updated_at: now })
      .onConflict((oc) => oc.columns(['member_id', 'kind']).doUpdateSet({ related_member_id: managerId, updated_at: now }))
      .execute();
  }

  workHours(workspaceId: number, memberId: number, ex: Executor = this.db) {
    return ex
      .selectFrom('member_work_hours')
      .select(['beginning_time', 'end_time'])
      .where('workspace_id', '=', workspaceId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  }

  async setWorkHours(trx: Trx, workspaceId: number, memberId: number, hours: { beginning_time: string; end_time: string }, now: Date): Promise<void> {
    await trx
      .insertInto('member_work_hours')
      .values({ workspace_id: workspaceId, member_id: memberId, ...hours, updated_at: now })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ ...hours, updated_at: now }))
      .execute();
  }
}
