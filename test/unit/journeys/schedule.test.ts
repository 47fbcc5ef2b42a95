import { describe, expect, it } from 'vitest';
import { CATCH_UP_SPACING, catchUpSlots, earliestInstant, nextWorkDay, occurrence, workDayFrom } from '../../../src/journeys/schedule.js';
import { timingOf, timingTable, type TimedSession } from '../../../src/journeys/plan.js';
import type { JourneyEvent } from '../../../src/journeys/tables.js';
import { formatLocalDate, parseLocalDate } from '../../../src/time/zoned.js';

const wd = (start: string, n: number) => formatLocalDate(workDayFrom(parseLocalDate(start), n));

describe('work days from a start date', () => {
  it('counts Monday to Friday only, forwards and backwards', () => {
    // 2026-03-02 is a Monday.
    expect(wd('2026-03-02', 0)).toBe('2026-03-02');
    expect(wd('2026-03-02', 4)).toBe('2026-03-06'); // Friday
    expect(wd('2026-03-02', 5)).toBe('2026-03-09'); // next Monday
    expect(wd('2026-03-02', 29)).toBe('2026-04-10'); // six weeks less a day
    expect(wd('2026-03-06', 1)).toBe('2026-03-09'); // Friday + 1 → Monday
    expect(wd('2026-03-05', 2)).toBe('2026-03-09'); // Thursday + 2 → Monday
    expect(wd('2026-03-02', -1)).toBe('2026-02-27'); // Monday - 1 → Friday
    expect(wd('2026-03-04', -5)).toBe('2026-02-25');
    expect(wd('2026-03-03', -2)).toBe('2026-02-27');
  });

  it('starts a weekend start date on the Monday after', () => {
    expect(wd('2026-03-07', 0)).toBe('2026-03-09'); // Saturday
    expect(wd('2026-03-08', 0)).toBe('2026-03-09'); // Sunday
    expect(wd('2026-03-08', 1)).toBe('2026-03-10');
    expect(wd('2026-03-08', -1)).toBe('2026-03-06');
  });

  it('never lands on a weekend for any offset', () => {
    for (const start of ['2026-03-02', '2026-03-04', '2026-03-06', '2026-03-07']) {
      for (let n = -30; n <= 60; n++) {
        const d = new Date(`${wd(start, n)}T12:00:00Z`).getUTCDay();
        expect(d === 0 || d === 6, `${start} ${n}`).toBe(false);
      }
      // Strictly increasing with n.
      for (let n = -30; n < 60; n++) expect(wd(start, n) < wd(start, n + 1)).toBe(true);
    }
  });
});

describe('local time in the recipient zone, across DST', () => {
  it('America/New_York: 9:00 local before and after the March change (EST → EDT)', () => {
    // US DST starts Sunday 2026-03-08.
    const before = occurrence('2026-03-02', 4, 540, 'America/New_York'); // Fri 6 March
    const after = occurrence('2026-03-02', 5, 540, 'America/New_York'); // Mon 9 March
    expect(before.occursOn).toBe('2026-03-06');
    expect(before.at.toISOString()).toBe('2026-03-06T14:00:00.000Z');
    expect(after.occursOn).toBe('2026-03-09');
    expect(after.at.toISOString()).toBe('2026-03-09T13:00:00.000Z');
  });

  it('Europe/Berlin: 9:00 local across the end of March (CET → CEST)', () => {
    // EU DST starts Sunday 2026-03-29.
    expect(occurrence('2026-03-23', 4, 540, 'Europe/Berlin').at.toISOString()).toBe('2026-03-27T08:00:00.000Z');
    expect(occurrence('2026-03-23', 5, 540, 'Europe/Berlin').at.toISOString()).toBe('2026-03-30T07:00:00.000Z');
    // And back in October (CEST → CET on 2026-10-25).
    expect(occurrence('2026-10-19', 4, 540, 'Europe/Berlin').at.toISOString()).toBe('2026-10-23T07:00:00.000Z');
    expect(occurrence('2026-10-19', 5, 540, 'Europe/Berlin').at.toISOString()).toBe('2026-10-26T08:00:00.000Z');
  });

  it('Australia/Sydney: southern DST ends in April (AEDT → AEST)', () => {
    // Sydney leaves DST on Sunday 2026-04-05.
    expect(occurrence('2026-03-30', 4, 540, 'Australia/Sydney').at.toISOString()).toBe('2026-04-02T22:00:00.000Z'); // Fri 3 Apr 9:00 +11
    expect(occurrence('2026-03-30', 5, 540, 'Australia/Sydney').at.toISOString()).toBe('2026-04-05T23:00:00.000Z'); // Mon 6 Apr 9:00 +10
  });

  it('Asia/Kolkata: no DST, +5:30 all year, the half hour kept', () => {
    expect(occurrence('2026-03-02', 0, 570, 'Asia/Kolkata').at.toISOString()).toBe('2026-03-02T04:00:00.000Z');
    expect(occurrence('2026-07-06', 0, 570, 'Asia/Kolkata').at.toISOString()).toBe('2026-07-06T04:00:00.000Z');
  });

  it('a wall time skipped by the spring-forward gap moves forward by the gap', () => {
    // A Sunday-only start is moved to Monday, so use an event at 02:30 on the New York change day via a direct date.
    expect(earliestInstant('2026-03-08', 150, ['America/New_York']).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('the earliest of several recipients is when the session event is first due', () => {
    const at = earliestInstant('2026-03-09', 540, ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata']);
    expect(at.toISOString()).toBe('2026-03-09T03:30:00.000Z'); // Kolkata's 9:00 comes first
  });

  it('the next work day for the sandbox and the dry run skips the weekend', () => {
    expect(nextWorkDay(new Date('2026-03-06T12:00:00Z'), 'UTC')).toBe('2026-03-09'); // Friday → Monday
    expect(nextWorkDay(new Date('2026-03-02T12:00:00Z'), 'Australia/Sydney')).toBe('2026-03-03');
  });
});

const ev = (over: Partial<JourneyEvent>): JourneyEvent =>
  ({
    id: 1,
    workspace_id: 1,
    tag_id: 1,
    preset_id: null,
    preset_event_id: null,
    kind: 'message',
    active: true,
    days_later: 0,
    minute_in_day: 540,
    recipient_type: 'role',
    role_id: 10,
    role_ids: [],
    channel_id: null,
    group_name: null,
    title: 't',
    text: 'x',
    poll_options: [],
    created_at: new Date(),
    updated_at: new Date(),
    ...over,
  }) as JourneyEvent;

describe('session timing (shared by the sender, the generator and the dry run)', () => {
  const session: TimedSession = {
    start_date: '2026-03-02',
    time_zone: 'Europe/Berlin',
    time_zone_source: 'sync',
    participant_member_id: 1,
    zones: [
      { role_id: 10, member_id: 1, tz: 'Europe/Berlin' },
      { role_id: 11, member_id: 2, tz: 'America/New_York' },
    ],
  };

  it('times each role in its members’ zone, channel posts in the session’s', () => {
    expect(timingOf(session, ev({ role_id: 10 })).dueAt.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(timingOf(session, ev({ role_id: 11 })).dueAt.toISOString()).toBe('2026-03-02T14:00:00.000Z');
    expect(timingOf(session, ev({ recipient_type: 'channel', role_id: null })).dueAt.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    // An unfilled role falls back to the session's zone (and becomes an attention item when sent).
    expect(timingOf(session, ev({ role_id: 99 })).zones).toEqual(['Europe/Berlin']);
  });

  it('an explicit session zone wins over the participant’s Slack zone', () => {
    const explicit = { ...session, time_zone: 'Asia/Kolkata', time_zone_source: 'explicit' };
    expect(timingOf(explicit, ev({ role_id: 10 })).dueAt.toISOString()).toBe('2026-03-02T03:30:00.000Z');
  });

  it('the generator\'s timing table: each start date\'s work days and their instants per zone, once each', () => {
    const table = timingTable(
      [
        { start_date: '2026-03-06', tz: 'America/New_York' },
        { start_date: '2026-03-06', tz: 'Europe/Berlin' },
      ],
      [ev({ days_later: 0, minute_in_day: 540 }), ev({ days_later: 4, minute_in_day: 540 }), ev({ days_later: 4, minute_in_day: 900 })],
    );
    // Friday 6 March, then work day 4 is Thursday 12 March (after New York's DST change, before Berlin's).
    expect(table.days).toEqual({ '2026-03-06|0': '2026-03-06', '2026-03-06|4': '2026-03-12' });
    expect(Object.keys(table.instants)).toHaveLength(6);
    expect(table.instants).toMatchObject({
      '2026-03-12|540|America/New_York': '2026-03-12T13:00:00.000Z',
      '2026-03-06|540|America/New_York': '2026-03-06T14:00:00.000Z',
      '2026-03-12|900|Europe/Berlin': '2026-03-12T14:00:00.000Z',
    });
  });
});

describe('catching up a late start (catchUpSlots)', () => {
  const local = (o: { occursOn: string; minuteInDay: number }) => `${o.occursOn} ${String(Math.floor(o.minuteInDay / 60)).padStart(2, '0')}:${String(o.minuteInDay % 60).padStart(2, '0')}`;

  it('sends overdue messages from the start of the next working window, in order and spaced, never in one burst', () => {
    // Friday 6 March 2026, 05:40 in New York: working hours 09:00–17:00.
    const now = new Date('2026-03-06T10:40:00Z');
    const slots = catchUpSlots([540, 600, 540, 840, 900].map((minuteInDay) => ({ minuteInDay })), now, 'America/New_York', { start: 540, end: 1020 });
    expect(slots.map(local)).toEqual(['2026-03-06 09:00', '2026-03-06 09:15', '2026-03-06 09:30', '2026-03-06 09:45', '2026-03-06 10:00']);
    expect(slots[0]!.at.toISOString()).toBe('2026-03-06T14:00:00.000Z');
    for (let i = 1; i < slots.length; i++) expect(slots[i]!.at.getTime() - slots[i - 1]!.at.getTime()).toBe(CATCH_UP_SPACING * 60_000);
  });

  it('waits for a work day: 3 a.m. on a Sunday goes on Monday', () => {
    const sunday3am = new Date('2026-03-08T07:00:00Z'); // 03:00 in New York, after the clocks went forward
    expect(catchUpSlots([{ minuteInDay: 540 }, { minuteInDay: 540 }], sunday3am, 'America/New_York', { start: 540, end: 1020 }).map(local)).toEqual(['2026-03-09 09:00', '2026-03-09 09:15']);
  });

  it('inside working hours, starts at the next minute; a window that is full goes on the next work day', () => {
    const fri1650 = new Date('2026-03-06T21:50:00Z'); // 16:50 Friday in New York
    expect(catchUpSlots([{ minuteInDay: 540 }, { minuteInDay: 540 }], fri1650, 'America/New_York', { start: 540, end: 1020 }).map(local)).toEqual(['2026-03-06 16:51', '2026-03-09 09:00']);
  });

  it('without working hours, each goes at its own minute on the next work day that minute is still ahead', () => {
    const mon1000 = new Date('2026-03-09T09:00:00Z'); // 10:00 Monday in London
    const slots = catchUpSlots([{ minuteInDay: 540 }, { minuteInDay: 780 }, { minuteInDay: 540 }], mon1000, 'Europe/London', null);
    // 09:00 has passed today: Tuesday 09:00; then 13:00; the next 09:00 message keeps the order, 15 minutes later.
    expect(slots.map(local)).toEqual(['2026-03-10 09:00', '2026-03-10 13:00', '2026-03-10 13:15']);
  });
});
