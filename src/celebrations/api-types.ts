// The JSON the Celebrations pages read, shared by the server and web/.
import { z } from 'zod';
import { programJson } from '../programs/api-types.js';
import { int } from '../http/fields.js';

export const SCHEDULE_TYPES = ['birthday', 'anniversary', 'custom'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];
export const WEEKEND_POLICIES = ['friday_before', 'on_the_day', 'monday_after'] as const;
export type WeekendPolicy = (typeof WEEKEND_POLICIES)[number];
export const LEAP_POLICIES = ['feb28', 'mar1'] as const;
export type LeapPolicy = (typeof LEAP_POLICIES)[number];
export const IMPORT_STATES = ['needs_processing', 'uploaded', 'failed_processing'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

const scheduleType = z.enum(SCHEDULE_TYPES);
/** One value per kind of date (zod's record over an enum wants every key). */
const perType = <T extends z.ZodType>(value: T) => z.record(scheduleType, value);

/** The free plan's custom-date allowance as the pages show it. */
export const customAllowanceJson = z.object({
  paid: z.boolean(),
  /** null: no limit (premium or a running trial). */
  custom_limit: int.nullable(),
  custom_active: int,
});
export type CustomAllowanceJson = z.infer<typeof customAllowanceJson>;

export const celebrationSettingsJson = z.object({
  id: int,
  birthdays_enabled: z.boolean(),
  anniversaries_enabled: z.boolean(),
  custom_enabled: z.boolean(),
  posting_hour: int,
  post_minute: int,
  time_zone: z.string(),
  weekend_policy: z.enum(WEEKEND_POLICIES),
  leap_day_policy: z.enum(LEAP_POLICIES),
  birthday_template: z.string(),
  anniversary_template: z.string(),
  /** The shipped image each kind of post carries (an id of `image_choices`), null for none. */
  images: perType(z.string().nullable()),
  next_run_at: z.string().nullable(),
});
export type CelebrationSettingsJson = z.infer<typeof celebrationSettingsJson>;

/** One of the shipped images admins choose from. */
export const celebrationImageJson = z.object({ id: z.string(), type: scheduleType, label: z.string(), alt: z.string(), url: z.string() });
export type CelebrationImageJson = z.infer<typeof celebrationImageJson>;

/** A message exactly as Slack gets it: the fallback text and the Block Kit blocks. */
export const slackMessageJson = z.object({ text: z.string(), blocks: z.array(z.record(z.string(), z.unknown())) });
export type SlackMessageJson = z.infer<typeof slackMessageJson>;

/**
 * POST /celebrations/{id}/preview_as_json: built by the same builder that posts, from the saved settings or the
 * unsaved ones sent. `next` is the next day's post as it stands; `samples` one of each kind, celebrating the
 * viewer; `ask` the ask-for-dates DM; `user_names` names the people the messages mention.
 */
export const celebrationPreviewJson = z.object({
  next: slackMessageJson.extend({ post_on: z.string(), posts_at: z.string() }).nullable(),
  samples: perType(slackMessageJson),
  /** The DM that asks people for their dates, as they get it from this viewer. */
  ask: slackMessageJson,
  user_names: z.record(z.string(), z.string()),
});
export type CelebrationPreviewJson = z.infer<typeof celebrationPreviewJson>;

/** GET /celebrations/{id} (and the answer of PUT /celebrations/{id}/update_as_json). */
export const celebrationAnswer = z
  .object({
    program: programJson,
    celebration: celebrationSettingsJson,
    default_templates: perType(z.string()),
    can_change_leap_day_policy: z.boolean(),
    plan: customAllowanceJson,
    image_choices: z.array(celebrationImageJson),
  })
  .meta({ id: 'Celebration' });
export type CelebrationAnswer = z.infer<typeof celebrationAnswer>;

export const scheduleJson = z.object({
  celebration_schedule_id: int.nullable(),
  celebration_program_id: int,
  schedule_type: scheduleType,
  user_id: int.nullable(),
  slack_user_id: z.string().nullable(),
  name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** Birthday: "MM-DD" (the year is private and never leaves the server). Anniversary: "YYYY-MM-DD". Custom: "MM-DD". */
  date: z.string().nullable(),
  display_date: z.string().nullable(),
  /** Custom dates: the first year, for {years}. */
  year: int.nullable(),
  title: z.string().nullable(),
  message: z.string().nullable(),
  included: z.boolean(),
  source: z.string().nullable(),
});
export type ScheduleJson = z.infer<typeof scheduleJson>;

/** GET /celebration_schedules/index_as_json: people's dates carry counts, custom dates the plan's allowance. */
export const scheduleIndex = z.object({
  schedules: z.array(scheduleJson),
  counts: z.object({ members: int, with_date: int, missing: int }).optional(),
  limit: customAllowanceJson.optional(),
});
export type ScheduleIndex = z.infer<typeof scheduleIndex>;

/** GET /celebrations/{id}/events/index_as_json */
export const eventJson = z.object({
  key: z.string(),
  type: scheduleType,
  post_on: z.string(),
  occurs_on: z.string(),
  posts_at: z.string(),
  shifted: z.boolean(),
  posted: z.boolean(),
  user_id: int.nullable(),
  slack_user_id: z.string().nullable(),
  name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  title: z.string().nullable(),
  years: int.nullable(),
});
export type EventJson = z.infer<typeof eventJson>;

export const eventsJson = z.object({ days: int, events: z.array(eventJson) });
export type EventsJson = z.infer<typeof eventsJson>;

export const importRowError = z.object({
  /** The line in the file (the header is line 1). */
  row: int,
  email: z.string(),
  field: z.enum(['email', 'birthday', 'start_date', 'row']),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

export const importSummary = z.object({
  rows: int,
  imported_rows: int,
  birthdays: int,
  anniversaries: int,
  error_rows: int,
  empty_rows: int.optional(),
  formats: z.object({ birthday: z.string(), start_date: z.string() }).optional(),
});
export type ImportSummary = z.infer<typeof importSummary>;

/** POST /celebrations/import_dates_as_json, GET /asset_imports/{id}/show_as_json */
export const importJson = z
  .object({
    id: int,
    program_id: int,
    program_type: z.string(),
    state: z.enum(IMPORT_STATES),
    file_name: z.string(),
    file_size: int,
    errors: z.array(importRowError),
    summary: importSummary.partial().extend({ error: z.string().optional() }),
    created_at: z.string(),
  })
  .meta({ id: 'DatesImport' });
export type ImportJson = z.infer<typeof importJson>;

/** GET /upcoming_new_hires */
export const newHireJson = z.object({
  /** Null for someone the HR system or applicant tracking reports who is not in Slack yet. */
  user_id: int.nullable(),
  slack_user_id: z.string().nullable(),
  name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  start_date: z.string(),
  days_until: int,
  /** Where the start date comes from: Slack members' dates ('slack'), or the HR system / applicant tracking for people not in Slack yet. */
  source: z.enum(['slack', 'hris', 'ats']),
  /** The HR data of someone not in Slack yet (null for members). */
  email: z.string().nullable(),
  department: z.string().nullable(),
  location: z.string().nullable(),
  job_title: z.string().nullable(),
});
export type NewHireJson = z.infer<typeof newHireJson>;

export const newHiresJson = z.object({ days: int, new_hires: z.array(newHireJson) });
export type NewHiresJson = z.infer<typeof newHiresJson>;

/** GET /celebration_schedules/my_schedules */
export const myScheduleJson = z.object({
  celebration_type: z.enum(['birthday', 'anniversary']),
  celebration_schedule_id: int.nullable(),
  date: z.string().nullable(),
  display_date: z.string().nullable(),
  /** A private birth year is on file (never shown). */
  has_year: z.boolean(),
  available_channels: z.array(z.object({ uid: z.string(), name: z.string() })),
  selected_channel_ids: z.array(z.string()),
});
export type MyScheduleJson = z.infer<typeof myScheduleJson>;
