import { instantToZoned, parseLocalDate, type LocalDate } from '../time/zoned.js';

/** Human dates for messages: "Tuesday 10 March". Pure; the date is a calendar date, so formatting uses UTC. */
export function formatDay(date: LocalDate | string): string {
  const d = typeof date === 'string' ? parseLocalDate(date) : date;
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(d.year, d.month - 1, d.day)));
}

export function formatDayOfInstant(instant: Date, tz: string): string {
  return formatDay(instantToZoned(instant, tz).date);
}

/** "Tuesday 10 March at 10:00 (Europe/Prague)". */
export function formatMeeting(date: string, time: string, tz: string): string {
  return `${formatDay(date)} at ${time} (${tz})`;
}
