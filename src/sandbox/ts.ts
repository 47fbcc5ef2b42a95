/**
 * Slack message timestamps ("1700000000.000123"): seconds and microseconds, unique per channel. Held as
 * integer microseconds (well inside Number's exact range) so they compare and increment exactly.
 */

const MICROS_PER_SECOND = 1_000_000;

export function formatTs(micros: number): string {
  const seconds = Math.floor(micros / MICROS_PER_SECOND);
  const fraction = micros - seconds * MICROS_PER_SECOND;
  return `${seconds}.${String(fraction).padStart(6, '0')}`;
}

/** Micros for a well-formed ts, or null; a bare "1700000000" is accepted as Slack does. */
export function parseTs(ts: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(ts.trim());
  if (!match) return null;
  const seconds = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(6, '0'));
  return seconds * MICROS_PER_SECOND + fraction;
}

/**
 * The next ts for a channel: the clock's instant, or one microsecond past the last ts when the clock has
 * not moved on (a frozen or rewound sandbox clock must still give unique, increasing ts).
 */
export function nextTsMicros(lastMicros: number | undefined, at: Date): number {
  const fromClock = at.getTime() * 1000;
  return lastMicros !== undefined && fromClock <= lastMicros ? lastMicros + 1 : fromClock;
}

export function compareTs(a: string, b: string): number {
  return (parseTs(a) ?? 0) - (parseTs(b) ?? 0);
}

export function unixSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}
