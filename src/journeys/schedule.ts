// THE schedule of a journey: which local date and instant each event happens on. Pure (no I/O); the sender, the
// session-event generator and the dry run all call these, so what the dry run shows is what is sent.
import { addDays, formatLocalDate, instantToZoned, parseLocalDate, weekdayOf, zonedToInstant, type LocalDate } from '../time/zoned.js';

/** Monday..Friday. */
export const isWorkDay = (d: LocalDate): boolean => weekdayOf(d) <= 5;

/** The first work day on or after `d` (a start date on a weekend begins on the Monday). */
export function firstWorkDayFrom(d: LocalDate): LocalDate {
  const w = weekdayOf(d);
  return w <= 5 ? d : addDays(d, 8 - w);
}

/**
 * The local date `daysLater` WORK days from the start date: 0 is the start date itself (moved to Monday when it is
 * on a weekend), 1 the next work day, -1 the work day before. Weekends never count and are never landed on.
 */
export function workDayFrom(start: LocalDate, daysLater: number): LocalDate {
  if (!Number.isInteger(daysLater)) throw new RangeError(`workDayFrom: not a whole number of days: ${daysLater}`);
  const day0 = firstWorkDayFrom(start);
  if (daysLater === 0) return day0;
  const w = weekdayOf(day0); // 1..5
  if (daysLater > 0) {
    const weeks = Math.floor(daysLater / 5);
    const rem = daysLater % 5;
    return addDays(day0, weeks * 7 + rem + (w + rem > 5 ? 2 : 0));
  }
  const back = -daysLater;
  const weeks = Math.floor(back / 5);
  const rem = back % 5;
  return addDays(day0, -(weeks * 7 + rem + (w - rem < 1 ? 2 : 0)));
}

// zonedToInstant is the one wall-time → instant conversion; generating 300,000 session events asks it about
// few distinct (date, minute, zone) triples, so remember the answers (bounded).
const instantCache = new Map<string, number>();
const CACHE_MAX = 50_000;

/** The instant of `minuteInDay` local time on `date` in `tz` (DST gaps move forward, repeated times take the first). */
export function localInstant(date: LocalDate | string, minuteInDay: number, tz: string): Date {
  const d = typeof date === 'string' ? date : formatLocalDate(date);
  const key = `${d}|${minuteInDay}|${tz}`;
  const hit = instantCache.get(key);
  if (hit !== undefined) return new Date(hit);
  const at = zonedToInstant(typeof date === 'string' ? parseLocalDate(date) : date, minuteInDay, tz);
  if (instantCache.size >= CACHE_MAX) instantCache.clear();
  instantCache.set(key, at.getTime());
  return at;
}

export interface Occurrence {
  /** 'YYYY-MM-DD', local. */
  occursOn: string;
  minuteInDay: number;
  at: Date;
}

const workDayCache = new Map<string, string>();

/** When an event of a journey happens for a session: its work day from the start date, at its minute, in `tz`. */
export function occurrence(startDate: string, daysLater: number, minuteInDay: number, tz: string): Occurrence {
  const key = `${startDate}|${daysLater}`;
  let occursOn = workDayCache.get(key);
  if (occursOn === undefined) {
    occursOn = formatLocalDate(workDayFrom(parseLocalDate(startDate), daysLater));
    if (workDayCache.size >= CACHE_MAX) workDayCache.clear();
    workDayCache.set(key, occursOn);
  }
  return { occursOn, minuteInDay, at: localInstant(occursOn, minuteInDay, tz) };
}

/** The earliest of several recipients' instants for one local date and minute (each in their own zone). */
export function earliestInstant(occursOn: string, minuteInDay: number, zones: readonly string[]): Date {
  let best: Date | null = null;
  for (const tz of zones) {
    const at = localInstant(occursOn, minuteInDay, tz);
    if (!best || at < best) best = at;
  }
  if (!best) throw new RangeError('earliestInstant: no zones');
  return best;
}

/** 'HH:mm' of a minute of the day. */
export const formatMinute = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The local date today in a zone (a hypothetical start date defaults to the next work day from it). */
export function localToday(now: Date, tz: string): LocalDate {
  return instantToZoned(now, tz).date;
}

/** The work day after today in `tz`: where "try it in the sandbox" and the dry run start by default. */
export function nextWorkDay(now: Date, tz: string): string {
  return formatLocalDate(firstWorkDayFrom(addDays(localToday(now, tz), 1)));
}

/** How far apart caught-up messages go out (minutes), so a late start never arrives as one burst. */
export const CATCH_UP_SPACING = 15;

/** A participant's working hours, as minutes of their local day ([start, end)). */
export interface WorkingWindow {
  start: number;
  end: number;
}

/**
 * When a late-starting session's overdue messages go out (the "catch up" policy): in order, from the participant's
 * next working window on a work day — their working hours when they set them, else each message's own minute — each
 * at least CATCH_UP_SPACING minutes after the one before, never before `now`. A window already open today is used
 * from the next minute; one that is over (or a message whose own minute has passed today) waits for the next work
 * day. Pure: the caller stores the local dates and minutes and turns them into instants through the one resolver.
 */
export function catchUpSlots(items: ReadonlyArray<{ minuteInDay: number }>, now: Date, tz: string, hours: WorkingWindow | null): Occurrence[] {
  const today = instantToZoned(now, tz);
  let day = today.date;
  let prev: number | null = null;
  const out: Occurrence[] = [];
  for (const item of items) {
    const start = hours?.start ?? item.minuteInDay;
    const end = hours?.end ?? 1440;
    for (;;) {
      if (!isWorkDay(day)) {
        day = addDays(day, 1);
        prev = null;
        continue;
      }
      let m = Math.max(start, prev === null ? start : prev + CATCH_UP_SPACING);
      const isToday = formatLocalDate(day) === formatLocalDate(today.date);
      // Today: never before the next minute, and without working hours never after the message's own minute has passed.
      if (isToday && m <= today.minuteOfDay) m = hours ? today.minuteOfDay + 1 : -1;
      if (m < 0 || m >= end) {
        day = addDays(day, 1);
        prev = null;
        continue;
      }
      const occursOn = formatLocalDate(day);
      out.push({ occursOn, minuteInDay: m, at: localInstant(occursOn, m, tz) });
      prev = m;
      break;
    }
  }
  return out;
}
