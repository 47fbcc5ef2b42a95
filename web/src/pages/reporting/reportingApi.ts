import { api } from '../../api/client';
import type {
  CsvReportJson,
  FeedbackCommentsJson,
  FeedbackStatsJson,
  ModuleSetting,
  ReportingModuleDataJson,
  ReportingModuleSettingsJson,
  SessionIssuesJson,
  StrategicConnectionsJson,
  ViewableConfigurationsJson,
} from '../../../../src/reporting/api-types';

export type * from '../../../../src/reporting/api-types';

/** Reporting's constants, word for word from journeys.md §9 (the server keeps the same in src/reporting/stats.ts). */
export { CSV_REPORT_TOAST, CSV_REPORT_TOAST_MS, RATE_STATS, STAT_LABELS, STAT_NAMES, STATE_STATS } from '../../../../src/reporting/api-constants';

export const DATE_WINDOW_LABELS = { '7d': '7 days', '30d': '30 days', '90d': '90 days', '6m': '6 months', '1y': '1 year', all_time: 'All time', custom: 'Custom' } as const;
export type DateWindowId = keyof typeof DATE_WINDOW_LABELS;
export const AGGREGATION_LABELS = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;

export const ISSUE_TYPE_LABELS = {
  missing_role: 'Missing role',
  task_overdue: 'Task overdue',
  poll_overdue: 'Poll overdue',
  strategic_connections_not_selected: 'Strategic connections not selected',
  channels_not_selected: 'Channels not selected',
  delivery_failed: 'Message not delivered',
} as const;
export type IssueType = keyof typeof ISSUE_TYPE_LABELS;
export const ISSUE_TYPES = Object.keys(ISSUE_TYPE_LABELS) as IssueType[];
export const ISSUES_PAGE_SIZE = 10;
export const ISSUE_DATE_WINDOWS = [
  { value: '1w', label: '1 week' },
  { value: '1m', label: '1 month' },
  { value: '3m', label: '3 months' },
  { value: '6m', label: '6 months' },
  { value: '1y', label: '1 year' },
] as const;
export const DEFAULT_ISSUE_DATE_WINDOW = '1m';

export const FEEDBACK_DATE_WINDOWS = [
  { value: '1w', label: '7 days' },
  { value: '1m', label: '1 month' },
  { value: '3m', label: '3 months' },
  { value: '6m', label: '6 months' },
  { value: '1y', label: '12 months' },
] as const;
export const DEFAULT_FEEDBACK_DATE_WINDOW = '3m';

export const reportingApi = {
  settings: (userId: string | number) => api.get<ReportingModuleSettingsJson>(`/reporting_module_settings/${userId}`),
  saveSettings: (userId: string | number, template: ModuleSetting[], showAllTags: boolean) =>
    api.put<ReportingModuleSettingsJson>(`/reporting_module_settings/${userId}`, { reporting_module_setting: { template, showAllTags } }),
  data: (s: ModuleSetting) =>
    api.get<ReportingModuleDataJson>('/reporting_module_settings/data', {
      query: { stat_name: s.stat_name, date_window: s.date_window, start_date: s.start_date, end_date: s.end_date, tag_id: s.tag_id, aggregation: s.aggregation },
    }),
  issues: (q: { page: number; date_window: string; tag_ids?: number[]; issue_types: IssueType[] }) =>
    api.get<SessionIssuesJson>('/onboarding/session_issues', {
      query: { page: q.page, date_window: q.date_window, tag_ids: q.tag_ids?.length ? q.tag_ids.join('-') : undefined, issue_types: q.issue_types.join('-') },
    }),
  hideIssue: (id: number) => api.post<{ id: number; hidden: true }>(`/onboarding/session_issues/${id}/hide_issue`),
  // The page says it failed (PageState): no toast on top.
  configurations: () => api.get<ViewableConfigurationsJson>('/coffee_feedbacks/viewable_configurations', { toastOnError: false }),
  feedbackStats: (ids: number[], dateWindow: string) => api.get<FeedbackStatsJson>('/coffee_feedbacks/aggregation_stats', { query: { config_ids: ids.join(','), date_window: dateWindow } }),
  feedbackComments: (ids: number[], page: number) => api.get<FeedbackCommentsJson>('/coffee_feedbacks/aggregation_comments', { query: { config_ids: ids.join(','), page } }),
  sendCsv: (tagId: number | null) => api.post<CsvReportJson>('/reporting/csv_report', { tag_id: tagId }),
  strategicConnections: (q: { id: number | string; tag_id: number | null; batch_id: number | null; start_date: string; end_date: string }) =>
    api.get<StrategicConnectionsJson>('/reporting/strategic_connections_preview', { query: { id: q.id, tag_id: q.tag_id ?? undefined, batch_id: q.batch_id ?? undefined, start_date: q.start_date, end_date: q.end_date } }),
  journeyTags: () => api.get<{ tags: Array<{ id: number; name: string }> }>('/onboarding'),
};

/**
 * Report filter settings, kept per browser (journeys.md §6, §9: "Reporting, settings and team id are kept in local
 * storage"): stored with the team id, and dropped when the signed-in team is another one.
 */
export function loadFilters<T extends object>(key: string, teamId: string | undefined, defaults: T, storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage): T {
  if (!teamId) return defaults;
  try {
    const raw = storage.getItem(`hearth.reporting.${key}`);
    if (!raw) return defaults;
    const saved = JSON.parse(raw) as { teamId?: string; filters?: Partial<T> };
    if (saved.teamId !== teamId) {
      storage.removeItem(`hearth.reporting.${key}`);
      return defaults;
    }
    // Saved by another version, or edited by hand: a value keeps its place only if it has the default's type.
    const kept = Object.entries(saved.filters ?? {}).filter(([k, v]) => {
      const d = (defaults as Record<string, unknown>)[k];
      return d !== undefined && (Array.isArray(d) ? Array.isArray(v) && v.every((x) => typeof x === typeof d[0] || d.length === 0) : typeof v === typeof d && v !== null);
    });
    return { ...defaults, ...Object.fromEntries(kept) };
  } catch {
    return defaults;
  }
}

export function saveFilters<T extends object>(key: string, teamId: string | undefined, filters: T, storage: Pick<Storage, 'setItem'> = localStorage): void {
  if (!teamId) return;
  try {
    storage.setItem(`hearth.reporting.${key}`, JSON.stringify({ teamId, filters }));
  } catch {
    // Private mode or a full storage: the filters just are not remembered.
  }
}

/** Drops an issue from a page; sessions and users left with none go too. */
export function withoutIssue(page: SessionIssuesJson, id: number): SessionIssuesJson {
  const data = page.data
    .map((u) => ({ ...u, sessions: u.sessions.map((s) => ({ ...s, issues: s.issues.filter((i) => i.id !== id) })).filter((s) => s.issues.length > 0) }))
    .filter((u) => u.sessions.length > 0);
  return { ...page, data, cursor: { ...page.cursor, total_count: Math.max(0, page.cursor.total_count - 1) } };
}
