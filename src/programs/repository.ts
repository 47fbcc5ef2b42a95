import type { Db, Executor, Trx } from '../db/index.js';
import type { ChannelProgram, ProgramType } from '../db/types.js';

export type ProgramRole = 'editor' | 'permission_user';

/** The channel programs' SQL (programs and their owners, editors and permission users), scoped to a workspace. */
export class ProgramRepository {
  constructor(private readonly db: Db) {}

  find(workspaceId: number, id: number, type?: ProgramType): Promise<ChannelProgram | undefined> {
    let q = this.db.selectFrom('channel_programs').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id);
    if (type) q = q.where('type', '=', type);
    return q.executeTakeFirst();
  }

  /**
   * The workspace a program belongs to, for a program id that arrived without one (a job's payload). The one
   * lookup by program id alone: what follows is scoped by the answer.
   */
  async workspaceOf(programId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('channel_programs').select('workspace_id').where('id', '=', programId).executeTakeFirst();
    return row?.workspace_id;
  }

  /** Whether the member is an editor or permission user of the program. */
  async hasRole(workspaceId: number, programId: number, memberId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('channel_program_members as pm')
      .innerJoin('channel_programs as p', 'p.id', 'pm.program_id')
      .select('pm.role')
      .where('p.workspace_id', '=', workspaceId)
      .where('pm.program_id', '=', programId)
      .where('pm.member_id', '=', memberId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The id of the program of this kind on the channel, if there is one. */
  async existingId(workspaceId: number, type: ProgramType, channelId: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('channel_programs').select('id').where('workspace_id', '=', workspaceId).where('type', '=', type).where('channel_id', '=', channelId).executeTakeFirst();
    return row?.id;
  }

  insert(
    trx: Trx,
    workspaceId: number,
    values: { type: ProgramType; channelId: string; tz: string; creatorMemberId: number; ownerMemberId: number },
    now: Date,
  ): Promise<ChannelProgram> {
    return trx
      .insertInto('channel_programs')
      .values({
        workspace_id: workspaceId,
        type: values.type,
        channel_id: values.channelId,
        tz: values.tz,
        creator_member_id: values.creatorMemberId,
        owner_member_id: values.ownerMemberId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Sets is_active; true only when it changed (a program already in that state is left untouched). */
  async setActive(trx: Trx, workspaceId: number, id: number, active: boolean, now: Date, pausedFor: string | null = null): Promise<boolean> {
    const row = await trx
      .updateTable('channel_programs')
      .set({ is_active: active, paused_for: active ? null : pausedFor, updated_at: now })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('is_active', '=', !active)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The workspace's programs on a channel (active ones, or those Hearth paused when it lost the channel). */
  lockOnChannel(trx: Trx, workspaceId: number, channelId: string, which: 'active' | 'paused_for_channel'): Promise<ChannelProgram[]> {
    let q = trx.selectFrom('channel_programs').selectAll().where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId);
    q = which === 'active' ? q.where('is_active', '=', true) : q.where('is_active', '=', false).where('paused_for', 'is not', null);
    return q.orderBy('id').forUpdate().execute();
  }

  /**
   * Counts a failure of a program's message by its reason: the same incident while failures keep coming within
   * `windowMs` of the last one, else a new one. True when this failure starts an incident (its owner is told).
   */
  async recordIncident(trx: Trx, workspaceId: number, programId: number, reason: string, now: Date, windowMs: number): Promise<boolean> {
    const cutoff = new Date(now.getTime() - windowMs);
    const row = await trx
      .insertInto('program_delivery_incidents')
      .values({ workspace_id: workspaceId, program_id: programId, reason, started_at: now, last_failed_at: now, failures: 1 })
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'program_id', 'reason']).doUpdateSet((eb) => ({
          started_at: eb.case().when('program_delivery_incidents.last_failed_at', '<', cutoff).then(now).else(eb.ref('program_delivery_incidents.started_at')).end(),
          failures: eb.case().when('program_delivery_incidents.last_failed_at', '<', cutoff).then(1).else(eb('program_delivery_incidents.failures', '+', 1)).end(),
          last_failed_at: now,
        })),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return row.failures === 1;
  }

  async setTimeZone(workspaceId: number, id: number, tz: string, now: Date, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('channel_programs').set({ tz, updated_at: now }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  /** Sets the owner and replaces the editors and permission users, in one transaction. */
  async replaceOwnership(workspaceId: number, id: number, ownerId: number, roles: Array<{ memberId: number; role: ProgramRole }>, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const program = await trx
        .updateTable('channel_programs')
        .set({ owner_member_id: ownerId, updated_at: now })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      if (!program) return;
      await trx.deleteFrom('channel_program_members').where('program_id', '=', program.id).execute();
      if (roles.length) await trx.insertInto('channel_program_members').values(roles.map((r) => ({ program_id: program.id, member_id: r.memberId, role: r.role }))).execute();
    });
  }

  /** The workspace's programs, in id order; with a member id, only those they own or hold a role in. */
  listEditable(workspaceId: number, memberId: number | null): Promise<ChannelProgram[]> {
    let q = this.db.selectFrom('channel_programs').selectAll().where('workspace_id', '=', workspaceId);
    if (memberId !== null)
      q = q.where((eb) =>
        eb.or([eb('owner_member_id', '=', memberId), eb('id', 'in', eb.selectFrom('channel_program_members').select('program_id').where('member_id', '=', memberId))]),
      );
    return q.orderBy('id').execute();
  }

  async requestSendNow(workspaceId: number, id: number, now: Date): Promise<void> {
    await this.db
      .updateTable('channel_programs')
      .set({ send_now_requested_at: now, send_now_completed_at: null, updated_at: now })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .execute();
  }

  async markSendNowComplete(workspaceId: number, id: number, now: Date): Promise<void> {
    await this.db
      .updateTable('channel_programs')
      .set({ send_now_completed_at: now })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('send_now_requested_at', 'is not', null)
      .execute();
  }

  /** The editors and permission users of these programs, with their names. */
  roles(workspaceId: number, programIds: number[]) {
    return this.db
      .selectFrom('channel_program_members as pm')
      .innerJoin('channel_programs as p', 'p.id', 'pm.program_id')
      .innerJoin('members as m', 'm.id', 'pm.member_id')
      .select(['pm.program_id', 'pm.role', 'm.id', 'm.real_name', 'm.display_name', 'm.name'])
      .where('p.workspace_id', '=', workspaceId)
      .where('pm.program_id', 'in', programIds)
      .execute();
  }

  /** The programs on a channel (in the caller's transaction: the roster change that concerns them). */
  onChannel(ex: Executor, workspaceId: number, channelId: string): Promise<Array<{ id: number; type: ProgramType }>> {
    return ex.selectFrom('channel_programs').select(['id', 'type']).where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).orderBy('id').execute();
  }
}
