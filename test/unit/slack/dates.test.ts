import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatInstant, formatMonthAndDay, slackCalendarDate, slackDate, zoneCity } from '../../../src/slack/dates.js';

describe('dates in Slack text', () => {
  // Monday 30 November 2026, 14:00 UTC = 9:00 in New York, 15:00 in Berlin.
  const at = new Date('2026-11-30T14:00:00Z');

  it("writes an instant as Slack's date token, with a fallback in the named zone", () => {
    expect(slackDate(at, 'America/New_York')).toBe('<!date^1796047200^{date_short_pretty} at {time}|Mon, Nov 30 at 9:00 AM New York time>');
    expect(slackDate(at, 'Europe/Berlin', 'long_day')).toBe('<!date^1796047200^{date_long_pretty}|Monday, November 30>');
    expect(slackDate(at, 'UTC', 'time')).toBe('<!date^1796047200^{time}|2:00 PM UTC time>');
    // Late in the day in New York is the next day in Tokyo: the fallback follows the zone it is given.
    expect(formatInstant(new Date('2026-12-01T03:30:00Z'), 'Asia/Tokyo', 'long_day_time')).toBe('Tuesday, December 1 at 12:30 PM Tokyo time');
    expect(formatInstant(new Date('2026-12-01T03:30:00Z'), 'America/New_York', 'day')).toBe('Mon, Nov 30');
  });

  it('writes dates without a zone as they are, in the house style', () => {
    expect(formatCalendarDate({ year: 2026, month: 12, day: 4 })).toBe('Friday, December 4');
    expect(formatCalendarDate({ year: 2026, month: 3, day: 30 }, { short: true })).toBe('Mon, Mar 30');
    expect(formatMonthAndDay({ month: 2, day: 29 })).toBe('February 29');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });

  it("writes a calendar date as a date token at noon of that day in the zone it belongs to, falling back to the day written out", () => {
    // 2026-12-07 12:00 in New York is 17:00 UTC; in Auckland (UTC+13 in December) it is 23:00 UTC the day before.
    expect(slackCalendarDate({ year: 2026, month: 12, day: 7 }, 'America/New_York')).toBe(`<!date^${Date.UTC(2026, 11, 7, 17) / 1000}^{date_long}|Monday, December 7>`);
    expect(slackCalendarDate({ year: 2026, month: 12, day: 7 }, 'Pacific/Auckland')).toBe(`<!date^${Date.UTC(2026, 11, 6, 23) / 1000}^{date_long}|Monday, December 7>`);
    expect(slackCalendarDate({ year: 2026, month: 12, day: 7 }, 'UTC')).not.toContain('2026-12-07');
  });
});
