// The JSON the Journeys pages read and send, shared by the server and web/ (type-only imports).
// Field names follow the specs (programs.md §3 and §7, journeys.md §3 and §7): tags are journeys, schedule
// events are a journey's scheduled items, sessions are one participant's run of a journey.
//
// Paths: {flow} is the journey's route_flow_type: 'onboarding' for onboarding journeys, 'participants' for the
// others (events, mentorship, training, offboarding, other). Every id is a positive integer. Browser navigations
// get the page; the same path asked for JSON answers with the types below.

import type { Delivery } from '../outbox/api-types.js';

// ---------------------------------------------------------------------------------------------------------------
// Flow types and roles

export type FlowType = 'onboarding' | 'events' | 'mentorship' | 'training' | 'offboarding' | 'other';
export const FLOW_TYPES: readonly FlowType[] = ['onboarding', 'events', 'mentorship', 'training', 'offboarding', 'other'];
export type RouteFlowType = 'onboarding' | 'participants';

/** journeys.md §3 "Flow type". */
export interface FlowTypeJson {
  flow_type: FlowType;
  label: string;
  routeResource: RouteFlowType;
  is_onboarding: boolean;
  /** "New hires" for onboarding, "Participants" otherwise. */
  primaryRolePlural: string;
}

/** What a role does in a journey. `primary` is the new hire (onboarding) or the participant (other flows). */
export type RolePurpose = 'primary' | 'manager' | 'buddy' | 'mentor' | 'people_team' | 'it' | 'other';

/** journeys.md §3 "Role": roles belong to the workspace and are shared by its journeys. */
export interface RoleJson {
  id: number;
  purpose: RolePurpose;
  primary: boolean;
  name: string;
  plural_name: string;
}

/**
 * How a role's member is found when someone is enrolled (journeys.md §6): a specific user, selected by another
 * role's member or by a given user, picked from a channel's members, or left to whoever enrols ('manual').
 */
export type RoleSelectionMethod = 'specific_user' | 'selected_by_role' | 'selected_by_user' | 'from_channel' | 'manual';

export interface RoleSelectionSetting {
  method: RoleSelectionMethod;
  /** specific_user: the member (members.id). */
  user_id?: number | null;
  /** selected_by_user: the member who selects (members.id). */
  selector_id?: number | null;
  /** selected_by_role: the role whose member selects. */
  selector_role_id?: number | null;
  /** from_channel: the Slack channel whose members are picked from. */
  channel_id?: string | null;
}

/** Keyed by role id (as a string, JSON's only key type). */
export type RoleSelectionSettings = Record<string, RoleSelectionSetting>;

/** A person as the pages show them. */
export interface PersonJson {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url: string | null;
  tz: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Journeys (tags)

/** What the free plan allows, for the upgrade hints (null: no limit). */
export interface JourneyLimitsJson {
  paid: boolean;
  /** Journeys running at once (not archived). */
  journeys: number | null;
  journeys_active: number;
  /** Active messages in one journey. */
  journey_messages: number | null;
}

/** What happens to events whose day is already past when someone is enrolled with a start date in the past. */
export type PastStartPolicy = 'catch_up' | 'skip';

/** journeys.md §3 "Tag (journey)". */
export interface TagJson {
  id: number;
  name: string;
  flow_type: FlowType;
  route_flow_type: RouteFlowType;
  /** The roles the journey uses (its primary role first). */
  roleIds: number[];
  role_selection_settings: RoleSelectionSettings;
  /** Members who may edit this journey besides admins. */
  permission_users: PersonJson[];
  /** Roles its active events are sent to or are about. */
  involved_roles: RoleJson[];
  archived: boolean;
  /** The channel channel-posts go to (POST /onboarding/tags channel_id). */
  channel_id: string | null;
  auto_enroll: boolean;
  past_start_policy: PastStartPolicy;
  preset_bundle_id: number | null;
  /** Participants starting together share a cohort channel. */
  cohort_channels: boolean;
  /** Members may join it themselves (its link, `/hearth join`, the Home tab). */
  self_enroll: boolean;
  num_events: number;
  num_active_events: number;
  num_sessions: number;
  num_active_sessions: number;
  created_at: string;
}

/** GET /onboarding/tags (query ignore_flow_typable_scope, show_archived_tags) and GET /participants/tags. */
export interface TagsIndex {
  /** Each with whether the signed-in member may change it (admins, its creator, its permission users). */
  tags: Array<TagJson & { can_edit: boolean }>;
  flow_types: FlowTypeJson[];
  limits: JourneyLimitsJson;
}

/**
 * POST /onboarding/tags, multipart form or JSON: channel_id, onboarding_tag[name], onboarding_tag[flow_type],
 * onboarding_tag[preset_bundle_id], onboarding_tag[preset_ids][] (or a comma list), onboarding_tag[auto_enroll], source.
 */
export interface CreateTagBody {
  channel_id?: string | null;
  onboarding_tag: {
    name: string;
    flow_type: FlowType;
    preset_bundle_id?: number | null;
    preset_ids?: number[];
    auto_enroll?: boolean;
  };
  /** Where the create came from: 'one_click', 'hris_one_click_onboarding', 'bundle_wizard', 'blank', … */
  source?: string;
}

export interface CreateTagAnswer {
  tag: TagJson;
  /** The journey's page: /{flow}/tags/{id}. */
  redirect_url: string;
  events: ScheduleEventJson[];
  new_roles: RoleJson[];
}

/** GET /{flow}/tags/{id}: the journey page. */
export interface TagDetail {
  tag: TagJson;
  flow_type: FlowTypeJson;
  roles: RoleJson[];
  /** Every event of the journey, active or not, ordered by day then minute. */
  events: ScheduleEventJson[];
  limits: JourneyLimitsJson;
  /** Whether this member may run it (admins, its creator, its permission users): the page shows its tabs only then. */
  can_edit: boolean;
}

/** GET /{flow}/tags/{id}/fetch_roles_as_json */
export interface TagRolesAnswer {
  roleIds: number[];
  roles: RoleJson[];
  role_selection_settings: RoleSelectionSettings;
}

export interface RoleAnswer {
  role: RoleJson;
}

/** DELETE /onboarding/roles/{id}?tag_id=: the delete-role modal. Takes the role out of that journey (or of every journey without tag_id). */
export interface DeleteRoleAnswer {
  id: number;
  /** The journeys it was taken out of. */
  removed_from: number[];
  /** True when nothing used it any more, so the role itself is gone. */
  deleted: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Schedule events

/** The kinds of scheduled item. */
export type EventKind = 'message' | 'task' | 'poll' | 'intro' | 'channel_post' | 'cohort_message';
export const EVENT_KINDS: readonly EventKind[] = ['message', 'task', 'poll', 'intro', 'channel_post', 'cohort_message'];

/** programs.md §4: role, channel or cohortChannel. channel and cohortChannel make it a messaging event. */
export type RecipientType = 'role' | 'channel' | 'cohortChannel';
export type EventType = 'messaging' | 'task' | 'poll' | 'intro';

/** programs.md §3 "Onboarding schedule event". */
export interface ScheduleEventJson {
  id: number;
  type: 'OnboardingScheduleEvent';
  kind: EventKind;
  active: boolean;
  /** Off only because the free plan's message limit was reached when the journey was built: POST …/turn_on_held_messages turns these on after an upgrade. */
  held_by_plan: boolean;
  /** Work days (Mon–Fri) from the start date: 0 is the first day, -5 a week before, 4 the first Friday. */
  days_later: number;
  /** Local time in the recipient's zone, minutes after midnight (540 = 9:00). */
  minute_in_day: number;
  recipient_type: RecipientType;
  /** The recipient role (recipient_type role); null for channel posts. */
  role: number | null;
  /** Roles the event is about: intro by role introduces these roles' members to the recipient. */
  role_ids: number[];
  tag_ids: number[];
  /** The channel of a channel post (recipient_type channel). */
  channel_id: string | null;
  channel_send: boolean;
  batch_channel_send: boolean;
  event_type: EventType;
  /** A heading on the calendar (the preset's name, or a free label). */
  group: string | null;
  title: string;
  /** Slack mrkdwn; {first_name}, {name}, {start_date}, {manager}, {journey} are filled in when sent; mentions and links as `{@U…}`, `[text](https://…)` (docs/architecture.md, "Text in Slack"). */
  text: string;
  /** Polls: the answers (2 to 10). */
  poll_options: string[];
  /** The preset this event came from, if any. */
  preset_id: number | null;
  /** For a journey's list; in the dry run and on sessions, the computed local date. */
  occurs_on: string | null;
  skipped: boolean;
  /** Can be sent now by hand (trigger). */
  manually_sendable: boolean;
  updated_at: string;
}

/** PUT /{flow}/events/{id} {onboarding_schedule_event: …}: edit, deactivate (active false), reschedule. */
export interface UpdateEventBody {
  onboarding_schedule_event: Partial<{
    kind: EventKind;
    active: boolean;
    days_later: number;
    minute_in_day: number;
    recipient_type: RecipientType;
    role: number | null;
    role_ids: number[];
    channel_id: string | null;
    group: string | null;
    title: string;
    text: string;
    poll_options: string[];
  }>;
}

/** PUT /{flow}/events/{id}, POST …/duplicate_as_json, POST …/add_event, POST /{flow}/tags/{tagId}/events. */
export interface EventAnswer {
  event: ScheduleEventJson;
}

/** POST /{flow}/tags/{tagId}/events/{id}/send_test: the event is sent to the admin themselves, as a DM. */
export interface SendTestAnswer {
  ok: true;
  sent_to: string;
  /** The Block Kit preview of what was sent. */
  preview: MessagePreviewJson;
}

/** The building-block preview: what a Slack message will look like. */
export interface MessagePreviewJson {
  text: string;
  blocks: unknown[];
  /** The editor's previews: the people the message mentions, by Slack id, named as the pages name people. */
  user_names?: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------------------------
// Presets, categories, bundles, prebuilt journeys (a shipped library)

export interface PresetCategoryJson {
  id: number;
  name: string;
  description: string;
  flow_types: FlowType[];
  num_presets: number;
}

/** One event of a library preset (no journey yet, roles by purpose). */
export interface PresetEventJson {
  id: number;
  preset_id: number;
  kind: EventKind;
  days_later: number;
  minute_in_day: number;
  recipient_type: RecipientType;
  /** The recipient role's purpose. */
  recipient_purpose: RolePurpose | null;
  /** Intros: the purposes of the roles introduced. */
  about_purposes: RolePurpose[];
  title: string;
  text: string;
  poll_options: string[];
  /** Used in a journey (tag presets only): an active event of the journey came from it. */
  in_use?: boolean;
}

export interface InvolvedRoleJson {
  /** The journey's role id when shown for a journey; null in the library. */
  id: number | null;
  purpose: RolePurpose;
  name: string;
  plural_name: string;
}

/** programs.md §3 "Preset". */
export interface PresetJson {
  id: number;
  category_id: number;
  name: string;
  description: string;
  flow_types: FlowType[];
  involvedRoles: InvolvedRoleJson[];
  events: PresetEventJson[];
  /** The workspace's own preset (made on /onboarding/presets/new), not the shipped library's. */
  custom?: boolean;
  /** For a journey: added (any of its events active). */
  selected?: boolean;
  /** For a journey: one of its events was changed after it was added. */
  edited?: boolean;
}

/** GET /onboarding/preset_categories */
export interface PresetCategoriesIndex {
  preset_categories: PresetCategoryJson[];
}
/** GET /onboarding/preset_categories/{id} */
export interface PresetCategoryAnswer {
  preset_category: PresetCategoryJson;
  presets: PresetJson[];
}
/** GET /onboarding/presets (query flow_type, category_id) */
export interface PresetsIndex {
  presets: PresetJson[];
  preset_categories: PresetCategoryJson[];
}
/** GET /onboarding/presets/{id} and /onboarding/presets/{id}/events */
export interface PresetAnswer {
  preset: PresetJson;
}
/** GET /onboarding/presets/{presetId}/events/{id} */
export interface PresetEventAnswer {
  event: PresetEventJson;
  preset: PresetJson;
}

/** GET /onboarding/tags/{id}/presets and /onboarding/tags/{tagId}/presets/{presetId} */
export interface TagPresetsIndex {
  tag: TagJson;
  presets: PresetJson[];
  preset_categories: PresetCategoryJson[];
}

/**
 * The answer: adding gives the journey's events made or re-activated from the preset, the roles involved and any
 * roles created for it; removing gives the ids of the events deactivated. Both give the preset's new state.
 */
export interface TogglePresetAnswer {
  preset: PresetJson;
  events?: ScheduleEventJson[];
  involved_roles?: RoleJson[];
  new_roles?: RoleJson[];
  removed_event_ids?: number[];
}

/** journeys.md §3 "Preset bundle": presets with the span of their events. */
export interface PresetBundlePresetJson {
  id: number;
  name: string;
  active: boolean;
  involved_roles: InvolvedRoleJson[];
  earliest_day: number;
  latest_day: number;
  num_events: number;
  events: Array<PresetEventJson & { requirements: string[] }>;
}

export interface PresetBundleJson {
  id: number;
  name: string;
  description: string;
  flow_type: FlowType;
  presets: PresetBundlePresetJson[];
}

/** GET /onboarding/preset_bundles (query flow_type) */
export interface PresetBundlesIndex {
  preset_bundles: PresetBundleJson[];
}
/** GET /onboarding/preset_bundles/{id} */
export interface PresetBundleAnswer {
  preset_bundle: PresetBundleJson;
}

export type QuickSetupType = 'one_click_onboarding' | 'hris_one_click_onboarding' | 'mentorship' | 'training' | 'offboarding';

export interface PrebuiltJourneyJson {
  id: number;
  name: string;
  description: string;
  flow_type: FlowType;
  quick_setup_types: QuickSetupType[];
  preset_bundle_id: number;
  preset_ids: number[];
  num_events: number;
}

/** GET /prebuilt_journeys?quick_setup_type= */
export interface PrebuiltJourneysIndex {
  prebuilt_journeys: PrebuiltJourneyJson[];
}

// ---------------------------------------------------------------------------------------------------------------
// Sessions and session events

export type SessionState = 'active' | 'finished' | 'cancelled';
export type SessionEventState = 'pending' | 'sending' | 'sent' | 'skipped' | 'deleted';

export interface MembershipJson {
  id: number;
  role_id: number;
  user: PersonJson | null;
  role_selection: { selector_id?: number | null; selector_role_id?: number | null; channel_id?: string | null } | null;
}

/** journeys.md §3 "Session event" (with what the session page shows). */
export interface SessionEventJson {
  id: number;
  session_id: number;
  event_id: number;
  kind: EventKind;
  title: string;
  active: boolean;
  state: SessionEventState;
  /** Local date it happens on. */
  occurs_on: string;
  minute_in_day: number;
  /** The instant it is next due (the earliest of its recipients' local times). */
  occurs_at: string;
  /** Moved by hand (PUT occurs_at): later journey changes keep the new date. */
  rescheduled: boolean;
  triggering: boolean;
  sent_at: string | null;
  /**
   * What really happened to its messages (the outbox's state, the most urgent of its recipients'): "Sent" only
   * once Slack accepted them. Null until it is written for sending.
   */
  delivery: Delivery | null;
}

export interface SessionJson {
  id: number;
  tag_id: number;
  start_date: string;
  time_zone: string;
  /** 'sync': the participant's Slack zone (followed when it changes); 'explicit': set at enrolment. */
  time_zone_source: 'sync' | 'explicit';
  state: SessionState;
  past_start_policy: PastStartPolicy;
  participant: PersonJson | null;
  memberships: MembershipJson[];
  session_events: SessionEventJson[];
  cohort_id: number | null;
  is_sandbox: boolean;
  created_at: string;
}

/** GET /{flow}/tags/{id}/sessions (query state: active | finished | all) */
export interface SessionsIndex {
  sessions: SessionJson[];
}

// ---------------------------------------------------------------------------------------------------------------
// Tasks and polls

export type TaskState = 'incomplete' | 'complete';
/** Where an answer came from. */
export type AnswerSource = 'slack' | 'site' | 'admin';

export interface TaskAssignmentJson {
  id: number;
  session_id: number;
  session_event_id: number;
  title: string;
  text: string;
  state: TaskState;
  assignee: PersonJson | null;
  completed_at: string | null;
  source: AnswerSource | null;
  reminders_sent: number;
}

export interface PollResponseJson {
  id: number;
  session_id: number;
  session_event_id: number;
  question: string;
  options: string[];
  answer_index: number | null;
  respondent: PersonJson | null;
  answered_at: string | null;
  source: AnswerSource | null;
}

/** GET /onboarding/action_items: the signed-in member's open tasks and polls. */
export interface ActionItemsAnswer {
  task_assignments: TaskAssignmentJson[];
  poll_responses: PollResponseJson[];
}

// ---------------------------------------------------------------------------------------------------------------
// The dry run

/**
 * GET /{flow}/tags/{id}/dry_run: either user_id (an enrolled or would-be participant: their zone, today's date or
 * their session's start date) or start_date + time_zone (hypothetical). Every active event, computed by the same
 * schedule code that sends them.
 */
export interface DryRunQuery {
  user_id?: number;
  start_date?: string;
  time_zone?: string;
}

export interface DryRunItem {
  event_id: number;
  /** The participant's own session event (null for a would-be participant). */
  session_event_id: number | null;
  /** 'planned' for a would-be participant; else the session event's state. */
  state: 'planned' | SessionEventState;
  /** Why it was skipped ('inactive', 'past', 'missing_role' …) or 'catch_up' (a late start's overdue message, re-timed). */
  note: string | null;
  /** Moved from the journey's own day and time (by hand, or caught up). */
  rescheduled: boolean;
  kind: EventKind;
  title: string;
  /** The text as it would be sent, placeholders filled for this participant. */
  text: string;
  recipient_type: RecipientType;
  /** "New hire", "Manager", "#general", "Cohort channel". */
  recipient_label: string;
  role_id: number | null;
  days_later: number;
  /** Local date and time in the recipient's zone (when it was sent, for one sent). */
  occurs_on: string;
  minute_in_day: number;
  local_time: string;
  time_zone: string;
  /** The instant, ISO: when it was sent, or will be. */
  at: string;
  /** ISO weekday 1..5 (weekends are skipped). */
  weekday: number;
  /** Already past for a start date in the past (caught up at enrolment or skipped, per the journey). */
  past: boolean;
  /** The Slack message as it will be sent (the builder that sends it). */
  preview: MessagePreviewJson;
}

export interface DryRunAnswer {
  start_date: string;
  time_zone: string;
  participant: PersonJson | null;
  past_start_policy: PastStartPolicy;
  /** The participant's session this calendar is read from (null: a would-be participant's plan). */
  session_id: number | null;
  items: DryRunItem[];
}

/** POST /{flow}/tags/{id}/try_in_sandbox: enrols a sandbox person starting on the next work day. */
export interface TryInSandboxAnswer {
  session: SessionJson;
  /** The sandbox page, where the clock can be advanced. */
  sandbox_url: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Journey home

/** GET /onboarding: the journey home. */
export interface JourneyHomeAnswer {
  flow_types: FlowTypeJson[];
  tags: TagJson[];
  limits: JourneyLimitsJson;
  open_action_items: number;
  upcoming_sessions: SessionJson[];
}
