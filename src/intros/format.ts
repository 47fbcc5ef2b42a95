import { slackDate } from '../slack/dates.js';
import { parseLocalDate, zonedToInstant } from '../time/zoned.js';

/** The day of an instant as Slack's date token ("Monday, March 9" in each reader's zone; the fallback in `tz`). */
export function formatDayOfInstant(instant: Date, tz: string): string {
  return slackDate(instant, tz, 'long_day');
}

/** A fixed meeting ('YYYY-MM-DD', 'HH:MM' in `tz`) as Slack's date token: each reader sees their own time. */
export function formatMeeting(date: string, time: string, tz: string): string {
  const [h, m] = time.split(':').map(Number);
  return slackDate(zonedToInstant(parseLocalDate(date), h! * 60 + m!, tz), tz, 'long_day_time');
}
