import type { ColumnType, Generated, Selectable } from 'kysely';
import type { BatchStatus, EnrollmentSource, EnrollmentState, Flow, IntegrationIdentityType, ProcessingRule, RoleSurvey, StartDateRule } from './api-types.js';

/** Enrollment tables (migrations/0015_enrollment.ts). Times come from the Clock; local dates are 'YYYY-MM-DD' text. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string | undefined, string>;

export interface EnrollmentBatchesTable {
  id: Generated<number>;
  workspace_id: number;
  flow: Flow;
  tag_id: number | null;
  source: 'manual' | 'csv';
  status: Generated<BatchStatus>;
  error: string | null;
  payload: Json;
  sessions_created: Generated<number>;
  sessions_updated: Generated<number>;
  sessions_deleted: Generated<number>;
  created_by_member_id: number | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** One person enrolled in one journey, waiting to join Slack, or refused (with the reason). */
export interface EnrollmentsTable {
  id: Generated<number>;
  workspace_id: number;
  batch_id: number | null;
  tag_id: number;
  session_id: number | null;
  member_id: number | null;
  email: string | null;
  source: string;
  state: EnrollmentState;
  reason: string | null;
  start_date: string | null;
  details: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface EnrollmentSettingsTable {
  workspace_id: number;
  enrollment_source: Generated<EnrollmentSource>;
  default_tag_ids: Json<number[]>;
  workspace_join_tag_ids: Json<number[]>;
  updated_at: Timestamp;
}

export interface EnrollmentRulesTable {
  id: Generated<number>;
  workspace_id: number;
  integration_identity_type: IntegrationIdentityType;
  integration_identity_id: number | null;
  target_class: Generated<string>;
  tag_ids: Json<number[]>;
  processing_rule: Json<ProcessingRule>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EnrollmentHrMappingsTable {
  id: Generated<number>;
  workspace_id: number;
  kind: 'mapping' | 'exclusion';
  hris_type: string;
  hris_value: string;
  category_value: string | null;
  target_ids: Json<number[]>;
}

export interface EnrollmentAutoChannelsTable {
  workspace_id: number;
  tag_id: number;
  channel_id: string;
  start_date_rule: Generated<StartDateRule>;
  created_at: Timestamp;
}

export interface EnrollmentSurveysTable {
  id: Generated<number>;
  workspace_id: number;
  tag_id: number;
  name: string;
  role_surveys: Json<RoleSurvey[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EnrollmentSurveySharesTable {
  id: Generated<number>;
  workspace_id: number;
  survey_id: number;
  start_date: string;
  created_by_member_id: number | null;
  created_at: Timestamp;
}

export interface EnrollmentSurveySubmissionsTable {
  id: Generated<number>;
  workspace_id: number;
  survey_id: number;
  share_id: number;
  member_id: number;
  role_id: number;
  answers: Json<Record<string, string | string[]>>;
  session_id: number | null;
  matched_submission_id: number | null;
  created_at: Timestamp;
}

export interface EnrollmentTables {
  enrollment_batches: EnrollmentBatchesTable;
  enrollments: EnrollmentsTable;
  enrollment_settings: EnrollmentSettingsTable;
  enrollment_rules: EnrollmentRulesTable;
  enrollment_hr_mappings: EnrollmentHrMappingsTable;
  enrollment_auto_channels: EnrollmentAutoChannelsTable;
  enrollment_surveys: EnrollmentSurveysTable;
  enrollment_survey_shares: EnrollmentSurveySharesTable;
  enrollment_survey_submissions: EnrollmentSurveySubmissionsTable;
}

export type EnrollmentBatch = Selectable<EnrollmentBatchesTable>;
export type Enrollment = Selectable<EnrollmentsTable>;
export type EnrollmentRule = Selectable<EnrollmentRulesTable>;
export type EnrollmentSurvey = Selectable<EnrollmentSurveysTable>;
export type EnrollmentSurveySubmission = Selectable<EnrollmentSurveySubmissionsTable>;

// Its tables join the one Database type by declaration merging: src/db/types.ts imports no capability.
declare module '../db/types.js' {
  interface Database extends EnrollmentTables {}
}
