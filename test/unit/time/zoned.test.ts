import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareLocalDate,
  formatLocalDate,
  instantToZoned,
  isLeapYear,
  isValidTimeZone,
  nextDailyOccurrence,
  nextWeeklyOccurrence,
  parseLocalDate,
  resolveMonthDay,
  skippedUntil,
  weekdayOf,
  zonedToInstant,
} from '../../../src/time/zoned.js';

const ld = parseLocalDate;
const iso = (d: Date): string => d.toISOString();
const at = (s: string): Date => new Date(s);

describe('parseLocalDate / formatLocalDate', () => {
  it('parses and formats YYYY-MM-DD', () => {
    expect(ld('2026-03-08')).toEqual({ year: 2026, month: 3, day: 8 });
    expect(formatLocalDate({ year: 2026, month: 3, day: 8 })).toBe('2026-03-08');
    expect(formatLocalDate({ year: 987, month: 1, day: 2 })).toBe('0987-01-02');
  });

  it('accepts real leap days only', () => {
    expect(ld('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(ld('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(() => ld('2100-02-29')).toThrow(RangeError);
    expect(() => ld('2026-02-29')).toThrow(RangeError);
  });

  it.each(['2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-3-8', '20260308', '2026-03-08T00:00', ' 2026-03-08', ''])(
    'rejects %j',
    (s) => {
      expect(() => ld(s)).toThrow(RangeError);
    },
  );

  it('formatLocalDate rejects impossible dates instead of rolling them over', () => {
    expect(() => formatLocalDate({ year: 2026, month: 2, day: 30 })).toThrow(RangeError);
    expect(() => formatLocalDate({ year: 2026, month: 1, day: 1.5 })).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2100-02-28', 1, '2100-03-01'],
    ['2000-02-28', 1, '2000-02-29'],
    ['2026-03-08', 0, '2026-03-08'],
    ['2026-01-01', 365, '2027-01-01'],
    ['2024-01-01', 366, '2025-01-01'],
  ] as const)('%s + %i = %s', (from, n, to) => {
    expect(formatLocalDate(addDays(ld(from), n))).toBe(to);
  });

  it('does not mutate its input and rejects fractional days', () => {
    const d = ld('2026-03-08');
    addDays(d, 10);
    expect(d).toEqual({ year: 2026, month: 3, day: 8 });
    expect(() => addDays(d, 0.5)).toThrow(RangeError);
  });
});

describe('compareLocalDate', () => {
  it('orders by year, then month, then day', () => {
    expect(compareLocalDate(ld('2026-03-08'), ld('2026-03-08'))).toBe(0);
    expect(compareLocalDate(ld('2026-03-08'), ld('2026-03-09'))).toBeLessThan(0);
    expect(compareLocalDate(ld('2026-04-01'), ld('2026-03-31'))).toBeGreaterThan(0);
    expect(compareLocalDate(ld('2025-12-31'), ld('2026-01-01'))).toBeLessThan(0);
    const sorted = ['2026-03-09', '2025-12-31', '2026-03-08', '2026-02-28'].map(ld).sort(compareLocalDate);
    expect(sorted.map(formatLocalDate)).toEqual(['2025-12-31', '2026-02-28', '2026-03-08', '2026-03-09']);
  });
});

describe('weekdayOf (ISO 1=Mon..7=Sun)', () => {
  it.each([
    ['2026-03-08', 7],
    ['2026-03-09', 1],
    ['2026-01-01', 4],
    ['2000-01-01', 6],
    ['2100-01-01', 5],
    ['2024-02-29', 4],
  ] as const)('%s is %i', (d, w) => {
    expect(weekdayOf(ld(d))).toBe(w);
  });
});

describe('isLeapYear / resolveMonthDay', () => {
  it('knows the century rules', () => {
    expect([2024, 2026, 2000, 2100, 1900, 2400].map(isLeapYear)).toEqual([true, false, true, false, false, true]);
  });

  it('Feb 29 in a leap year is Feb 29 under both policies', () => {
    for (const year of [2024, 2000, 2400]) {
      expect(resolveMonthDay(2, 29, year, 'feb28')).toEqual({ year, month: 2, day: 29 });
      expect(resolveMonthDay(2, 29, year, 'mar1')).toEqual({ year, month: 2, day: 29 });
    }
  });

  it('Feb 29 in a common year follows the policy (default feb28)', () => {
    for (const year of [2026, 2100, 1900]) {
      expect(resolveMonthDay(2, 29, year)).toEqual({ year, month: 2, day: 28 });
      expect(resolveMonthDay(2, 29, year, 'feb28')).toEqual({ year, month: 2, day: 28 });
      expect(resolveMonthDay(2, 29, year, 'mar1')).toEqual({ year, month: 3, day: 1 });
    }
  });

  it('other dates pass through unchanged', () => {
    expect(resolveMonthDay(2, 28, 2026, 'mar1')).toEqual({ year: 2026, month: 2, day: 28 });
    expect(resolveMonthDay(12, 31, 2100)).toEqual({ year: 2100, month: 12, day: 31 });
  });

  it('rejects month/days that exist in no year', () => {
    expect(() => resolveMonthDay(2, 30, 2024)).toThrow(RangeError);
    expect(() => resolveMonthDay(4, 31, 2026)).toThrow(RangeError);
    expect(() => resolveMonthDay(13, 1, 2026)).toThrow(RangeError);
    expect(() => resolveMonthDay(0, 1, 2026)).toThrow(RangeError);
  });
});

describe('isValidTimeZone', () => {
  it.each(['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Pacific/Apia', 'UTC', 'Australia/Lord_Howe'])(
    'accepts %s',
    (tz) => {
      expect(isValidTimeZone(tz)).toBe(true);
    },
  );

  it.each(['', 'Mars/Olympus_Mons', 'America/New York', 'New_York', '+05:30', '-03:00', 'not a zone'])(
    'rejects %j',
    (tz) => {
      expect(isValidTimeZone(tz)).toBe(false);
    },
  );
});

describe('zonedToInstant', () => {
  it('converts ordinary wall times', () => {
    expect(iso(zonedToInstant(ld('2026-01-15'), 9 * 60, 'America/New_York'))).toBe('2026-01-15T14:00:00.000Z');
    expect(iso(zonedToInstant(ld('2026-07-15'), 9 * 60, 'America/New_York'))).toBe('2026-07-15T13:00:00.000Z');
    expect(iso(zonedToInstant(ld('2026-07-15'), 0, 'UTC'))).toBe('2026-07-15T00:00:00.000Z');
    expect(iso(zonedToInstant(ld('2026-07-15'), 1439, 'UTC'))).toBe('2026-07-15T23:59:00.000Z');
  });

  it('rejects bad minuteOfDay, zones and dates', () => {
    const d = ld('2026-03-08');
    for (const m of [-1, 1440, 9.5, Number.NaN]) {
      expect(() => zonedToInstant(d, m, 'UTC')).toThrow(RangeError);
    }
    expect(() => zonedToInstant(d, 0, 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => zonedToInstant({ year: 2026, month: 2, day: 30 }, 0, 'UTC')).toThrow(RangeError);
  });
});

describe('instantToZoned', () => {
  it('gives the local date, minute of day (seconds dropped) and ISO weekday', () => {
    expect(instantToZoned(at('2026-01-15T14:00:59.999Z'), 'America/New_York')).toEqual({
      date: { year: 2026, month: 1, day: 15 },
      minuteOfDay: 540,
      weekday: 4,
    });
    // 02:00Z on a Monday is still Sunday evening in New York.
    expect(instantToZoned(at('2026-03-09T02:00:00Z'), 'America/New_York')).toEqual({
      date: { year: 2026, month: 3, day: 8 },
      minuteOfDay: 22 * 60,
      weekday: 7,
    });
  });

  it('round-trips with zonedToInstant away from transitions', () => {
    for (const tz of ['America/New_York', 'Asia/Kolkata', 'America/St_Johns', 'Australia/Lord_Howe']) {
      const instant = zonedToInstant(ld('2026-06-15'), 17 * 60 + 45, tz);
      const z = instantToZoned(instant, tz);
      expect(z.minuteOfDay).toBe(17 * 60 + 45);
      expect(formatLocalDate(z.date)).toBe('2026-06-15');
      expect(zonedToInstant(z.date, z.minuteOfDay, tz).getTime()).toBe(instant.getTime());
    }
  });

  it('rejects an invalid Date', () => {
    expect(() => instantToZoned(new Date('nope'), 'UTC')).toThrow(RangeError);
  });
});

describe('nextDailyOccurrence', () => {
  const tz = 'Europe/Prague'; // +01:00 in winter
  it('is later today if the time has not passed, otherwise tomorrow', () => {
    expect(iso(nextDailyOccurrence({ after: at('2026-01-15T07:00:00Z'), tz, minuteOfDay: 9 * 60 }))).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    expect(iso(nextDailyOccurrence({ after: at('2026-01-15T09:00:00Z'), tz, minuteOfDay: 9 * 60 }))).toBe(
      '2026-01-16T08:00:00.000Z',
    );
  });

  it('is strictly after `after`', () => {
    expect(iso(nextDailyOccurrence({ after: at('2026-01-15T08:00:00Z'), tz, minuteOfDay: 9 * 60 }))).toBe(
      '2026-01-16T08:00:00.000Z',
    );
    expect(iso(nextDailyOccurrence({ after: at('2026-01-15T07:59:59.999Z'), tz, minuteOfDay: 9 * 60 }))).toBe(
      '2026-01-15T08:00:00.000Z',
    );
  });

  it('uses the local date of `after`, not the UTC date', () => {
    // 23:30Z on Jan 15 is already 08:30 on Jan 16 in Tokyo (+09:00); next 09:00 is that morning.
    expect(
      iso(nextDailyOccurrence({ after: at('2026-01-15T23:30:00Z'), tz: 'Asia/Tokyo', minuteOfDay: 9 * 60 })),
    ).toBe('2026-01-16T00:00:00.000Z');
  });
});

describe('nextWeeklyOccurrence', () => {
  const tz = 'America/New_York';
  const after = at('2026-01-14T17:00:00Z'); // Wednesday 2026-01-14 12:00 EST

  it('picks the nearest matching weekday', () => {
    // Mon/Thu at 09:00 -> Thursday Jan 15 09:00 EST
    expect(iso(nextWeeklyOccurrence({ after, tz, weekdays: [1, 4], minuteOfDay: 540 }))).toBe('2026-01-15T14:00:00.000Z');
    // Monday only -> Monday Jan 19
    expect(iso(nextWeeklyOccurrence({ after, tz, weekdays: [1], minuteOfDay: 540 }))).toBe('2026-01-19T14:00:00.000Z');
    // Sunday only -> Sunday Jan 18
    expect(iso(nextWeeklyOccurrence({ after, tz, weekdays: [7], minuteOfDay: 540 }))).toBe('2026-01-18T14:00:00.000Z');
  });

  it('same weekday: later today, or a week later once passed', () => {
    expect(iso(nextWeeklyOccurrence({ after, tz, weekdays: [3], minuteOfDay: 13 * 60 }))).toBe('2026-01-14T18:00:00.000Z');
    expect(iso(nextWeeklyOccurrence({ after, tz, weekdays: [3], minuteOfDay: 12 * 60 }))).toBe('2026-01-21T17:00:00.000Z');
  });

  it('rejects empty or out-of-range weekdays', () => {
    expect(() => nextWeeklyOccurrence({ after, tz, weekdays: [], minuteOfDay: 540 })).toThrow(RangeError);
    expect(() => nextWeeklyOccurrence({ after, tz, weekdays: [0], minuteOfDay: 540 })).toThrow(RangeError);
    expect(() => nextWeeklyOccurrence({ after, tz, weekdays: [8], minuteOfDay: 540 })).toThrow(RangeError);
    expect(() => nextWeeklyOccurrence({ after, tz, weekdays: [1], minuteOfDay: 1440 })).toThrow(RangeError);
  });
});

describe('skippedUntil', () => {
  it('names the first minute after a spring-forward gap; null for a time that exists, a repeated one included', () => {
    expect(skippedUntil({ year: 2026, month: 3, day: 8 }, 150, 'America/New_York')).toBe(180); // 02:30 skipped: 03:00
    expect(skippedUntil({ year: 2026, month: 3, day: 8 }, 180, 'America/New_York')).toBeNull();
    expect(skippedUntil({ year: 2026, month: 11, day: 1 }, 90, 'America/New_York')).toBeNull(); // 01:30 twice
    expect(skippedUntil({ year: 2026, month: 4, day: 24 }, 30, 'Africa/Cairo')).toBe(60); // Cairo's 00:00–01:00 gap
    expect(skippedUntil({ year: 2026, month: 10, day: 4 }, 135, 'Australia/Lord_Howe')).toBe(150); // 30 minutes from 02:00
    expect(skippedUntil({ year: 2011, month: 12, day: 30 }, 600, 'Pacific/Apia')).toBe(0); // the whole day was skipped: the next time is 00:00 on the 31st
    expect(skippedUntil({ year: 2026, month: 3, day: 9 }, 600, 'Pacific/Apia')).toBeNull();
  });
});
