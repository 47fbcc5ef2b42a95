import { describe, expect, it } from 'vitest';
import { compareTs, formatTs, nextTsMicros, parseTs } from '../../../src/sandbox/ts.js';
import { zoneLabel, zoneOffsetSeconds } from '../../../src/sandbox/tz.js';

describe('message ts', () => {
  it('formats and parses seconds.micros', () => {
    expect(formatTs(1_700_000_000_000_123)).toBe('1700000000.000123');
    expect(parseTs('1700000000.000123')).toBe(1_700_000_000_000_123);
    expect(parseTs('1700000000')).toBe(1_700_000_000_000_000);
    expect(parseTs('1700000000.5')).toBe(1_700_000_000_500_000);
    expect(parseTs('nope')).toBeNull();
  });

  it('follows the clock but stays strictly increasing when it stands still or goes back', () => {
    const at = new Date('2026-11-23T15:00:00Z');
    const first = nextTsMicros(undefined, at);
    expect(formatTs(first)).toBe(`${at.getTime() / 1000}.000000`);
    const second = nextTsMicros(first, at);
    expect(second).toBe(first + 1);
    expect(nextTsMicros(second, new Date(at.getTime() - 60_000))).toBe(second + 1);
    expect(nextTsMicros(second, new Date(at.getTime() + 1000))).toBe(first + 1_000_000);
  });

  it('compares numerically', () => {
    expect(compareTs('1700000000.000010', '1700000000.000009')).toBeGreaterThan(0);
  });
});

describe('time zone fields', () => {
  it('reports half-hour offsets and DST-dependent labels', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    const summer = new Date('2026-07-15T12:00:00Z');
    expect(zoneOffsetSeconds('Asia/Kolkata', winter)).toBe(19_800);
    expect(zoneOffsetSeconds('America/St_Johns', winter)).toBe(-12_600);
    expect(zoneOffsetSeconds('America/Los_Angeles', winter)).toBe(-28_800);
    expect(zoneOffsetSeconds('America/Los_Angeles', summer)).toBe(-25_200);
    expect(zoneOffsetSeconds('UTC', summer)).toBe(0);
    expect(zoneLabel('America/Los_Angeles', summer)).toBe('Pacific Daylight Time');
    expect(zoneLabel('Asia/Kolkata', summer)).toBe('India Standard Time');
  });
});
