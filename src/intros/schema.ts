import { z } from 'zod';
import { channelId, localDate } from '../http/fields.js';
import { CALENDAR_SELECTIONS, HRIS_GROUPINGS, INTRO_TYPES, PAIRING_TYPES, VIDEO_PLATFORMS } from './settings-rules.js';
import { id } from '../http/ids.js';
import type { MemberStatus } from './api-types.js';

export const icebreakerParams = z.object({ id: id, icebreakerId: id });

const settingsShape = {
  pairing_type: z.enum(PAIRING_TYPES),
  group_size: z.coerce.number().int().min(2, 'must be at least 2').max(8, 'must be at most 8'),
  enforce_group_size: z.boolean(),
  claiming_allowed: z.boolean(),
  period: z.coerce.number().int().min(0, 'must be 0 or more weeks').max(12, 'must be at most 12 weeks'),
  weekday: z.coerce.number().int().min(1, 'must be 1 (Monday) to 7 (Sunday)').max(7, 'must be 1 (Monday) to 7 (Sunday)'),
  occurrence_hour: z.coerce.number().int().min(0, 'must be an hour from 0 to 23').max(23, 'must be an hour from 0 to 23'),
  next_fixed_meeting_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-03-10').nullable(),
  next_fixed_meeting_time: z.string().regex(/^\d{1,2}:\d{2}(:\d{2})?$/, 'must be a time like 10:00').nullable(),
  calendar_scheduling_selection: z.enum(CALENDAR_SELECTIONS),
  video_platform: z.enum(VIDEO_PLATFORMS),
  intro_message: z.string().max(2000, 'must be at most 2000 characters'),
  default_intro_type: z.enum(INTRO_TYPES),
  is_active: z.boolean(),
  tz: z.string().min(1),
  categories: z
    .array(z.object({ id: id.optional(), name: z.string().trim().min(1, 'needs a name').max(75, 'must be at most 75 characters') }))
    .max(50, 'at most 50 categories'),
  lottery_fixed_member_ids: z.array(id).max(2, 'at most 2 people'),
  hris_groups: z.enum(HRIS_GROUPINGS, { error: `must be one of ${HRIS_GROUPINGS.join(', ')}` }),
};

const settingsPatch = z.object(settingsShape).partial().strict();

/** Settings at the top level or under `coffee_configuration` (both; the nested ones win). */
export const updateConfigBody = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const { coffee_configuration: nested, ...top } = raw as Record<string, unknown>;
  return { ...top, ...(nested && typeof nested === 'object' ? (nested as Record<string, unknown>) : {}) };
}, settingsPatch);
export type UpdateConfigBody = z.infer<typeof settingsPatch>;

/** POST /coffee/preview_as_json: a new program's first intro, from a template (and its channel once chosen). */
export const newProgramPreviewBody = z.object({
  template_id: z.string().min(1, 'choose a template'),
  channel_id: channelId('choose a channel').optional(),
});

/** Whose status a body of update_users_status changes, read (and authorised) before the rest of it. */
export const updateUsersStatusSubject = z.object({ user_uids: z.array(z.string()).min(1) });
export const updateUsersStatusBody = z
  .object({
    user_uids: z.array(z.string().regex(/^[UW][A-Z0-9]+$/, 'must be Slack user ids')).min(1, 'choose at least one person').max(500),
    status: z.enum(['active', 'snoozed', 'opted_out']),
    coffee_configuration_id: id.optional(),
    days_to_snooze: z.coerce.number().int().min(1, 'must be 1 to 365 days').max(365, 'must be 1 to 365 days').optional(),
  })
  .refine((b) => b.status !== 'snoozed' || b.days_to_snooze !== undefined, { path: ['days_to_snooze'], message: 'is required to snooze' });

export const destroyGhostsBody = z.object({ page: z.coerce.number().int().min(1).max(10_000).optional() });

export const createIcebreakerBody = z.object({
  icebreaker: z.union([
    z.object({ question: z.string().trim().min(3, 'must be at least 3 characters').max(300, 'must be at most 300 characters'), theme: z.string().trim().min(1).max(40).default('custom') }),
    z.object({ library_key: z.string().min(1).max(40) }),
  ]),
});

export const updateIcebreakerBody = z.object({
  icebreaker: z
    .object({ active: z.boolean().optional(), question: z.string().trim().min(3).max(300).optional() })
    .refine((v) => v.active !== undefined || v.question !== undefined, { message: 'send active or question' }),
});

export const meetingStateBody = z.object({
  state: z.enum(['pending', 'met', 'not_yet', 'skipped', 'cancelled']),
});

export const teamBody = z.object({
  team: z.object({ pairing_welcome_message: z.string().max(3000, 'must be at most 3000 characters').nullable() }),
});

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-03-10');
export const pairingShowQuery = z.object({ start: date.optional(), end: date.optional(), start_date: date.optional(), end_date: date.optional() });

/** People or groups a page of the Intros page's lists holds unless `per` says otherwise. */
export const PER_PAGE = 50;
const listQuery = {
  page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100_000, 'must be at most 100000').default(1),
  per: z.coerce.number().int('must be a whole number').min(1, 'must be 1 to 100').max(100, 'must be 1 to 100').default(PER_PAGE),
  query: z.string('must be one piece of text').trim().max(100, 'must be at most 100 characters').default(''),
};
const MEMBER_FILTERS = ['all', 'active', 'snoozed', 'opted_out', 'ghost', 'ineligible'] as const satisfies ReadonlyArray<MemberStatus | 'all'>;
export const membersQuery = z.object({ ...listQuery, status: z.enum(MEMBER_FILTERS).default('all') });
export type MembersQuery = z.infer<typeof membersQuery>;
export const groupsQuery = z.object({ ...listQuery, round_id: id.optional() });
export type GroupsQuery = z.infer<typeof groupsQuery>;

/** /users/{id}/snooze_intros and /users/{id}/incompatible_pairs: the member is the path's id (their own). */
export const memberPathParams = z.object({ id: id });

export const snoozeBulkUpdateBody = z.object({ end_date: localDate });

export const avoidListBody = z.object({
  invalid_partner_uids: z.array(z.string().regex(/^[UW][A-Z0-9]+$/, 'must be Slack user ids')).max(200),
});
