import { describe, expect, test } from 'vitest';
import {
  daysInMonth,
  formatDateToken,
  formatDateTime,
  formatDay,
  formatDayNear,
  formatLongPlainDate,
  formatMonthDay,
  formatPlainDate,
  formatPlainRange,
  formatTime,
  isLeapYear,
  todayIn,
  zoneLabel,
  zoneName,
  zoneOffset,
} from './dates';

const NOW = '2026-11-24T12:00:00Z';

describe('dates', () => {
  test('instants are shown in the named zone', () => {
    const instant = '2026-11-30T14:00:00Z';
    expect(formatDay(instant, 'America/New_York', { now: NOW })).toBe('Mon, Nov 30');
    expect(formatTime(instant, 'America/New_York')).toBe('9:00 AM');
    expect(formatTime(instant, 'Europe/Berlin')).toBe('3:00 PM');
    expect(formatDateTime(instant, 'America/New_York', { now: NOW })).toBe('Mon, Nov 30, 9:00 AM New York time');
    // the day itself depends on the zone
    expect(formatDay('2026-12-01T03:00:00Z', 'America/Los_Angeles', { now: NOW })).toBe('Mon, Nov 30');
    expect(formatDay('2026-12-01T03:00:00Z', 'Europe/Berlin', { now: NOW })).toBe('Tue, Dec 1');
  });

  test('the year appears only when it is not this year', () => {
    expect(formatDay('2027-01-04T15:00:00Z', 'UTC', { now: NOW })).toBe('Mon, Jan 4, 2027');
    expect(formatPlainDate('2026-12-04', { today: '2026-11-24' })).toBe('Fri, Dec 4');
    expect(formatPlainDate('1994-02-28', { today: '2026-11-24' })).toBe('Mon, Feb 28, 1994');
    expect(formatLongPlainDate('2026-12-04', { today: '2026-11-24' })).toBe('Friday, December 4');
  });

  test('zones are named by city with their offset', () => {
    expect(zoneName('America/New_York')).toBe('New York');
    expect(zoneName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneOffset('America/New_York', '2026-01-15T00:00:00Z')).toBe('UTC−05:00');
    expect(zoneOffset('America/New_York', '2026-07-15T00:00:00Z')).toBe('UTC−04:00');
    expect(zoneOffset('Asia/Kolkata', NOW)).toBe('UTC+05:30');
    expect(zoneLabel('Europe/Berlin', NOW)).toBe('Berlin (UTC+01:00)');
    expect(zoneLabel('UTC', NOW)).toBe('UTC');
  });

  test('today, near days, ranges, month-days', () => {
    expect(todayIn('Pacific/Auckland', NOW)).toBe('2026-11-25');
    expect(todayIn('America/New_York', NOW)).toBe('2026-11-24');
    expect(formatDayNear('2026-11-25T15:00:00Z', 'UTC', NOW)).toBe('Tomorrow');
    expect(formatDayNear('2026-11-24T15:00:00Z', 'UTC', NOW)).toBe('Today');
    expect(formatPlainRange('2026-11-01', '2026-11-30')).toBe('Nov 1 – Nov 30, 2026');
    expect(formatPlainRange('2026-12-01', '2027-01-31')).toBe('Dec 1, 2026 – Jan 31, 2027');
    expect(formatMonthDay('12-04')).toBe('December 4');
    expect(formatMonthDay('1994-02-28')).toBe('February 28');
  });

  test('leap years: February 1994 had 28 days, 2024 had 29, 1900 had 28, 2000 had 29', () => {
    expect(daysInMonth(1994, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
  });

  test("Slack's date tokens read in the reader's zone, 'pretty' forms relative to now", () => {
    const at = Date.parse('2026-03-03T14:00:00Z') / 1000;
    const now = '2026-03-03T08:00:00Z';
    expect(formatDateToken(at, '{date_short_pretty} at {time}', 'Europe/Berlin', now)).toBe('Today at 3:00 PM');
    expect(formatDateToken(at, '{date_short_pretty} at {time}', 'America/New_York', now)).toBe('Today at 9:00 AM');
    expect(formatDateToken(at, '{date_long_pretty}', 'Asia/Tokyo', '2026-03-02T08:00:00Z')).toBe('Tomorrow');
    expect(formatDateToken(at, '{date_long_pretty}', 'Asia/Tokyo', '2026-02-20T00:00:00Z')).toBe('Tuesday, March 3');
    expect(formatDateToken(at, '{date_num} {unknown}', 'UTC', now)).toBe('2026-03-03 {unknown}');
  });
});
