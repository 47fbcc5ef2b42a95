import { nextWeeklyOccurrence } from '../time/zoned.js';

/** When a watercooler posts: intent only (ISO weekdays, wall-clock minute, IANA zone). Pure. */
export interface WatercoolerSchedule {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: readonly number[];
  minuteOfDay: number;
  tz: string;
}

/** A post more than this late (the app was down) is skipped rather than dropped into the channel at an odd hour. */
export const MAX_LATENESS_MS = 12 * 3600_000;

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Sorted, unique ISO weekdays. */
export function normalizeWeekdays(days: readonly number[]): number[] {
  return [...new Set(days)].filter((d) => Number.isInteger(d) && d >= 1 && d <= 7).sort((a, b) => a - b);
}

/** The first slot strictly after `after`, at the wall-clock time in the program's zone. */
export function nextSlot(s: WatercoolerSchedule, after: Date): Date {
  return nextWeeklyOccurrence({ after, tz: s.tz, minuteOfDay: s.minuteOfDay, weekdays: s.weekdays });
}

export function upcomingSlots(s: WatercoolerSchedule, after: Date, n: number): Date[] {
  const out: Date[] = [];
  let t = after;
  for (let i = 0; i < n; i++) {
    t = nextSlot(s, t);
    out.push(t);
  }
  return out;
}

/**
 * Is `slot` still one of this schedule's slots? Checked when a claimed slot is composed, so a schedule
 * changed in between does not post at the old time.
 */
export function isSlotOf(s: WatercoolerSchedule, slot: Date): boolean {
  return nextSlot(s, new Date(slot.getTime() - 1)).getTime() === slot.getTime();
}

/** "Wednesdays at 11:00", "Tuesdays and Thursdays at 9:30", "Every weekday at 10:00". */
export function describeSchedule(s: Pick<WatercoolerSchedule, 'weekdays' | 'minuteOfDay'>): string {
  const days = normalizeWeekdays(s.weekdays);
  const time = `${Math.floor(s.minuteOfDay / 60)}:${String(s.minuteOfDay % 60).padStart(2, '0')}`;
  let when: string;
  if (days.length === 7) when = 'Every day';
  else if (days.join() === '1,2,3,4,5') when = 'Every weekday';
  else {
    const names = days.map((d) => `${WEEKDAY_NAMES[d - 1]}s`);
    when = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  }
  return `${when} at ${time}`;
}

/** A watercooler's stored schedule in its program's zone. */
export function scheduleOf(wc: { weekdays: readonly number[]; minute_of_day: number }, tz: string): WatercoolerSchedule {
  return { weekdays: wc.weekdays, minuteOfDay: wc.minute_of_day, tz };
}
