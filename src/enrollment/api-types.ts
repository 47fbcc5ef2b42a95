// The JSON the enrollment pages read and send, shared by the server and web/ (type-only imports: the constants the
// pages use are in api-constants.ts). Field names follow the specs (journeys.md §3 and §7, programs.md §3 and §7).
// {flow} is 'onboarding' or 'participants'; {base} is /{flow} or /{flow}/tags/{tagId}. The answers are zod schemas
// (the routes register them, the OpenAPI document shows them); what the pages send is typed here too.

import { z } from 'zod';
import { int } from '../http/fields.js';
import { FORMULA_OPERATORS } from './api-constants.js';
export * from './api-constants.js';

export const FLOWS = ['onboarding', 'participants'] as const;
export type Flow = (typeof FLOWS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Manual enrollment (POST {base}/manual_enrollment)

/** Who fills a role when no user is named: selected by another role's member, a given user, or a channel. */
export const roleSelectionJson = z.object({ selector_id: int.nullable().optional(), selector_role_id: int.nullable().optional(), channel_id: z.string().nullable().optional() });
export type RoleSelectionJson = z.infer<typeof roleSelectionJson>;

/** A saved session as a row of the manual enrollment form (GET {base}/manual_enrollment/sessions/{sessionId}). */
export const savedSessionRow = z.object({
  id: int,
  start_date: z.string(),
  tag_ids: z.array(int),
  /** 'sync' when the session follows the participant's Slack zone. */
  time_zone_name: z.string(),
  memberships: z.array(z.object({ role_id: int, user_id: int.nullable(), user_name: z.string().nullable(), email: z.string().nullable(), role_selection: roleSelectionJson.nullable() })),
});
export type SavedSessionRow = z.infer<typeof savedSessionRow>;

export const savedSessionAnswer = z.object({
  session: savedSessionRow,
  /** Only a session that has not started yet (and is still active) can be changed in the form. */
  editable: z.boolean(),
});
export type SavedSessionAnswer = z.infer<typeof savedSessionAnswer>;

/** POST {base}/manual_enrollment: the batch whose progress the page follows. */
export const manualEnrollmentAnswer = z.object({ status_id: int });
export type ManualEnrollmentAnswer = z.infer<typeof manualEnrollmentAnswer>;

export const BATCH_STATUSES = ['pending', 'success', 'error'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** GET /onboarding/manual_enrollment/upsert_status/{statusId} */
export const upsertStatusAnswer = z.object({ status: z.enum(BATCH_STATUSES), error: z.string().nullable() });
export type UpsertStatusAnswer = z.infer<typeof upsertStatusAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Batches

export const ENROLLMENT_STATES = ['enrolled', 'pending', 'failed'] as const;
export type EnrollmentState = (typeof ENROLLMENT_STATES)[number];

export const enrollmentJson = z.object({
  id: int,
  tag_id: int,
  tag_name: z.string(),
  session_id: int.nullable(),
  member: z.object({ id: int, name: z.string(), slack_user_id: z.string() }).nullable(),
  email: z.string().nullable(),
  state: z.enum(ENROLLMENT_STATES),
  reason: z.string().nullable(),
  start_date: z.string().nullable(),
  source: z.string(),
  created_at: z.string(),
});
export type EnrollmentJson = z.infer<typeof enrollmentJson>;

export const batchJson = z.object({
  id: int,
  flow: z.enum(FLOWS),
  tag_id: int.nullable(),
  source: z.enum(['manual', 'csv']),
  status: z.enum(BATCH_STATUSES),
  error: z.string().nullable(),
  sessions_created: int,
  sessions_updated: int,
  sessions_deleted: int,
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type BatchJson = z.infer<typeof batchJson>;

/** GET {base}/batches (query batch_id: one batch with its enrollments) */
export const batchesAnswer = z.object({ batches: z.array(batchJson), batch: batchJson.extend({ enrollments: z.array(enrollmentJson) }).nullable() });
export type BatchesAnswer = z.infer<typeof batchesAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Lookups

export const userByEmailJson = z.object({ id: int, email: z.string(), name: z.string(), slack_user_id: z.string(), avatar_url: z.string().nullable() });
export type UserByEmailJson = z.infer<typeof userByEmailJson>;

/** GET /onboarding/users/from_email?emails=a,b */
export const usersFromEmailAnswer = z.object({ users: z.array(userByEmailJson) });
export type UsersFromEmailAnswer = z.infer<typeof usersFromEmailAnswer>;

/** GET /hris/manager?email= */
export const hrisManagerAnswer = z.union([z.object({ success: z.literal(true), manager: userByEmailJson }), z.object({ success: z.literal(false), error: z.string() })]);
export type HrisManagerAnswer = z.infer<typeof hrisManagerAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Enrollment rules (journeys.md §3): processing_rule version 1

/** One test of a new hire's field: `type` names the field (department, location, employment_type …). */
export const formulaJson = z.object({
  type: z.string(),
  operator: z.enum(FORMULA_OPERATORS),
  /** Text; for `in`, values separated by commas. Ignored by is_present and is_blank. */
  value: z.string(),
});
export type Formula = z.infer<typeof formulaJson>;

/** OR within a group, AND across groups. No groups: everyone matches. */
export const processingRuleJson = z.object({ version: z.literal(1), groups: z.array(z.object({ formulas: z.array(formulaJson) })) });
export type ProcessingRule = z.infer<typeof processingRuleJson>;

export const INTEGRATION_IDENTITY_TYPES = ['HrisIdentity', 'AtsIdentity'] as const;
export type IntegrationIdentityType = (typeof INTEGRATION_IDENTITY_TYPES)[number];

export const enrollmentRuleJson = z.object({
  id: int,
  team_id: int,
  integration_identity_type: z.enum(INTEGRATION_IDENTITY_TYPES),
  integration_identity_id: int.nullable(),
  target_class: z.string(),
  tag_ids: z.array(int),
  processing_rule: processingRuleJson,
});
export type EnrollmentRuleJson = z.infer<typeof enrollmentRuleJson>;

// ---------------------------------------------------------------------------------------------------------------
// HR mappings (PATCH /onboarding/tags/hris_category_mappings/bulk_update)

export const ENROLLMENT_SOURCES = ['none', 'auto_enroll', 'rules'] as const;
export type EnrollmentSource = (typeof ENROLLMENT_SOURCES)[number];

export const hrMappingJson = z.object({ hris_type: z.string(), hris_value: z.string(), category_value: z.string().nullable().optional(), target_ids: z.array(int) });

const hrPairJson = z.object({ hris_type: z.string(), hris_value: z.string() });

/** GET /onboarding/enrollment_settings: everything the rules and mappings page shows. */
export const enrollmentSettingsAnswer = z.object({
  team_id: int,
  enrollment_source: z.enum(ENROLLMENT_SOURCES),
  default_tag_ids: z.array(int),
  mappings: z.array(hrMappingJson),
  exclusions: z.array(hrPairJson),
  channel_joins: z.object({ tag_ids: z.array(int) }),
  enrollment_rules: z.array(enrollmentRuleJson),
  /** Field names seen on new hires, for the filter modal. */
  formula_types: z.array(z.string()),
  paid: z.boolean(),
});
export type EnrollmentSettingsAnswer = z.infer<typeof enrollmentSettingsAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Auto-enroll channels

export const START_DATE_RULES = ['join_date', 'next_monday'] as const;
export type StartDateRule = (typeof START_DATE_RULES)[number];

export const autoEnrollChannelJson = z.object({ channel_id: z.string(), name: z.string().nullable(), start_date_rule: z.enum(START_DATE_RULES) });

/** GET /{flow}/tags/{id}/auto_enroll_channels/load_channels_as_json */
export const autoEnrollChannelsAnswer = z.object({ channels: z.array(autoEnrollChannelJson) });
export type AutoEnrollChannelsAnswer = z.infer<typeof autoEnrollChannelsAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Self-enroll

export const selfEnrollValidationAnswer = z.object({
  valid: z.boolean(),
  /** Why not, when not. */
  displayError: z.string().nullable(),
  already_enrolled: z.boolean(),
  /** The journey it is about (the join page names it). */
  journey: z.object({ id: int, name: z.string() }),
});
export type SelfEnrollValidationAnswer = z.infer<typeof selfEnrollValidationAnswer>;

/** POST /{flow}/tags/{tagId}/self_enroll and self_test: the session made. */
export const selfEnrollAnswer = z.object({ success: z.literal(true), session_id: int });

/** GET/PUT /{flow}/tags/{tagId}/self_enroll_settings: self-enrollment of one journey (PUT {enabled}). */
export const selfEnrollSettingsAnswer = z.object({
  enabled: z.boolean(),
  /** The page where a member joins it (share it; `/hearth join` and the Home tab list it too). */
  link: z.string(),
  /** Who joined it themselves, latest first. */
  joined: z.array(z.object({ id: int.nullable(), name: z.string().nullable(), slack_user_id: z.string().nullable(), start_date: z.string().nullable(), joined_at: z.string() })),
});
export type SelfEnrollSettingsAnswer = z.infer<typeof selfEnrollSettingsAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Enrollment surveys (programs.md §3)

export const QUESTION_TYPES = ['text', 'radio', 'checkbox'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const surveyOptionJson = z.object({ id: int.nullable().optional(), text: z.string() });

export const surveyQuestionJson = z.object({
  id: int.nullable().optional(),
  input_type: z.enum(QUESTION_TYPES),
  query: z.string(),
  /** Shown to the matched person as feedback on the pairing. */
  collect_feedback: z.boolean(),
  optional: z.boolean(),
  options: z.array(surveyOptionJson),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionJson>;

export const roleSurveyJson = z.object({ role_id: int, questions: z.array(surveyQuestionJson) });
export type RoleSurvey = z.infer<typeof roleSurveyJson>;

export const enrollmentSurveyJson = z.object({
  id: int,
  tag_id: int,
  name: z.string(),
  /** One or two: the primary role's, and optionally the matched role's (mentors). */
  role_enrollment_surveys: z.array(roleSurveyJson),
});
export type EnrollmentSurveyJson = z.infer<typeof enrollmentSurveyJson>;

/** GET /{flow}/tags/{id}/enrollment_surveys: each survey with its share state and responses. */
export const enrollmentSurveyListItem = enrollmentSurveyJson.extend({
  /** How often it was shared to Slack, and when last (null: never). */
  shares: int,
  last_shared_at: z.string().nullable(),
  /** Answers received. */
  responses: int,
});
export type EnrollmentSurveyListItem = z.infer<typeof enrollmentSurveyListItem>;

export const presetSurveyJson = z.object({
  key: z.string(),
  name: z.string(),
  role_enrollment_surveys: z.array(z.object({ role_purpose: z.enum(['primary', 'mentor']), questions: z.array(surveyQuestionJson) })),
});
export type PresetSurveyJson = z.infer<typeof presetSurveyJson>;

/** POST …/enrollment_surveys/{surveyId}/share_to_slack_as_json: how many were sent the survey. */
export const surveyShareAnswer = z.object({ success: z.literal(true), num_sent: int });

export const submissionJson = z.object({
  id: int,
  member: z.object({ id: int, name: z.string(), slack_user_id: z.string() }),
  role_id: int,
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  session_id: int.nullable(),
  matched_submission_id: int.nullable(),
  created_at: z.string(),
});
export type SubmissionJson = z.infer<typeof submissionJson>;

/** GET …/enrollment_surveys/{id}/responses */
export const surveyResponsesAnswer = z.object({
  survey: enrollmentSurveyJson,
  submissions: z.array(submissionJson),
  /** The pairing engine's proposal: primary submission → matched submission. */
  suggested: z.array(z.object({ primary_submission_id: int, matched_submission_id: int })),
});
export type SurveyResponsesAnswer = z.infer<typeof surveyResponsesAnswer>;
