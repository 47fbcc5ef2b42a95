// The JSON the Journeys pages read and send, shared by the server and web/ (type-only imports).
// Field names follow the specs (programs.md §3 and §7, journeys.md §3 and §7): tags are journeys, schedule
// events are a journey's scheduled items, sessions are one participant's run of a journey.
//
// Paths: {flow} is the journey's route_flow_type: 'onboarding' for onboarding journeys, 'participants' for the
// others (events, mentorship, training, offboarding, other). Every id is a positive integer. Browser navigations
// get the page; the same path asked for JSON answers with the types below.
//
// The answers are zod schemas (the routes register them: src/http/api.ts), their types inferred from them.

import { z } from 'zod';
import { int, personJson as basePerson } from '../http/fields.js';
import { deliveryJson } from '../outbox/api-types.js';

// ---------------------------------------------------------------------------------------------------------------
// Flow types and roles

export const FLOW_TYPES = ['onboarding', 'events', 'mentorship', 'training', 'offboarding', 'other'] as const;
export type FlowType = (typeof FLOW_TYPES)[number];
export const ROUTE_FLOW_TYPES = ['onboarding', 'participants'] as const;
export type RouteFlowType = (typeof ROUTE_FLOW_TYPES)[number];
const flowType = z.enum(FLOW_TYPES);
const routeFlowType = z.enum(ROUTE_FLOW_TYPES);

/** journeys.md §3 "Flow type". */
export const flowTypeJson = z.object({
  flow_type: flowType,
  label: z.string(),
  routeResource: routeFlowType,
  is_onboarding: z.boolean(),
  /** "New hires" for onboarding, "Participants" otherwise. */
  primaryRolePlural: z.string(),
});
export type FlowTypeJson = z.infer<typeof flowTypeJson>;

/** What a role does in a journey. `primary` is the new hire (onboarding) or the participant (other flows). */
const rolePurpose = z.enum(['primary', 'manager', 'buddy', 'mentor', 'people_team', 'it', 'other']);
export type RolePurpose = z.infer<typeof rolePurpose>;

/** journeys.md §3 "Role": roles belong to the workspace and are shared by its journeys. */
export const roleJson = z.object({ id: int, purpose: rolePurpose, primary: z.boolean(), name: z.string(), plural_name: z.string() }).meta({ id: 'JourneyRole' });
export type RoleJson = z.infer<typeof roleJson>;

const roleSelectionSetting = z.object({
  method: z.enum(['specific_user', 'selected_by_role', 'selected_by_user', 'from_channel', 'manual']),
  /** specific_user: the member (members.id). */
  user_id: int.nullable().optional(),
  /** selected_by_user: the member who selects (members.id). */
  selector_id: int.nullable().optional(),
  /** selected_by_role: the role whose member selects. */
  selector_role_id: int.nullable().optional(),
  /** from_channel: the Slack channel whose members are picked from. */
  channel_id: z.string().nullable().optional(),
});

/** Keyed by role id (as a string, JSON's only key type). */
const roleSelectionSettings = z.record(z.string(), roleSelectionSetting);
export type RoleSelectionSettings = z.infer<typeof roleSelectionSettings>;

/** A person as the pages show them. */
export const personJson = basePerson.extend({ tz: z.string().nullable() }).meta({ id: 'JourneyPerson' });
export type PersonJson = z.infer<typeof personJson>;

// ---------------------------------------------------------------------------------------------------------------
// Journeys (tags)

/** What the free plan allows, for the upgrade hints (null: no limit). */
export const journeyLimitsJson = z.object({
  paid: z.boolean(),
  /** Journeys running at once (not archived). */
  journeys: int.nullable(),
  journeys_active: int,
  /** Active messages in one journey. */
  journey_messages: int.nullable(),
});
export type JourneyLimitsJson = z.infer<typeof journeyLimitsJson>;

/** What happens to events whose day is already past when someone is enrolled with a start date in the past. */
const pastStartPolicy = z.enum(['catch_up', 'skip']);
export type PastStartPolicy = z.infer<typeof pastStartPolicy>;

/** journeys.md §3 "Tag (journey)". */
export const tagJson = z
  .object({
    id: int,
    name: z.string(),
    flow_type: flowType,
    route_flow_type: routeFlowType,
    /** The roles the journey uses (its primary role first). */
    roleIds: z.array(int),
    role_selection_settings: roleSelectionSettings,
    /** Members who may edit this journey besides admins. */
    permission_users: z.array(personJson),
    /** Roles its active events are sent to or are about. */
    involved_roles: z.array(roleJson),
    archived: z.boolean(),
    /** The channel channel-posts go to (POST /onboarding/tags channel_id). */
    channel_id: z.string().nullable(),
    auto_enroll: z.boolean(),
    past_start_policy: pastStartPolicy,
    preset_bundle_id: int.nullable(),
    /** Participants starting together share a cohort channel. */
    cohort_channels: z.boolean(),
    /** Members may join it themselves (its link, `/hearth join`, the Home tab). */
    self_enroll: z.boolean(),
    num_events: int,
    num_active_events: int,
    /** Everyone ever enrolled: sessions in any state (what GET …/sessions?state=all lists). */
    num_sessions: int,
    /**
     * "N people on it now": sessions whose state is `active` — enrolled and neither finished nor cancelled, those
     * starting on a later day included (they already get the messages before day 1). The one definition: the People
     * tab counts the same sessions as on it now, and GET …/sessions?state=active lists them.
     */
    num_active_sessions: int,
    created_at: z.string(),
  })
  .meta({ id: 'Journey' });
export type TagJson = z.infer<typeof tagJson>;

/** A journey in a list: with whether the signed-in member may change it (admins, its creator, its permission users). */
const listedTagJson = tagJson.extend({ can_edit: z.boolean() });

/** GET /onboarding/tags (query ignore_flow_typable_scope, show_archived_tags) and GET /participants/tags. */
export const tagsIndex = z.object({
  tags: z.array(listedTagJson),
  flow_types: z.array(flowTypeJson),
  limits: journeyLimitsJson,
});
export type TagsIndex = z.infer<typeof tagsIndex>;

// ---------------------------------------------------------------------------------------------------------------
// Schedule events

/** The kinds of scheduled item. */
export const EVENT_KINDS = ['message', 'task', 'poll', 'intro', 'channel_post', 'cohort_message'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
const eventKind = z.enum(EVENT_KINDS);

/** programs.md §4: role, channel or cohortChannel. channel and cohortChannel make it a messaging event. */
const recipientType = z.enum(['role', 'channel', 'cohortChannel']);
export type RecipientType = z.infer<typeof recipientType>;
const eventType = z.enum(['messaging', 'task', 'poll', 'intro']);
export type EventType = z.infer<typeof eventType>;

/** programs.md §3 "Onboarding schedule event". */
export const scheduleEventJson = z
  .object({
    id: int,
    type: z.literal('OnboardingScheduleEvent'),
    kind: eventKind,
    active: z.boolean(),
    /** Off only because the free plan's message limit was reached when the journey was built: POST …/turn_on_held_messages turns these on after an upgrade. */
    held_by_plan: z.boolean(),
    /** Work days (Mon–Fri) from the start date: 0 is the first day, -5 a week before, 4 the first Friday. */
    days_later: int,
    /** Local time in the recipient's zone, minutes after midnight (540 = 9:00). */
    minute_in_day: int,
    recipient_type: recipientType,
    /** The recipient role (recipient_type role); null for channel posts. */
    role: int.nullable(),
    /** Roles the event is about: intro by role introduces these roles' members to the recipient. */
    role_ids: z.array(int),
    tag_ids: z.array(int),
    /** The channel of a channel post (recipient_type channel). */
    channel_id: z.string().nullable(),
    channel_send: z.boolean(),
    batch_channel_send: z.boolean(),
    event_type: eventType,
    /** A heading on the calendar (the preset's name, or a free label). */
    group: z.string().nullable(),
    title: z.string(),
    /** Slack mrkdwn; {first_name}, {name}, {start_date}, {manager}, {journey} are filled in when sent; mentions and links as `{@U…}`, `[text](https://…)` (docs/architecture.md, "Text in Slack"). */
    text: z.string(),
    /** Polls: the answers (2 to 10). */
    poll_options: z.array(z.string()),
    /** The preset this event came from, if any. */
    preset_id: int.nullable(),
    /** For a journey's list; in the dry run and on sessions, the computed local date. */
    occurs_on: z.string().nullable(),
    skipped: z.boolean(),
    /** Can be sent now by hand (trigger). */
    manually_sendable: z.boolean(),
    updated_at: z.string(),
  })
  .meta({ id: 'JourneyEvent' });
export type ScheduleEventJson = z.infer<typeof scheduleEventJson>;

/** PUT /{flow}/events/{id}, POST …/duplicate_as_json, POST …/add_event, POST /{flow}/tags/{tagId}/events. */
export const eventAnswer = z.object({ event: scheduleEventJson });
export type EventAnswer = z.infer<typeof eventAnswer>;

/** POST /{flow}/tags/{id}/turn_on_held_messages: the events turned on. */
export const eventsAnswer = z.object({ events: z.array(scheduleEventJson) });

/** DELETE /{flow}/events/{id}. */
export const deletedEventAnswer = z.object({ id: int, deleted: z.literal(true) });

/** The building-block preview: what a Slack message will look like. */
export const messagePreviewJson = z.object({
  text: z.string(),
  /** Block Kit blocks. */
  blocks: z.array(z.unknown()),
  /** The editor's previews: the people the message mentions, by Slack id, named as the pages name people. */
  user_names: z.record(z.string(), z.string()).optional(),
});
export type MessagePreviewJson = z.infer<typeof messagePreviewJson>;

/** POST /{flow}/tags/{tagId}/events/{id}/send_test: the event is sent to the admin themselves, as a DM. */
export const sendTestAnswer = z.object({
  ok: z.literal(true),
  sent_to: z.string(),
  /** The Block Kit preview of what was sent. */
  preview: messagePreviewJson,
});
export type SendTestAnswer = z.infer<typeof sendTestAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// A journey's answers

export const createTagAnswer = z.object({
  tag: tagJson,
  /** The journey's page: /{flow}/tags/{id}. */
  redirect_url: z.string(),
  events: z.array(scheduleEventJson),
  new_roles: z.array(roleJson),
});
export type CreateTagAnswer = z.infer<typeof createTagAnswer>;

/** PUT /{flow}/tags/{id}. */
export const tagAnswer = z.object({ tag: tagJson });

/** GET /{flow}/tags/{id}: the journey page. */
export const tagDetail = z.object({
  tag: tagJson,
  flow_type: flowTypeJson,
  roles: z.array(roleJson),
  /** Every event of the journey, active or not, ordered by day then minute. */
  events: z.array(scheduleEventJson),
  limits: journeyLimitsJson,
  /** Whether this member may run it (admins, its creator, its permission users): the page shows its tabs only then. */
  can_edit: z.boolean(),
});
export type TagDetail = z.infer<typeof tagDetail>;

/** GET /{flow}/tags/{id}/fetch_roles_as_json */
export const tagRolesAnswer = z.object({ roleIds: z.array(int), roles: z.array(roleJson), role_selection_settings: roleSelectionSettings });
export type TagRolesAnswer = z.infer<typeof tagRolesAnswer>;

export const roleAnswer = z.object({ role: roleJson });
export type RoleAnswer = z.infer<typeof roleAnswer>;

/** DELETE /onboarding/roles/{id}?tag_id=: the delete-role modal. Takes the role out of that journey (or of every journey without tag_id). */
export const deleteRoleAnswer = z.object({
  id: int,
  /** The journeys it was taken out of. */
  removed_from: z.array(int),
  /** True when nothing used it any more, so the role itself is gone. */
  deleted: z.boolean(),
});
export type DeleteRoleAnswer = z.infer<typeof deleteRoleAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Presets, categories, bundles, prebuilt journeys (a shipped library)

export const presetCategoryJson = z.object({ id: int, name: z.string(), description: z.string(), flow_types: z.array(flowType), num_presets: int }).meta({ id: 'JourneyPresetCategory' });
export type PresetCategoryJson = z.infer<typeof presetCategoryJson>;

/** One event of a library preset (no journey yet, roles by purpose). */
export const presetEventJson = z.object({
  id: int,
  preset_id: int,
  kind: eventKind,
  days_later: int,
  minute_in_day: int,
  recipient_type: recipientType,
  /** The recipient role's purpose. */
  recipient_purpose: rolePurpose.nullable(),
  /** Intros: the purposes of the roles introduced. */
  about_purposes: z.array(rolePurpose),
  title: z.string(),
  text: z.string(),
  poll_options: z.array(z.string()),
  /** Used in a journey (tag presets only): an active event of the journey came from it. */
  in_use: z.boolean().optional(),
});
export type PresetEventJson = z.infer<typeof presetEventJson>;

export const involvedRoleJson = z.object({
  /** The journey's role id when shown for a journey; null in the library. */
  id: int.nullable(),
  purpose: rolePurpose,
  name: z.string(),
  plural_name: z.string(),
});
export type InvolvedRoleJson = z.infer<typeof involvedRoleJson>;

/** programs.md §3 "Preset". */
export const presetJson = z
  .object({
    id: int,
    category_id: int,
    name: z.string(),
    description: z.string(),
    flow_types: z.array(flowType),
    involvedRoles: z.array(involvedRoleJson),
    events: z.array(presetEventJson),
    /** The workspace's own preset (made on /onboarding/presets/new), not the shipped library's. */
    custom: z.boolean().optional(),
    /** For a journey: added (any of its events active). */
    selected: z.boolean().optional(),
    /** For a journey: one of its events was changed after it was added. */
    edited: z.boolean().optional(),
  })
  .meta({ id: 'JourneyPreset' });
export type PresetJson = z.infer<typeof presetJson>;

/** GET /onboarding/preset_categories */
export const presetCategoriesIndex = z.object({ preset_categories: z.array(presetCategoryJson) });
export type PresetCategoriesIndex = z.infer<typeof presetCategoriesIndex>;
/** GET /onboarding/preset_categories/{id} */
export const presetCategoryAnswer = z.object({ preset_category: presetCategoryJson, presets: z.array(presetJson) });
export type PresetCategoryAnswer = z.infer<typeof presetCategoryAnswer>;
/** GET /onboarding/presets (query flow_type, category_id) */
export const presetsIndex = z.object({ presets: z.array(presetJson), preset_categories: z.array(presetCategoryJson) });
export type PresetsIndex = z.infer<typeof presetsIndex>;
/** GET /onboarding/presets/{id} and /onboarding/presets/{id}/events */
export const presetAnswer = z.object({ preset: presetJson });
export type PresetAnswer = z.infer<typeof presetAnswer>;
/** GET /onboarding/presets/{presetId}/events/{id} */
export const presetEventAnswer = z.object({ event: presetEventJson, preset: presetJson });
export type PresetEventAnswer = z.infer<typeof presetEventAnswer>;

/** GET /onboarding/tags/{id}/presets and /onboarding/tags/{tagId}/presets/{presetId} */
export const tagPresetsIndex = z.object({ tag: tagJson, presets: z.array(presetJson), preset_categories: z.array(presetCategoryJson) });
export type TagPresetsIndex = z.infer<typeof tagPresetsIndex>;

/**
 * The answer: adding gives the journey's events made or re-activated from the preset, the roles involved and any
 * roles created for it; removing gives the ids of the events deactivated. Both give the preset's new state.
 */
export const togglePresetAnswer = z.object({
  preset: presetJson,
  events: z.array(scheduleEventJson).optional(),
  involved_roles: z.array(roleJson).optional(),
  new_roles: z.array(roleJson).optional(),
  removed_event_ids: z.array(int).optional(),
});
export type TogglePresetAnswer = z.infer<typeof togglePresetAnswer>;

/** journeys.md §3 "Preset bundle": presets with the span of their events. */
export const presetBundlePresetJson = z.object({
  id: int,
  name: z.string(),
  active: z.boolean(),
  involved_roles: z.array(involvedRoleJson),
  earliest_day: int,
  latest_day: int,
  num_events: int,
  events: z.array(presetEventJson.extend({ requirements: z.array(z.string()) })),
});
export type PresetBundlePresetJson = z.infer<typeof presetBundlePresetJson>;

export const presetBundleJson = z.object({ id: int, name: z.string(), description: z.string(), flow_type: flowType, presets: z.array(presetBundlePresetJson) }).meta({ id: 'JourneyPresetBundle' });
export type PresetBundleJson = z.infer<typeof presetBundleJson>;

/** GET /onboarding/preset_bundles (query flow_type) */
export const presetBundlesIndex = z.object({ preset_bundles: z.array(presetBundleJson) });
export type PresetBundlesIndex = z.infer<typeof presetBundlesIndex>;
/** GET /onboarding/preset_bundles/{id} */
export const presetBundleAnswer = z.object({ preset_bundle: presetBundleJson });
export type PresetBundleAnswer = z.infer<typeof presetBundleAnswer>;

export const QUICK_SETUP_TYPES = ['one_click_onboarding', 'hris_one_click_onboarding', 'mentorship', 'training', 'offboarding'] as const;
export type QuickSetupType = (typeof QUICK_SETUP_TYPES)[number];

export const prebuiltJourneyJson = z.object({
  id: int,
  name: z.string(),
  description: z.string(),
  flow_type: flowType,
  quick_setup_types: z.array(z.enum(QUICK_SETUP_TYPES)),
  preset_bundle_id: int,
  preset_ids: z.array(int),
  num_events: int,
});
export type PrebuiltJourneyJson = z.infer<typeof prebuiltJourneyJson>;

/** GET /prebuilt_journeys?quick_setup_type= */
export const prebuiltJourneysIndex = z.object({ prebuilt_journeys: z.array(prebuiltJourneyJson) });
export type PrebuiltJourneysIndex = z.infer<typeof prebuiltJourneysIndex>;

// ---------------------------------------------------------------------------------------------------------------
// Sessions and session events

const sessionState = z.enum(['active', 'finished', 'cancelled']);
export type SessionState = z.infer<typeof sessionState>;
const sessionEventState = z.enum(['pending', 'sending', 'sent', 'skipped', 'deleted']);
export type SessionEventState = z.infer<typeof sessionEventState>;

export const membershipJson = z.object({
  id: int,
  role_id: int,
  user: personJson.nullable(),
  role_selection: z.object({ selector_id: int.nullable().optional(), selector_role_id: int.nullable().optional(), channel_id: z.string().nullable().optional() }).nullable(),
});
export type MembershipJson = z.infer<typeof membershipJson>;

/** journeys.md §3 "Session event" (with what the session page shows). */
export const sessionEventJson = z
  .object({
    id: int,
    session_id: int,
    event_id: int,
    kind: eventKind,
    title: z.string(),
    active: z.boolean(),
    state: sessionEventState,
    /** Local date it happens on. */
    occurs_on: z.string(),
    minute_in_day: int,
    /** The instant it is next due (the earliest of its recipients' local times). */
    occurs_at: z.string(),
    /** Moved by hand (PUT occurs_at): later journey changes keep the new date. */
    rescheduled: z.boolean(),
    triggering: z.boolean(),
    sent_at: z.string().nullable(),
    /**
     * Why it was skipped, in words the People tab shows ("no manager" for a role nobody filled, the role as it was
     * named when the message was skipped, so it stays true when roles change; "turned off", "already past at
     * enrolment" …); null unless `state` is skipped. A skipped event counts as done in a session's
     * progress: the session finishes when every event was sent or skipped.
     */
    skip_reason: z.string().nullable(),
    /**
     * What really happened to its messages (the outbox's state, the most urgent of its recipients'): "Sent" only
     * once Slack accepted them. Null until it is written for sending.
     */
    delivery: deliveryJson.nullable(),
  })
  .meta({ id: 'JourneySessionEvent' });
export type SessionEventJson = z.infer<typeof sessionEventJson>;

/** DELETE, PUT /{flow}/session_events/{id} and POST …/trigger: the session event as the operation left it. */
export const sessionEventAnswer = z.object({ session_event: sessionEventJson });

export const sessionJson = z
  .object({
    id: int,
    tag_id: int,
    start_date: z.string(),
    time_zone: z.string(),
    /** 'sync': the participant's Slack zone (followed when it changes); 'explicit': set at enrolment. */
    time_zone_source: z.enum(['sync', 'explicit']),
    state: sessionState,
    past_start_policy: pastStartPolicy,
    participant: personJson.nullable(),
    memberships: z.array(membershipJson),
    session_events: z.array(sessionEventJson),
    cohort_id: int.nullable(),
    is_sandbox: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'JourneySession' });
export type SessionJson = z.infer<typeof sessionJson>;

/** GET /{flow}/tags/{id}/sessions (query state: active | finished | all) */
export const sessionsIndex = z.object({ sessions: z.array(sessionJson) });
export type SessionsIndex = z.infer<typeof sessionsIndex>;

/** POST /{flow}/tags/{id}/sessions: the session made. */
export const sessionAnswer = z.object({ session: sessionJson });

// ---------------------------------------------------------------------------------------------------------------
// Tasks and polls

const taskState = z.enum(['incomplete', 'complete']);
export type TaskState = z.infer<typeof taskState>;
/** Where an answer came from. */
const answerSource = z.enum(['slack', 'site', 'admin']);
export type AnswerSource = z.infer<typeof answerSource>;

export const taskAssignmentJson = z
  .object({
    id: int,
    session_id: int,
    session_event_id: int,
    title: z.string(),
    text: z.string(),
    state: taskState,
    assignee: personJson.nullable(),
    completed_at: z.string().nullable(),
    source: answerSource.nullable(),
    reminders_sent: int,
  })
  .meta({ id: 'JourneyTask' });
export type TaskAssignmentJson = z.infer<typeof taskAssignmentJson>;

export const pollResponseJson = z
  .object({
    id: int,
    session_id: int,
    session_event_id: int,
    question: z.string(),
    options: z.array(z.string()),
    answer_index: int.nullable(),
    respondent: personJson.nullable(),
    answered_at: z.string().nullable(),
    source: answerSource.nullable(),
  })
  .meta({ id: 'JourneyPoll' });
export type PollResponseJson = z.infer<typeof pollResponseJson>;

/** PUT /onboarding/task_assignments/{id}: the task as it now is. */
export const taskAnswer = z.object({ task_assignment: taskAssignmentJson });
/** POST /onboarding/poll_responses/{id}/answer: the poll as it now is. */
export const pollAnswer = z.object({ poll_response: pollResponseJson });

/** GET /onboarding/action_items: the signed-in member's open tasks and polls. */
export const actionItemsAnswer = z.object({ task_assignments: z.array(taskAssignmentJson), poll_responses: z.array(pollResponseJson) });
export type ActionItemsAnswer = z.infer<typeof actionItemsAnswer>;

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

export const dryRunItem = z.object({
  event_id: int,
  /** The participant's own session event (null for a would-be participant). */
  session_event_id: int.nullable(),
  /** 'planned' for a would-be participant; else the session event's state. */
  state: z.union([z.literal('planned'), sessionEventState]),
  /** Why it was skipped ('inactive', 'past', 'missing_role' …) or 'catch_up' (a late start's overdue message, re-timed). */
  note: z.string().nullable(),
  /**
   * Why it was or will be skipped, in the People tab's words (a session event's `skip_reason`: "no manager",
   * "turned off"); for a would-be participant, a day already past when the journey skips those. Null otherwise.
   */
  skip_reason: z.string().nullable(),
  /** Moved from the journey's own day and time (by hand, or caught up). */
  rescheduled: z.boolean(),
  kind: eventKind,
  title: z.string(),
  /** The text as it would be sent, placeholders filled for this participant. */
  text: z.string(),
  recipient_type: recipientType,
  /** "New hire", "Manager", "#general", "Cohort channel". */
  recipient_label: z.string(),
  role_id: int.nullable(),
  days_later: int,
  /** Local date and time in the recipient's zone (when it was sent, for one sent). */
  occurs_on: z.string(),
  minute_in_day: int,
  local_time: z.string(),
  time_zone: z.string(),
  /** The instant, ISO: when it was sent, or will be. */
  at: z.string(),
  /** ISO weekday 1..5 (weekends are skipped). */
  weekday: int,
  /** Already past for a start date in the past (caught up at enrolment or skipped, per the journey). */
  past: z.boolean(),
  /** The Slack message as it will be sent (the builder that sends it). */
  preview: messagePreviewJson,
});
export type DryRunItem = z.infer<typeof dryRunItem>;

export const dryRunAnswer = z.object({
  start_date: z.string(),
  time_zone: z.string(),
  participant: personJson.nullable(),
  past_start_policy: pastStartPolicy,
  /** The participant's session this calendar is read from (null: a would-be participant's plan). */
  session_id: int.nullable(),
  items: z.array(dryRunItem),
});
export type DryRunAnswer = z.infer<typeof dryRunAnswer>;

/** POST /{flow}/tags/{id}/try_in_sandbox: enrols a sandbox person starting on the next work day. */
export const tryInSandboxAnswer = z.object({
  session: sessionJson,
  /** The sandbox page, where the clock can be advanced. */
  sandbox_url: z.string(),
});
export type TryInSandboxAnswer = z.infer<typeof tryInSandboxAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Journey home

/** GET /onboarding: the journey home. */
export const journeyHomeAnswer = z.object({
  flow_types: z.array(flowTypeJson),
  tags: z.array(listedTagJson),
  limits: journeyLimitsJson,
  open_action_items: int,
  upcoming_sessions: z.array(sessionJson),
});
export type JourneyHomeAnswer = z.infer<typeof journeyHomeAnswer>;
