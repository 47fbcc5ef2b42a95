/**
 * Reporting's rules, pure: stat names, date windows, custom-window rules, buckets and rates (journeys.md §5, §9).
 * Dates are plain 'YYYY-MM-DD' days in UTC.
 */
import { toCsv } from '../platform/csv.js';

export const STAT_NAMES = [
  'active_users',
  'onboarding_sessions_created',
  'nonboarding_sessions_created',
  'active_session_members',
  'poll_interactions_completed',
  'task_assignments_completed',
  'coffee_meetings_completed',
  'active_programs',
  'celebration_events_sent',
  'watercooler_prompt_events_sent',
] as const;
export type StatName = (typeof STAT_NAMES)[number];

export const DATE_WINDOWS = ['7d', '30d', '90d', '6m', '1y', 'all_time', 'custom'] as const;
export type DateWindow = (typeof DATE_WINDOWS)[number];

export const AGGREGATIONS = ['daily', 'weekly', 'monthly'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** Stats that are a state at a moment (a running total of deltas), not a count of things that happened. */
export const STATE_STATS: readonly StatName[] = ['active_session_members', 'active_programs'];
/** Stats shown as a rate: completed out of sent. */
export const RATE_STATS: readonly StatName[] = ['poll_interactions_completed', 'task_assignments_completed'];
/** The denominator a rate stat divides by (sent, recorded by the subscriber). */
export const RATE_DENOMINATOR: Partial<Record<StatName, string>> = { poll_interactions_completed: 'polls_sent', task_assignments_completed: 'task_assignments_sent' };

export const EARLIEST_STATE_STAT_DATE = '2023-01-01';

export const isStateStat = (s: StatName) => STATE_STATS.includes(s);
export const isRateStat = (s: StatName) => RATE_STATS.includes(s);

export interface ModuleSetting {
  stat_name: StatName;
  date_window: DateWindow;
  start_date: string | null;
  end_date: string | null;
  tag_id: number | null;
  aggregation: Aggregation;
}

export const DEFAULT_TEMPLATE: ModuleSetting[] = [
  { stat_name: 'active_users', date_window: '30d', start_date: null, end_date: null, tag_id: null, aggregation: 'weekly' },
  { stat_name: 'onboarding_sessions_created', date_window: '90d', start_date: null, end_date: null, tag_id: null, aggregation: 'monthly' },
  { stat_name: 'task_assignments_completed', date_window: '30d', start_date: null, end_date: null, tag_id: null, aggregation: 'weekly' },
  { stat_name: 'poll_interactions_completed', date_window: '30d', start_date: null, end_date: null, tag_id: null, aggregation: 'weekly' },
  { stat_name: 'coffee_meetings_completed', date_window: '90d', start_date: null, end_date: null, tag_id: null, aggregation: 'monthly' },
  { stat_name: 'active_programs', date_window: '90d', start_date: null, end_date: null, tag_id: null, aggregation: 'monthly' },
];

/**
 * A module as saved (journeys.md §5): a custom window with no dates becomes all_time, unless it is a state stat,
 * whose custom start defaults to 2023-01-01. Other windows keep no dates.
 */
export function normaliseSetting(s: ModuleSetting): ModuleSetting {
  if (s.date_window !== 'custom') return { ...s, start_date: null, end_date: null };
  if (!s.start_date && !s.end_date) {
    if (!isStateStat(s.stat_name)) return { ...s, date_window: 'all_time', start_date: null, end_date: null };
    return { ...s, start_date: EARLIEST_STATE_STAT_DATE };
  }
  if (!s.start_date && isStateStat(s.stat_name)) return { ...s, start_date: EARLIEST_STATE_STAT_DATE };
  return s;
}

/** Whether two templates say the same (an unchanged update is skipped). */
export function sameTemplate(a: ModuleSetting[], b: ModuleSetting[]): boolean {
  return JSON.stringify(a.map(canonical)) === JSON.stringify(b.map(canonical));
}
const canonical = (s: ModuleSetting) => [s.stat_name, s.date_window, s.start_date ?? null, s.end_date ?? null, s.tag_id ?? null, s.aggregation];

// ---- days

export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
export function addDays(day: string, n: number): string {
  const d = toDate(day);
  d.setUTCDate(d.getUTCDate() + n);
  return dayOf(d);
}
/** `n` months later (or earlier), clamped to the month's last day (Mar 31 − 1 month = Feb 28/29). */
export function addMonths(day: string, n: number): string {
  const [y, m, dd] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(dd, last));
  return dayOf(first);
}

export interface Range {
  start: string;
  end: string;
}

/**
 * The days a window covers, both ends included, ending today: 7d is today and the 6 days before; 6m and 1y
 * start the day after the same date 6 months / a year ago. all_time starts at `earliest` (the first day with
 * data, or 2023-01-01). custom uses the module's dates (a missing end is today).
 */
export function windowRange(window: DateWindow, today: string, opts: { start?: string | null; end?: string | null; earliest?: string | null } = {}): Range {
  switch (window) {
    case '7d':
      return { start: addDays(today, -6), end: today };
    case '30d':
      return { start: addDays(today, -29), end: today };
    case '90d':
      return { start: addDays(today, -89), end: today };
    case '6m':
      return { start: addDays(addMonths(today, -6), 1), end: today };
    case '1y':
      return { start: addDays(addMonths(today, -12), 1), end: today };
    case 'all_time': {
      const earliest = opts.earliest && opts.earliest < today ? opts.earliest : today;
      return { start: earliest, end: today };
    }
    case 'custom': {
      const start = opts.start ?? EARLIEST_STATE_STAT_DATE;
      const end = opts.end ?? today;
      return start <= end ? { start, end } : { start: end, end: start };
    }
  }
}

/** The first day of the bucket a day falls in: itself, its week's Monday, or its month's first day. */
export function bucketOf(day: string, aggregation: Aggregation): string {
  if (aggregation === 'daily') return day;
  if (aggregation === 'monthly') return `${day.slice(0, 7)}-01`;
  const dow = (toDate(day).getUTCDay() + 6) % 7; // Monday 0
  return addDays(day, -dow);
}

/** Every bucket start of a range, in order (the first may start before the range; it is labelled by its start). */
export function bucketsOf(range: Range, aggregation: Aggregation): string[] {
  const out: string[] = [];
  let b = bucketOf(range.start, aggregation);
  while (b <= range.end) {
    out.push(b);
    b = aggregation === 'daily' ? addDays(b, 1) : aggregation === 'weekly' ? addDays(b, 7) : addMonths(b, 1);
  }
  return out;
}

export interface Point {
  date: string;
  value: number;
  /** Rate stats: the denominator of the bucket (sent) and the rate in percent (null when nothing was sent). */
  sent?: number;
  rate?: number | null;
}

export interface StatData {
  stat_name: StatName;
  start_date: string;
  end_date: string;
  aggregation: Aggregation;
  /** Counts: the window's sum; state stats: the value at the window's end; rate stats: completed. */
  total: number;
  sent?: number;
  rate?: number | null;
  series: Point[];
}

export const rateOf = (done: number, sent: number): number | null => (sent > 0 ? Math.round((done / sent) * 1000) / 10 : null);

/**
 * Sums daily values into buckets. `daily` holds the window's days (day → value); for a state stat it holds
 * deltas and `before` is the running total before the window, so each bucket shows the state at its last day.
 */
export function aggregate(
  stat: StatName,
  range: Range,
  aggregation: Aggregation,
  daily: Map<string, number>,
  opts: { before?: number; sent?: Map<string, number>; distinctTotal?: number } = {},
): StatData {
  const buckets = bucketsOf(range, aggregation);
  const index = new Map(buckets.map((b, i) => [b, i]));
  const values = buckets.map(() => 0);
  const sent = buckets.map(() => 0);
  const state = isStateStat(stat);
  if (state) {
    const sorted = [...daily.entries()].filter(([d]) => d >= range.start && d <= range.end).sort(([a], [b]) => (a < b ? -1 : 1));
    let running = opts.before ?? 0;
    let k = 0;
    for (let i = 0; i < buckets.length; i++) {
      const bucketEnd = i + 1 < buckets.length ? addDays(buckets[i + 1]!, -1) : range.end;
      while (k < sorted.length && sorted[k]![0] <= bucketEnd) running += sorted[k++]![1];
      values[i] = running;
    }
    return { stat_name: stat, start_date: range.start, end_date: range.end, aggregation, total: values.at(-1) ?? running, series: buckets.map((date, i) => ({ date, value: values[i]! })) };
  }
  for (const [d, v] of daily) {
    if (d < range.start || d > range.end) continue;
    values[index.get(bucketOf(d, aggregation))!]! += v;
  }
  for (const [d, v] of opts.sent ?? []) {
    if (d < range.start || d > range.end) continue;
    sent[index.get(bucketOf(d, aggregation))!]! += v;
  }
  const total = opts.distinctTotal ?? values.reduce((a, b) => a + b, 0);
  if (!isRateStat(stat)) return { stat_name: stat, start_date: range.start, end_date: range.end, aggregation, total, series: buckets.map((date, i) => ({ date, value: values[i]! })) };
  const sentTotal = sent.reduce((a, b) => a + b, 0);
  return {
    stat_name: stat,
    start_date: range.start,
    end_date: range.end,
    aggregation,
    total,
    sent: sentTotal,
    rate: rateOf(total, sentTotal),
    series: buckets.map((date, i) => ({ date, value: values[i]!, sent: sent[i]!, rate: rateOf(values[i]!, sent[i]!) })),
  };
}

// ---- attention required and intros feedback (journeys.md §9)

export const ISSUE_TYPES = ['missing_role', 'task_overdue', 'poll_overdue', 'strategic_connections_not_selected', 'channels_not_selected', 'delivery_failed'] as const;
export const ISSUES_PAGE_SIZE = 10;
export const ISSUE_DATE_WINDOWS = ['1w', '1m', '3m', '6m', '1y'] as const;
export type IssueDateWindow = (typeof ISSUE_DATE_WINDOWS)[number];
export const DEFAULT_ISSUE_DATE_WINDOW: IssueDateWindow = '1m';
export const ISSUE_WINDOW_LABELS: Record<IssueDateWindow, string> = { '1w': '1 week', '1m': '1 month', '3m': '3 months', '6m': '6 months', '1y': '1 year' };
/** A task or poll still unanswered this long after it went out is overdue. */
export const OVERDUE_AFTER_DAYS = 3;

export const FEEDBACK_DATE_WINDOWS = ['1w', '1m', '3m', '6m', '1y'] as const;
export type FeedbackDateWindow = (typeof FEEDBACK_DATE_WINDOWS)[number];
export const DEFAULT_FEEDBACK_DATE_WINDOW: FeedbackDateWindow = '3m';
export const FEEDBACK_WINDOW_LABELS: Record<FeedbackDateWindow, string> = { '1w': '7 days', '1m': '1 month', '3m': '3 months', '6m': '6 months', '1y': '12 months' };
export const FEEDBACK_COMMENTS_PAGE_SIZE = 10;

/** The first instant a 1w/1m/3m/6m/1y window covers, counting back from `now`. */
export function since(window: IssueDateWindow | FeedbackDateWindow, now: Date): Date {
  const d = new Date(now);
  if (window === '1w') d.setUTCDate(d.getUTCDate() - 7);
  else d.setUTCMonth(d.getUTCMonth() - { '1m': 1, '3m': 3, '6m': 6, '1y': 12 }[window]);
  return d;
}

// ---- the CSV report (journeys.md §6: sent to the requester by a Slack DM)

/** One row per module and period: the numbers each module's chart and table show. */
export function reportCsv(modules: Array<{ label: string; setting: ModuleSetting; data: StatData }>): string {
  const lines = [['Module', 'Stat', 'Journey', 'From', 'To', 'Group by', 'Period starting', 'Value', 'Sent', 'Rate (%)']];
  for (const { label, setting, data } of modules) {
    for (const p of data.series) {
      const row = [label, data.stat_name, setting.tag_id === null ? 'All' : String(setting.tag_id), data.start_date, data.end_date, data.aggregation, p.date, String(p.value), p.sent === undefined ? '' : String(p.sent), p.rate === undefined || p.rate === null ? '' : String(p.rate)];
      lines.push(row);
    }
  }
  return toCsv(lines);
}
