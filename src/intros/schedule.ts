import { addDays, compareLocalDate, instantToZoned, nextWeeklyOccurrence, weekdayOf, zonedToInstant, type LocalDate } from '../time/zoned.js';

/** When an Intros program runs, as stored: a weekday, an hour and a zone (never an instant). */
export interface ScheduleIntent {
  tz: string;
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  /** 0..23 local. */
  occurrenceHour: number;
  /** Weeks between rounds; 0 = a single round. */
  periodWeeks: number;
}

/**
 * The next scheduled round. With no scheduled round yet: the next weekday+hour after `now`. After one:
 * `period` weeks later on the weekday (the weekday nearest to last + period weeks, so changing Monday to
 * Tuesday keeps the rhythm), or the next slot after `now` when that has already passed. Period 0 runs once.
 */
export function nextRoundAt(intent: ScheduleIntent, opts: { now: Date; lastScheduledAt: Date | null }): Date | null {
  const minuteOfDay = intent.occurrenceHour * 60;
  const rule = { tz: intent.tz, minuteOfDay, weekdays: [intent.weekday] };
  if (!opts.lastScheduledAt) return nextWeeklyOccurrence({ ...rule, after: opts.now });
  if (intent.periodWeeks <= 0) return null;
  const lastDate = instantToZoned(opts.lastScheduledAt, intent.tz).date;
  // Local midnight 4 days before last + period: the chosen weekday falls within ±3 days of the rhythm.
  const windowStart = zonedToInstant(addDays(lastDate, 7 * intent.periodWeeks - 4), 0, intent.tz);
  const after = windowStart > opts.now ? windowStart : opts.now;
  return nextWeeklyOccurrence({ ...rule, after });
}

export interface RoundTimeline {
  /** "Did you meet?": halfway through the round, at least 1 day after it starts. */
  checkinAt: Date;
  /** Last reminder, the last weekday before the round ends (null when that is not after the check-in). */
  reminderAt: Date | null;
  /** The round closes an hour before the next one would start: unanswered intros count from here. */
  endsAt: Date;
}

/**
 * A round's check-in, reminder and end, in local dates of the program's zone (DST-safe). Weekends are
 * skipped: a check-in on Saturday or Sunday moves on to Monday, a reminder moves back to Friday (and is
 * dropped when that is not after the check-in).
 */
export function roundTimeline(intent: ScheduleIntent, scheduledFor: Date): RoundTimeline {
  const start = instantToZoned(scheduledFor, intent.tz).date;
  const minute = intent.occurrenceHour * 60;
  const lengthDays = 7 * Math.max(1, intent.periodWeeks);
  const end = addDays(start, lengthDays);
  let checkin = addDays(start, Math.max(1, Math.floor(lengthDays / 2)));
  while (isWeekend(checkin) && compareLocalDate(addDays(checkin, 1), end) < 0) checkin = addDays(checkin, 1);
  let reminder = addDays(end, -1);
  while (isWeekend(reminder)) reminder = addDays(reminder, -1);
  return {
    checkinAt: zonedToInstant(checkin, minute, intent.tz),
    reminderAt: compareLocalDate(reminder, checkin) > 0 ? zonedToInstant(reminder, minute, intent.tz) : null,
    endsAt: zonedToInstant(end, Math.max(0, minute - 60), intent.tz),
  };
}

function isWeekend(d: LocalDate): boolean {
  return weekdayOf(d) >= 6;
}
