import { describe, expect, it } from 'vitest';
import { nextRoundAt, roundTimeline, type ScheduleIntent } from '../../../src/intros/schedule.js';

const intent = (tz: string, over: Partial<ScheduleIntent> = {}): ScheduleIntent => ({ tz, weekday: 1, occurrenceHour: 9, periodWeeks: 2, ...over });
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('nextRoundAt', () => {
  it('first round: the next weekday at the hour in the program zone', () => {
    expect(iso(nextRoundAt(intent('America/New_York'), { now: new Date('2026-03-02T08:00:00Z'), lastScheduledAt: null }))).toBe('2026-03-02T14:00:00.000Z');
    // Already past 9:00 on Monday: next Monday.
    expect(iso(nextRoundAt(intent('America/New_York'), { now: new Date('2026-03-02T14:00:00Z'), lastScheduledAt: null }))).toBe('2026-03-09T13:00:00.000Z');
  });

  it('keeps 9:00 local across DST changes in New York, London, Santiago and Lord Howe', () => {
    // New York springs forward on 2026-03-08: 9:00 is 14:00Z before and 13:00Z after.
    expect(iso(nextRoundAt(intent('America/New_York'), { now: new Date('2026-03-02T14:00:00Z'), lastScheduledAt: new Date('2026-03-02T14:00:00Z') }))).toBe('2026-03-16T13:00:00.000Z');
    // London springs forward on 2026-03-29.
    expect(iso(nextRoundAt(intent('Europe/London'), { now: new Date('2026-03-23T09:00:00Z'), lastScheduledAt: new Date('2026-03-23T09:00:00Z') }))).toBe('2026-04-06T08:00:00.000Z');
    // Santiago falls back on 2026-04-05 (midnight change): 9:00 -03 → 9:00 -04.
    expect(iso(nextRoundAt(intent('America/Santiago', { periodWeeks: 1 }), { now: new Date('2026-03-30T12:00:00Z'), lastScheduledAt: new Date('2026-03-30T12:00:00Z') }))).toBe('2026-04-06T13:00:00.000Z');
    // Lord Howe moves 30 minutes on 2026-04-05: 9:00 +11 → 9:00 +10:30.
    expect(iso(nextRoundAt(intent('Australia/Lord_Howe', { periodWeeks: 1 }), { now: new Date('2026-03-29T22:00:00Z'), lastScheduledAt: new Date('2026-03-29T22:00:00Z') }))).toBe('2026-04-05T22:30:00.000Z');
  });

  it('half-hour zones and a skipped day (Apia 2011-12-30)', () => {
    expect(iso(nextRoundAt(intent('Asia/Kolkata'), { now: new Date('2026-03-01T00:00:00Z'), lastScheduledAt: null }))).toBe('2026-03-02T03:30:00.000Z');
    expect(iso(nextRoundAt(intent('America/St_Johns'), { now: new Date('2026-03-01T00:00:00Z'), lastScheduledAt: null }))).toBe('2026-03-02T12:30:00.000Z');
    // Samoa skipped Friday 30 December 2011: that Friday's round still goes out, at 9:00 on Saturday 31st
    // (the compatible rule moves a missing wall time forward by the gap), rather than skipping a week.
    expect(iso(nextRoundAt(intent('Pacific/Apia', { weekday: 5, periodWeeks: 1 }), { now: new Date('2011-12-28T00:00:00Z'), lastScheduledAt: null }))).toBe('2011-12-30T19:00:00.000Z');
    expect(iso(nextRoundAt(intent('Pacific/Apia', { weekday: 5, periodWeeks: 1 }), { now: new Date('2011-12-30T19:00:00Z'), lastScheduledAt: new Date('2011-12-30T19:00:00Z') }))).toBe('2012-01-05T19:00:00.000Z');
  });

  it('keeps the rhythm when the weekday changes, and starts again after a long pause', () => {
    const last = new Date('2026-03-02T14:00:00Z'); // Monday
    expect(iso(nextRoundAt(intent('America/New_York', { weekday: 3 }), { now: last, lastScheduledAt: last }))).toBe('2026-03-18T13:00:00.000Z'); // Wednesday of the week two weeks on
    expect(iso(nextRoundAt(intent('America/New_York', { weekday: 5 }), { now: last, lastScheduledAt: last }))).toBe('2026-03-13T13:00:00.000Z'); // the nearest Friday to it
    // Paused for two months: the next slot after now, not one in the past.
    expect(iso(nextRoundAt(intent('America/New_York'), { now: new Date('2026-05-06T12:00:00Z'), lastScheduledAt: last }))).toBe('2026-05-11T13:00:00.000Z');
  });

  it('period 0 runs once', () => {
    expect(nextRoundAt(intent('UTC', { periodWeeks: 0 }), { now: new Date('2026-03-02T10:00:00Z'), lastScheduledAt: new Date('2026-03-02T09:00:00Z') })).toBeNull();
  });
});

describe('roundTimeline', () => {
  it('check-in halfway (at least a day), a last reminder on the last weekday, the end an hour before the next round', () => {
    const t = roundTimeline(intent('America/New_York'), new Date('2026-03-02T14:00:00Z'));
    expect(iso(t.checkinAt)).toBe('2026-03-09T13:00:00.000Z'); // 7 days later, 9:00 EDT
    expect(iso(t.reminderAt)).toBe('2026-03-13T13:00:00.000Z'); // Friday, not Sunday
    expect(iso(t.endsAt)).toBe('2026-03-16T12:00:00.000Z');
    const weekly = roundTimeline(intent('Europe/Prague', { periodWeeks: 1 }), new Date('2026-03-23T08:00:00Z'));
    expect(iso(weekly.checkinAt)).toBe('2026-03-26T08:00:00.000Z'); // Thursday 9:00 CET
    expect(iso(weekly.reminderAt)).toBe('2026-03-27T08:00:00.000Z'); // Friday 9:00 CET
    const once = roundTimeline(intent('UTC', { periodWeeks: 0 }), new Date('2026-03-02T09:00:00Z'));
    expect(iso(once.checkinAt)).toBe('2026-03-05T09:00:00.000Z');
  });

  it('skips weekends: a Saturday check-in moves to Monday; a reminder that would not follow it is dropped', () => {
    const wednesday = roundTimeline(intent('UTC', { weekday: 3, periodWeeks: 1 }), new Date('2026-03-04T09:00:00Z'));
    expect(iso(wednesday.checkinAt)).toBe('2026-03-09T09:00:00.000Z'); // Saturday 7th → Monday 9th
    expect(iso(wednesday.reminderAt)).toBe('2026-03-10T09:00:00.000Z'); // Tuesday, the day before the next round
    const friday = roundTimeline(intent('UTC', { weekday: 5, periodWeeks: 1 }), new Date('2026-03-06T09:00:00Z'));
    expect(iso(friday.checkinAt)).toBe('2026-03-09T09:00:00.000Z'); // Monday 9th
    expect(iso(friday.reminderAt)).toBe('2026-03-12T09:00:00.000Z'); // Thursday 12th
    const saturday = roundTimeline(intent('UTC', { weekday: 6, periodWeeks: 1 }), new Date('2026-03-07T09:00:00Z'));
    expect(iso(saturday.checkinAt)).toBe('2026-03-10T09:00:00.000Z');
    expect(iso(saturday.reminderAt)).toBe('2026-03-13T09:00:00.000Z'); // Friday 13th, before the Saturday round
  });
});
