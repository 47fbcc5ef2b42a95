import { addDays, differenceInCalendarDays, format, formatDistanceStrict, isValid, parseISO } from 'date-fns';

/**
 * The one way Hearth shows dates and times (issue 14, item 5). Built on date-fns; every instant is shown in a
 * zone the caller names: there is no "browser local time" anywhere on a page.
 *
 * House style (en-US):
 *   day        "Mon, Nov 30"            (the year is added when it is not this year: "Mon, Nov 30, 2027")
 *   long day   "Monday, November 30"
 *   time       "9:00 AM"
 *   date+time  "Mon, Nov 30, 9:00 AM New York time"
 *   zone       "New York" (the city of the IANA id), with offset "New York (UTC−05:00)"
 *
 * Instants are ISO strings, Dates or epoch milliseconds. Plain dates ('YYYY-MM-DD', a birthday, a start date)
 * have no zone and are shown as written.
 */

export type Instant = string | number | Date;

/** A date-fns-friendly Date whose local fields are the wall clock of `zone` at `instant`. */
export function wallClock(instant: Instant, zone: string): Date {
  const date = toDate(instant);
  const parts: Record<string, number> = {};
  for (const p of zoneFormatter(zone).formatToParts(date)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return new Date(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

export function toDate(instant: Instant): Date {
  if (instant instanceof Date) return instant;
  if (typeof instant === 'number') return new Date(instant);
  return parseISO(instant);
}

/** Whether `zone` is an IANA time zone this browser knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "America/New_York" → "New York"; "UTC" stays "UTC"; "America/Argentina/Buenos_Aires" → "Buenos Aires". */
export function zoneName(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const city = zone.split('/').pop() ?? zone;
  return city.replace(/_/g, ' ');
}

/** The zone's offset from UTC at `at`: "UTC−05:00", "UTC+05:30", "UTC". */
export function zoneOffset(zone: string, at: Instant = Date.now()): string {
  const minutes = offsetMinutes(zone, at);
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Minutes the zone is ahead of UTC at `at` (New York in winter: -300). */
export function offsetMinutes(zone: string, at: Instant = Date.now()): number {
  const date = toDate(at);
  const wall = wallClock(date, zone);
  const asUtc = Date.UTC(wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes(), wall.getSeconds());
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** "New York (UTC−05:00)". */
export function zoneLabel(zone: string, at: Instant = Date.now()): string {
  const offset = zoneOffset(zone, at);
  const name = zoneName(zone);
  return name === 'UTC' ? 'UTC' : `${name} (${offset})`;
}

/** The zone the person reading the page is in (the browser's): dates on the pages are shown in it unless a program's zone applies. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export interface DayOptions {
  /** Show the weekday (default true). */
  weekday?: boolean;
  /** 'auto' (default) adds the year only when it is not the current one in the zone. */
  year?: 'auto' | 'always' | 'never';
  /** For `year: 'auto'`: what "now" is (the sandbox clock, tests). */
  now?: Instant;
}

function dayPattern(options: DayOptions, year: number, currentYear: number): string {
  const showYear = options.year === 'always' || (options.year !== 'never' && year !== currentYear);
  return `${options.weekday === false ? '' : 'EEE, '}MMM d${showYear ? ', yyyy' : ''}`;
}

/** The day an instant falls on in `zone`: "Mon, Nov 30". */
export function formatDay(instant: Instant, zone: string, options: DayOptions = {}): string {
  const wall = wallClock(instant, zone);
  const current = wallClock(options.now ?? Date.now(), zone).getFullYear();
  return format(wall, dayPattern(options, wall.getFullYear(), current));
}

/** The long form of the day in `zone`: "Monday, November 30" (year added when not this year). */
export function formatLongDay(instant: Instant, zone: string, options: Pick<DayOptions, 'now' | 'year'> = {}): string {
  const wall = wallClock(instant, zone);
  const current = wallClock(options.now ?? Date.now(), zone).getFullYear();
  const showYear = options.year === 'always' || (options.year !== 'never' && wall.getFullYear() !== current);
  return format(wall, showYear ? 'EEEE, MMMM d, yyyy' : 'EEEE, MMMM d');
}

/** The time of day in `zone`: "9:00 AM". With `withZone`, "9:00 AM New York time". */
export function formatTime(instant: Instant, zone: string, options: { withZone?: boolean } = {}): string {
  const text = format(wallClock(instant, zone), 'h:mm a');
  return options.withZone ? `${text} ${zoneName(zone)} time` : text;
}

/** Day and time with the zone named: "Mon, Nov 30, 9:00 AM New York time". */
export function formatDateTime(instant: Instant, zone: string, options: DayOptions & { withZone?: boolean } = {}): string {
  return `${formatDay(instant, zone, options)}, ${formatTime(instant, zone, { withZone: options.withZone ?? true })}`;
}

function plain(iso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return isValid(date) && date.getDate() === Number(m[3]) ? date : null;
}

/** A plain date 'YYYY-MM-DD' (no zone: a birthday, a start date): "Fri, Dec 4" ("Fri, Dec 4, 2027" in another year). */
export function formatPlainDate(iso: string | null | undefined, options: DayOptions & { today?: string } = {}): string {
  if (!iso) return '';
  const date = plain(iso);
  if (!date) return iso;
  const currentYear = options.today ? Number(options.today.slice(0, 4)) : new Date().getFullYear();
  return format(date, dayPattern(options, date.getFullYear(), currentYear));
}

/** The long form of a plain date: "Friday, December 4" (year added when not `today`'s). */
export function formatLongPlainDate(iso: string, options: { today?: string; year?: DayOptions['year'] } = {}): string {
  const date = plain(iso);
  if (!date) return iso;
  const currentYear = options.today ? Number(options.today.slice(0, 4)) : new Date().getFullYear();
  const showYear = options.year === 'always' || (options.year !== 'never' && date.getFullYear() !== currentYear);
  return format(date, showYear ? 'EEEE, MMMM d, yyyy' : 'EEEE, MMMM d');
}

/** A month and day without a year (a birthday shown to others): "December 4". Accepts 'MM-DD' or 'YYYY-MM-DD'. */
export function formatMonthDay(value: string): string {
  const m = /^(?:\d{4}-)?(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  return format(new Date(2000, Number(m[1]) - 1, Number(m[2])), 'MMMM d');
}

/** Today's date in `zone` as 'YYYY-MM-DD'. */
export function todayIn(zone: string, now: Instant = Date.now()): string {
  return format(wallClock(now, zone), 'yyyy-MM-dd');
}

/** 'YYYY-MM-DD' plus n days. */
export function addPlainDays(iso: string, days: number): string {
  const date = plain(iso);
  return date ? format(addDays(date, days), 'yyyy-MM-dd') : iso;
}

/** Whole calendar days from plain date a to plain date b (b − a). */
export function plainDaysBetween(a: string, b: string): number {
  const da = plain(a);
  const db = plain(b);
  return da && db ? differenceInCalendarDays(db, da) : NaN;
}

/** "in 3 days", "2 hours ago", "now": how far an instant is from `now`. */
export function formatRelative(instant: Instant, now: Instant = Date.now()): string {
  const a = toDate(instant);
  const b = toDate(now);
  if (Math.abs(a.getTime() - b.getTime()) < 60_000) return 'now';
  return formatDistanceStrict(a, b, { addSuffix: true, roundingMethod: 'floor' });
}

/** "Today", "Tomorrow", "Yesterday", else the day: for lists of upcoming things, in `zone`. */
export function formatDayNear(instant: Instant, zone: string, now: Instant = Date.now()): string {
  const diff = plainDaysBetween(todayIn(zone, now), todayIn(zone, instant));
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  if (diff === -1) return 'Yesterday';
  return formatDay(instant, zone, { now });
}

/** A range of plain dates: "Nov 1 – Nov 30, 2026" (one year), "Dec 1, 2026 – Jan 31, 2027" (two). */
export function formatPlainRange(from: string, to: string): string {
  const a = plain(from);
  const b = plain(to);
  if (!a || !b) return `${from} – ${to}`;
  if (a.getFullYear() === b.getFullYear()) return `${format(a, 'MMM d')} – ${format(b, 'MMM d, yyyy')}`;
  return `${format(a, 'MMM d, yyyy')} – ${format(b, 'MMM d, yyyy')}`;
}

/** Days in a month (1–12) of a year, leap years included: February 1994 has 28, February 2024 has 29. */
export function daysInMonth(year: number, month: number): number {
  return new Date(year, month, 0).getDate();
}

/** Whether a year is a leap year (Gregorian rules). */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Slack's date token `<!date^1796047200^{date_short_pretty} at {time}|fallback>` as the reader sees it: in
 * their zone, the "pretty" forms saying Today, Tomorrow or Yesterday relative to `now`.
 */
export function formatDateToken(seconds: number, pattern: string, zone: string, now: Instant = Date.now()): string {
  const at = seconds * 1000;
  const wall = wallClock(at, zone);
  const near = (fallback: string) => {
    const diff = plainDaysBetween(todayIn(zone, now), todayIn(zone, at));
    return diff === 0 ? 'Today' : diff === 1 ? 'Tomorrow' : diff === -1 ? 'Yesterday' : fallback;
  };
  const tokens: Record<string, () => string> = {
    date_num: () => format(wall, 'yyyy-MM-dd'),
    date: () => format(wall, 'MMMM do, yyyy'),
    date_short: () => format(wall, 'MMM d, yyyy'),
    date_long: () => format(wall, 'EEEE, MMMM do, yyyy'),
    date_pretty: () => near(format(wall, 'MMMM do, yyyy')),
    date_short_pretty: () => near(formatDay(at, zone, { now })),
    date_long_pretty: () => near(formatLongDay(at, zone, { now })),
    time: () => format(wall, 'h:mm a'),
    time_secs: () => format(wall, 'h:mm:ss a'),
    ago: () => formatRelative(at, now),
  };
  return pattern.replace(/\{(\w+)\}/g, (whole, name: string) => tokens[name]?.() ?? whole);
}
