// Date rules of Celebrations. Pure: no I/O, no host zone, no `Date` arithmetic on calendar dates. Dates are
// stored as intent (month + day, optional year); the day they fall on in a year comes from resolveMonthDay
// (Feb 29 by the workspace's leap-day policy), the instant of posting from zonedToInstant.
import {
  addDays,
  compareLocalDate,
  instantToZoned,
  isLeapYear,
  resolveMonthDay,
  weekdayOf,
  zonedToInstant,
  type LeapPolicy,
  type LocalDate,
} from '../time/zoned.js';
import type { ScheduleType, WeekendPolicy } from './api-types.js';

export type { WeekendPolicy };
export const WEEKEND_POLICIES: readonly WeekendPolicy[] = ['friday_before', 'on_the_day', 'monday_after'];

export interface MonthDay {
  month: number;
  day: number;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A month and day some year has (Feb 29 counts: leap years have it). */
export function isValidMonthDay(month: number, day: number): boolean {
  return Number.isInteger(month) && Number.isInteger(day) && month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
}

/** A real calendar date (2025-02-29 is not). */
export function isValidDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !isValidMonthDay(month, day)) return false;
  return !(month === 2 && day === 29 && !isLeapYear(year));
}

export function daysInMonth(month: number): number {
  return DAYS_IN_MONTH[month - 1] ?? 0;
}

/** The day a date is celebrated on: weekend dates move to the Friday before or the Monday after, by the policy. */
export function postDateFor(occurs: LocalDate, policy: WeekendPolicy): LocalDate {
  const weekday = weekdayOf(occurs);
  if (weekday < 6 || policy === 'on_the_day') return occurs;
  if (policy === 'friday_before') return addDays(occurs, weekday === 6 ? -1 : -2);
  return addDays(occurs, weekday === 6 ? 2 : 1);
}

/** The date a month+day falls on in `year`: Feb 29 in a common year by the leap-day policy. */
export function occurrenceIn(md: MonthDay, year: number, leap: LeapPolicy): LocalDate | null {
  if (!isValidMonthDay(md.month, md.day)) return null;
  return resolveMonthDay(md.month, md.day, year, leap);
}

/** Every occurrence of a yearly month+day between two dates (inclusive), oldest first. */
export function occurrencesBetween(md: MonthDay, from: LocalDate, to: LocalDate, leap: LeapPolicy): LocalDate[] {
  const out: LocalDate[] = [];
  for (let year = from.year; year <= to.year; year++) {
    const d = occurrenceIn(md, year, leap);
    if (d && compareLocalDate(d, from) >= 0 && compareLocalDate(d, to) <= 0) out.push(d);
  }
  return out;
}

/** The first occurrence on or after `from`. */
export function nextOccurrence(md: MonthDay, from: LocalDate, leap: LeapPolicy): LocalDate | null {
  for (const year of [from.year, from.year + 1]) {
    const d = occurrenceIn(md, year, leap);
    if (d && compareLocalDate(d, from) >= 0) return d;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Posting times

/** Runs more than this late are skipped: a birthday posted days later helps nobody. */
export const STALE_AFTER_MS = 24 * 3600_000;

/** When the celebrations of a posting date go out: the program's minute of the day in its zone (DST-safe). */
export function runInstant(post: LocalDate, minuteOfDay: number, tz: string): Date {
  return zonedToInstant(post, minuteOfDay, tz);
}

export function isStale(post: LocalDate, now: Date, minuteOfDay: number, tz: string): boolean {
  return now.getTime() >= runInstant(post, minuteOfDay, tz).getTime() + STALE_AFTER_MS;
}

/** The program's first posting date from `now`: today if today's posting time is still ahead, else tomorrow. */
export function firstRunDate(now: Date, minuteOfDay: number, tz: string): LocalDate {
  const today = instantToZoned(now, tz).date;
  return runInstant(today, minuteOfDay, tz) > now ? today : addDays(today, 1);
}

/**
 * The posting date after `ran`: normally the next day. After an outage, days whose posting window has passed
 * are skipped, so the schedule catches up with at most one late run.
 */
export function nextRunDateAfter(ran: LocalDate, now: Date, minuteOfDay: number, tz: string): LocalDate {
  let d = addDays(ran, 1);
  const yesterday = addDays(instantToZoned(now, tz).date, -1);
  if (compareLocalDate(d, yesterday) < 0) d = yesterday;
  while (isStale(d, now, minuteOfDay, tz)) d = addDays(d, 1);
  return d;
}

// ---------------------------------------------------------------------------------------------
// Who is celebrated when

export interface ScheduleInput {
  id: number;
  type: ScheduleType;
  memberId: number | null;
  slackUserId: string | null;
  month: number;
  day: number;
  /** Birthday: private (never used here). Anniversary: start year. Custom: first year. */
  year: number | null;
  title: string | null;
  message: string | null;
}

export interface Celebration {
  /** Once a year per program: bday:{team}:{user}:{year}, anniv:{team}:{user}:{year}, custom:{schedule}:{year}. */
  key: string;
  schedule: ScheduleInput;
  /** The date itself this year. */
  occursOn: LocalDate;
  /** The day it is posted (differs from occursOn for weekend dates under friday_before / monday_after). */
  postOn: LocalDate;
  /** Anniversaries and custom dates with a year. Never set for birthdays: no age is ever mentioned. */
  years: number | null;
}

export interface CelebrationRules {
  teamId: string;
  policy: WeekendPolicy;
  leap: LeapPolicy;
  enabled: Record<ScheduleType, boolean>;
  /** Included in this program, in its channel and a reachable human (for member dates); decided by the caller. */
  eligible: (s: ScheduleInput) => boolean;
}

/**
 * Every celebration posted on a day between `from` and `to` (inclusive), ordered by posting date, then date,
 * then type. A schedule's occurrences are computed per year (O(schedules)), never by walking every day.
 */
export function celebrationsBetween(schedules: readonly ScheduleInput[], from: LocalDate, to: LocalDate, rules: CelebrationRules): Celebration[] {
  // Weekend shifts move a date at most two days, so look two days beyond each end.
  const lo = addDays(from, -2);
  const hi = addDays(to, 2);
  const out: Celebration[] = [];
  for (const s of schedules) {
    if (!rules.enabled[s.type] || !rules.eligible(s)) continue;
    for (const occursOn of occurrencesBetween(s, lo, hi, rules.leap)) {
      const postOn = postDateFor(occursOn, rules.policy);
      if (compareLocalDate(postOn, from) < 0 || compareLocalDate(postOn, to) > 0) continue;
      let years: number | null = null;
      let key: string;
      if (s.type === 'birthday') {
        if (!s.slackUserId) continue;
        key = `bday:${rules.teamId}:${s.slackUserId}:${occursOn.year}`;
      } else if (s.type === 'anniversary') {
        if (!s.slackUserId || s.year === null) continue;
        years = occursOn.year - s.year;
        // The first day itself is not an anniversary; a start date ahead is a new hire, not yet celebrated.
        if (years < 1) continue;
        key = `anniv:${rules.teamId}:${s.slackUserId}:${occursOn.year}`;
      } else {
        if (s.year !== null) {
          years = occursOn.year - s.year;
          if (years < 0) continue;
        }
        key = `custom:${s.id}:${occursOn.year}`;
      }
      out.push({ key, schedule: s, occursOn, postOn, years });
    }
  }
  const typeOrder: Record<ScheduleType, number> = { birthday: 0, anniversary: 1, custom: 2 };
  return out.sort(
    (a, b) =>
      compareLocalDate(a.postOn, b.postOn) ||
      compareLocalDate(a.occursOn, b.occursOn) ||
      typeOrder[a.schedule.type] - typeOrder[b.schedule.type] ||
      a.schedule.id - b.schedule.id,
  );
}

/** The celebrations posted on one day. */
export function celebrationsOn(schedules: readonly ScheduleInput[], post: LocalDate, rules: CelebrationRules): Celebration[] {
  return celebrationsBetween(schedules, post, post, rules);
}

// ---------------------------------------------------------------------------------------------
// Wording

/** "MM-DD", the birthday's shape in the API (the year is private and never leaves the server). */
export function monthDayString(md: MonthDay): string {
  return `${String(md.month).padStart(2, '0')}-${String(md.day).padStart(2, '0')}`;
}

