import type { Aggregation, DateWindow, FeedbackDateWindow, ModuleSetting, StatData, StatName } from './stats.js';
import type { SessionIssueType } from './tables.js';

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

export type { Aggregation, DateWindow, ModuleSetting, StatData, StatName };

/** GET /onboarding/session_issues */
export interface SessionIssueJson {
  id: number;
  issue_type: SessionIssueType;
  session_event_id: number | null;
  detail: string;
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
