/**
 * How a journey's schedule reads on the page. days_later counts WORK days from the start (or anchor) date:
 * 0 is the start day, 1 the next work day, -1 the work day before. Weeks on the calendar have 5 days.
 */
export const WORK_WEEK_DAYS = 5;
export const MINUTES_PER_DAY = 24 * 60;

/** "Day 1" for the start day (days_later 0), "Day 6" for the Monday after; "3 days before" before the start. */
export function dayLabel(daysLater: number): string {
  if (daysLater < 0) return `${-daysLater} ${daysLater === -1 ? 'day' : 'days'} before`;
  return `Day ${daysLater + 1}`;
}

/** The week a work day falls in: 0 is the start's week, -1 the week before. */
export function weekOf(daysLater: number): number {
  return Math.floor(daysLater / WORK_WEEK_DAYS);
}

/** 0–4: the column of a work day inside its week. */
export function columnOf(daysLater: number): number {
  return ((daysLater % WORK_WEEK_DAYS) + WORK_WEEK_DAYS) % WORK_WEEK_DAYS;
}

export function weekLabel(week: number): string {
  if (week < 0) return week === -1 ? 'The week before' : `${-week} weeks before`;
  return `Week ${week + 1}`;
}

/** "9:00 AM" for minute_in_day 540. */
export function minuteLabel(minuteInDay: number): string {
  const m = ((Math.round(minuteInDay) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour = Math.floor(m / 60);
  const minute = m % 60;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "09:30" for a time input; and back. */
export function minuteToInput(minuteInDay: number): string {
  const m = ((Math.round(minuteInDay) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
export function inputToMinute(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return hour * 60 + minute;
}

export interface Week<T> {
  week: number;
  label: string;
  /** Five columns, each the items of that work day, in time order. */
  days: Array<{ daysLater: number; items: T[] }>;
}

/**
 * A calendar's run of quiet weeks shows once, as one line. For a quiet week: the index of the last week of the run it
 * starts, or null when the week before is quiet too (that week's line covers this one).
 */
export function quietRunEnd<W>(weeks: readonly W[], index: number, quiet: (week: W) => boolean): number | null {
  if (index > 0 && quiet(weeks[index - 1]!)) return null;
  let last = index;
  while (last + 1 < weeks.length && quiet(weeks[last + 1]!)) last++;
  return last;
}

/** Items placed on weeks of 5 work days, from the earliest week with an item to the last (empty weeks between kept). */
export function toWeeks<T>(items: readonly T[], daysLaterOf: (item: T) => number, minuteOf: (item: T) => number): Week<T>[] {
  if (items.length === 0) return [];
  const weeks = items.map((i) => weekOf(daysLaterOf(i)));
  const first = Math.min(...weeks);
  const last = Math.max(...weeks);
  const out: Week<T>[] = [];
  for (let week = first; week <= last; week++) {
    out.push({
      week,
      label: weekLabel(week),
      days: Array.from({ length: WORK_WEEK_DAYS }, (_, column) => ({ daysLater: week * WORK_WEEK_DAYS + column, items: [] as T[] })),
    });
  }
  for (const item of items) {
    const d = daysLaterOf(item);
    out[weekOf(d) - first]!.days[columnOf(d)]!.items.push(item);
  }
  for (const w of out) for (const day of w.days) day.items.sort((a, b) => minuteOf(a) - minuteOf(b));
  return out;
}

/** The Monday of the ISO week after `today` (YYYY-MM-DD), the default start date for a hypothetical run. */
export function nextMonday(today: Date = new Date()): string {
  const d = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  const dow = d.getUTCDay(); // 0 Sunday
  const add = ((8 - dow) % 7) || 7;
  d.setUTCDate(d.getUTCDate() + add);
  return d.toISOString().slice(0, 10);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
