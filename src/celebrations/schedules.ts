import type { z } from 'zod';
import type { ChannelProgram, Member } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { personName } from '../people/name.js';
import { requireAccess, type AccessPolicy } from '../platform/access.js';
import { isReachableHuman } from '../people/service.js';
import { formatLocalDate, instantToZoned } from '../time/zoned.js';
import type { CustomAllowance } from './allowance.js';
import type { ScheduleIndex, ScheduleJson } from './api-types.js';
import { askForDatesMessage } from './blocks.js';
import type { CelebrationCalendar } from './calendar.js';
import type { CelebrationsDeps } from './deps.js';
import type { MemberDates } from './member-dates.js';
import { isIncluded, scheduleJson, undatedJson } from './presenters.js';
import { askBody, createOrUpdateBody, includedBody, indexQuery } from './schema.js';
import { programNamedIn } from './access.js';
import type { ScheduleRepository, ScheduleRow } from './schedules.repository.js';
import { parseMemberDate } from './submission.js';
import type { ScheduleType } from './tables.js';

export type ScheduleChange = z.infer<typeof createOrUpdateBody>;

/** The program page's dates (admins and editors): the channel's people and their dates, custom dates, asking. */
export class ProgramSchedules {
  constructor(
    private readonly s: Pick<CelebrationsDeps, 'clock' | 'outbox' | 'programs'>,
    private readonly schedules: ScheduleRepository,
    private readonly calendar: CelebrationCalendar,
    private readonly memberDates: MemberDates,
    private readonly allowance: CustomAllowance,
  ) {}

  /** GET /celebration_schedules/index_as_json: the channel's people with their date of this type, or the custom dates. */
  async index(auth: AuthContext, rawQuery: unknown): Promise<ScheduleIndex> {
    const program = await programNamedIn(this.s.programs, auth, rawQuery);
    const type: ScheduleType = parse(indexQuery, rawQuery).schedule_type;
    const ws = auth.workspace;
    await this.calendar.refreshRoster(ws, program).catch(() => undefined);
    await this.calendar.load(ws, program);
    const inclusions = await this.schedules.inclusions(ws.id, program.id);
    const json = (r: ScheduleRow) => scheduleJson(r, program.id, isIncluded(r, inclusions.get(r.id)));
    if (type === 'custom') {
      const rows = await this.schedules.schedules(ws.id, { type: 'custom' });
      return { schedules: rows.map(json), limit: await this.allowance.json(ws.id) };
    }
    const audience = [...(await this.calendar.audience(ws, program)).values()].sort((a, b) => personName(a).localeCompare(personName(b)));
    const rows = await this.schedules.schedules(ws.id, { type, memberIds: audience.map((m) => m.id) });
    const byMember = new Map(rows.map((r) => [r.member_id, r]));
    const schedules = audience.map((m) => {
      const r = byMember.get(m.id);
      return r ? json(r) : undatedJson(m, program.id, type);
    });
    const withDate = schedules.filter((s) => s.date !== null).length;
    return { schedules, counts: { members: schedules.length, with_date: withDate, missing: schedules.length - withDate } };
  }

  /** A member of this workspace whom Hearth may celebrate (400 for anyone else). */
  private async celebratable(workspaceId: number, memberId: number): Promise<Member> {
    const m = await this.schedules.member(workspaceId, memberId);
    if (!m) throw new HttpError(400, 'Choose someone from this workspace', { user_id: `unknown member ${memberId}` });
    if (!isReachableHuman(m)) throw new HttpError(400, 'Hearth never celebrates bots, deactivated or external members', { user_id: 'cannot be celebrated' });
    return m;
  }

  private async scheduleAnswer(workspaceId: number, program: ChannelProgram, row: ScheduleRow | undefined): Promise<{ schedule: ScheduleJson | null }> {
    if (!row) return { schedule: null };
    const inclusions = await this.schedules.inclusions(workspaceId, program.id);
    return { schedule: scheduleJson(row, program.id, isIncluded(row, inclusions.get(row.id))) };
  }

  /** PUT /celebration_schedules/create_or_update_as_json: a person's birthday or start date, or a custom date. */
  async createOrUpdate(auth: AuthContext, body: unknown): Promise<{ schedule: ScheduleJson | null }> {
    const program = await programNamedIn(this.s.programs, auth, body);
    const input: ScheduleChange = parse(createOrUpdateBody, body);
    const ws = auth.workspace;
    const today = instantToZoned(this.s.clock.now(), program.tz).date;
    const now = this.s.clock.now();
    const type = input.schedule_type;
    if (type !== 'custom') {
      if (!input.user_id) throw new HttpError(400, 'Choose a person', { user_id: 'choose a person' });
      const member = await this.celebratable(ws.id, input.user_id);
      const date = input.date === null ? null : parseMemberDate(type, input.date, today);
      await this.schedules.inTransaction((trx) => this.memberDates.save(trx, ws.id, member.id, type, date, 'admin', now));
      await this.memberDates.republishHome(ws, member);
      return this.scheduleAnswer(ws.id, program, (await this.schedules.schedules(ws.id, { type, memberIds: [member.id] }))[0]);
    }
    return this.saveCustom(auth, program, input);
  }

  private async saveCustom(auth: AuthContext, program: ChannelProgram, input: ScheduleChange): Promise<{ schedule: ScheduleJson | null }> {
    const ws = auth.workspace;
    const now = this.s.clock.now();
    const existing = input.celebration_schedule_id ? await this.schedules.schedule(ws.id, input.celebration_schedule_id) : undefined;
    if (input.celebration_schedule_id && (!existing || existing.schedule_type !== 'custom')) throw new HttpError(404, 'Not found');
    if (input.date === null) {
      if (!existing) throw new HttpError(400, 'Choose a date', { date: 'choose a date' });
      await this.schedules.deleteSchedule(ws.id, existing.id);
      return { schedule: null };
    }
    const title = (input.title ?? existing?.title ?? '').trim();
    if (!title) throw new HttpError(400, 'Give the date a name', { title: 'give the date a name' });
    const date = parseMemberDate('custom', input.date, instantToZoned(now, program.tz).date);
    const memberId = input.user_id === undefined ? (existing?.member_id ?? null) : input.user_id;
    if (memberId !== null) await this.celebratable(ws.id, memberId);
    const message = input.message === undefined ? (existing?.message ?? null) : input.message?.trim() || null;
    const custom = { title, message, member_id: memberId, ...date };
    const id = await this.schedules.inTransaction(async (trx) => {
      if (existing) {
        await this.schedules.updateCustom(trx, ws.id, existing.id, custom, now);
        return existing.id;
      }
      // A new custom date is included in the program it was added from: within the free plan's allowance.
      await this.allowance.assert(trx, ws.id);
      const created = await this.schedules.createCustom(trx, ws.id, custom, now);
      await this.schedules.setIncluded(trx, ws.id, created, program.id, true, now);
      return created;
    });
    return this.scheduleAnswer(ws.id, program, await this.schedules.schedule(ws.id, id));
  }

  /**
   * A date of this workspace by id (another workspace's is not found). Dates belong to the workspace, not to a
   * program: whoever may change the program named in the request may include a date in it or leave it out.
   */
  get policy(): AccessPolicy<ScheduleRow> {
    return {
      load: (workspaceId, id) => this.schedules.schedule(workspaceId, id),
      canEdit: () => true,
      forbidden: this.s.programs.policy('CelebrationProgram').forbidden,
    };
  }

  /** PUT /celebration_schedules/{id}/update_included_programs_as_json */
  async updateIncluded(auth: AuthContext, scheduleId: number, body: unknown): Promise<{ schedule: ScheduleJson }> {
    const program = await programNamedIn(this.s.programs, auth, body);
    const existing = await requireAccess(auth, this.policy, scheduleId, 'edit');
    const { activate } = parse(includedBody, body);
    const ws = auth.workspace;
    await this.schedules.inTransaction(async (trx) => {
      if (activate && existing.schedule_type === 'custom') await this.allowance.assert(trx, ws.id, existing.id);
      await this.schedules.setIncluded(trx, ws.id, existing.id, program.id, activate, this.s.clock.now());
    });
    return { schedule: scheduleJson(existing, program.id, activate) };
  }

  /** POST /celebration_schedules/send_ask_for_dates_dms: one DM per person a day at most, through the outbox. */
  async sendAskForDates(auth: AuthContext, body: unknown): Promise<{ num_sent: number; num_skipped: number }> {
    const program = await programNamedIn(this.s.programs, auth, body);
    const memberIds = parse(askBody, body).user_ids;
    const ws = auth.workspace;
    const ids = [...new Set(memberIds)];
    const members = await this.schedules.members(ws.id, ids);
    const unknown = ids.filter((id) => !members.some((m) => m.id === id));
    if (unknown.length) throw new HttpError(400, 'Choose people from this workspace', { user_ids: `unknown member ${unknown[0]}` });
    const reachable = members.filter(isReachableHuman);
    const today = formatLocalDate(instantToZoned(this.s.clock.now(), program.tz).date);
    const channelName = await this.calendar.channelName(ws.id, program.channel_id);
    const message = askForDatesMessage({ channelName, requesterName: personName(auth.member), programId: program.id });
    await this.s.outbox.enqueue(
      reachable.map((m) => ({
        workspaceId: ws.id,
        key: `celebration-ask:${program.id}:${m.id}:${today}`,
        kind: 'celebration_ask',
        method: 'dm.post',
        args: { users: [m.slack_user_id], ...message },
      })),
    );
    return { num_sent: reachable.length, num_skipped: ids.length - reachable.length };
  }
}
