import { describe, expect, it } from 'vitest';

// The time tests run under three host zones (vitest.config.ts: TZ=UTC, America/Los_Angeles, Europe/Prague):
// this proves each run really is in the zone it claims, so a rerun can't silently be UTC again.
describe('the host zone of this run', () => {
  it('is the TZ the project sets', () => {
    expect(process.env.TZ).toBeTruthy();
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(process.env.TZ);
    const offset = new Date('2026-07-01T12:00:00Z').getTimezoneOffset();
    expect(offset).toBe({ UTC: 0, 'America/Los_Angeles': 420, 'Europe/Prague': -120 }[process.env.TZ!]);
  });
});
