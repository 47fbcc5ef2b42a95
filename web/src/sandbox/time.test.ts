import { describe, expect, it } from 'vitest';
import { fromLocalInput, nextMondayNine, toLocalInput, zonedToInstant } from './time';

describe('sandbox page times', () => {
  it('reads a wall time in a zone, moving a skipped time forward and taking the earlier of a repeated one', () => {
    expect(zonedToInstant({ year: 2026, month: 3, day: 2, hour: 9, minute: 0 }, 'America/New_York').toISOString()).toBe('2026-03-02T14:00:00.000Z');
    expect(zonedToInstant({ year: 2026, month: 3, day: 2, hour: 9, minute: 0 }, 'Asia/Kolkata').toISOString()).toBe('2026-03-02T03:30:00.000Z');
    // 02:30 does not exist in New York on 8 March 2026: 03:30 EDT.
    expect(zonedToInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 1 November 2026: the first (EDT).
    expect(zonedToInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('finds next Monday 9:00 in the member\'s zone, strictly after now', () => {
    // Monday 2 March 2026, 08:00 UTC = 03:00 in New York: 9:00 the same day is still ahead.
    expect(nextMondayNine(new Date('2026-03-02T08:00:00Z'), 'America/New_York').toISOString()).toBe('2026-03-02T14:00:00.000Z');
    // Already past 9:00 in Kolkata: the Monday after.
    expect(nextMondayNine(new Date('2026-03-02T08:00:00Z'), 'Asia/Kolkata').toISOString()).toBe('2026-03-09T03:30:00.000Z');
    expect(nextMondayNine(new Date('2026-03-04T12:00:00Z'), 'Europe/Prague').toISOString()).toBe('2026-03-09T08:00:00.000Z');
  });

  it('round-trips a datetime-local value in a zone', () => {
    const at = new Date('2026-07-01T16:45:00Z');
    expect(toLocalInput(at, 'Europe/Prague')).toBe('2026-07-01T18:45');
    expect(fromLocalInput('2026-07-01T18:45', 'Europe/Prague')?.toISOString()).toBe(at.toISOString());
    expect(fromLocalInput('nonsense', 'Europe/Prague')).toBeUndefined();
  });
});
