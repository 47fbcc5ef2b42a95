import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAT_DEFINITIONS } from '../../src/reporting/api-constants.js';
import { parseFeedbackValue } from '../../src/reporting/blocks.js';
import {
  addMonths,
  aggregate,
  bucketOf,
  bucketsOf,
  normaliseSetting,
  rateOf,
  sameTemplate,
  since,
  STAT_NAMES,
  windowRange,
  type ModuleSetting,
} from '../../src/reporting/stats.js';

const m = (over: Partial<ModuleSetting>): ModuleSetting => ({ stat_name: 'active_users', date_window: '30d', start_date: null, end_date: null, tag_id: null, aggregation: 'weekly', ...over });

describe('reporting date windows', () => {
  const today = '2026-03-31';
  it('end today and include it: 7d, 30d, 90d', () => {
    expect(windowRange('7d', today)).toEqual({ start: '2026-03-25', end: today });
    expect(windowRange('30d', today)).toEqual({ start: '2026-03-02', end: today });
    expect(windowRange('90d', today)).toEqual({ start: '2026-01-01', end: today });
  });
  it('6m and 1y start the day after the same date back, clamped to short months', () => {
    expect(windowRange('6m', today)).toEqual({ start: '2025-10-01', end: today });
    expect(windowRange('1y', '2024-02-29')).toEqual({ start: '2023-03-01', end: '2024-02-29' });
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
  });
  it('all_time starts at the first day with data; custom uses its dates (a missing end is today)', () => {
    expect(windowRange('all_time', today, { earliest: '2025-06-01' })).toEqual({ start: '2025-06-01', end: today });
    expect(windowRange('all_time', today, { earliest: null })).toEqual({ start: today, end: today });
    expect(windowRange('custom', today, { start: '2026-01-05', end: null })).toEqual({ start: '2026-01-05', end: today });
  });
  it('attention-required and feedback windows count back from now', () => {
    const now = new Date('2026-03-31T12:00:00Z');
    expect(since('1w', now).toISOString()).toBe('2026-03-24T12:00:00.000Z');
    expect(since('1m', now).toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(since('1y', now).toISOString()).toBe('2025-03-31T12:00:00.000Z');
  });
});

describe('custom-window rules (journeys.md §5)', () => {
  it('a custom window with no dates becomes all_time, unless it is a state stat', () => {
    expect(normaliseSetting(m({ date_window: 'custom' }))).toMatchObject({ date_window: 'all_time', start_date: null, end_date: null });
    expect(normaliseSetting(m({ stat_name: 'active_programs', date_window: 'custom' }))).toMatchObject({ date_window: 'custom', start_date: '2023-01-01' });
    expect(normaliseSetting(m({ stat_name: 'active_session_members', date_window: 'custom', end_date: '2026-01-01' }))).toMatchObject({ start_date: '2023-01-01', end_date: '2026-01-01' });
  });
  it('other windows keep no dates; unchanged templates compare equal', () => {
    expect(normaliseSetting(m({ date_window: '7d', start_date: '2026-01-01' }))).toMatchObject({ start_date: null });
    expect(sameTemplate([m({})], [m({})])).toBe(true);
    expect(sameTemplate([m({})], [m({ aggregation: 'daily' })])).toBe(false);
  });
});

describe('aggregation', () => {
  it('buckets by day, Monday-started week and month', () => {
    expect(bucketOf('2026-03-04', 'weekly')).toBe('2026-03-02');
    expect(bucketOf('2026-03-01', 'weekly')).toBe('2026-02-23');
    expect(bucketOf('2026-03-31', 'monthly')).toBe('2026-03-01');
    expect(bucketsOf({ start: '2026-01-15', end: '2026-03-02' }, 'monthly')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });
  it('sums counts into buckets and ignores days outside the window', () => {
    const d = aggregate('celebration_events_sent', { start: '2026-03-02', end: '2026-03-15' }, 'weekly', new Map([['2026-03-01', 9], ['2026-03-02', 1], ['2026-03-08', 2], ['2026-03-09', 3]]));
    expect(d.total).toBe(6);
    expect(d.series).toEqual([{ date: '2026-03-02', value: 3 }, { date: '2026-03-09', value: 3 }]);
  });
  it('state stats run a total of deltas from before the window and show it at each bucket end', () => {
    const d = aggregate('active_programs', { start: '2026-03-02', end: '2026-03-15' }, 'weekly', new Map([['2026-03-03', 2], ['2026-03-10', -1]]), { before: 4 });
    expect(d.series.map((p) => p.value)).toEqual([6, 5]);
    expect(d.total).toBe(5);
  });
  it('rate stats: completed of sent, per bucket and overall; nothing sent is no rate', () => {
    const d = aggregate('task_assignments_completed', { start: '2026-03-02', end: '2026-03-15' }, 'weekly', new Map([['2026-03-03', 1]]), { sent: new Map([['2026-03-02', 3]]) });
    expect(d).toMatchObject({ total: 1, sent: 3, rate: 33.3 });
    expect(d.series[1]).toMatchObject({ value: 0, sent: 0, rate: null });
    expect(rateOf(1, 4)).toBe(25);
    expect(rateOf(0, 0)).toBeNull();
  });
});

describe('feedback button values', () => {
  it('parse program, meeting and a 1–5 rating; anything else is refused', () => {
    expect(parseFeedbackValue('3:44:5')).toEqual({ programId: 3, meetingId: 44, rating: 5 });
    expect(parseFeedbackValue('3:44:6')).toBeNull();
    expect(parseFeedbackValue('99999999999:1:1')).toBeNull();
    expect(parseFeedbackValue(undefined)).toBeNull();
  });
});

describe('the stats are defined in words twice: API.md (the contract) and under each chart (STAT_DEFINITIONS)', () => {
  it('every stat has a row in API.md and a definition on the page, and neither names a stat that does not exist', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'reporting', 'API.md'), 'utf8');
    const documented = [...doc.matchAll(/^\| `([a-z_]+)` \| /gm)].map((m) => m[1]);
    expect([...documented].sort()).toEqual([...STAT_NAMES].sort());
    expect(Object.keys(STAT_DEFINITIONS).sort()).toEqual([...STAT_NAMES].sort());
    for (const name of STAT_NAMES) expect(STAT_DEFINITIONS[name].length, name).toBeGreaterThan(20);
  });
});
