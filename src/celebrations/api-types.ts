// The JSON the Celebrations pages read, shared by the server and web/ (type-only imports of shared types).
import type { ProgramJson } from '../programs/api-types.js';

export type ScheduleType = 'birthday' | 'anniversary' | 'custom';
export type WeekendPolicy = 'friday_before' | 'on_the_day' | 'monday_after';
export type LeapPolicy = 'feb28' | 'mar1';
export type ImportState = 'needs_processing' | 'uploaded' | 'failed_processing';

/** The free plan's custom-date allowance as the pages show it. */
export interface CustomAllowanceJson {
  paid: boolean;
  /** null: no limit (premium or a running trial). */
  custom_limit: number | null;
  custom_active: number;
}

export interface CelebrationSettingsJson {
  id: number;
  birthdays_enabled: boolean;
  anniversaries_enabled: boolean;
  custom_enabled: boolean;
  posting_hour: number;
  post_minute: number;
  time_zone: string;
  weekend_policy: WeekendPolicy;
  leap_day_policy: LeapPolicy;
  birthday_template: string;
  anniversary_template: string;
  /** The shipped image each kind of post carries (an id of `image_choices`), null for none. */
  images: Record<ScheduleType, string | null>;
  next_run_at: string | null;
}

/** One of the shipped images admins choose from. */
export interface CelebrationImageJson {
  id: string;
  type: ScheduleType;
  label: string;
  alt: string;
  url: string;
}

/** A message exactly as Slack gets it: the fallback text and the Block Kit blocks. */
export interface SlackMessageJson {
  text: string;
  blocks: Array<Record<string, unknown>>;
}

/**
 * POST /celebrations/{id}/preview_as_json: built by the same builder that posts, from the saved settings or the
 * unsaved ones sent. `next` is the next day's post as it stands; `samples` one of each kind, celebrating the
 * viewer; `ask` the ask-for-dates DM; `user_names` names the people the messages mention.
 */
export interface CelebrationPreviewJson {
  next: (SlackMessageJson & { post_on: string; posts_at: string }) | null;
  samples: Record<ScheduleType, SlackMessageJson>;
  /** The DM that asks people for their dates, as they get it from this viewer. */
  ask: SlackMessageJson;
  user_names: Record<string, string>;
}

/** GET /celebrations/{id} (and the answer of PUT /celebrations/{id}/update_as_json). */
export interface CelebrationAnswer {
  program: ProgramJson;
  celebration: CelebrationSettingsJson;
  default_templates: Record<ScheduleType, string>;
  can_change_leap_day_policy: boolean;
  plan: CustomAllowanceJson;
  image_choices: CelebrationImageJson[];
}

export interface ScheduleJson {
  celebration_schedule_id: number | null;
  celebration_program_id: number;
  schedule_type: ScheduleType;
  user_id: number | null;
  slack_user_id: string | null;
  name: string | null;
  avatar_url: string | null;
  /** Birthday: "MM-DD" (the year is private and never leaves the server). Anniversary: "YYYY-MM-DD". Custom: "MM-DD". */
  date: string | null;
  display_date: string | null;
  /** Custom dates: the first year, for {years}. */
  year: number | null;
  title: string | null;
  message: string | null;
  included: boolean;
  source: string | null;
}

/** GET /celebration_schedules/index_as_json: people's dates carry counts, custom dates the plan's allowance. */
export interface ScheduleIndex {
  schedules: ScheduleJson[];
  counts?: { members: number; with_date: number; missing: number };
  limit?: CustomAllowanceJson;
}

/** GET /celebrations/{id}/events/index_as_json */
export interface EventJson {
  key: string;
  type: ScheduleType;
  post_on: string;
  occurs_on: string;
  posts_at: string;
  shifted: boolean;
  posted: boolean;
  user_id: number | null;
  slack_user_id: string | null;
  name: string | null;
  avatar_url: string | null;
  title: string | null;
  years: number | null;
}

export interface EventsJson {
  days: number;
  events: EventJson[];
}

export interface ImportRowError {
  /** The line in the file (the header is line 1). */
  row: number;
  email: string;
  field: 'email' | 'birthday' | 'start_date' | 'row';
  message: string;
}

export interface ImportSummary {
  rows: number;
  imported_rows: number;
  birthdays: number;
  anniversaries: number;
  error_rows: number;
  empty_rows?: number;
  formats?: { birthday: string; start_date: string };
}

/** POST /celebrations/import_dates_as_json, GET /asset_imports/{id}/show_as_json */
export interface ImportJson {
  id: number;
  program_id: number;
  program_type: string;
  state: ImportState;
  file_name: string;
  file_size: number;
  errors: ImportRowError[];
  summary: Partial<ImportSummary> & { error?: string };
  created_at: string;
}

/** GET /upcoming_new_hires */
export interface NewHireJson {
  /** Null for someone the HR system or applicant tracking reports who is not in Slack yet. */
  user_id: number | null;
  slack_user_id: string | null;
  name: string | null;
  avatar_url: string | null;
  start_date: string;
  days_until: number;
  /** Where the start date comes from: Slack members' dates ('slack'), or the HR system / applicant tracking for people not in Slack yet. */
  source: 'slack' | 'hris' | 'ats';
  /** The HR data of someone not in Slack yet (null for members). */
  email: string | null;
  department: string | null;
  location: string | null;
  job_title: string | null;
}

export interface NewHiresJson {
  days: number;
  new_hires: NewHireJson[];
}

/** GET /celebration_schedules/my_schedules */
export interface MyScheduleJson {
  celebration_type: 'birthday' | 'anniversary';
  celebration_schedule_id: number | null;
  date: string | null;
  display_date: string | null;
  /** A private birth year is on file (never shown). */
  has_year: boolean;
  available_channels: Array<{ uid: string; name: string }>;
  selected_channel_ids: string[];
}
