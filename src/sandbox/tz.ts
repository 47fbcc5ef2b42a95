/**
 * users.list reports tz_offset and tz_label for the day asked, so they follow DST. Plain Intl gives both
 * without depending on the host zone.
 */

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
const labelFormatters = new Map<string, Intl.DateTimeFormat>();

function formatter(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, style: 'longOffset' | 'long') {
  let f = cache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: style });
    cache.set(timeZone, f);
  }
  return f;
}

function zonePart(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, style: 'longOffset' | 'long', at: Date) {
  return formatter(cache, timeZone, style).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** Seconds east of UTC, e.g. 19800 for Asia/Kolkata. */
export function zoneOffsetSeconds(timeZone: string, at: Date): number {
  const name = zonePart(offsetFormatters, timeZone, 'longOffset', at); // "GMT+05:30" or "GMT"
  const match = /GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?/.exec(name);
  if (!match) return 0;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return match[1] === '-' ? -seconds : seconds;
}

/** Slack-style label, e.g. "India Standard Time", "Pacific Daylight Time". */
export function zoneLabel(timeZone: string, at: Date): string {
  return zonePart(labelFormatters, timeZone, 'long', at);
}
