import type { ColumnType, Generated, Selectable } from 'kysely';
import type { MeetingState, RoundState } from './api-types.js';

export type { MeetingState, RoundState } from './api-types.js';

/** Intros tables (migrations/0003_intros.ts). Business times are written from the Clock. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string | undefined, string>;
type IntArray = ColumnType<number[], number[] | undefined, number[]>;

export type PairingTypeColumn = 'standard' | 'topic_based' | 'cross_group_pairing' | 'within_group_pairing' | 'lottery';
export type GhostState = 'none' | 'ghost' | 'ask_later' | 'removed';

export interface IntrosConfigsTable {
  program_id: number;
  workspace_id: number;
  pairing_type: Generated<PairingTypeColumn>;
  group_size: Generated<number>;
  enforce_group_size: Generated<boolean>;
  claiming_allowed: Generated<boolean>;
  period_weeks: Generated<number>;
  weekday: Generated<number>;
  occurrence_hour: Generated<number>;
  next_fixed_meeting_on: string | null;
  next_fixed_meeting_time: string | null;
  calendar_scheduling_selection: Generated<'none' | 'fixed-meeting' | 'groups-choose-meeting-time'>;
  video_platform: Generated<string>;
  intro_message: Generated<string>;
  default_intro_type: Generated<string>;
  /** migrations/0026_intros_hris_groups.ts: group by the HR system's department or location ('none': the categories). */
  hris_groups: Generated<'none' | 'department' | 'location'>;
  lottery_fixed_member_ids: IntArray;
  next_run_at: NullableTimestamp;
  roster_synced_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IntrosRoundsTable {
  id: Generated<number>;
  workspace_id: number;
  program_id: number;
  number: number;
  kind: 'scheduled' | 'send_now';
  scheduled_for: Timestamp;
  state: Generated<RoundState>;
  problem_code: string | null;
  problem_message: string | null;
  num_candidates: Generated<number>;
  num_groups: Generated<number>;
  left_out: Json<Array<{ member_id: number; code: string; why: string }>>;
  stats: Json<Record<string, unknown>>;
  checkin_at: NullableTimestamp;
  reminder_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  checkin_claimed_at: NullableTimestamp;
  reminder_claimed_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface IntrosMeetingsTable {
  id: Generated<number>;
  workspace_id: number;
  program_id: number;
  round_id: number;
  group_index: number;
  state: Generated<MeetingState>;
  reason: Generated<string>;
  reason_detail: Json<Record<string, unknown>>;
  intro_key: string;
  checkin_key: string | null;
  reminder_key: string | null;
  answered_by_member_id: number | null;
  answered_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IntrosMeetingMembersTable {
  meeting_id: number;
  member_id: number;
  program_id: number;
}

export interface IntrosParticipantsTable {
  program_id: number;
  member_id: number;
  workspace_id: number;
  opted_out: Generated<boolean>;
  opted_out_at: NullableTimestamp;
  opt_out_reason: string | null;
  category_ids: IntArray;
  unanswered_streak: Generated<number>;
  ghost_state: Generated<GhostState>;
  ghost_since: NullableTimestamp;
  ghost_ask_after: NullableTimestamp;
  times_left_out: Generated<number>;
  last_selected_round: number | null;
  welcomed_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface IntrosSnoozesTable {
  id: Generated<number>;
  workspace_id: number;
  member_id: number;
  /** null: every Intros program. */
  program_id: number | null;
  /** Local date (YYYY-MM-DD) the member is back. */
  until_on: string;
  created_at: Timestamp;
}

export interface IntrosAvoidsTable {
  id: Generated<number>;
  workspace_id: number;
  member_id: number;
  avoided_member_id: number;
  created_at: Timestamp;
}

/**
 * migrations/0011_members.ts: groups met before Hearth, imported from another tool (a Donut export). The
 * pairing engine reads them as the round before Hearth's first (IntrosRepository.history), so the first rounds
 * avoid old pairs. program_id null: every Intros program of the workspace.
 */
export interface IntrosImportedPairsTable {
  id: Generated<number>;
  workspace_id: number;
  program_id: number | null;
  met_on: ColumnType<string, string, string>;
  member_ids: IntArray;
  source: Generated<string>;
  created_at: Timestamp;
}

export interface IntrosIcebreakersTable {
  id: Generated<number>;
  workspace_id: number;
  program_id: number;
  question: string;
  theme: Generated<string>;
  library_key: string | null;
  active: Generated<boolean>;
  times_used: Generated<number>;
  created_at: Timestamp;
}

export interface IntrosCategoriesTable {
  id: Generated<number>;
  workspace_id: number;
  program_id: number;
  name: string;
  position: Generated<number>;
  created_at: Timestamp;
}

export interface IntrosTeamSettingsTable {
  workspace_id: number;
  pairing_welcome_message: string | null;
  updated_at: Timestamp;
}

/** migrations/0007_intros_counters.ts: one round's numbers, kept by the `intros.counters` subscriber. */
export interface IntrosCountersTable {
  round_id: number;
  workspace_id: number;
  program_id: number;
  groups_created: Generated<number>;
  met: Generated<number>;
  not_met: Generated<number>;
  skipped: Generated<boolean>;
  updated_at: Timestamp;
}

export interface IntrosTables {
  intros_configs: IntrosConfigsTable;
  intros_rounds: IntrosRoundsTable;
  intros_meetings: IntrosMeetingsTable;
  intros_meeting_members: IntrosMeetingMembersTable;
  intros_participants: IntrosParticipantsTable;
  intros_snoozes: IntrosSnoozesTable;
  intros_avoids: IntrosAvoidsTable;
  intros_icebreakers: IntrosIcebreakersTable;
  intros_categories: IntrosCategoriesTable;
  intros_team_settings: IntrosTeamSettingsTable;
  intros_counters: IntrosCountersTable;
  intros_imported_pairs: IntrosImportedPairsTable;
}

export type IntrosConfig = Selectable<IntrosConfigsTable>;
export type IntrosRound = Selectable<IntrosRoundsTable>;
export type IntrosMeeting = Selectable<IntrosMeetingsTable>;
export type IntrosParticipant = Selectable<IntrosParticipantsTable>;
export type IntrosIcebreaker = Selectable<IntrosIcebreakersTable>;
export type IntrosCategory = Selectable<IntrosCategoriesTable>;

// Its tables join the one Database type by declaration merging: src/db/types.ts imports no capability.
declare module '../db/types.js' {
  interface Database extends IntrosTables {}
}
