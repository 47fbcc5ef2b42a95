import { sql } from 'kysely';
import type { Member } from '../db/types.js';
import type { ScheduleInput } from './dates.js';
import { type AssetImport, type CelebrationConfig, type CelebrationRun, type CelebrationSchedule, type ScheduleType } from './tables.js';
import type { Db, Trx } from '../db/index.js';

export interface MemberDate {
  month: number;
  day: number;
  year: number | null;
}

export type ScheduleRow = CelebrationSchedule & {
  slack_user_id: string | null;
  member_name: string | null;
  avatar_url: string | null;
  is_bot: boolean | null;
  deleted: boolean | null;
  is_external: boolean | null;
};

type Executor = Db | Trx;

export const memberName = (m: Pick<Member, 'display_name' | 'real_name' | 'name'>) => m.real_name || m.display_name || m.name;

export function toScheduleInput(r: ScheduleRow): ScheduleInput {
  return { id: r.id, type: r.schedule_type, memberId: r.member_id, slackUserId: r.slack_user_id, month: r.month, day: r.day, year: r.year, title: r.title, message: r.message };
}

/** The Celebrations SQL. Every query is scoped by workspace or by a program already scoped by the caller. */
export class CelebrationRepository {
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  config(programId: number, ex: Executor = this.db): Promise<CelebrationConfig | undefined> {
    return ex.selectFrom('celebration_programs').selectAll().where('program_id', '=', programId).executeTakeFirst();
  }

  configs(programIds: number[]): Promise<CelebrationConfig[]> {
    if (!programIds.length) return Promise.resolve([]);
    return this.db.selectFrom('celebration_programs').selectAll().where('program_id', 'in', programIds).execute();
  }

  /** Every date of a workspace with its member's flags; member dates of deleted rows go with the member. */
  schedules(workspaceId: number, opts: { type?: ScheduleType; memberIds?: number[]; ids?: number[] } = {}, ex: Executor = this.db): Promise<ScheduleRow[]> {
    let q = ex
      .selectFrom('celebration_schedules as s')
      .leftJoin('members as m', 'm.id', 's.member_id')
      .selectAll('s')
      .select([
        'm.slack_user_id',
        sql<string | null>`coalesce(nullif(m.real_name, ''), nullif(m.display_name, ''), m.name)`.as('member_name'),
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
  async inclusions(programId: number, ex: Executor = this.db): Promise<Map<number, boolean>> {
    const rows = await ex.selectFrom('celebration_schedule_programs').select(['schedule_id', 'included']).where('program_id', '=', programId).execute();
    return new Map(rows.map((r) => [r.schedule_id, r.included]));
  }

  /** Inclusion rows of schedules across programs: `${schedule}:${program}` → included. */
  async inclusionsOf(scheduleIds: number[], ex: Executor = this.db): Promise<Map<string, boolean>> {
    if (!scheduleIds.length) return new Map();
    const rows = await ex.selectFrom('celebration_schedule_programs').select(['schedule_id', 'program_id', 'included']).where('schedule_id', 'in', scheduleIds).execute();
    return new Map(rows.map((r) => [`${r.schedule_id}:${r.program_id}`, r.included]));
  }

  async setIncluded(ex: Executor, scheduleId: number, programId: number, included: boolean, now: Date): Promise<void> {
    await ex
      .insertInto('celebration_schedule_programs')
      .values({ schedule_id: scheduleId, program_id: programId, included, updated_at: now })
      .onConflict((oc) => oc.columns(['schedule_id', 'program_id']).doUpdateSet({ included, updated_at: now }))
      .execute();
  }

  /** Custom dates included in at least one program of the workspace (the free plan's count), optionally but one. */
  async activeCustomCount(ex: Executor, workspaceId: number, exceptScheduleId?: number): Promise<number> {
    let q = ex
      .selectFrom('celebration_schedules as s')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.workspace_id', '=', workspaceId)
      .where('s.schedule_type', '=', 'custom')
      .where((eb) => eb.exists(eb.selectFrom('celebration_schedule_programs as sp').select('sp.schedule_id').whereRef('sp.schedule_id', '=', 's.id').where('sp.included', '=', true)));
    if (exceptScheduleId !== undefined) q = q.where('s.id', '<>', exceptScheduleId);
    return Number((await q.executeTakeFirstOrThrow()).n);
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
  memberPrograms(workspaceId: number, slackUserId: string): Promise<Array<{ program_id: number; channel_id: string; name: string | null; birthdays_enabled: boolean; anniversaries_enabled: boolean }>> {
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

  run(programId: number, runOn: string, ex: Executor = this.db): Promise<CelebrationRun | undefined> {
    return ex.selectFrom('celebration_runs').selectAll().where('program_id', '=', programId).where('run_on', '=', runOn).executeTakeFirst();
  }

  /** Claims a program's run for a posting date; undefined when it was already claimed (by the tick or send-now). */
  async claimRun(ex: Executor, programId: number, runOn: string, now: Date, sendNow: boolean): Promise<number | undefined> {
    const row = await ex
      .insertInto('celebration_runs')
      .values({ program_id: programId, run_on: runOn, state: 'claimed', send_now: sendNow, claimed_at: now, outbox_id: null, note: null })
      .onConflict((oc) => oc.columns(['program_id', 'run_on']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async finishRun(ex: Executor, runId: number, state: 'posted' | 'empty' | 'skipped', now: Date, extra: { outboxId?: number; note?: string } = {}): Promise<void> {
    await ex
      .updateTable('celebration_runs')
      .set({ state, finished_at: now, ...(extra.outboxId !== undefined ? { outbox_id: extra.outboxId } : {}), ...(extra.note !== undefined ? { note: extra.note } : {}) })
      .where('id', '=', runId)
      .execute();
  }

  importById(workspaceId: number, id: number): Promise<AssetImport | undefined> {
    return this.db.selectFrom('asset_imports').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }
}
