import { describe, expect, it } from 'vitest';
import { ControllableClock, systemClock } from '../../../src/time/clock.js';

describe('systemClock', () => {
  it('returns the current time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('ControllableClock', () => {
  const start = new Date('2026-03-08T06:00:00.000Z');

  it('starts at the given instant and only moves when told', () => {
    const clock = new ControllableClock(start);
    expect(clock.now().toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-08T06:00:00.000Z');
  });

  it('advance moves by milliseconds (forward or back)', () => {
    const clock = new ControllableClock(start);
    clock.advance(90 * 60_000);
    expect(clock.now().toISOString()).toBe('2026-03-08T07:30:00.000Z');
    clock.advance(-30 * 60_000);
    expect(clock.now().toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });

  it('set jumps to an instant', () => {
    const clock = new ControllableClock(start);
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });

  it('is not affected by mutating the start date or a returned date', () => {
    const d = new Date(start.getTime());
    const clock = new ControllableClock(d);
    d.setTime(0);
    clock.now().setTime(0);
    expect(clock.now().toISOString()).toBe('2026-03-08T06:00:00.000Z');
  });

  it('rejects invalid input', () => {
    expect(() => new ControllableClock(new Date('nope'))).toThrow(RangeError);
    const clock = new ControllableClock(start);
    expect(() => clock.set(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(clock.now().toISOString()).toBe('2026-03-08T06:00:00.000Z');
  });
});
