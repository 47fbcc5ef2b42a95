/** Times in the sandbox page, shown in the chosen member's time zone as Slack shows them to that person. */

export function tsToDate(ts: string): Date {
  return new Date(Math.floor(Number(ts) * 1000));
}

export function formatTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(date);
}

export function formatDay(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(date);
}

export function formatClock(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(date);
}

/** YYYY-MM-DD of an instant in a zone. */
export function dayKey(date: Date, timeZone: string): string {
  const p = parts(date, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function parts(date: Date, timeZone: string): WallTime {
  const out: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(date))
    out[p.type] = p.value;
  return {
    year: Number(out.year),
    month: Number(out.month),
    day: Number(out.day),
    hour: Number(out.hour) % 24,
    minute: Number(out.minute),
    weekday: WEEKDAYS.indexOf(out.weekday ?? 'Sun'),
  };
}

/**
 * The instant a wall-clock time in a zone names. Offsets are found by asking Intl for the wall time of a
 * guess and correcting once; a time skipped by DST moves forward, as the app's own rule does.
 */
export function zonedToInstant(wall: Omit<WallTime, 'weekday'>, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const offsetAt = (ms: number) => {
    const p = parts(new Date(ms), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(ms / 60_000) * 60_000;
  };
  let guess = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(guess);
  if (second !== guess) guess = Math.max(guess, second);
  return new Date(guess);
}

/** Next Monday at 9:00 in the zone, strictly after now. */
export function nextMondayNine(now: Date, timeZone: string): Date {
  const p = parts(now, timeZone);
  for (let add = 0; add <= 7; add++) {
    const day = new Date(Date.UTC(p.year, p.month - 1, p.day + add));
    if (day.getUTCDay() !== 1) continue;
    const at = zonedToInstant({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 9, minute: 0 }, timeZone);
    if (at > now) return at;
  }
  const week = new Date(Date.UTC(p.year, p.month - 1, p.day + 7));
  return zonedToInstant({ year: week.getUTCFullYear(), month: week.getUTCMonth() + 1, day: week.getUTCDate(), hour: 9, minute: 0 }, timeZone);
}

/** The value of a datetime-local input for an instant in a zone. */
export function toLocalInput(date: Date, timeZone: string): string {
  const p = parts(date, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** A datetime-local input's value, read in a zone. */
export function fromLocalInput(value: string, timeZone: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return undefined;
  return zonedToInstant({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]) }, timeZone);
}
