import type { z } from 'zod';
import type { Executor } from '../db/index.js';
import type { Member, Workspace } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { isReachableHuman } from '../people/service.js';
import { homePublish } from '../slack/jobs.js';
import { instantToZoned } from '../time/zoned.js';
import type { MyScheduleJson } from './api-types.js';
import { datesModal, datesSavedMessage, homeSection } from './blocks.js';
import type { CelebrationsDeps } from './deps.js';
import { myScheduleJson } from './presenters.js';
import type { CelebrationRepository } from './repository.js';
import type { upsertMyBody } from './schema.js';
import type { ScheduleRepository } from './schedules.repository.js';
import { parseMemberDate, readDatesSubmission, type MemberDate } from './submission.js';
import type { SlackRequester } from '../slack/requester.js';
import type { ViewStateValues } from '../slack/view-values.js';

export type MyScheduleUpdate = z.infer<typeof upsertMyBody>;

/** Who saved a date: the member, an admin or editor on the program page, or a CSV import. */
type DateSource = 'self' | 'admin' | 'import';

/** UTC+14, where each date begins first: no date valid somewhere on Earth is refused there. */
const LATEST_ZONE = 'Pacific/Kiritimati';

/**
 * People's birthdays and start dates: saving them (a birth year is private and kept), the member's own
 * settings page, the dates modal in Slack and the Home tab section.
 */
export class MemberDates {
  constructor(
    private readonly s: Pick<CelebrationsDeps, 'clock' | 'log' | 'queue' | 'outbox' | 'workspaces' | 'people'>,
    private readonly schedules: ScheduleRepository,
    private readonly programs: CelebrationRepository,
  ) {}

  /** Saves (or with null, removes) a member's date of one type, in the caller's transaction. */
  async save(ex: Executor, workspaceId: number, memberId: number, type: 'birthday' | 'anniversary', date: MemberDate | null, source: DateSource, now: Date): Promise<void> {
    if (!date) return this.schedules.deleteMemberDate(ex, workspaceId, memberId, type);
    const kept = type === 'birthday' ? await this.keepBirthYear(ex, workspaceId, memberId, date) : date;
    await this.schedules.upsertMemberDate(ex, workspaceId, memberId, type, kept, source, now);
  }

  /** A birth year is private: re-saving the same month and day without a year keeps the one on file. */
  private async keepBirthYear(ex: Executor, workspaceId: number, memberId: number, date: MemberDate): Promise<MemberDate> {
    if (date.year !== null) return date;
    const existing = (await this.schedules.memberDates(workspaceId, memberId, ex)).find((s) => s.schedule_type === 'birthday');
    return existing && existing.month === date.month && existing.day === date.day ? { ...date, year: existing.year } : date;
  }

  /** The member's Home tab shows their dates: publish it again. */
  async republishHome(ws: Workspace, member: Member): Promise<void> {
    await this.s.queue.enqueue(homePublish, { workspaceId: ws.id, userId: member.slack_user_id }, { jobId: `home:${ws.id}:celebrations:${member.slack_user_id}:${this.s.clock.now().getTime()}` });
  }

  // ---- The member's own settings page ---------------------------------------------------------------------

  async mySchedules(auth: AuthContext): Promise<{ schedules: MyScheduleJson[] }> {
    const { workspace: ws, member } = auth;
    const [dates, programs] = await Promise.all([this.schedules.memberDates(ws.id, member.id), this.schedules.memberPrograms(ws.id, member.slack_user_id)]);
    const inclusions = await this.schedules.inclusionsOf(ws.id, dates.map((d) => d.id));
    return { schedules: (['birthday', 'anniversary'] as const).map((type) => myScheduleJson(type, dates.find((d) => d.schedule_type === type), programs, inclusions)) };
  }

  /** PATCH /celebration_schedules/upsert_my_schedule: the date and/or the channels, in one transaction. */
  async upsertMySchedule(auth: AuthContext, input: MyScheduleUpdate): Promise<{ schedule: MyScheduleJson }> {
    const { workspace: ws, member } = auth;
    const type = input.celebration_type;
    const today = instantToZoned(this.s.clock.now(), member.tz ?? ws.default_tz).date;
    const date = input.date === undefined || input.date === null ? input.date : parseMemberDate(type, input.date, today);
    const programs = (await this.schedules.memberPrograms(ws.id, member.slack_user_id)).filter((p) => (type === 'birthday' ? p.birthdays_enabled : p.anniversaries_enabled));
    const selected = input.selected_channel_ids;
    if (selected) {
      const unknown = selected.filter((c) => !programs.some((p) => p.channel_id === c));
      if (unknown.length) throw new HttpError(400, `#${unknown[0]} does not celebrate you`, { selected_channel_ids: `not a channel that celebrates you: ${unknown[0]}` });
    }
    const now = this.s.clock.now();
    await this.schedules.inTransaction(async (trx) => {
      if (date !== undefined) await this.save(trx, ws.id, member.id, type, date, 'self', now);
      if (selected) {
        const s = (await this.schedules.memberDates(ws.id, member.id, trx)).find((d) => d.schedule_type === type);
        if (!s) throw new HttpError(400, type === 'birthday' ? 'Add your birthday first' : 'Add your start date first', { selected_channel_ids: 'add the date first' });
        for (const p of programs) await this.schedules.setIncluded(trx, ws.id, s.id, p.program_id, selected.includes(p.channel_id), now);
      }
    });
    await this.republishHome(ws, member);
    return { schedule: (await this.mySchedules(auth)).schedules.find((s) => s.celebration_type === type)! };
  }

  // ---- Slack: the dates modal and the Home tab ----------------------------------------------------------------

  private async memberState(ws: Workspace, member: Member) {
    const dates = await this.schedules.memberDates(ws.id, member.id);
    const b = dates.find((d) => d.schedule_type === 'birthday');
    const a = dates.find((d) => d.schedule_type === 'anniversary');
    const programs = await this.schedules.memberPrograms(ws.id, member.slack_user_id);
    return {
      birthday: b ? { month: b.month, day: b.day } : null,
      hasBirthYear: b?.year !== null && b?.year !== undefined,
      startDate: a && a.year !== null ? { year: a.year, month: a.month, day: a.day } : null,
      channels: programs.map((p) => p.name ?? p.channel_id),
    };
  }

  /** Opens the dates modal (views.open within the trigger's 3 seconds, through the outbox). */
  async openDatesModal({ workspace: ws, member }: SlackRequester, input: { triggerId: string; metadata: { channel?: string; ts?: string; program?: number } }): Promise<boolean> {
    if (!member || !isReachableHuman(member)) return false;
    const state = await this.memberState(ws, member);
    const view = datesModal({ ...state, privateMetadata: JSON.stringify(input.metadata) });
    const row = await this.s.outbox.deliverNow({ workspaceId: ws.id, key: `celebration-dates-modal:${input.triggerId}`, kind: 'celebration_modal', method: 'views.open', args: { trigger_id: input.triggerId, view } });
    if (row.state !== 'sent') this.s.log.warn({ error: row.last_error }, 'celebrations: could not open the dates modal');
    return row.state === 'sent';
  }

  /**
   * The modal's submission, checked before the ack (Slack shows per-block errors only in the ack): pure, no
   * database. The member's zone is not known without one, so "today" is the latest date anywhere on Earth;
   * saveDates checks again in the member's own zone.
   */
  checkDates(values: ViewStateValues): { errors: Record<string, string> } | { ok: true } {
    const read = readDatesSubmission(values, instantToZoned(this.s.clock.now(), LATEST_ZONE).date);
    return read.ok ? { ok: true } : { errors: read.errors };
  }

  /**
   * After the ack: the dates saved (all or nothing), the asking message updated and the Home tab republished.
   * False when they were not saved (a member Hearth does not know, dates refused in the member's zone).
   */
  async saveDates({ workspace: ws, member, userId }: SlackRequester, input: { values: ViewStateValues; privateMetadata: string }): Promise<boolean> {
    if (!member) return (this.s.log.warn({ user: userId }, 'celebrations: dates from a member Hearth does not know yet, not saved'), false);
    const read = readDatesSubmission(input.values, instantToZoned(this.s.clock.now(), member.tz ?? ws.default_tz).date);
    // Only a date a few hours ahead of the member's own today gets here (checkDates allowed it).
    if (!read.ok) return (this.s.log.warn({ user: userId, errors: read.errors }, "celebrations: dates refused in the member's zone, not saved"), false);
    const now = this.s.clock.now();
    const { birthday, startDate } = read.value;
    await this.schedules.inTransaction(async (trx) => {
      // An empty year field keeps the private year on file (when the day is the same); a typed one replaces it.
      await this.save(trx, ws.id, member.id, 'birthday', birthday && { month: birthday.month, day: birthday.day, year: birthday.keepYear ? null : birthday.year }, 'self', now);
      await this.save(trx, ws.id, member.id, 'anniversary', startDate, 'self', now);
    });
    let meta: { channel?: string; ts?: string } = {};
    try {
      meta = JSON.parse(input.privateMetadata || '{}') as typeof meta;
    } catch {
      meta = {};
    }
    if (meta.channel && meta.ts) {
      const saved = datesSavedMessage({ birthday: birthday ? { month: birthday.month, day: birthday.day } : null, startDate });
      await this.s.outbox.enqueue([
        { workspaceId: ws.id, key: `celebration-dates-saved:${meta.channel}:${meta.ts}:${now.getTime()}`, kind: 'celebration_ask', method: 'chat.update', args: { channel: meta.channel, ts: meta.ts, ...saved } },
      ]);
    }
    await this.republishHome(ws, member);
    return true;
  }

  /** The Home tab's Celebrations section: shown while the workspace runs a celebrations program. */
  async homeBlocks(ws: Workspace, member: Member) {
    if (!isReachableHuman(member)) return [];
    if (!(await this.programs.hasActiveProgram(ws.id))) return [];
    return homeSection(await this.memberState(ws, member));
  }
}
