import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  AnswerSource,
  EventKind,
  FlowType,
  PastStartPolicy,
  RecipientType,
  RolePurpose,
  RoleSelectionSettings,
  SessionEventState,
  SessionState,
  TaskState,
} from './api-types.js';

/** Journeys tables (migrations/0008_journeys.ts). Business times are written from the Clock; local dates are 'YYYY-MM-DD' text. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string | undefined, string>;

export interface JourneyRolesTable {
  id: Generated<number>;
  workspace_id: number;
  purpose: RolePurpose;
  is_primary: Generated<boolean>;
  name: string;
  plural_name: string;
  created_at: Timestamp;
}

export interface JourneyTagsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  flow_type: FlowType;
  archived: Generated<boolean>;
  role_ids: Json<number[]>;
  role_selection_settings: Json<RoleSelectionSettings>;
  channel_id: string | null;
  auto_enroll: Generated<boolean>;
  past_start_policy: Generated<PastStartPolicy>;
  cohort_channels: Generated<boolean>;
  preset_bundle_id: number | null;
  source: string | null;
  created_by_member_id: number | null;
  /** Whether the journey's hub is published (written by the hub through JourneysPublic): messages link to it only then. */
  hub_published: Generated<boolean>;
  /** Members may join it themselves (Enrollment writes it through JourneysPublic). */
  self_enroll: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A workspace's own preset (migrations/0024): the library preset's shape, its events as JSON. */
export interface JourneyCustomPresetsTable {
  id: Generated<number>;
  workspace_id: number;
  category_id: number;
  name: string;
  description: Generated<string>;
  flow_types: Json<FlowType[]>;
  events: Json<CustomPresetEvent[]>;
  created_by_member_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One event of a custom preset, as a library event (library.ts `LibraryEvent`). */
export interface CustomPresetEvent {
  id: number;
  kind: EventKind;
  days_later: number;
  minute_in_day: number;
  recipient_type: RecipientType;
  recipient: RolePurpose | null;
  about: RolePurpose[];
  title: string;
  text: string;
  poll_options?: string[];
}

export interface JourneyTagPermissionUsersTable {
  tag_id: number;
  member_id: number;
}

export interface JourneyTagPresetsTable {
  tag_id: number;
  preset_id: number;
  selected: boolean;
  edited: Generated<boolean>;
  updated_at: Timestamp;
}

export interface JourneyEventsTable {
  id: Generated<number>;
  workspace_id: number;
  tag_id: number;
  preset_id: number | null;
  preset_event_id: number | null;
  kind: EventKind;
  active: Generated<boolean>;
  /** Created off because of the free plan's message limit; an upgrade turns these on (migrations/0028). */
  held_by_plan: Generated<boolean>;
  days_later: number;
  minute_in_day: number;
  recipient_type: RecipientType;
  role_id: number | null;
  role_ids: Json<number[]>;
  channel_id: string | null;
  group_name: string | null;
  title: string;
  text: string;
  poll_options: Json<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JourneyCohortsTable {
  id: Generated<number>;
  workspace_id: number;
  tag_id: number;
  start_date: string;
  channel_name: string;
  channel_id: string | null;
  created_at: Timestamp;
}

export interface JourneySessionsTable {
  id: Generated<number>;
  workspace_id: number;
  tag_id: number;
  participant_member_id: number | null;
  start_date: string;
  time_zone: string;
  time_zone_source: 'sync' | 'explicit';
  past_start_policy: PastStartPolicy;
  state: Generated<SessionState>;
  cohort_id: number | null;
  is_sandbox: Generated<boolean>;
  created_by_member_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface JourneyMembershipsTable {
  id: Generated<number>;
  workspace_id: number;
  session_id: number;
  role_id: number;
  member_id: number | null;
  role_selection: Json<{ selector_id?: number | null; selector_role_id?: number | null; channel_id?: string | null } | null> | null;
  created_at: Timestamp;
}

export interface JourneySessionEventsTable {
  id: Generated<number>;
  workspace_id: number;
  session_id: number;
  event_id: number;
  active: Generated<boolean>;
  state: Generated<SessionEventState>;
  /** The local date it happens on, from the session's start date and the event's work days (or moved by hand). */
  occurs_on: string;
  minute_in_day: number;
  /** The instant it is next due: the earliest recipient's local occurs_on + minute_in_day. */
  due_at: Timestamp;
  rescheduled: Generated<boolean>;
  triggering: Generated<boolean>;
  claimed_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  note: string | null;
  /** The role nobody filled when it was skipped for that (note 'missing_role'), by its name then. */
  skipped_role: Generated<string | null>;
  updated_at: Timestamp;
}

/** Who received a session event (a Slack user or a channel): the once-per-recipient ledger. */
export interface JourneyDeliveriesTable {
  session_event_id: number;
  recipient: string;
  workspace_id: number;
  outbox_key: string;
  /** The cause its outbox row failed with, until a retry delivers it (the session's delivery_failed issue). */
  failed_code: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface JourneyTaskAssignmentsTable {
  id: Generated<number>;
  workspace_id: number;
  session_id: number;
  session_event_id: number;
  member_id: number;
  state: Generated<TaskState>;
  completed_at: NullableTimestamp;
  source: AnswerSource | null;
  reminders_sent: Generated<number>;
  next_remind_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JourneyPollResponsesTable {
  id: Generated<number>;
  workspace_id: number;
  session_id: number;
  session_event_id: number;
  member_id: number;
  answer_index: number | null;
  answered_at: NullableTimestamp;
  source: AnswerSource | null;
  created_at: Timestamp;
}

export interface JourneyTables {
  journey_roles: JourneyRolesTable;
  journey_tags: JourneyTagsTable;
  journey_tag_permission_users: JourneyTagPermissionUsersTable;
  journey_tag_presets: JourneyTagPresetsTable;
  journey_custom_presets: JourneyCustomPresetsTable;
  journey_events: JourneyEventsTable;
  journey_cohorts: JourneyCohortsTable;
  journey_sessions: JourneySessionsTable;
  journey_memberships: JourneyMembershipsTable;
  journey_session_events: JourneySessionEventsTable;
  journey_deliveries: JourneyDeliveriesTable;
  journey_task_assignments: JourneyTaskAssignmentsTable;
  journey_poll_responses: JourneyPollResponsesTable;
}

export type JourneyRole = Selectable<JourneyRolesTable>;
export type JourneyTag = Selectable<JourneyTagsTable>;
export type JourneyEvent = Selectable<JourneyEventsTable>;
export type JourneySession = Selectable<JourneySessionsTable>;
export type JourneyMembership = Selectable<JourneyMembershipsTable>;
export type JourneySessionEvent = Selectable<JourneySessionEventsTable>;
export type JourneyTaskAssignment = Selectable<JourneyTaskAssignmentsTable>;
export type JourneyPollResponse = Selectable<JourneyPollResponsesTable>;
export type JourneyCohort = Selectable<JourneyCohortsTable>;
export type JourneyCustomPreset = Selectable<JourneyCustomPresetsTable>;

// Its tables join the one Database type by declaration merging: src/db/types.ts imports no capability.
declare module '../db/types.js' {
  interface Database extends JourneyTables {}
}
