import { describe, expect, it } from 'vitest';
import { describeSchedule, isSlotOf, nextSlot, normalizeWeekdays, upcomingSlots } from '../../../src/watercooler/schedule.js';

const at = (iso: string) => new Date(iso);
/** The wall clock of an instant in a zone, as "YYYY-MM-DD HH:MM (weekday)", computed with Intl (independent of our code). */
function wall(instant: Date, tz: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (${parts.weekday})`;
}

// Host-zone independence: run this file under TZ=UTC, America/Los_Angeles and Europe/Prague; the answers
// must not change (nothing here may read the host zone).
describe(`watercooler slots (host TZ=${process.env.TZ ?? 'unset'})`, () => {
  it('keeps 11:00 New York time across the March DST change (the UTC hour moves, the wall clock does not)', () => {
    const s = { weekdays: [3], minuteOfDay: 11 * 60, tz: 'America/New_York' };
    const slots = upcomingSlots(s, at('2026-03-02T08:00:00Z'), 3);
    expect(slots.map((d) => d.toISOString())).toEqual(['2026-03-04T16:00:00.000Z', '2026-03-11T15:00:00.000Z', '2026-03-18T15:00:00.000Z']);
    for (const d of slots) expect(wall(d, s.tz)).toMatch(/ 11:00 \(Wed\)$/);
  });

  it('keeps 9:30 London time across the October change, twice a week', () => {
    const s = { weekdays: [2, 4], minuteOfDay: 9 * 60 + 30, tz: 'Europe/London' };
    const slots = upcomingSlots(s, at('2026-10-20T00:00:00Z'), 4);
    expect(slots.map((d) => d.toISOString())).toEqual(['2026-10-20T08:30:00.000Z', '2026-10-22T08:30:00.000Z', '2026-10-27T09:30:00.000Z', '2026-10-29T09:30:00.000Z']);
  });

  it('a slot inside the spring-forward gap moves forward by the gap (London 01:30 on 29 March 2026)', () => {
    const slot = nextSlot({ weekdays: [7], minuteOfDay: 90, tz: 'Europe/London' }, at('2026-03-28T12:00:00Z'));
    expect(slot.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wall(slot, 'Europe/London')).toBe('2026-03-29 02:30 (Sun)');
  });

  it('a repeated time takes the earlier instant, once (New York 01:30 on 1 November 2026)', () => {
    const s = { weekdays: [7], minuteOfDay: 90, tz: 'America/New_York' };
    const [first, second] = upcomingSlots(s, at('2026-10-31T12:00:00Z'), 2);
    expect(first!.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(second!.toISOString()).toBe('2026-11-08T06:30:00.000Z');
  });

  it('Santiago skips midnight when DST starts: a 00:00 slot posts at 01:00', () => {
    const slot = nextSlot({ weekdays: [7], minuteOfDay: 0, tz: 'America/Santiago' }, at('2026-09-05T12:00:00Z'));
    expect(wall(slot, 'America/Santiago')).toBe('2026-09-06 01:00 (Sun)');
  });

  it('Lord Howe’s 30-minute change and Kolkata’s half-hour offset', () => {
    const lh = nextSlot({ weekdays: [7], minuteOfDay: 2 * 60 + 15, tz: 'Australia/Lord_Howe' }, at('2026-10-03T00:00:00Z'));
    expect(wall(lh, 'Australia/Lord_Howe')).toBe('2026-10-04 02:45 (Sun)');
    const kol = nextSlot({ weekdays: [1], minuteOfDay: 10 * 60, tz: 'Asia/Kolkata' }, at('2026-03-02T00:00:00Z'));
    expect(kol.toISOString()).toBe('2026-03-02T04:30:00.000Z');
  });

  it('Apia skipped 30 December 2011: the Friday slot posts on the next local day', () => {
    const slot = nextSlot({ weekdays: [5], minuteOfDay: 10 * 60, tz: 'Pacific/Apia' }, at('2011-12-28T00:00:00Z'));
    expect(wall(slot, 'Pacific/Apia')).toBe('2011-12-31 10:00 (Sat)');
    expect(isSlotOf({ weekdays: [5], minuteOfDay: 10 * 60, tz: 'Pacific/Apia' }, slot)).toBe(true);
  });

  it('is strictly after: a slot is not due again at its own instant', () => {
    const s = { weekdays: [3], minuteOfDay: 660, tz: 'America/New_York' };
    const slot = at('2026-03-04T16:00:00Z');
    expect(nextSlot(s, slot).toISOString()).toBe('2026-03-11T15:00:00.000Z');
    expect(isSlotOf(s, slot)).toBe(true);
    expect(isSlotOf({ ...s, minuteOfDay: 600 }, slot)).toBe(false);
    expect(isSlotOf({ ...s, tz: 'Europe/London' }, slot)).toBe(false);
  });

  it('normalizes and describes weekdays', () => {
    expect(normalizeWeekdays([5, 2, 2, 9, 0])).toEqual([2, 5]);
    expect(describeSchedule({ weekdays: [3], minuteOfDay: 660 })).toBe('Wednesdays at 11:00');
    expect(describeSchedule({ weekdays: [4, 2], minuteOfDay: 570 })).toBe('Tuesdays and Thursdays at 9:30');
    expect(describeSchedule({ weekdays: [1, 2, 3, 4, 5], minuteOfDay: 600 })).toBe('Every weekday at 10:00');
    expect(describeSchedule({ weekdays: [1, 3, 5], minuteOfDay: 600 })).toBe('Mondays, Wednesdays and Fridays at 10:00');
  });
});
