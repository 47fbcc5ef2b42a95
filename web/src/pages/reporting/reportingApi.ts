import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { toastError, toastSuccess } from '../../kit';
import type { PairingReport } from '../../../../src/intros/api-types';
import type { csvReportBody, putSettingsBody } from '../../../../src/reporting/schema';
import {
  CSV_REPORT_TOAST,
  CSV_REPORT_TOAST_MS,
  DEFAULT_FEEDBACK_DATE_WINDOW,
  DEFAULT_ISSUE_DATE_WINDOW,
  FEEDBACK_DATE_WINDOWS as SERVER_FEEDBACK_WINDOWS,
  FEEDBACK_WINDOW_LABELS,
  ISSUE_DATE_WINDOWS as SERVER_ISSUE_WINDOWS,
  ISSUE_WINDOW_LABELS,
} from '../../../../src/reporting/api-constants';
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

/** Reporting's constants, word for word from journeys.md §9 (the server keeps the same in src/reporting/stats.ts). */
export { CSV_REPORT_TOAST, RATE_STATS, STAT_DEFINITIONS, STAT_LABELS, STAT_NAMES, STATE_STATS } from '../../../../src/reporting/api-constants';

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
/** The period options of the attention-required and Intros feedback pages: the server's windows and words. */
export const ISSUE_DATE_WINDOWS = SERVER_ISSUE_WINDOWS.map((value) => ({ value, label: ISSUE_WINDOW_LABELS[value] }));
export const FEEDBACK_DATE_WINDOWS = SERVER_FEEDBACK_WINDOWS.map((value) => ({ value, label: FEEDBACK_WINDOW_LABELS[value] }));
export { DEFAULT_FEEDBACK_DATE_WINDOW, DEFAULT_ISSUE_DATE_WINDOW };

export type IssuesFilter = { page: number; date_window: string; tag_ids?: number[]; issue_types: IssueType[] };
export type StrategicFilter = { id: number | string; tag_id: number | null; batch_id: number | null; start_date: string; end_date: string };

/** The raw calls; pages use the query options and mutation hooks below. */
export const reportingApi = {
  settings: (userId: string | number) => api.get<ReportingModuleSettingsJson>(`/reporting_module_settings/${userId}`),
  saveSettings: (userId: string | number, body: z.input<typeof putSettingsBody>) => api.put<ReportingModuleSettingsJson>(`/reporting_module_settings/${userId}`, body),
  data: (s: ModuleSetting) =>
    api.get<ReportingModuleDataJson>('/reporting_module_settings/data', {
      query: { stat_name: s.stat_name, date_window: s.date_window, start_date: s.start_date, end_date: s.end_date, tag_id: s.tag_id, aggregation: s.aggregation },
    }),
  issues: (q: IssuesFilter) =>
    api.get<SessionIssuesJson>('/onboarding/session_issues', {
      query: { page: q.page, date_window: q.date_window, tag_ids: q.tag_ids?.length ? q.tag_ids.join('-') : undefined, issue_types: q.issue_types.join('-') },
    }),
  hideIssue: (id: number) => api.post<{ id: number; hidden: true }>(`/onboarding/session_issues/${id}/hide_issue`),
  // The page says it failed (PageState): no toast on top.
  configurations: () => api.get<ViewableConfigurationsJson>('/coffee_feedbacks/viewable_configurations', { toastOnError: false }),
  feedbackStats: (ids: number[], dateWindow: string) => api.get<FeedbackStatsJson>('/coffee_feedbacks/aggregation_stats', { query: { config_ids: ids.join(','), date_window: dateWindow } }),
  feedbackComments: (ids: number[], page: number) => api.get<FeedbackCommentsJson>('/coffee_feedbacks/aggregation_comments', { query: { config_ids: ids.join(','), page } }),
  sendCsv: (body: z.input<typeof csvReportBody>) => api.post<CsvReportJson>('/reporting/csv_report', body),
  strategicConnections: (q: StrategicFilter) =>
    api.get<StrategicConnectionsJson>('/reporting/strategic_connections_preview', { query: { id: q.id, tag_id: q.tag_id ?? undefined, batch_id: q.batch_id ?? undefined, start_date: q.start_date, end_date: q.end_date } }),
  journeyTags: () => api.get<{ tags: Array<{ id: number; name: string }> }>('/onboarding'),
  // The page says why it failed (not found, or the server's words).
  pairingReport: (id: string, range: { start_date: string | null; end_date: string | null }) =>
    api.get<PairingReport>(`/reporting/${id}/pairing_show`, { query: { start_date: range.start_date, end_date: range.end_date }, toastOnError: false }),
};

/** Reporting's query keys, in one place. */
export const reportingKeys = {
  all: ['reporting'] as const,
  settings: (userId: string | number) => ['reporting', 'settings', String(userId)] as const,
  module: (s: ModuleSetting) => ['reporting', 'module', s] as const,
  journeyTags: ['reporting', 'journey-tags'] as const,
  issues: ['reporting', 'issues'] as const,
  issuesPage: (filters: object, page: number) => ['reporting', 'issues', filters, page] as const,
  feedbackConfigs: ['reporting', 'feedback-configs'] as const,
  feedbackStats: (ids: number[], dateWindow: string) => ['reporting', 'feedback-stats', ids, dateWindow] as const,
  feedbackComments: (ids: number[], page: number) => ['reporting', 'feedback-comments', ids, page] as const,
  pairing: (id: string, start: string | null, end: string | null) => ['reporting', id, 'pairing', { start, end }] as const,
  strategic: (q: StrategicFilter) => ['reporting', String(q.id), 'strategic', q] as const,
};

export const settingsQuery = (userId: string | number) => queryOptions({ queryKey: reportingKeys.settings(userId), queryFn: () => reportingApi.settings(userId) });

/** A module's numbers (polled by the page while the server answers generating_async). */
export const moduleDataQuery = (s: ModuleSetting) => queryOptions({ queryKey: reportingKeys.module(s), queryFn: () => reportingApi.data(s) });

export const journeyTagsQuery = queryOptions({ queryKey: reportingKeys.journeyTags, queryFn: () => reportingApi.journeyTags().then((r) => r.tags), retry: false });

export const issuesQuery = (filters: Omit<IssuesFilter, 'page'>, page: number) =>
  queryOptions({ queryKey: reportingKeys.issuesPage(filters, page), queryFn: () => reportingApi.issues({ ...filters, page }), placeholderData: keepPreviousData });

export const feedbackConfigsQuery = queryOptions({ queryKey: reportingKeys.feedbackConfigs, queryFn: () => reportingApi.configurations() });

export const feedbackStatsQuery = (ids: number[], dateWindow: string) =>
  queryOptions({ queryKey: reportingKeys.feedbackStats(ids, dateWindow), queryFn: () => reportingApi.feedbackStats(ids, dateWindow), enabled: ids.length > 0 });

export const feedbackCommentsQuery = (ids: number[], page: number) =>
  queryOptions({ queryKey: reportingKeys.feedbackComments(ids, page), queryFn: () => reportingApi.feedbackComments(ids, page), enabled: ids.length > 0, placeholderData: keepPreviousData });

export const pairingReportQuery = (id: string, range: { start_date: string | null; end_date: string | null }) =>
  queryOptions({ queryKey: reportingKeys.pairing(id, range.start_date, range.end_date), queryFn: () => reportingApi.pairingReport(id, range), placeholderData: keepPreviousData });

export const strategicQuery = (q: StrategicFilter) => queryOptions({ queryKey: reportingKeys.strategic(q), queryFn: () => reportingApi.strategicConnections(q), placeholderData: keepPreviousData });

/** Saves the member's modules (the answer is the saved settings). */
export function useSaveReportingSettings(userId: string | number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { template: ModuleSetting[]; showAllTags: boolean }) => reportingApi.saveSettings(userId, { reporting_module_setting: input }),
    onSuccess: (saved) => client.setQueryData(reportingKeys.settings(userId), saved),
    onError: () => toastError(),
  });
}

/** The CSV is made by a job and sent to the requester in a Slack DM; the toast says so for 10 s. */
export function useSendCsv() {
  return useMutation({
    mutationFn: (tagId: number | null) => reportingApi.sendCsv({ tag_id: tagId }),
    onSuccess: () => toastSuccess(CSV_REPORT_TOAST, CSV_REPORT_TOAST_MS),
    onError: () => toastError(),
  });
}

/**
 * Hides an issue (several may be on their way): `onStart` marks it pending, `onHidden` takes it off the page at once
 * (then every issues page is read again), `onEnd` unmarks it.
 */
export function useHideIssue(on: { onStart: (id: number) => void; onHidden: (id: number) => void; onEnd: (id: number) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => reportingApi.hideIssue(id),
    onMutate: (id) => on.onStart(id),
    onSuccess: (_r, id) => {
      on.onHidden(id);
      void client.invalidateQueries({ queryKey: reportingKeys.issues });
    },
    onError: () => toastError(),
    onSettled: (_r, _e, id) => on.onEnd(id),
  });
}

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
