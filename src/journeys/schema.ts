// The zod schemas of the Journeys API: each bad field is a 400 naming it (src/http/validate.ts).
import { z } from 'zod';
import { channelId as slackChannelId, localDate } from '../http/fields.js';
import { id } from '../http/ids.js';
import { isValidTimeZone } from '../time/zoned.js';
import { EVENT_KINDS, FLOW_TYPES } from './api-types.js';

/** "true"/"1"/true (forms and query strings) or "false"/"0"/false. */
const boolish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])]).transform((v) => v === true || v === 'true' || v === '1' || v === 'on');
const flowType = z.enum(FLOW_TYPES, { error: 'must be onboarding, events, mentorship, training, offboarding or other' });
const channelId = slackChannelId();
const timeZone = z.string().refine((tz) => tz === 'sync' || isValidTimeZone(tz), 'is not a known time zone');
const source = z.enum(['slack', 'site', 'admin'], { error: 'must be slack, site or admin' });
const daysLater = z.coerce.number({ error: 'must be a number' }).int('must be a whole number of work days').min(-260, 'must be at most 260 work days before').max(520, 'must be at most 520 work days after');
const idList = z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v), z.array(id));

export const tagsQuery = z.object({ ignore_flow_typable_scope: boolish.optional(), show_archived_tags: boolish.optional() });

export const createTagBody = z.object({
  channel_id: channelId.nullable().optional(),
  onboarding_tag: z.object({
    name: z.string({ error: "can't be blank" }).trim().min(1, "can't be blank").max(120, 'must be at most 120 characters'),
    flow_type: flowType,
    preset_bundle_id: z.union([id, z.literal('').transform(() => undefined)]).nullable().optional(),
    preset_ids: idList.optional(),
    auto_enroll: boolish.optional(),
  }),
  source: z.string().max(60).optional(),
});

const roleSelection = z.object({
  method: z.enum(['specific_user', 'selected_by_role', 'selected_by_user', 'from_channel', 'manual']),
  user_id: id.nullable().optional(),
  selector_id: id.nullable().optional(),
  selector_role_id: id.nullable().optional(),
  channel_id: channelId.nullable().optional(),
});

export const updateTagBody = z.object({
  onboarding_tag: z
    .object({
      name: z.string().trim().min(1, "can't be blank").max(120, 'must be at most 120 characters'),
      archived: z.boolean(),
      channel_id: channelId.nullable(),
      auto_enroll: z.boolean(),
      past_start_policy: z.enum(['catch_up', 'skip']),
      cohort_channels: z.boolean(),
      role_selection_settings: z.record(z.string().regex(/^\d+$/, 'keys are role ids'), roleSelection),
      roleIds: z.array(id).min(1, 'a journey needs its primary role'),
      permission_user_ids: z.array(id).max(100),
    })
    .partial(),
});

export const createRoleBody = z.object({
  role: z.object({
    name: z.string().trim().min(1, "can't be blank").max(60, 'must be at most 60 characters'),
    plural_name: z.string().trim().min(1, "can't be blank").max(60, 'must be at most 60 characters'),
    purpose: z.enum(['manager', 'buddy', 'mentor', 'people_team', 'it', 'other']).optional(),
  }),
  tag_id: id.optional(),
});

export const deleteRoleQuery = z.object({ tag_id: id.optional() });

export const togglePresetBody = z.object({ removing: boolish, channel_id: channelId.nullable().optional() });
export const addEventBody = z.object({ days_later: daysLater, channel_id: channelId.nullable().optional() });

const eventFields = z
  .object({
    kind: z.enum(EVENT_KINDS, { error: 'must be message, task, poll, intro, channel_post or cohort_message' }),
    active: z.boolean({ error: 'must be true or false' }),
    days_later: daysLater,
    minute_in_day: z.number({ error: 'must be a number' }).int('must be a whole minute').min(0, 'must be 0 to 1439').max(1439, 'must be 0 to 1439'),
    recipient_type: z.enum(['role', 'channel', 'cohortChannel'], { error: 'must be role, channel or cohortChannel' }),
    role: id.nullable(),
    role_ids: z.array(id).max(10),
    channel_id: channelId.nullable(),
    group: z.string().max(80).nullable(),
    title: z.string().trim().min(1, "can't be blank").max(150, 'must be at most 150 characters'),
    text: z.string().trim().min(1, "can't be blank").max(3000, 'must be at most 3000 characters'),
    poll_options: z.array(z.string().trim().min(1, "an answer can't be blank").max(75, 'an answer must be at most 75 characters')).max(10, 'a poll has at most 10 answers'),
  })
  .partial();

/** PUT /{flow}/events/{id} {onboarding_schedule_event: …}: edit, deactivate (active false), reschedule. */
export const eventBody = z.object({ onboarding_schedule_event: eventFields });
export type UpdateEventBody = z.infer<typeof eventBody>;

export const previewQuery = z.object({ user_id: id.optional() });
/** An unsaved event's message: what the editor's form holds. */
export const previewBody = z.object({
  onboarding_schedule_event: eventFields.required({ kind: true, title: true, text: true }).extend({ poll_options: eventFields.shape.poll_options.unwrap().default([]) }),
  user_id: id.optional(),
});

export const createSessionBody = z.object({
  start_date: localDate,
  time_zone: timeZone.optional(),
  past_start_policy: z.enum(['catch_up', 'skip']).optional(),
  memberships: z.array(z.object({ role_id: id, user_id: id })).max(20).default([]),
});

export const sessionsQuery = z.object({ state: z.enum(['active', 'finished', 'cancelled', 'all']).default('all') });

export const rescheduleBody = z.object({
  onboarding_session_event: z.object({
    occurs_at: z.string({ error: 'is required' }),
    /** The admin confirmed a weekend day. */
    allow_weekend: z.boolean({ error: 'must be true or false' }).optional(),
  }),
});

export const taskBody = z.object({ task_assignment: z.object({ state: z.enum(['incomplete', 'complete'], { error: 'must be incomplete or complete' }) }), source });
export const pollBody = z.object({ answer_index: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(9, 'must be at most 9'), source });

export const dryRunQuery = z.object({ user_id: id.optional(), start_date: localDate.optional(), time_zone: z.string().refine(isValidTimeZone, 'is not a known time zone').optional() });
export const tryBody = z.object({ user_id: id.optional() });

export const presetsQuery = z.object({ flow_type: flowType.optional(), category_id: id.optional() });
export const bundlesQuery = z.object({ flow_type: flowType.optional() });
export const prebuiltQuery = z.object({ quick_setup_type: z.enum(['one_click_onboarding', 'hris_one_click_onboarding', 'mentorship', 'training', 'offboarding']).optional() });

export const tagPresetParams = z.object({ tagId: id, presetId: id });
export const tagEventParams = z.object({ tagId: id, id });
export const presetEventParams = z.object({ presetId: id, id });

/** POST /onboarding/presets: a workspace's own preset (the page /onboarding/presets/new). */
const presetEventFields = z
  .object({
    kind: z.enum(['message', 'task', 'poll'], { error: 'must be message, task or poll' }),
    days_later: daysLater,
    minute_in_day: eventFields.shape.minute_in_day.unwrap(),
    recipient: z.enum(['primary', 'manager', 'buddy', 'mentor', 'people_team', 'it', 'other'], { error: 'must be primary, manager, buddy, mentor, people_team, it or other' }),
    title: eventFields.shape.title.unwrap(),
    text: eventFields.shape.text.unwrap(),
    poll_options: eventFields.shape.poll_options.unwrap().default([]),
  })
  .superRefine((e, ctx) => {
    if (e.kind === 'poll' && e.poll_options.length < 2) ctx.addIssue({ code: 'custom', path: ['poll_options'], message: 'a poll needs at least 2 answers' });
  });

export const createPresetBody = z.object({
  preset: z.object({
    name: createTagBody.shape.onboarding_tag.shape.name,
    description: z.string().trim().max(500, 'must be at most 500 characters').default(''),
    category_id: id,
    flow_types: z.array(flowType, { error: 'choose at least one flow type' }).min(1, 'choose at least one flow type'),
    events: z.array(presetEventFields, { error: 'a preset needs at least one event' }).min(1, 'a preset needs at least one event').max(30, 'a preset has at most 30 events'),
  }),
});
