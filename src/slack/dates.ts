import { format } from 'date-fns';
import { instantToZoned, zonedToInstant, type LocalDate } from '../time/zoned.js';

/**
 * The one way Hearth writes dates and times into Slack messages and the Home tab (issue 14, item 5).
 *
 * An instant becomes Slack's date token, `<!date^1733212800^{date_short_pretty} at {time}|Thu, Dec 3 at 9:00 AM
 * New York time>`: each reader sees it in their own zone, and clients that cannot show it fall back to the text
 * after the bar, written in the zone the caller names (and naming it). A calendar date with no zone (a birthday,
 * the day a celebration falls on) is written as is: "Friday, December 4". Same house style as the pages
 * (web/src/kit/dates.ts); built on date-fns, never on the host's zone.
 */

export type SlackDateStyle = 'day' | 'long_day' | 'day_time' | 'long_day_time' | 'time';

const TOKENS: Record<SlackDateStyle, string> = {
  day: '{date_short_pretty}',
  long_day: '{date_long_pretty}',
  day_time: '{date_short_pretty} at {time}',
  long_day_time: '{date_long_pretty} at {time}',
  time: '{time}',
};

const PATTERNS: Record<SlackDateStyle, string> = {
  day: 'EEE, MMM d',
  long_day: 'EEEE, MMMM d',
  day_time: "EEE, MMM d 'at' h:mm a",
  long_day_time: "EEEE, MMMM d 'at' h:mm a",
  time: 'h:mm a',
};

/** "America/New_York" → "New York"; "UTC" stays "UTC". */
export function zoneCity(tz: string): string {
  if (tz === 'UTC' || tz === 'Etc/UTC') return 'UTC';
  return (tz.split('/').pop() ?? tz).replace(/_/g, ' ');
}

/** A Date whose local fields are the wall clock of `tz` at `instant` (for date-fns' format). */
function wall(instant: Date, tz: string): Date {
  const z = instantToZoned(instant, tz);
  return new Date(z.date.year, z.date.month - 1, z.date.day, Math.floor(z.minuteOfDay / 60), z.minuteOfDay % 60);
}

/** The fallback text of a token: the instant in `tz`, with the zone named when a time is shown. */
export function formatInstant(instant: Date, tz: string, style: SlackDateStyle = 'day_time'): string {
  const text = format(wall(instant, tz), PATTERNS[style]);
  return style === 'day' || style === 'long_day' ? text : `${text} ${zoneCity(tz)} time`;
}

/** Slack's date token for an instant: each reader sees their own local time; `tz` writes the fallback. */
export function slackDate(instant: Date, tz: string, style: SlackDateStyle = 'day_time'): string {
  // The fallback sits inside <…|…>: keep it free of the characters that would end or break the token.
  const fallback = formatInstant(instant, tz, style).replace(/[<>|&]/g, '');
  return `<!date^${Math.floor(instant.getTime() / 1000)}^${TOKENS[style]}|${fallback}>`;
}

/**
 * A calendar date as Slack's date token, `<!date^…^{date_long}|Monday, December 7>`: the day is noon of that date in
 * `tz` (the zone the date belongs to, e.g. a session's), so readers in nearby zones see the same day; the fallback
 * is the date written out, never an ISO date.
 */
export function slackCalendarDate(date: LocalDate, tz: string): string {
  const instant = zonedToInstant(date, 12 * 60, tz);
  return `<!date^${Math.floor(instant.getTime() / 1000)}^{date_long}|${formatCalendarDate(date)}>`;
}

/** A calendar date (no zone): "Friday, December 4", or with `short` "Fri, Dec 4". */
export function formatCalendarDate(date: LocalDate, options: { short?: boolean } = {}): string {
  return format(new Date(date.year, date.month - 1, date.day), options.short ? PATTERNS.day : PATTERNS.long_day);
}

/** A month and day without a year (a birthday shown to others): "December 4". */
export function formatMonthAndDay(md: { month: number; day: number }): string {
  return format(new Date(2000, md.month - 1, md.day), 'MMMM d');
}
