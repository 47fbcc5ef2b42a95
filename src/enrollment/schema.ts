// The zod schemas of the Enrollment API: each bad field is a 400 naming it (src/http/validate.ts).
import { z } from 'zod';
import { channelId as slackChannelId, localDate } from '../http/fields.js';
import { id } from '../http/ids.js';
import { FORMULA_OPERATORS } from './api-constants.js';

const email = z.string().trim().max(254).email('is not an email address');
const optionalEmail = z.union([z.literal('').transform(() => null), email]).nullable().optional();
const channelId = slackChannelId();
const name = z.string().trim().max(100).nullable().optional();

export const tagParams = z.object({ tagId: id });

const membership = z.object({
  role_id: id,
  user_id: id.nullable().optional(),
  email: optionalEmail,
  first_name: name,
  last_name: name,
  personal_email: optionalEmail,
  role_selection: z.object({ selector_id: id.nullable().optional(), selector_role_id: id.nullable().optional(), channel_id: channelId.nullable().optional() }).nullable().optional(),
});

/** The row limit is the service's (its message word for word); this is the shape. */
export const manualEnrollmentBody = z.object({
  sessions: z.array(
    z.object({
      id: z.union([id, z.string().max(64)]).nullable().optional(),
      start_date: localDate,
      tag_ids: z.array(id),
      time_zone_name: z.string().max(64).nullable().optional(),
      memberships: z.array(membership).max(20),
    }),
  ),
  session_ids_to_delete: z.array(id).max(2000).optional(),
  preserve: z.boolean().optional(),
  source: z.enum(['manual', 'csv']).optional(),
});
/** POST {base}/manual_enrollment, as the service reads it (the batch's stored payload too). */
export type ManualEnrollmentBody = z.infer<typeof manualEnrollmentBody>;

export const statusParams = z.object({ statusId: id });

export const savedSessionParams = z.object({ sessionId: id });

export const batchesQuery = z.object({ batch_id: id.optional() });

export const fromEmailQuery = z.object({
  emails: z
    .string({ error: 'list the emails, separated by commas' })
    .transform((v) => [...new Set(v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))])
    .refine((list) => list.length <= 50, 'at most 50 emails at a time'),
});

/** The person whose manager is asked for: by work email, or (a new hire picked from Slack, no email typed) by member id. */
export const managerQuery = z
  .object({ email: email.transform((e) => e.toLowerCase()).optional(), user_id: id.optional() })
  .refine((q) => q.email !== undefined || q.user_id !== undefined, { message: 'give the person’s email or user_id', path: ['email'] });

const formula = z.object({
  type: z.string().trim().min(1, "can't be blank").max(60),
  operator: z.enum(FORMULA_OPERATORS, { error: `must be one of ${FORMULA_OPERATORS.join(', ')}` }),
  value: z.string().max(500).default(''),
});

export const processingRule = z.object({
  version: z.literal(1, { error: 'must be 1' }),
  groups: z.array(z.object({ formulas: z.array(formula).max(20) })).max(20),
});

export const rulesBody = z.object({
  enrollment_rules: z
    .array(
      z.object({
        integration_identity_type: z.enum(['HrisIdentity', 'AtsIdentity'], { error: 'must be HrisIdentity or AtsIdentity' }),
        integration_identity_id: id.nullable().default(null),
        target_class: z.string().max(60).default('Onboarding::Tag'),
        tag_ids: z.array(id).min(1, 'choose at least one journey'),
        processing_rule: processingRule,
      }),
    )
    .max(50),
});

const hrPair = { hris_type: z.string().trim().min(1, "can't be blank").max(60), hris_value: z.string().trim().min(1, "can't be blank").max(200) };

export const mappingsBody = z.object({
  enrollment_source: z.enum(['none', 'auto_enroll'], { error: 'must be none or auto_enroll' }),
  default_tag_ids: z.array(id).default([]),
  mappings: z.array(z.object({ ...hrPair, category_value: z.string().max(200).nullable().optional(), target_ids: z.array(id) })).max(500).default([]),
  exclusions: z.array(z.object(hrPair)).max(500).optional(),
  channel_joins: z.object({ tag_ids: z.array(id) }).optional(),
});

export const autoChannelsBody = z.object({
  channels: z.array(z.object({ channel_id: channelId, start_date_rule: z.enum(['join_date', 'next_monday']).optional() })).max(50),
});

export const selfEnrollBody = z.object({ start_date: localDate.optional() });
export const selfEnrollSettingsBody = z.object({ enabled: z.boolean({ error: 'must be true or false' }) });

const option = z.object({ id: id.nullable().optional(), text: z.string().trim().max(200) });
const question = z.object({
  id: id.nullable().optional(),
  input_type: z.enum(['text', 'radio', 'checkbox'], { error: 'must be text, radio or checkbox' }),
  query: z.string().trim().min(1, "can't be blank").max(300),
  collect_feedback: z.boolean().default(false),
  optional: z.boolean().default(true),
  options: z.array(option).max(20).default([]),
});

export const surveyBody = z.object({
  enrollment_survey: z.object({
    name: z.string().trim().min(1, "can't be blank").max(120),
    role_enrollment_surveys: z
      .array(z.object({ role_id: id, questions: z.array(question).min(1, 'add at least one question').max(30) }))
      .min(1, 'a survey has one or two role surveys')
      .max(2, 'a survey has one or two role surveys'),
  }),
});
export type EnrollmentSurveyBody = z.infer<typeof surveyBody>;

export const surveyParams = z.object({ id, surveyId: id });

export const shareBody = z.object({
  channel_ids: z.array(channelId).max(20).default([]),
  user_ids: z.array(id).max(500).default([]),
  start_date: localDate,
  enrollment_survey: z.object({ id }).nullable().optional(),
});

export const matchesBody = z.object({
  matches: z.array(z.object({ primary_submission_id: id, matched_submission_id: id, session_id: id.nullable().optional() })).max(1000),
});
