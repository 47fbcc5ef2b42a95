// Wall-clock and time-zone math. Pure: no I/O, never reads the host zone (processes run with TZ=UTC,
// but nothing here depends on it). We store intent (local date or rule + minute of day + IANA zone) and
// turn it into an instant only here.
import { Temporal } from 'temporal-polyfill';

/** A calendar date with no zone (ISO calendar). month 1..12, day 1..31. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** What to do with Feb 29 in a common year. */
export type LeapPolicy = 'feb28' | 'mar1';

export interface ZonedParts {
  date: LocalDate;
  /** 0..1439; seconds are dropped. */
  minuteOfDay: number;
  /** ISO weekday, 1 = Monday .. 7 = Sunday. */
  weekday: number;
}

// ---------------------------------------------------------------------------------------------
// Local dates

const LOCAL_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Strict 'YYYY-MM-DD'; throws RangeError on anything else, including 2026-02-30. */
export function parseLocalDate(s: string): LocalDate {
  const m = LOCAL_DATE_RE.exec(s);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(s)}`);
  return fromPlain(toPlain({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }));
}

export function formatLocalDate(d: LocalDate): string {
  return toPlain(d).toString();
}

/** Calendar arithmetic on the date itself: no instants, so DST and skipped days cannot leak in. */
export function addDays(d: LocalDate, n: number): LocalDate {
  if (!Number.isInteger(n)) throw new RangeError(`addDays: not an integer: ${n}`);
  return fromPlain(toPlain(d).add({ days: n }));
}

/** Negative if a < b, 0 if equal, positive if a > b (usable as a sort comparator). */
export function compareLocalDate(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** ISO weekday, 1 = Monday .. 7 = Sunday. */
export function weekdayOf(d: LocalDate): number {
  return toPlain(d).dayOfWeek;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The date a month+day (birthday, anniversary) falls on in `year`. Feb 29 in a common year follows
 * the workspace policy; any other impossible month/day throws.
 */
export function resolveMonthDay(
  month: number,
  day: number,
  year: number,
  leapPolicy: LeapPolicy = 'feb28',
): LocalDate {
  if (month === 2 && day === 29 && !isLeapYear(year)) {
    return leapPolicy === 'mar1' ? { year, month: 3, day: 1 } : { year, month: 2, day: 28 };
  }
  return fromPlain(toPlain({ year, month, day }));
}

// ---------------------------------------------------------------------------------------------
// Zones and instants

/** True for IANA zone names (and 'UTC'). Offset strings like '+05:30' are rejected: we store zones. */
export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== 'string' || tz === '' || /^[+-]/.test(tz)) return false;
  try {
    Temporal.Now.zonedDateTimeISO(tz);
    return true;
  } catch {
    return false;
  }
}

/**
 * THE conversion from a wall-clock time in a zone to an instant. Uses Temporal's 'compatible' rule:
 * a time skipped by a DST gap moves forward by the length of the gap; a repeated time takes the
 * earlier instant.
 */
export function zonedToInstant(date: LocalDate, minuteOfDay: number, tz: string): Date {
  assertMinuteOfDay(minuteOfDay);
  const wall = toPlain(date).toPlainDateTime({ hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 });
  const zdt = wall.toZonedDateTime(tz, { disambiguation: 'compatible' });
  return new Date(zdt.epochMilliseconds);
}

/**
 * A wall-clock time the clocks skip that day in a zone (a DST gap, spring forward): the first minute of the day after
 * the gap, so a time a person chose there is refused or moved with the reason; null when the time exists (a repeated
 * time, clocks going back, exists).
 */
export function skippedUntil(date: LocalDate, minuteOfDay: number, tz: string): number | null {
  const at = instantToZoned(zonedToInstant(date, minuteOfDay, tz), tz);
  if (at.minuteOfDay === minuteOfDay && compareLocalDate(at.date, date) === 0) return null;
  const transition = toZoned(zonedToInstant(date, minuteOfDay, tz), tz).getTimeZoneTransition('previous');
  return transition ? transition.hour * 60 + transition.minute : at.minuteOfDay;
}

export function instantToZoned(instant: Date, tz: string): ZonedParts {
  const zdt = toZoned(instant, tz);
  return {
    date: { year: zdt.year, month: zdt.month, day: zdt.day },
    minuteOfDay: zdt.hour * 60 + zdt.minute,
    weekday: zdt.dayOfWeek,
  };
}

// ---------------------------------------------------------------------------------------------
// Recurrences

export interface DailyRule {
  after: Date;
  tz: string;
  minuteOfDay: number;
}

export interface WeeklyRule extends DailyRule {
  /** ISO weekdays 1..7; at least one. */
  weekdays: readonly number[];
}

/** First instant strictly after `after` at `minuteOfDay` local time in `tz`. */
export function nextDailyOccurrence(rule: DailyRule): Date {
  return nextOccurrence(rule, () => true);
}

/**
 * First instant strictly after `after` at `minuteOfDay` local time on one of `weekdays` in `tz`.
 * The weekday is judged on the scheduled local date; if that wall time does not exist the instant
 * follows the compatible rule (so it may land on the next local day, as in Apia 2011-12-30).
 */
export function nextWeeklyOccurrence(rule: WeeklyRule): Date {
  const { weekdays } = rule;
  if (weekdays.length === 0) throw new RangeError('nextWeeklyOccurrence: no weekdays');
  for (const w of weekdays) {
    if (!Number.isInteger(w) || w < 1 || w > 7) throw new RangeError(`Not an ISO weekday (1..7): ${w}`);
  }
  return nextOccurrence(rule, (d) => weekdays.includes(weekdayOf(d)));
}

// Walk local dates, never instants: "tomorrow at 9" is the next date at 9, not +24 h.
// Start one day before `after`'s local date, because a wall time pushed forward by a gap that spans
// midnight belongs to the previous date but can still fall after `after`.
function nextOccurrence({ after, tz, minuteOfDay }: DailyRule, matches: (d: LocalDate) => boolean): Date {
  assertMinuteOfDay(minuteOfDay);
  let date = addDays(instantToZoned(after, tz).date, -1);
  const afterMs = after.getTime();
  // 1 + 7 + 7 days covers any weekday set even when this week's slot has already passed.
  for (let i = 0; i < 16; i++, date = addDays(date, 1)) {
    if (!matches(date)) continue;
    const candidate = zonedToInstant(date, minuteOfDay, tz);
    if (candidate.getTime() > afterMs) return candidate;
  }
  throw new Error('nextOccurrence: no occurrence found (unreachable for a valid rule)');
}

// ---------------------------------------------------------------------------------------------
// Helpers

function toPlain(d: LocalDate): Temporal.PlainDate {
  if (![d.year, d.month, d.day].every(Number.isInteger)) throw new RangeError(`Not a date: ${JSON.stringify(d)}`);
  // overflow 'reject' so 2026-02-30 is an error, never silently 2026-03-02.
  return Temporal.PlainDate.from({ year: d.year, month: d.month, day: d.day }, { overflow: 'reject' });
}

function fromPlain(p: Temporal.PlainDate): LocalDate {
  return { year: p.year, month: p.month, day: p.day };
}

function toZoned(instant: Date, tz: string): Temporal.ZonedDateTime {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid Date');
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(tz);
}

function assertMinuteOfDay(m: number): void {
  if (!Number.isInteger(m) || m < 0 || m > 1439) throw new RangeError(`minuteOfDay must be an integer 0..1439: ${m}`);
}
