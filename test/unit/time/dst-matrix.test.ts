// DST matrix: every expected instant below is a hand-checked fact (zone offsets reasoned out in the
// comments, cross-checked against the IANA tzdata), never computed by the code under test.
// Must pass under any host TZ: run with TZ=UTC, TZ=America/Los_Angeles and TZ=Europe/Prague.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatLocalDate,
  instantToZoned,
  nextDailyOccurrence,
  nextWeeklyOccurrence,
  parseLocalDate,
  weekdayOf,
  zonedToInstant,
} from '../../../src/time/zoned.js';

type Row = [label: string, date: string, hhmm: string, expectedUtc: string];

const minute = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
const toUtc = (tz: string, date: string, hhmm: string): string =>
  zonedToInstant(parseLocalDate(date), minute(hhmm), tz).toISOString();
const local = (tz: string, utc: string): string => {
  const z = instantToZoned(new Date(utc), tz);
  const hh = String(Math.floor(z.minuteOfDay / 60)).padStart(2, '0');
  const mm = String(z.minuteOfDay % 60).padStart(2, '0');
  return `${formatLocalDate(z.date)} ${hh}:${mm}`;
};

function zoneMatrix(tz: string, rows: Row[]): void {
  describe(tz, () => {
    it.each(rows)('%s: %s %s -> %s', (_label, date, hhmm, expected) => {
      expect(toUtc(tz, date, hhmm)).toBe(expected);
    });
  });
}

// America/New_York: EST -05:00, EDT -04:00.
// 2026-03-08 02:00 EST -> 03:00 EDT (02:00-02:59 skipped); 2026-11-01 02:00 EDT -> 01:00 EST (01:xx twice).
zoneMatrix('America/New_York', [
  ['winter', '2026-01-15', '09:00', '2026-01-15T14:00:00.000Z'],
  ['summer', '2026-07-15', '09:00', '2026-07-15T13:00:00.000Z'],
  ['last minute before gap (EST)', '2026-03-08', '01:59', '2026-03-08T06:59:00.000Z'],
  ['gap start 02:00 -> 03:00 EDT', '2026-03-08', '02:00', '2026-03-08T07:00:00.000Z'],
  ['gap 02:30 -> 03:30 EDT', '2026-03-08', '02:30', '2026-03-08T07:30:00.000Z'],
  ['first minute after gap (EDT)', '2026-03-08', '03:00', '2026-03-08T07:00:00.000Z'],
  ['overlap 01:00 -> earlier (EDT)', '2026-11-01', '01:00', '2026-11-01T05:00:00.000Z'],
  ['overlap 01:30 -> earlier (EDT)', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
  ['after overlap 02:00 EST', '2026-11-01', '02:00', '2026-11-01T07:00:00.000Z'],
]);

// Europe/London: GMT +00:00, BST +01:00. 2026-03-29 01:00 GMT -> 02:00 BST; 2026-10-25 02:00 BST -> 01:00 GMT.
zoneMatrix('Europe/London', [
  ['winter', '2026-01-15', '09:00', '2026-01-15T09:00:00.000Z'],
  ['summer', '2026-07-15', '09:00', '2026-07-15T08:00:00.000Z'],
  ['gap 01:30 -> 02:30 BST', '2026-03-29', '01:30', '2026-03-29T01:30:00.000Z'],
  ['after gap 02:30 BST', '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'],
  ['overlap 01:30 -> earlier (BST)', '2026-10-25', '01:30', '2026-10-25T00:30:00.000Z'],
  ['after overlap 02:00 GMT', '2026-10-25', '02:00', '2026-10-25T02:00:00.000Z'],
]);

// America/Santiago: -04:00 standard, -03:00 summer; Chile changes at local midnight.
// 2026-04-05 00:00 -03 -> 2026-04-04 23:00 -04 (23:xx on Apr 4 twice);
// 2026-09-06 00:00 -04 -> 01:00 -03 (midnight on Sep 6 does not exist).
zoneMatrix('America/Santiago', [
  ['last minute before gap (-04)', '2026-09-05', '23:59', '2026-09-06T03:59:00.000Z'],
  ['midnight does not exist -> 01:00 -03', '2026-09-06', '00:00', '2026-09-06T04:00:00.000Z'],
  ['gap 00:30 -> 01:30 -03', '2026-09-06', '00:30', '2026-09-06T04:30:00.000Z'],
  ['01:00 -03', '2026-09-06', '01:00', '2026-09-06T04:00:00.000Z'],
  ['summer noon', '2026-12-01', '12:00', '2026-12-01T15:00:00.000Z'],
  ['overlap 23:30 -> earlier (-03)', '2026-04-04', '23:30', '2026-04-05T02:30:00.000Z'],
  ['midnight after fall-back (-04)', '2026-04-05', '00:00', '2026-04-05T04:00:00.000Z'],
  ['winter noon', '2026-07-01', '12:00', '2026-07-01T16:00:00.000Z'],
]);

// Australia/Lord_Howe: +10:30 standard, +11:00 summer (a 30-minute shift).
// 2026-10-04 02:00 +10:30 -> 02:30 +11 (02:00-02:29 skipped); 2026-04-05 02:00 +11 -> 01:30 +10:30.
zoneMatrix('Australia/Lord_Howe', [
  ['last minute before gap', '2026-10-04', '01:59', '2026-10-03T15:29:00.000Z'],
  ['gap 02:00 -> 02:30 +11', '2026-10-04', '02:00', '2026-10-03T15:30:00.000Z'],
  ['gap 02:15 -> 02:45 +11', '2026-10-04', '02:15', '2026-10-03T15:45:00.000Z'],
  ['02:30 +11', '2026-10-04', '02:30', '2026-10-03T15:30:00.000Z'],
  ['overlap 01:45 -> earlier (+11)', '2026-04-05', '01:45', '2026-04-04T14:45:00.000Z'],
  ['winter 09:00 +10:30', '2026-07-01', '09:00', '2026-06-30T22:30:00.000Z'],
  ['summer 09:00 +11', '2026-12-01', '09:00', '2026-11-30T22:00:00.000Z'],
]);

// Asia/Kolkata: +05:30 all year, no DST.
zoneMatrix('Asia/Kolkata', [
  ['US spring-forward day', '2026-03-08', '09:00', '2026-03-08T03:30:00.000Z'],
  ['midnight', '2026-11-01', '00:00', '2026-10-31T18:30:00.000Z'],
  ['summer', '2026-07-15', '02:30', '2026-07-14T21:00:00.000Z'],
]);

// America/St_Johns: NST -03:30, NDT -02:30; switches at 02:00 local on the same days as New York.
zoneMatrix('America/St_Johns', [
  ['winter -03:30', '2026-01-15', '09:00', '2026-01-15T12:30:00.000Z'],
  ['summer -02:30', '2026-07-15', '09:00', '2026-07-15T11:30:00.000Z'],
  ['gap 02:30 -> 03:30 NDT', '2026-03-08', '02:30', '2026-03-08T06:00:00.000Z'],
  ['overlap 01:30 -> earlier (NDT)', '2026-11-01', '01:30', '2026-11-01T04:00:00.000Z'],
]);

// Pacific/Apia moved across the date line: 2011-12-29 23:59:59 -10:00 was followed by
// 2011-12-31 00:00 +14:00, so 2011-12-30 never happened there.
zoneMatrix('Pacific/Apia', [
  ['day before (-10)', '2011-12-29', '09:00', '2011-12-29T19:00:00.000Z'],
  ['skipped day 09:00 -> Dec 31 09:00 +14', '2011-12-30', '09:00', '2011-12-30T19:00:00.000Z'],
  ['skipped day midnight -> Dec 31 00:00 +14', '2011-12-30', '00:00', '2011-12-30T10:00:00.000Z'],
  ['Dec 31 09:00 +14', '2011-12-31', '09:00', '2011-12-30T19:00:00.000Z'],
  ['Jan 1 09:00 +14', '2012-01-01', '09:00', '2011-12-31T19:00:00.000Z'],
]);

describe('instantToZoned across transitions', () => {
  it('New York fall-back: both 01:30s read as 01:30 local', () => {
    expect(local('America/New_York', '2026-11-01T05:30:00Z')).toBe('2026-11-01 01:30'); // EDT
    expect(local('America/New_York', '2026-11-01T06:30:00Z')).toBe('2026-11-01 01:30'); // EST
  });

  it('New York spring-forward: 01:59 EST is followed by 03:00 EDT', () => {
    expect(local('America/New_York', '2026-03-08T06:59:00Z')).toBe('2026-03-08 01:59');
    expect(local('America/New_York', '2026-03-08T07:00:00Z')).toBe('2026-03-08 03:00');
  });

  it('Santiago: the day of the change starts at 01:00', () => {
    expect(local('America/Santiago', '2026-09-06T03:59:00Z')).toBe('2026-09-05 23:59');
    expect(local('America/Santiago', '2026-09-06T04:00:00Z')).toBe('2026-09-06 01:00');
  });

  it('Lord Howe: 30-minute shifts', () => {
    expect(local('Australia/Lord_Howe', '2026-10-03T15:29:00Z')).toBe('2026-10-04 01:59');
    expect(local('Australia/Lord_Howe', '2026-10-03T15:30:00Z')).toBe('2026-10-04 02:30');
    expect(local('Australia/Lord_Howe', '2026-04-04T14:45:00Z')).toBe('2026-04-05 01:45'); // +11
    expect(local('Australia/Lord_Howe', '2026-04-04T15:15:00Z')).toBe('2026-04-05 01:45'); // +10:30
  });

  it('Apia: no instant is on 2011-12-30 local', () => {
    expect(local('Pacific/Apia', '2011-12-30T09:59:00Z')).toBe('2011-12-29 23:59');
    expect(local('Pacific/Apia', '2011-12-30T10:00:00Z')).toBe('2011-12-31 00:00');
    const z = instantToZoned(new Date('2011-12-30T10:00:00Z'), 'Pacific/Apia');
    expect(z.weekday).toBe(6); // Saturday
  });

  it('Kolkata and St Johns half-hour offsets', () => {
    expect(local('Asia/Kolkata', '2026-01-01T00:00:00Z')).toBe('2026-01-01 05:30');
    expect(local('America/St_Johns', '2026-01-01T00:00:00Z')).toBe('2025-12-31 20:30');
    expect(local('America/St_Johns', '2026-07-01T00:00:00Z')).toBe('2026-06-30 21:30');
  });
});

describe('local-date arithmetic over the Apia skipped day', () => {
  it('addDays is calendar math: Dec 29 + 1 is Dec 30 even though Apia skipped it', () => {
    const dec29 = parseLocalDate('2011-12-29');
    expect(formatLocalDate(addDays(dec29, 1))).toBe('2011-12-30');
    expect(formatLocalDate(addDays(dec29, 2))).toBe('2011-12-31');
    expect(formatLocalDate(addDays(parseLocalDate('2011-12-31'), -2))).toBe('2011-12-29');
    expect(weekdayOf(parseLocalDate('2011-12-30'))).toBe(5); // Friday
  });

  it('walking 09:00 day by day lands on hard instants (the 30th collapses onto the 31st)', () => {
    let d = parseLocalDate('2011-12-28');
    const got: string[] = [];
    for (let i = 0; i < 5; i++, d = addDays(d, 1)) got.push(zonedToInstant(d, 540, 'Pacific/Apia').toISOString());
    expect(got).toEqual([
      '2011-12-28T19:00:00.000Z', // Dec 28 09:00 -10
      '2011-12-29T19:00:00.000Z', // Dec 29 09:00 -10
      '2011-12-30T19:00:00.000Z', // Dec 30 (skipped) -> Dec 31 09:00 +14
      '2011-12-30T19:00:00.000Z', // Dec 31 09:00 +14
      '2011-12-31T19:00:00.000Z', // Jan 1 09:00 +14
    ]);
  });

  it('nextDailyOccurrence steps through the skipped day without repeating an instant', () => {
    const tz = 'Pacific/Apia';
    const first = nextDailyOccurrence({ after: new Date('2011-12-29T19:00:00Z'), tz, minuteOfDay: 540 });
    expect(first.toISOString()).toBe('2011-12-30T19:00:00.000Z');
    const second = nextDailyOccurrence({ after: first, tz, minuteOfDay: 540 });
    expect(second.toISOString()).toBe('2011-12-31T19:00:00.000Z');
  });
});

describe('recurrences across DST changes keep the wall time', () => {
  const tz = 'America/New_York';

  it('weekly Monday 09:00 before and after spring-forward (2026-03-08)', () => {
    const before = nextWeeklyOccurrence({ after: new Date('2026-03-01T12:00:00Z'), tz, weekdays: [1], minuteOfDay: 540 });
    expect(before.toISOString()).toBe('2026-03-02T14:00:00.000Z'); // Mon 09:00 EST
    const after = nextWeeklyOccurrence({ after: before, tz, weekdays: [1], minuteOfDay: 540 });
    expect(after.toISOString()).toBe('2026-03-09T13:00:00.000Z'); // Mon 09:00 EDT: 7 days minus 1 hour later
    expect(local(tz, before.toISOString())).toBe('2026-03-02 09:00');
    expect(local(tz, after.toISOString())).toBe('2026-03-09 09:00');
  });

  it('weekly Monday 09:00 before and after fall-back (2026-11-01)', () => {
    const before = nextWeeklyOccurrence({ after: new Date('2026-10-25T12:00:00Z'), tz, weekdays: [1], minuteOfDay: 540 });
    expect(before.toISOString()).toBe('2026-10-26T13:00:00.000Z'); // Mon 09:00 EDT
    const after = nextWeeklyOccurrence({ after: before, tz, weekdays: [1], minuteOfDay: 540 });
    expect(after.toISOString()).toBe('2026-11-02T14:00:00.000Z'); // Mon 09:00 EST: 7 days plus 1 hour later
  });

  it('weekly Sunday 02:30 on the spring-forward day moves forward by the gap', () => {
    const next = nextWeeklyOccurrence({ after: new Date('2026-03-02T00:00:00Z'), tz, weekdays: [7], minuteOfDay: 150 });
    expect(next.toISOString()).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
  });

  it('daily 09:00 over spring-forward is 23 hours apart, over fall-back 25 hours', () => {
    const sat = new Date('2026-03-07T14:00:00Z'); // Sat 09:00 EST
    expect(nextDailyOccurrence({ after: sat, tz, minuteOfDay: 540 }).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    const satFall = new Date('2026-10-31T13:00:00Z'); // Sat 09:00 EDT
    expect(nextDailyOccurrence({ after: satFall, tz, minuteOfDay: 540 }).toISOString()).toBe('2026-11-01T14:00:00.000Z');
  });

  it('daily 01:30 on the fall-back day fires once, at the earlier 01:30', () => {
    const first = nextDailyOccurrence({ after: new Date('2026-11-01T00:00:00Z'), tz, minuteOfDay: 90 });
    expect(first.toISOString()).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT
    const second = nextDailyOccurrence({ after: first, tz, minuteOfDay: 90 });
    expect(second.toISOString()).toBe('2026-11-02T06:30:00.000Z'); // next day 01:30 EST, not 01:30 EST on Nov 1
  });

  it('Santiago daily midnight on the day midnight is skipped', () => {
    const tzS = 'America/Santiago';
    const first = nextDailyOccurrence({ after: new Date('2026-09-05T12:00:00Z'), tz: tzS, minuteOfDay: 0 });
    expect(first.toISOString()).toBe('2026-09-06T04:00:00.000Z'); // 01:00 -03
    const second = nextDailyOccurrence({ after: first, tz: tzS, minuteOfDay: 0 });
    expect(second.toISOString()).toBe('2026-09-07T03:00:00.000Z'); // 00:00 -03
  });
});
