import { describe, expect, it } from 'vitest';
import {
  celebrationsBetween,
  celebrationsOn,
  firstRunDate,
  isStale,
  isValidDate,
  isValidMonthDay,
  nextOccurrence,
  nextRunDateAfter,
  postDateFor,
  runInstant,
  type CelebrationRules,
  type ScheduleInput,
} from '../../../src/celebrations/dates.js';
import { formatLocalDate, parseLocalDate, type LocalDate } from '../../../src/time/zoned.js';

const d = (s: string): LocalDate => parseLocalDate(s);
const f = (x: LocalDate) => formatLocalDate(x);

let nextId = 1;
function person(type: 'birthday' | 'anniversary', user: string, md: string, year: number | null = null): ScheduleInput {
  const [month, day] = md.split('-').map(Number);
  return { id: nextId++, type, memberId: nextId, slackUserId: user, month: month!, day: day!, year, title: null, message: null };
}
function custom(title: string, md: string, year: number | null = null): ScheduleInput {
  const [month, day] = md.split('-').map(Number);
  return { id: nextId++, type: 'custom', memberId: null, slackUserId: null, month: month!, day: day!, year, title, message: null };
}
const rules = (over: Partial<CelebrationRules> = {}): CelebrationRules => ({
  teamId: 'T1',
  policy: 'friday_before',
  leap: 'feb28',
  enabled: { birthday: true, anniversary: true, custom: true },
  eligible: () => true,
  ...over,
});

describe('weekend policy', () => {
  it('moves Saturday and Sunday to the Friday before, the Monday after, or leaves them', () => {
    // 2026-03-07 is a Saturday, 2026-03-08 a Sunday.
    expect(f(postDateFor(d('2026-03-07'), 'friday_before'))).toBe('2026-03-06');
    expect(f(postDateFor(d('2026-03-08'), 'friday_before'))).toBe('2026-03-06');
    expect(f(postDateFor(d('2026-03-07'), 'monday_after'))).toBe('2026-03-09');
    expect(f(postDateFor(d('2026-03-08'), 'monday_after'))).toBe('2026-03-09');
    expect(f(postDateFor(d('2026-03-07'), 'on_the_day'))).toBe('2026-03-07');
    for (const weekday of ['2026-03-02', '2026-03-04', '2026-03-06']) expect(f(postDateFor(d(weekday), 'friday_before'))).toBe(weekday);
  });

  it('a Friday run posts Friday, Saturday and Sunday; the weekend days post nothing', () => {
    const people = [person('birthday', 'UFRI', '03-06'), person('birthday', 'USAT', '03-07'), person('birthday', 'USUN', '03-08'), person('birthday', 'UMON', '03-09')];
    const fri = celebrationsOn(people, d('2026-03-06'), rules());
    expect(fri.map((c) => [c.schedule.slackUserId, f(c.occursOn)])).toEqual([
      ['UFRI', '2026-03-06'],
      ['USAT', '2026-03-07'],
      ['USUN', '2026-03-08'],
    ]);
    expect(celebrationsOn(people, d('2026-03-07'), rules())).toEqual([]);
    expect(celebrationsOn(people, d('2026-03-08'), rules())).toEqual([]);
    expect(celebrationsOn(people, d('2026-03-09'), rules()).map((c) => c.schedule.slackUserId)).toEqual(['UMON']);
    const monday = celebrationsOn(people, d('2026-03-09'), rules({ policy: 'monday_after' }));
    expect(monday.map((c) => c.schedule.slackUserId)).toEqual(['USAT', 'USUN', 'UMON']);
  });

  it('a weekend across New Year: the key carries the year of the date itself', () => {
    // 2028-01-01 is a Saturday: posted on Friday 2027-12-31 under the 2028 key, so 2027's own Jan 1 is separate.
    const jan1 = person('birthday', 'UNY', '01-01');
    const dec31 = celebrationsOn([jan1], d('2027-12-31'), rules());
    expect(dec31.map((c) => c.key)).toEqual(['bday:T1:UNY:2028']);
    expect(celebrationsOn([jan1], d('2027-01-01'), rules()).map((c) => c.key)).toEqual(['bday:T1:UNY:2027']);
  });
});

describe('29 February', () => {
  const leapling = person('birthday', 'ULEAP', '02-29', 1996);

  it('2025 (common year): Feb 28 by default, Mar 1 by policy — a Saturday, so the Friday before', () => {
    expect(celebrationsOn([leapling], d('2025-02-28'), rules()).map((c) => f(c.occursOn))).toEqual(['2025-02-28']);
    const mar1 = celebrationsBetween([leapling], d('2025-02-01'), d('2025-03-31'), rules({ leap: 'mar1' }));
    expect(mar1.map((c) => [f(c.occursOn), f(c.postOn)])).toEqual([['2025-03-01', '2025-02-28']]);
    const monday = celebrationsBetween([leapling], d('2025-02-01'), d('2025-03-31'), rules({ leap: 'mar1', policy: 'monday_after' }));
    expect(monday.map((c) => [f(c.occursOn), f(c.postOn)])).toEqual([['2025-03-01', '2025-03-03']]);
  });

  it('2028 (leap year): on the day, a Tuesday', () => {
    const all = celebrationsBetween([leapling], d('2028-01-01'), d('2028-12-31'), rules({ leap: 'mar1' }));
    expect(all.map((c) => [f(c.occursOn), f(c.postOn), c.key])).toEqual([['2028-02-29', '2028-02-29', 'bday:T1:ULEAP:2028']]);
  });

  it('2100 (not a leap year): Feb 28 is a Sunday (posted Friday 26th); Mar 1 is a Monday', () => {
    expect(celebrationsBetween([leapling], d('2100-01-01'), d('2100-12-31'), rules()).map((c) => [f(c.occursOn), f(c.postOn)])).toEqual([['2100-02-28', '2100-02-26']]);
    expect(celebrationsBetween([leapling], d('2100-01-01'), d('2100-12-31'), rules({ leap: 'mar1' })).map((c) => [f(c.occursOn), f(c.postOn)])).toEqual([
      ['2100-03-01', '2100-03-01'],
    ]);
  });

  it('is celebrated exactly once a year, whatever the policy', () => {
    for (const leap of ['feb28', 'mar1'] as const)
      for (const policy of ['friday_before', 'on_the_day', 'monday_after'] as const) {
        const all = celebrationsBetween([leapling], d('2024-01-01'), d('2101-12-31'), rules({ leap, policy }));
        const years = all.map((c) => c.occursOn.year);
        expect(years).toEqual(Array.from({ length: 78 }, (_, i) => 2024 + i));
        expect(new Set(all.map((c) => c.key)).size).toBe(all.length);
      }
  });

  it('a Feb 29 start date has anniversaries on the policy day', () => {
    const start = person('anniversary', 'UJOIN', '02-29', 2020);
    expect(celebrationsBetween([start], d('2021-01-01'), d('2021-12-31'), rules({ policy: 'on_the_day' })).map((c) => [f(c.occursOn), c.years])).toEqual([['2021-02-28', 1]]);
    expect(celebrationsBetween([start], d('2024-01-01'), d('2024-12-31'), rules({ policy: 'on_the_day' })).map((c) => [f(c.occursOn), c.years])).toEqual([['2024-02-29', 4]]);
  });

  it('never rolls an impossible date over', () => {
    expect(isValidMonthDay(2, 29)).toBe(true);
    expect(isValidMonthDay(2, 30)).toBe(false);
    expect(isValidMonthDay(4, 31)).toBe(false);
    expect(isValidDate(1997, 2, 29)).toBe(false);
    expect(isValidDate(2000, 2, 29)).toBe(true);
    expect(isValidDate(1900, 2, 29)).toBe(false);
    expect(nextOccurrence({ month: 4, day: 31 }, d('2026-01-01'), 'feb28')).toBeNull();
  });
});

describe('who is celebrated', () => {
  it('anniversaries count years from the start date; the first day and future start dates are not anniversaries', () => {
    const s = [person('anniversary', 'UOLD', '03-03', 2018), person('anniversary', 'UNEW', '03-03', 2026), person('anniversary', 'UFUT', '03-03', 2027)];
    const on = celebrationsOn(s, d('2026-03-03'), rules());
    expect(on.map((c) => [c.schedule.slackUserId, c.years, c.key])).toEqual([['UOLD', 8, 'anniv:T1:UOLD:2026']]);
  });

  it('birthdays never carry years, even when a birth year is on file', () => {
    const on = celebrationsOn([person('birthday', 'UB', '03-03', 1990)], d('2026-03-03'), rules());
    expect(on[0]!.years).toBeNull();
  });

  it('respects the kinds a program runs and who is eligible', () => {
    const b = person('birthday', 'UB', '03-03');
    const a = person('anniversary', 'UA', '03-03', 2020);
    const c = custom('Founders day', '03-03', 2016);
    expect(celebrationsOn([b, a, c], d('2026-03-03'), rules({ enabled: { birthday: false, anniversary: true, custom: true } })).map((x) => x.schedule.type)).toEqual([
      'anniversary',
      'custom',
    ]);
    expect(celebrationsOn([b, a, c], d('2026-03-03'), rules({ eligible: (s) => s.slackUserId !== 'UB' })).map((x) => x.schedule.type)).toEqual(['anniversary', 'custom']);
    const founders = celebrationsOn([c], d('2026-03-03'), rules())[0]!;
    expect([founders.key, founders.years]).toEqual([`custom:${c.id}:2026`, 10]);
  });

  it('lists weeks ahead in posting order, each schedule computed per year', () => {
    const s = [person('birthday', 'U2', '03-20'), person('birthday', 'U1', '03-07'), person('anniversary', 'U3', '03-09', 2019)];
    const ahead = celebrationsBetween(s, d('2026-03-02'), d('2026-03-31'), rules());
    expect(ahead.map((c) => [c.schedule.slackUserId, f(c.postOn)])).toEqual([
      ['U1', '2026-03-06'],
      ['U3', '2026-03-09'],
      ['U2', '2026-03-20'],
    ]);
  });
});

describe('posting times', () => {
  it('is the program hour in its zone, on both sides of a DST change (never +24 h)', () => {
    // New York: EST until 2026-03-08 02:00, then EDT.
    expect(runInstant(d('2026-03-06'), 9 * 60, 'America/New_York').toISOString()).toBe('2026-03-06T14:00:00.000Z');
    expect(runInstant(d('2026-03-09'), 9 * 60, 'America/New_York').toISOString()).toBe('2026-03-09T13:00:00.000Z');
    // 02:00 does not exist on 2026-03-08: moved forward by the gap.
    expect(runInstant(d('2026-03-08'), 2 * 60, 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    // 01:00 happens twice on 2026-11-01: the earlier one.
    expect(runInstant(d('2026-11-01'), 60, 'America/New_York').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(runInstant(d('2026-03-06'), 9 * 60, 'Asia/Kolkata').toISOString()).toBe('2026-03-06T03:30:00.000Z');
    expect(runInstant(d('2026-03-06'), 9 * 60, 'Europe/Prague').toISOString()).toBe('2026-03-06T08:00:00.000Z');
    // London changes on 2026-03-29: 9:00 is 09:00Z before, 08:00Z after.
    expect(runInstant(d('2026-03-27'), 9 * 60, 'Europe/London').toISOString()).toBe('2026-03-27T09:00:00.000Z');
    expect(runInstant(d('2026-03-30'), 9 * 60, 'Europe/London').toISOString()).toBe('2026-03-30T08:00:00.000Z');
  });

  it('Apia skipped 2011-12-30: its posting time moves forward into the next day', () => {
    expect(runInstant(d('2011-12-29'), 9 * 60, 'Pacific/Apia').toISOString()).toBe('2011-12-29T19:00:00.000Z');
    expect(runInstant(d('2011-12-30'), 9 * 60, 'Pacific/Apia').toISOString()).toBe('2011-12-30T19:00:00.000Z');
    expect(runInstant(d('2011-12-31'), 9 * 60, 'Pacific/Apia').toISOString()).toBe('2011-12-30T19:00:00.000Z');
  });

  it('first run: today if its time is ahead, else tomorrow (in the program zone)', () => {
    const tz = 'America/Los_Angeles';
    expect(f(firstRunDate(new Date('2026-03-02T16:00:00Z'), 9 * 60, tz))).toBe('2026-03-02'); // 08:00 PST
    expect(f(firstRunDate(new Date('2026-03-02T17:00:00Z'), 9 * 60, tz))).toBe('2026-03-03'); // 09:00 PST: not strictly ahead
    // 01:00 UTC on the 2nd is 10:00 in Tokyo: the 2nd's time has passed there.
    expect(f(firstRunDate(new Date('2026-03-02T01:00:00Z'), 9 * 60, 'Asia/Tokyo'))).toBe('2026-03-03');
  });

  it('after a run: the next day; after an outage, at most one late run and no stale ones', () => {
    const tz = 'Europe/Prague';
    expect(f(nextRunDateAfter(d('2026-03-02'), new Date('2026-03-02T08:00:00Z'), 9 * 60, tz))).toBe('2026-03-03');
    // Ran on the 1st, back on the 5th at 10:00: the 4th is more than a day late, the 5th is due now.
    expect(f(nextRunDateAfter(d('2026-03-01'), new Date('2026-03-05T09:00:00Z'), 9 * 60, tz))).toBe('2026-03-05');
    // Back on the 5th at 07:00: the 4th's run (yesterday 09:00) is 22 h late: still worth posting.
    expect(f(nextRunDateAfter(d('2026-03-01'), new Date('2026-03-05T06:00:00Z'), 9 * 60, tz))).toBe('2026-03-04');
    expect(isStale(d('2026-03-04'), new Date('2026-03-05T08:00:00Z'), 9 * 60, tz)).toBe(true);
    expect(isStale(d('2026-03-04'), new Date('2026-03-05T07:59:00Z'), 9 * 60, tz)).toBe(false);
  });
});
