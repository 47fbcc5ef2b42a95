// The JSON shapes of the Celebrations API (api-types.ts), from rows. Pure.
import type { Member } from '../db/types.js';
import { personName } from '../people/name.js';
import { compareLocalDate, formatLocalDate } from '../time/zoned.js';
import type { CelebrationSettingsJson, EventJson, ImportJson, MyScheduleJson, ScheduleJson, ScheduleType } from './api-types.js';
import type { LoadedProgram } from './calendar.js';
import { monthDayString, runInstant, type Celebration } from './dates.js';
import { formatMonthAndDay } from '../slack/dates.js';
import type { MemberProgram, ScheduleRow } from './schedules.repository.js';
import type { AssetImport, CelebrationSchedule } from './tables.js';

export function settingsJson(l: LoadedProgram): CelebrationSettingsJson {
  const c = l.config;
  return {
    id: l.program.id,
    birthdays_enabled: c.birthdays_enabled,
    anniversaries_enabled: c.anniversaries_enabled,
    custom_enabled: c.custom_enabled,
    posting_hour: Math.floor(c.post_minute / 60),
    post_minute: c.post_minute,
    time_zone: l.program.tz,
    weekend_policy: c.weekend_policy,
    leap_day_policy: l.ws.leap_day_policy,
    birthday_template: c.birthday_template,
    anniversary_template: c.anniversary_template,
    images: { birthday: c.birthday_image, anniversary: c.anniversary_image, custom: c.custom_image },
    next_run_at: c.next_run_at ? c.next_run_at.toISOString() : null,
  };
}

/** People's dates are included unless left out; custom dates only where they were added or turned on. */
export function isIncluded(r: Pick<ScheduleRow, 'schedule_type'>, row: boolean | undefined): boolean {
  return row ?? r.schedule_type !== 'custom';
}

/** "MM-DD" (birthdays never show their year), "YYYY-MM-DD" for a start date; and the words for it. */
function dateTexts(r: Pick<CelebrationSchedule, 'schedule_type' | 'month' | 'day' | 'year'>): { date: string; display_date: string } {
  const md = { month: r.month, day: r.day };
  if (r.schedule_type === 'anniversary' && r.year !== null) return { date: formatLocalDate({ year: r.year, ...md }), display_date: `${formatMonthAndDay(md)}, ${r.year}` };
  return { date: monthDayString(md), display_date: formatMonthAndDay(md) };
}

export function scheduleJson(r: ScheduleRow, programId: number, included: boolean): ScheduleJson {
  return {
    celebration_schedule_id: r.id,
    celebration_program_id: programId,
    schedule_type: r.schedule_type,
    user_id: r.member_id,
    slack_user_id: r.slack_user_id,
    name: r.member_name,
    avatar_url: r.avatar_url,
    ...dateTexts(r),
    year: r.schedule_type === 'custom' ? r.year : null,
    title: r.title,
    message: r.message,
    included,
    source: r.source,
  };
}

/** A person of the channel with no date of this type yet. */
export function undatedJson(m: Member, programId: number, type: ScheduleType): ScheduleJson {
  return {
    celebration_schedule_id: null,
    celebration_program_id: programId,
    schedule_type: type,
    user_id: m.id,
    slack_user_id: m.slack_user_id,
    name: personName(m),
    avatar_url: m.avatar_url,
    date: null,
    display_date: null,
    year: null,
    title: null,
    message: null,
    included: true,
    source: null,
  };
}

export function eventJson(c: Celebration, l: LoadedProgram, row: ScheduleRow | undefined, posted: boolean): EventJson {
  return {
    key: c.key,
    type: c.schedule.type,
    post_on: formatLocalDate(c.postOn),
    occurs_on: formatLocalDate(c.occursOn),
    posts_at: runInstant(c.postOn, l.config.post_minute, l.program.tz).toISOString(),
    shifted: compareLocalDate(c.postOn, c.occursOn) !== 0,
    posted,
    user_id: c.schedule.memberId,
    slack_user_id: c.schedule.slackUserId,
    name: row?.member_name ?? null,
    avatar_url: row?.avatar_url ?? null,
    title: c.schedule.title,
    years: c.years,
  };
}

/** A member's own date of one type and the channels that may celebrate it (all of them unless left out). */
export function myScheduleJson(type: 'birthday' | 'anniversary', s: CelebrationSchedule | undefined, programs: MemberProgram[], inclusions: Map<string, boolean>): MyScheduleJson {
  const available = programs.filter((p) => (type === 'birthday' ? p.birthdays_enabled : p.anniversaries_enabled));
  return {
    celebration_type: type,
    celebration_schedule_id: s?.id ?? null,
    date: s ? dateTexts(s).date : null,
    display_date: s ? dateTexts(s).display_date : null,
    has_year: type === 'birthday' && s?.year !== null && s?.year !== undefined,
    available_channels: available.map((p) => ({ uid: p.channel_id, name: p.name ?? p.channel_id })),
    selected_channel_ids: available.filter((p) => !s || inclusions.get(`${s.id}:${p.program_id}`) !== false).map((p) => p.channel_id),
  };
}

export function importJson(a: AssetImport): ImportJson {
  return {
    id: a.id,
    program_id: a.program_id,
    program_type: a.program_type,
    state: a.state,
    file_name: a.file_name,
    file_size: a.file_size,
    errors: a.errors,
    summary: a.summary,
    created_at: a.created_at.toISOString(),
  };
}
