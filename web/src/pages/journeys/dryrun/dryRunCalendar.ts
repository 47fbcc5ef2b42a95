import type { DryRunItem } from '../api/journeysApi';

export interface DryRunDay {
  date: string;
  items: DryRunItem[];
}
export interface DryRunWeek {
  monday: string;
  days: DryRunDay[];
}

function addDays(date: string, n: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The Monday of a date's week (dates are local calendar dates, YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const dow = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((dow + 6) % 7));
}

/** The dry run's items on Monday–Friday weeks, from the first item's week to the last's, each day in time order. */
export function dryRunWeeks(items: readonly DryRunItem[]): DryRunWeek[] {
  if (items.length === 0) return [];
  const dates = items.map((i) => i.occurs_on).sort();
  const first = mondayOf(dates[0]!);
  const last = mondayOf(dates[dates.length - 1]!);
  const weeks: DryRunWeek[] = [];
  for (let monday = first; monday <= last; monday = addDays(monday, 7)) {
    weeks.push({ monday, days: [0, 1, 2, 3, 4].map((n) => ({ date: addDays(monday, n), items: [] })) });
  }
  const byDate = new Map(weeks.flatMap((w) => w.days.map((d) => [d.date, d] as const)));
  for (const item of items) byDate.get(item.occurs_on)?.items.push(item);
  for (const day of byDate.values()) day.items.sort((a, b) => a.at.localeCompare(b.at) || a.minute_in_day - b.minute_in_day);
  // Long gaps (a week with nothing) stay visible but short; weeks are kept so dates line up.
  return weeks;
}

/** Items not on a weekday column (should not happen: weekends are skipped), listed apart so nothing is hidden. */
export function offCalendar(items: readonly DryRunItem[]): DryRunItem[] {
  return items.filter((i) => {
    const dow = new Date(`${i.occurs_on}T12:00:00Z`).getUTCDay();
    return dow === 0 || dow === 6;
  });
}
