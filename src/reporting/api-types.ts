import { z } from 'zod';
export * from './api-constants.js';
import { AGGREGATIONS, DATE_WINDOWS, FEEDBACK_DATE_WINDOWS, STAT_NAMES, type Aggregation, type FeedbackDateWindow, type ModuleSetting, type StatData, type StatName } from './stats.js';
import { int } from '../http/fields.js';

/** GET/PUT /reporting_module_settings/{userId} */
export interface ReportingModuleSettingsJson {
  user_id: number;
  show_all_tags: boolean;
  template: ModuleSetting[];
  /** PUT: false when nothing changed (the update was skipped). */
  updated?: boolean;
}

/** GET /reporting_module_settings/data */
export type ReportingModuleDataJson = ({ status: 'ready' } & StatData) | { status: 'generating_async'; stat_name: StatName };

export type { Aggregation, ModuleSetting, StatData, StatName };
/** An attention-required issue's kind (stored in session_issues.issue_type). */
export const SESSION_ISSUE_TYPES = ['missing_role', 'task_overdue', 'poll_overdue', 'strategic_connections_not_selected', 'channels_not_selected', 'delivery_failed'] as const;
export type SessionIssueType = (typeof SESSION_ISSUE_TYPES)[number];

/** POST /reporting/csv_report: the report is on its way to the requester's Slack DMs. */
export interface CsvReportJson {
  status: 'queued';
}

/** GET /onboarding/session_issues */
export interface SessionIssueJson {
  id: number;
  issue_type: SessionIssueType;
  session_event_id: number | null;
  /** What is wrong, in a sentence that names the event, the journey and the role or channel. */
  detail: string;
  /** Where to fix it (a page of the app) and the link's label; null when there is no one place. */
  fix: { label: string; path: string } | null;
  occurred_at: string;
}
export interface SessionIssuesJson {
  data: Array<{
    user: { id: number | null; name: string; slack_user_id: string | null; avatar_url: string | null };
    sessions: Array<{ session_id: number; tag_id: number; issues: SessionIssueJson[] }>;
  }>;
  cursor: { page: number; per_page: number; total_count: number; total_pages: number; next_page: number | null; prev_page: number | null };
}

/** GET /coffee_feedbacks/viewable_configurations */
export interface ViewableConfigurationsJson {
  configurations: Array<{ id: number; channel: string; is_active: boolean }>;
}
/** GET /coffee_feedbacks/aggregation_stats */
export interface FeedbackStatsJson {
  date_window: FeedbackDateWindow;
  label: string;
  total_count: number;
  average_rating: number | null;
  ratings: Array<{ rating: number; count: number }>;
}
/** GET /coffee_feedbacks/aggregation_comments */
export interface FeedbackCommentsJson {
  data: Array<{ id: number; config_id: number; rating: number; comment: string; author: string; created_at: string }>;
  page: number;
  per_page: number;
  total_count: number;
}

/** GET /reporting/strategic_connections_preview: whom an Intros program connected the journeys' participants with. */
export interface StrategicConnectionsJson {
  id: number;
  tag_id: number | null;
  batch_id: number | null;
  start_date: string;
  end_date: string;
  /** Journey participants in scope (of the journey, or of every journey). */
  participants: number;
  /** Of them, how many had at least one intro in the window. */
  connected: number;
  /** One per participant and intro, oldest first. */
  connections: Array<{ member: ConnectionPerson; batch_id: number; date: string; with: ConnectionPerson[]; met: boolean }>;
  /** Participants whose journey is still running and who had no intro in the window. */
  not_connected: ConnectionPerson[];
}
export interface ConnectionPerson {
  id: number;
  name: string;
  slack_user_id: string | null;
}

// The answers' schemas (the OpenAPI document's, and the test suites' check of every answer): each is typed with its
// interface above, so the two cannot drift apart.

const moduleSettingJson: z.ZodType<ModuleSetting> = z.object({
  stat_name: z.enum(STAT_NAMES),
  date_window: z.enum(DATE_WINDOWS),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  tag_id: int.nullable(),
  aggregation: z.enum(AGGREGATIONS),
});

export const reportingModuleSettingsJson: z.ZodType<ReportingModuleSettingsJson> = z.object({ user_id: int, show_all_tags: z.boolean(), template: z.array(moduleSettingJson), updated: z.boolean().optional() });

const statData = z.object({
  stat_name: z.enum(STAT_NAMES),
  start_date: z.string(),
  end_date: z.string(),
  aggregation: z.enum(AGGREGATIONS),
  total: z.number(),
  sent: z.number().optional(),
  rate: z.number().nullable().optional(),
  series: z.array(z.object({ date: z.string(), value: z.number(), sent: z.number().optional(), rate: z.number().nullable().optional() })),
});
export const reportingModuleDataJson: z.ZodType<ReportingModuleDataJson> = z.union([
  statData.extend({ status: z.literal('ready') }),
  z.object({ status: z.literal('generating_async'), stat_name: z.enum(STAT_NAMES) }),
]);

export const sessionIssuesJson: z.ZodType<SessionIssuesJson> = z.object({
  data: z.array(
    z.object({
      user: z.object({ id: int.nullable(), name: z.string(), slack_user_id: z.string().nullable(), avatar_url: z.string().nullable() }),
      sessions: z.array(
        z.object({
          session_id: int,
          tag_id: int,
          issues: z.array(
            z.object({
              id: int,
              issue_type: z.enum(SESSION_ISSUE_TYPES),
              session_event_id: int.nullable(),
              detail: z.string(),
              fix: z.object({ label: z.string(), path: z.string() }).nullable(),
              occurred_at: z.string(),
            }),
          ),
        }),
      ),
    }),
  ),
  cursor: z.object({ page: int, per_page: int, total_count: int, total_pages: int, next_page: int.nullable(), prev_page: int.nullable() }),
});

export const viewableConfigurationsJson: z.ZodType<ViewableConfigurationsJson> = z.object({ configurations: z.array(z.object({ id: int, channel: z.string(), is_active: z.boolean() })) });

export const feedbackStatsJson: z.ZodType<FeedbackStatsJson> = z.object({
  date_window: z.enum(FEEDBACK_DATE_WINDOWS),
  label: z.string(),
  total_count: int,
  average_rating: z.number().nullable(),
  ratings: z.array(z.object({ rating: int, count: int })),
});

export const feedbackCommentsJson: z.ZodType<FeedbackCommentsJson> = z.object({
  data: z.array(z.object({ id: int, config_id: int, rating: int, comment: z.string(), author: z.string(), created_at: z.string() })),
  page: int,
  per_page: int,
  total_count: int,
});

const connectionPerson: z.ZodType<ConnectionPerson> = z.object({ id: int, name: z.string(), slack_user_id: z.string().nullable() });
export const strategicConnectionsJson: z.ZodType<StrategicConnectionsJson> = z.object({
  id: int,
  tag_id: int.nullable(),
  batch_id: int.nullable(),
  start_date: z.string(),
  end_date: z.string(),
  participants: int,
  connected: int,
  connections: z.array(z.object({ member: connectionPerson, batch_id: int, date: z.string(), with: z.array(connectionPerson), met: z.boolean() })),
  not_connected: z.array(connectionPerson),
});
