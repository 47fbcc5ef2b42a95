import type { ColumnType, Generated } from 'kysely';
import type { SessionIssueType } from './api-types.js';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
type Day = ColumnType<string, string, string>;
type Jsonb<T> = ColumnType<T, string, string>;

/** One stat's value on one UTC day (per journey tag, 0 for none): counts, or deltas for state stats. */
export interface ReportingDailyTable {
  workspace_id: number;
  stat: string;
  tag_id: Generated<number>;
  day: Day;
  value: Generated<number>;
}

/** Who did something on a day (active_users counts distinct keys in a window). */
export interface ReportingActiveMembersTable {
  workspace_id: number;
  day: Day;
  member_key: string;
}

export interface ReportingMemberLastActiveTable {
  workspace_id: number;
  member_key: string;
  last_day: Day;
}

/** The days of one year a member was active: bit n (from the left) is day-of-year n + 1. Past windows count these. */
export interface ReportingMemberActiveDaysTable {
  workspace_id: number;
  member_key: string;
  year: number;
  days: string;
}

/** The last event seq the aggregates include: a replayed event is skipped. */
export interface ReportingCursorTable {
  workspace_id: number;
  last_seq: ColumnType<number, number | bigint, number | bigint>;
}

export interface ReportingSessionsTable {
  workspace_id: number;
  session_id: number;
  tag_id: number;
  participant_member_id: number | null;
  active: Generated<boolean>;
}

/** A task or poll sent to `expected` recipients; `done` of them answered. Overdue ones become issues. */
export interface ReportingOpenItemsTable {
  workspace_id: number;
  session_event_id: number;
  kind: 'task' | 'poll';
  session_id: number;
  tag_id: number;
  expected: number;
  done: Generated<number>;
  sent_at: Timestamp;
}

export type { SessionIssueType };

export interface ReportingSessionIssuesTable {
  id: Generated<number>;
  workspace_id: number;
  issue_key: string;
  issue_type: SessionIssueType;
  session_id: number;
  tag_id: number;
  member_id: number | null;
  session_event_id: number | null;
  detail: string;
  /** Where an admin fixes it (a path of the app) and the link's label; null when there is no one place (overdue items, older issues). */
  fix_path: ColumnType<string | null, string | null | undefined, string | null>;
  fix_label: ColumnType<string | null, string | null | undefined, string | null>;
  occurred_at: Timestamp;
  hidden_at: NullableTimestamp;
}

export interface ReportingCoffeeFeedbacksTable {
  id: Generated<number>;
  workspace_id: number;
  program_id: number;
  meeting_id: number;
  member_id: number;
  rating: number;
  comment: string | null;
  created_at: Timestamp;
}

export interface ReportingModuleSettingsTable {
  workspace_id: number;
  member_id: number;
  template: Jsonb<unknown>;
  show_all_tags: boolean;
  updated_at: Timestamp;
}

/** An Intros group (one per meeting), kept from intro.group_created; `met` follows the answers. */
export interface ReportingIntroGroupsTable {
  workspace_id: number;
  meeting_id: number;
  program_id: number;
  round_id: number;
  member_ids: number[];
  occurred_at: Timestamp;
  met: Generated<boolean>;
}

export interface ReportingTables {
  reporting_daily: ReportingDailyTable;
  reporting_active_members: ReportingActiveMembersTable;
  reporting_cursor: ReportingCursorTable;
  reporting_member_last_active: ReportingMemberLastActiveTable;
  reporting_member_active_days: ReportingMemberActiveDaysTable;
  reporting_sessions: ReportingSessionsTable;
  reporting_open_items: ReportingOpenItemsTable;
  reporting_session_issues: ReportingSessionIssuesTable;
  reporting_coffee_feedbacks: ReportingCoffeeFeedbacksTable;
  reporting_module_settings: ReportingModuleSettingsTable;
  reporting_intro_groups: ReportingIntroGroupsTable;
}

// Its tables join the one Database type by declaration merging: src/db/types.ts imports no capability.
declare module '../db/types.js' {
  interface Database extends ReportingTables {}
}
