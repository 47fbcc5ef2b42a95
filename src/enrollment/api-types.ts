// The JSON the enrollment pages read and send, shared by the server and web/ (type-only imports). Field names
// follow the specs (journeys.md §3 and §7, programs.md §3 and §7). {flow} is 'onboarding' or 'participants';
// {base} is /{flow} or /{flow}/tags/{tagId}.

export type Flow = 'onboarding' | 'participants';

/** journeys.md §9: at most 2000 rows (sessions) in one manual enrollment. */
export const MAX_ENROLLMENT_ROWS = 2000;
export const TOO_MANY_ROWS_TEXT = 'Sorry, no more than 2000 rows allowed';
/** journeys.md §9: users are looked up by email 50 at a time. */
export const EMAIL_LOOKUP_CHUNK = 50;

// ---------------------------------------------------------------------------------------------------------------
// Manual enrollment (POST {base}/manual_enrollment)

/** Who fills a role when no user is named: selected by another role's member, a given user, or a channel. */
export interface RoleSelectionJson {
  selector_id?: number | null;
  selector_role_id?: number | null;
  channel_id?: string | null;
}

export interface MembershipInput {
  role_id: number;
  user_id?: number | null;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  /** Onboarding only: where the new hire is reached before they have Slack. */
  personal_email?: string | null;
  role_selection?: RoleSelectionJson | null;
}

export interface SessionInput {
  /** Numeric: an existing session. Absent (or the page's uuid): a new one. */
  id?: number | string | null;
  /** 'YYYY-MM-DD' (the page sends the date input's value). */
  start_date: string;
  tag_ids: number[];
  /** An IANA zone, or 'sync' (default: "Import from Slack"). */
  time_zone_name?: string | null;
  memberships: MembershipInput[];
}

export interface ManualEnrollmentBody {
  sessions: SessionInput[];
  session_ids_to_delete?: number[];
  /** Keep the existing sessions' memberships (journeys.md §4). */
  preserve?: boolean;
  /** Where the rows came from: typed in the form, or a CSV import. */
  source?: 'manual' | 'csv';
}

/** A saved session as a row of the manual enrollment form (GET {base}/manual_enrollment/sessions/{sessionId}). */
export interface SavedSessionRow {
  id: number;
  start_date: string;
  tag_ids: number[];
  /** 'sync' when the session follows the participant's Slack zone. */
  time_zone_name: string;
  memberships: Array<{ role_id: number; user_id: number | null; user_name: string | null; email: string | null; role_selection: RoleSelectionJson | null }>;
}

export interface SavedSessionAnswer {
  session: SavedSessionRow;
  /** Only a session that has not started yet (and is still active) can be changed in the form. */
  editable: boolean;
}

export interface ManualEnrollmentAnswer {
  status_id: number;
}

export type BatchStatus = 'pending' | 'success' | 'error';

/** GET /onboarding/manual_enrollment/upsert_status/{statusId} */
export interface UpsertStatusAnswer {
  status: BatchStatus;
  error: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Batches

export type EnrollmentState = 'enrolled' | 'pending' | 'failed';

export interface EnrollmentJson {
  id: number;
  tag_id: number;
  tag_name: string;
  session_id: number | null;
  member: { id: number; name: string; slack_user_id: string } | null;
  email: string | null;
  state: EnrollmentState;
  reason: string | null;
  start_date: string | null;
  source: string;
  created_at: string;
}

export interface BatchJson {
  id: number;
  flow: Flow;
  tag_id: number | null;
  source: 'manual' | 'csv';
  status: BatchStatus;
  error: string | null;
  sessions_created: number;
  sessions_updated: number;
  sessions_deleted: number;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
}

/** GET {base}/batches (query batch_id: one batch with its enrollments) */
export interface BatchesAnswer {
  batches: BatchJson[];
  batch: (BatchJson & { enrollments: EnrollmentJson[] }) | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Lookups

export interface UserByEmailJson {
  id: number;
  email: string;
  name: string;
  slack_user_id: string;
  avatar_url: string | null;
}

/** GET /onboarding/users/from_email?emails=a,b */
export interface UsersFromEmailAnswer {
  users: UserByEmailJson[];
}

/** GET /hris/manager?email= */
export type HrisManagerAnswer = { success: true; manager: UserByEmailJson } | { success: false; error: string };

// ---------------------------------------------------------------------------------------------------------------
// Enrollment rules (journeys.md §3): processing_rule version 1

export type FormulaOperator = 'equals' | 'not_equals' | 'contains' | 'not_contains' | 'starts_with' | 'in' | 'is_present' | 'is_blank';
export const FORMULA_OPERATORS: readonly FormulaOperator[] = ['equals', 'not_equals', 'contains', 'not_contains', 'starts_with', 'in', 'is_present', 'is_blank'];

/** One test of a new hire's field: `type` names the field (department, location, employment_type …). */
export interface Formula {
  type: string;
  operator: FormulaOperator;
  /** Text; for `in`, values separated by commas. Ignored by is_present and is_blank. */
  value: string;
}

/** OR within a group, AND across groups. No groups: everyone matches. */
export interface ProcessingRule {
  version: 1;
  groups: Array<{ formulas: Formula[] }>;
}

export type IntegrationIdentityType = 'HrisIdentity' | 'AtsIdentity';

export interface EnrollmentRuleJson {
  id: number;
  team_id: number;
  integration_identity_type: IntegrationIdentityType;
  integration_identity_id: number | null;
  target_class: string;
  tag_ids: number[];
  processing_rule: ProcessingRule;
}

/** PUT /onboarding/tags/enrollment_rules: the team's whole rule set, replaced. */
export interface EnrollmentRulesBody {
  enrollment_rules: Array<Omit<EnrollmentRuleJson, 'id' | 'team_id'>>;
}

// ---------------------------------------------------------------------------------------------------------------
// HR mappings (PATCH /onboarding/tags/hris_category_mappings/bulk_update)

export type EnrollmentSource = 'none' | 'auto_enroll' | 'rules';

export interface HrMappingJson {
  hris_type: string;
  hris_value: string;
  category_value?: string | null;
  target_ids: number[];
}

export interface HrMappingsBody {
  enrollment_source: 'none' | 'auto_enroll';
  default_tag_ids: number[];
  mappings: HrMappingJson[];
  exclusions?: Array<{ hris_type: string; hris_value: string }>;
  /** Journeys a person joining the workspace is enrolled in (the workspace-join settings). */
  channel_joins?: { tag_ids: number[] };
}

/** GET /onboarding/tags/enrollment: everything the rules and mappings page shows. */
export interface EnrollmentSettingsAnswer {
  team_id: number;
  enrollment_source: EnrollmentSource;
  default_tag_ids: number[];
  mappings: HrMappingJson[];
  exclusions: Array<{ hris_type: string; hris_value: string }>;
  channel_joins: { tag_ids: number[] };
  enrollment_rules: EnrollmentRuleJson[];
  /** Field names seen on new hires, for the filter modal. */
  formula_types: string[];
  paid: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Auto-enroll channels

export type StartDateRule = 'join_date' | 'next_monday';

export interface AutoEnrollChannelJson {
  channel_id: string;
  name: string | null;
  start_date_rule: StartDateRule;
}

/** GET /{flow}/tags/{id}/auto_enroll_channels/load_channels_as_json */
export interface AutoEnrollChannelsAnswer {
  channels: AutoEnrollChannelJson[];
}

// ---------------------------------------------------------------------------------------------------------------
// Self-enroll

export interface SelfEnrollValidationAnswer {
  valid: boolean;
  /** Why not, when not. */
  displayError: string | null;
  already_enrolled: boolean;
  /** The journey it is about (the join page names it). */
  journey: { id: number; name: string };
}

/** GET/PUT /{flow}/tags/{tagId}/self_enroll_settings: self-enrollment of one journey (PUT {enabled}). */
export interface SelfEnrollSettingsAnswer {
  enabled: boolean;
  /** The page where a member joins it (share it; `/hearth join` and the Home tab list it too). */
  link: string;
  /** Who joined it themselves, latest first. */
  joined: Array<{ id: number | null; name: string | null; slack_user_id: string | null; start_date: string | null; joined_at: string }>;
}

export const SELF_ENROLL_ERROR_TEXT = 'There was an unexpected error processing your request. Try again?';

// ---------------------------------------------------------------------------------------------------------------
// Enrollment surveys (programs.md §3)

export type QuestionType = 'text' | 'radio' | 'checkbox';

export interface SurveyOption {
  id?: number | null;
  text: string;
}

export interface SurveyQuestion {
  id?: number | null;
  input_type: QuestionType;
  query: string;
  /** Shown to the matched person as feedback on the pairing. */
  collect_feedback: boolean;
  optional: boolean;
  options: SurveyOption[];
}

export interface RoleSurvey {
  role_id: number;
  questions: SurveyQuestion[];
}

export interface EnrollmentSurveyJson {
  id: number;
  tag_id: number;
  name: string;
  /** One or two: the primary role's, and optionally the matched role's (mentors). */
  role_enrollment_surveys: RoleSurvey[];
}

/** GET /{flow}/tags/{id}/enrollment_surveys: each survey with its share state and responses. */
export interface EnrollmentSurveyListItem extends EnrollmentSurveyJson {
  /** How often it was shared to Slack, and when last (null: never). */
  shares: number;
  last_shared_at: string | null;
  /** Answers received. */
  responses: number;
}

export interface EnrollmentSurveyBody {
  enrollment_survey: { name: string; role_enrollment_surveys: RoleSurvey[] };
}

export interface PresetSurveyJson {
  key: string;
  name: string;
  role_enrollment_surveys: Array<{ role_purpose: 'primary' | 'mentor'; questions: SurveyQuestion[] }>;
}

export interface SubmissionJson {
  id: number;
  member: { id: number; name: string; slack_user_id: string };
  role_id: number;
  answers: Record<string, string | string[]>;
  session_id: number | null;
  matched_submission_id: number | null;
  created_at: string;
}

/** GET …/enrollment_surveys/{id}/responses */
export interface SurveyResponsesAnswer {
  survey: EnrollmentSurveyJson;
  submissions: SubmissionJson[];
  /** The pairing engine's proposal: primary submission → matched submission. */
  suggested: Array<{ primary_submission_id: number; matched_submission_id: number }>;
}

