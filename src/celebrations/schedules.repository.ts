import { sql } from 'kysely';
import { personNameSql } from '../people/repository.js';
import type { Db, Executor, Trx } from '../db/index.js';
import type { Member } from '../db/types.js';
import type { ScheduleInput } from './dates.js';
import type { MemberDate } from './submission.js';
import type { CelebrationSchedule, ScheduleType } from './tables.js';

export type ScheduleRow = CelebrationSchedule & {
  slack_user_id: string | null;
  member_name: string | null;
  avatar_url: string | null;
  is_bot: boolean | null;
  deleted: boolean | null;
  is_external: boolean | null;
};

/** A celebrations program whose channel a member is in. */
export interface MemberProgram {
  program_id: number;
  channel_id: string;
  name: string | null;
  birthdays_enabled: boolean;
  anniversaries_enabled: boolean;
}

export interface CustomDate {
  title: string;
  message: string | null;
  member_id: number | null;
  month: number;
  day: number;
  year: number | null;
}

export function toScheduleInput(r: ScheduleRow): ScheduleInput {
  return { id: r.id, type: r.schedule_type, memberId: r.member_id, slackUserId: r.slack_user_id, month: r.month, day: r.day, year: r.year, title: r.title, message: r.message };
}

/**
 * The SQL of people's dates and custom dates (celebration_schedules), which programs include them, and the
 * members and channels they are about. Every method takes the workspace id and scopes by it.
 */
export class ScheduleRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction (for a service whose writes must commit together). */
  inTransaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Every date of a workspace with its member's flags; member dates of deleted rows go with the member. */
  schedules(workspaceId: number, opts: { type?: ScheduleType; memberIds?: number[]; ids?: number[] } = {}, ex: Executor = this.db): Promise<ScheduleRow[]> {
    let q = ex
      .selectFrom('celebration_schedules as s')
      .leftJoin('members as m', 'm.id', 's.member_id')
      .selectAll('s')
      .select([
        'm.slack_user_id',
        personNameSql('m').$castTo<string | null>().as('member_name'),
        'm.avatar_url',
        'm.is_bot',
        'm.deleted',
        'm.is_external',
      ])
      .where('s.workspace_id', '=', workspaceId);
    if (opts.type) q = q.where('s.schedule_type', '=', opts.type);
    if (opts.memberIds) q = opts.memberIds.length ? q.where('s.member_id', 'in', opts.memberIds) : q.where(sql<boolean>`false`);
    if (opts.ids) q = opts.ids.length ? q.where('s.id', 'in', opts.ids) : q.where(sql<boolean>`false`);
    return q.orderBy('s.id').execute() as Promise<ScheduleRow[]>;
  }

  async schedule(workspaceId: number, id: number, ex: Executor = this.db): Promise<ScheduleRow | undefined> {
    return (await this.schedules(workspaceId, { ids: [id] }, ex))[0];
  }

  /** Inclusion rows of a program: schedule id → included. */
  async inclusions(workspaceId: number, programId: number, ex: Executor = this.db): Promise<Map<number, boolean>> {
    const rows = await ex
      .selectFrom('celebration_schedule_programs as sp')
      .innerJoin('celebration_schedules as s', 's.id', 'sp.schedule_id')
      .select(['sp.schedule_id', 'sp.included'])
      .where('s.workspace_id', '=', workspaceId)
      .where('sp.program_id', '=', programId)
      .execute();
    return new Map(rows.map((r) => [r.schedule_id, r.included]));
  }

  /** Inclusion rows of schedules across programs: `${schedule}:${program}` → included. */
  async inclusionsOf(workspaceId: number, scheduleIds: number[], ex: Executor = this.db): Promise<Map<string, boolean>> {
    if (!scheduleIds.length) return new Map();
    const rows = await ex
      .selectFrom('celebration_schedule_programs as sp')
      .innerJoin('celebration_schedules as s', 's.id', 'sp.schedule_id')
      .select(['sp.schedule_id', 'sp.program_id', 'sp.included'])
      .where('s.workspace_id', '=', workspaceId)
      .where('sp.schedule_id', 'in', scheduleIds)
      .execute();
    return new Map(rows.map((r) => [`${r.schedule_id}:${r.program_id}`, r.included]));
  }

  /** Includes (or leaves out) a date of this workspace in one of its programs; another workspace's ids fail. */
  async setIncluded(ex: Executor, workspaceId: number, scheduleId: number, programId: number, included: boolean, now: Date): Promise<void> {
    await ex
      .insertInto('celebration_schedule_programs')
      .values({
        schedule_id: ex.selectFrom('celebration_schedules').select('id').where('workspace_id', '=', workspaceId).where('id', '=', scheduleId),
        program_id: ex.selectFrom('celebration_programs').select('program_id').where('workspace_id', '=', workspaceId).where('program_id', '=', programId),
        included,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['schedule_id', 'program_id']).doUpdateSet({ included, updated_at: now }))
      .execute();
  }

  /** Whether the date is included in any program. */
  async includedAnywhere(ex: Executor, workspaceId: number, scheduleId: number): Promise<boolean> {
    const row = await ex
      .selectFrom('celebration_schedule_programs as sp')
      .innerJoin('celebration_schedules as s', 's.id', 'sp.schedule_id')
      .select('sp.schedule_id')
      .where('s.workspace_id', '=', workspaceId)
      .where('sp.schedule_id', '=', scheduleId)
      .where('sp.included', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Serializes the free plan's allowance checks of a workspace (its row is locked until commit). */
  async lockAllowance(trx: Trx, workspaceId: number): Promise<void> {
    await trx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
  }

  /** Custom dates included in at least one program of the workspace (the free plan's count), optionally but one. */
  async activeCustomCount(workspaceId: number, exceptScheduleId?: number, ex: Executor = this.db): Promise<number> {
    let q = ex
      .selectFrom('celebration_schedules as s')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.workspace_id', '=', workspaceId)
      .where('s.schedule_type', '=', 'custom')
      .where((eb) => eb.exists(eb.selectFrom('celebration_schedule_programs as sp').select('sp.schedule_id').whereRef('sp.schedule_id', '=', 's.id').where('sp.included', '=', true)));
    if (exceptScheduleId !== undefined) q = q.where('s.id', '<>', exceptScheduleId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** Adds an imported birthday or start date unless the member already has one (their own or an admin's stays). */
  async addImported(trx: Trx, row: { workspace_id: number; member_id: number; schedule_type: 'birthday' | 'anniversary'; month: number; day: number; year: number | null; now: Date }): Promise<boolean> {
    const existing = await trx
      .selectFrom('celebration_schedules')
      .select('id')
      .where('workspace_id', '=', row.workspace_id)
      .where('member_id', '=', row.member_id)
      .where('schedule_type', '=', row.schedule_type)
      .executeTakeFirst();
    if (existing) return false;
    await trx
      .insertInto('celebration_schedules')
      .values({ workspace_id: row.workspace_id, member_id: row.member_id, schedule_type: row.schedule_type, month: row.month, day: row.day, year: row.year, source: 'import', created_at: row.now, updated_at: row.now })
      .execute();
    return true;
  }

  async createCustom(trx: Trx, workspaceId: number, date: CustomDate, now: Date): Promise<number> {
    const row = await trx
      .insertInto('celebration_schedules')
      .values({ workspace_id: workspaceId, schedule_type: 'custom', ...date, source: 'admin', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateCustom(trx: Trx, workspaceId: number, id: number, date: CustomDate, now: Date): Promise<void> {
    await trx
      .updateTable('celebration_schedules')
      .set({ ...date, updated_at: now })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .execute();
  }

  async deleteSchedule(workspaceId: number, id: number): Promise<void> {
    await this.db.deleteFrom('celebration_schedules').where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  /** Insert or replace a member's birthday or start date. */
  async upsertMemberDate(ex: Executor, workspaceId: number, memberId: number, type: 'birthday' | 'anniversary', date: MemberDate, source: 'self' | 'admin' | 'import', now: Date): Promise<number> {
    const row = await ex
      .insertInto('celebration_schedules')
      .values({ workspace_id: workspaceId, schedule_type: type, member_id: memberId, month: date.month, day: date.day, year: date.year, source, title: null, message: null, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc
          .columns(['workspace_id', 'member_id', 'schedule_type'])
          .where('schedule_type', 'in', ['birthday', 'anniversary'])
          .doUpdateSet({ month: date.month, day: date.day, year: date.year, source, updated_at: now }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async deleteMemberDate(ex: Executor, workspaceId: number, memberId: number, type: 'birthday' | 'anniversary'): Promise<void> {
    await ex.deleteFrom('celebration_schedules').where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).where('schedule_type', '=', type).execute();
  }

  memberDates(workspaceId: number, memberId: number, ex: Executor = this.db): Promise<CelebrationSchedule[]> {
    return ex
      .selectFrom('celebration_schedules')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('member_id', '=', memberId)
      .where('schedule_type', 'in', ['birthday', 'anniversary'])
      .execute();
  }

  // ---- Members and channels ---------------------------------------------------------------------------------

  member(workspaceId: number, memberId: number): Promise<Member | undefined> {
    return this.db.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', memberId).executeTakeFirst();
  }

  members(workspaceId: number, memberIds: number[]): Promise<Member[]> {
    if (!memberIds.length) return Promise.resolve([]);
    return this.db.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('id', 'in', memberIds).execute();
  }

  /** Members by email, compared lower-case (emails given lower-case). */
  membersByEmail(workspaceId: number, emails: string[]): Promise<Member[]> {
    if (!emails.length) return Promise.resolve([]);
    return this.db
      .selectFrom('members')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where((eb) => eb.fn('lower', ['email']), 'in', emails)
      .execute();
  }

  /** Members of a channel (the kept roster) with their directory flags. */
  channelMembers(workspaceId: number, channelId: string): Promise<Member[]> {
    return this.db
      .selectFrom('channel_members as cm')
      .innerJoin('members as m', (j) => j.onRef('m.slack_user_id', '=', 'cm.slack_user_id').onRef('m.workspace_id', '=', 'cm.workspace_id'))
      .selectAll('m')
      .where('cm.workspace_id', '=', workspaceId)
      .where('cm.channel_id', '=', channelId)
      .execute();
  }

  /** Active celebration programs of a workspace whose channel this member is in, with the channel names. */
  memberPrograms(workspaceId: number, slackUserId: string): Promise<MemberProgram[]> {
    return this.db
      .selectFrom('channel_programs as p')
      .innerJoin('celebration_programs as c', 'c.program_id', 'p.id')
      .innerJoin('channel_members as cm', (j) => j.onRef('cm.workspace_id', '=', 'p.workspace_id').onRef('cm.channel_id', '=', 'p.channel_id').on('cm.slack_user_id', '=', slackUserId))
      .leftJoin('channels as ch', (j) => j.onRef('ch.workspace_id', '=', 'p.workspace_id').onRef('ch.channel_id', '=', 'p.channel_id'))
      .select(['p.id as program_id', 'p.channel_id', 'ch.name', 'c.birthdays_enabled', 'c.anniversaries_enabled'])
      .where('p.workspace_id', '=', workspaceId)
      .where('p.type', '=', 'CelebrationProgram')
      .where('p.is_active', '=', true)
      .orderBy('ch.name')
      .execute();
  }
}
