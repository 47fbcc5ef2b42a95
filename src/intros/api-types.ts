// The JSON the Intros pages read (src/intros/API.md), shared by the server and web/ (type-only imports of
// dependency-free files, so both type-check it).
import type { Delivery } from '../outbox/api-types.js';
import type { ProgramJson } from '../programs/api-types.js';
import type { CalendarSelection, HrisGrouping, IntrosSettings, PairingType, VideoPlatform } from './settings-rules.js';

export type MemberStatus = 'active' | 'snoozed' | 'opted_out' | 'ghost' | 'ineligible';
export type MeetingState = 'pending' | 'met' | 'not_yet' | 'skipped' | 'cancelled';
export type RoundState = 'pending' | 'sent' | 'skipped' | 'failed';

/** An interest category; the settings form edits new ones without an id yet. */
export interface CategoryJson {
  id?: number;
  name: string;
  num_members?: number;
}

/** The program's settings (`config` of GET /coffee/{id}). */
export interface CoffeeConfigurationJson extends IntrosSettings {
  id: number;
  pairing_type: PairingType;
  calendar_scheduling_selection: CalendarSelection;
  video_platform: VideoPlatform;
  tz: string;
  categories: Array<Required<CategoryJson>>;
  lottery_fixed_member_ids: number[];
  /** Cross-group and within-group pairing group by the HR system's department or location ('none': by the categories). */
  hris_groups: HrisGrouping;
  next_run_at: string | null;
  next_occurrence_on: string | null;
  /** The free plan's cap per round; null with paid access. */
  max_participants: number | null;
  /** The pairing types that need paid access or claiming_allowed (src/platform/entitlements/features.ts). */
  paid_pairing_types: readonly string[];
}

export interface PersonJson {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url: string | null;
}

export interface MemberJson extends PersonJson {
  tz: string | null;
  status: MemberStatus;
  status_reason: string | null;
  snoozed_until: string | null;
  category_ids: number[];
  unanswered_in_a_row: number;
  times_left_out: number;
  last_intro_on: string | null;
}

export interface MeetingJson {
  id: number;
  round_id: number;
  state: MeetingState;
  reason: string;
  members: PersonJson[];
  answered_by: PersonJson | null;
  answered_at: string | null;
  /** The group's intro message, as Slack took it (the outbox's state); null before it is written. */
  delivery: Delivery | null;
}

export interface RoundJson {
  id: number;
  number: number;
  scheduled_for: string;
  date: string;
  kind: 'scheduled' | 'send_now';
  state: RoundState;
  problem: { code: string; message: string } | null;
  num_candidates: number;
  num_groups: number;
  /** Groups that said they met (the intros counters). */
  num_met: number;
  num_left_out: number;
  checkin_at: string | null;
  reminder_at: string | null;
  ends_at: string | null;
  closed: boolean;
  groups?: MeetingJson[];
}

export type MemberCounts = Record<MemberStatus | 'need_categories', number>;

/** Where a page of a list stands: `total` counts what matches the search and filter; `next_page` is null on the last page. */
export interface PageInfo {
  page: number;
  per: number;
  total: number;
  next_page: number | null;
}

/** GET /coffee/{id}/members */
export interface MembersPage extends PageInfo {
  members: MemberJson[];
}

/** GET /coffee/{id}/groups */
export interface GroupsPage extends PageInfo {
  /** The round the groups are of (the latest unless asked for); null when the program has none yet. */
  round_id: number | null;
  groups: MeetingJson[];
}

/** GET /coffee/{id} */
export interface CoffeePageData {
  program: ProgramJson;
  config: CoffeeConfigurationJson;
  /** The first page of the roster (GET /coffee/{id}/members for the rest, and to search). */
  members: MemberJson[];
  members_page: PageInfo;
  member_counts: MemberCounts;
  /** Its `groups` are their first page (GET /coffee/{id}/groups for the rest, and to search). */
  current_round: RoundJson | null;
  groups_page: PageInfo | null;
  rounds: RoundJson[];
  team: { id: number; pairing_welcome_message: string | null };
  can_edit: boolean;
  /** Whether the workspace has an HR system linked (grouping by its department or location needs one). */
  hris_linked: boolean;
  /** What a round started now would make of the active members: the pairing's own plan (group size, enforce_group_size). */
  planned_round: { people: number; groups: number };
}

/** PUT /coffee/{id}/update_as_json */
export interface CoffeeUpdateAnswer extends CoffeePageData {
  adjusted: Record<string, string>;
}

/** GET /coffee/{id}/preview_next_round */
export interface RoundPreview {
  scheduled_for: string;
  round_number: number;
  groups: Array<{ members: PersonJson[]; reason: string }>;
  left_out: Array<{ member: PersonJson; code: string; why: string }>;
  excluded: Array<{ member: PersonJson; reason: string; why: string }>;
  problem: { code: string; message: string } | null;
  stats: { candidates: number; grouped: number; pairs: number; repeatPairs: number; method: 'exact' | 'heuristic' | 'lottery' };
}

export interface IcebreakerJson {
  id: number;
  question: string;
  theme: string;
  library_key: string | null;
  active: boolean;
}

/** GET /icebreakers/index_no_config */
export interface IcebreakerLibrary {
  themes: ReadonlyArray<{ key: string; label: string }>;
  icebreakers: ReadonlyArray<{ library_key: string; question: string; theme: string }>;
}

export type ReportPerson = Pick<PersonJson, 'id' | 'name' | 'slack_user_id'>;

/** GET /reporting/{id}/pairing_show */
export interface PairingReport {
  batches: Array<{
    id: number;
    number: number;
    date: string;
    groups: Array<{ id: number; members: Array<Pick<PersonJson, 'id' | 'name' | 'slack_user_id'>>; state: MeetingState; reason: string }>;
  }>;
  /** met_rate = met / answered; `unanswered` groups are in open rounds and have not said yet. */
  stats: {
    rounds: number;
    groups: number;
    met_rate: number;
    met: number;
    answered: number;
    unanswered: number;
    repeat_rate: number;
    /** The floor under repeat_rate: repeats no plan could have avoided in these rounds. */
    lowest_repeat_rate: number;
    coverage: number;
    longest_wait_rounds: number;
    participants: number;
  };
  /** Who waits, who was never paired and why, who the plan's cap left out, and (with groups) cross-group mix. */
  fairness: {
    waits: Array<{ member: ReportPerson; rounds_waiting: number | null }>;
    never_paired: Array<{ member: ReportPerson; code: string; why: string }>;
    left_out_by_cap: Array<{ member: ReportPerson; rounds: number }>;
    cross_team: { mixed: number; same_group: number; unknown: number; by_group: Array<{ id: number; name: string; intros: number; mixed: number }> } | null;
  };
  maxPairsInBatch: number;
  start: string;
  end: string;
}

/** GET /coffee/show_people_met_as_json */
export interface PeopleMetJson {
  people: Array<PersonJson & { times_met: number; times_grouped: number; last_met_on: string | null; programs: string[] }>;
  total: number;
}

/** POST /share/{id}/preload */
export interface ShareCardJson {
  round: { id: number; program_id: number; date: string; channel: string };
  num_groups: number;
  num_participants: number;
  num_first_time_groups: number;
  first_time_share: number;
  text: string;
}

/** POST /coffee/{id}/preview_as_json and /coffee/preview_as_json: the intro as the round's builder makes it. */
export interface IntroPreviewJson {
  text: string;
  blocks: unknown[];
  /** Names for the message's <@U…> mentions. */
  user_names: Record<string, string>;
}
