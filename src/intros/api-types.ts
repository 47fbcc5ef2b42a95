// The JSON the Intros pages read (src/intros/API.md): zod schemas the routes register (src/http/api.ts) and the
// types inferred from them, shared by the server and web/ (type-only imports there).
import { z } from 'zod';
import { int, personJson } from '../http/fields.js';
import { deliveryJson } from '../outbox/api-types.js';
import { programJson } from '../programs/api-types.js';
import { CALENDAR_SELECTIONS, HRIS_GROUPINGS, PAIRING_TYPES, VIDEO_PLATFORMS } from './settings-rules.js';

export const MEMBER_STATUSES = ['active', 'snoozed', 'opted_out', 'ghost', 'ineligible'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEETING_STATES = ['pending', 'met', 'not_yet', 'skipped', 'cancelled'] as const;
export type MeetingState = (typeof MEETING_STATES)[number];
export const ROUND_STATES = ['pending', 'sent', 'skipped', 'failed'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

/** An interest category; the settings form edits new ones without an id yet. */
export interface CategoryJson {
  id?: number;
  name: string;
  num_members?: number;
}

const problemJson = z.object({ code: z.string(), message: z.string() });

/** The program's settings (`config` of GET /coffee/{id}). */
export const coffeeConfigurationJson = z.object({
  id: int,
  pairing_type: z.enum(PAIRING_TYPES),
  group_size: int,
  enforce_group_size: z.boolean(),
  claiming_allowed: z.boolean(),
  /** Weeks between rounds; 0 is a single round. */
  period: int,
  /** ISO weekday 1 = Monday .. 7 = Sunday. */
  weekday: int,
  occurrence_hour: int,
  next_fixed_meeting_on: z.string().nullable(),
  /** 'HH:MM', 24 h. */
  next_fixed_meeting_time: z.string().nullable(),
  calendar_scheduling_selection: z.enum(CALENDAR_SELECTIONS),
  video_platform: z.enum(VIDEO_PLATFORMS),
  intro_message: z.string(),
  default_intro_type: z.string(),
  tz: z.string(),
  categories: z.array(z.object({ id: int, name: z.string(), num_members: int })),
  lottery_fixed_member_ids: z.array(int),
  /** Cross-group and within-group pairing group by the HR system's department or location ('none': by the categories). */
  hris_groups: z.enum(HRIS_GROUPINGS),
  next_run_at: z.string().nullable(),
  next_occurrence_on: z.string().nullable(),
  /** The free plan's cap per round; null with paid access. */
  max_participants: int.nullable(),
  /** The pairing types that need paid access or claiming_allowed (src/platform/entitlements/features.ts). */
  paid_pairing_types: z.array(z.string()).readonly(),
});
export type CoffeeConfigurationJson = z.infer<typeof coffeeConfigurationJson>;

export type PersonJson = z.infer<typeof personJson>;

export const memberJson = personJson.extend({
  tz: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  status_reason: z.string().nullable(),
  snoozed_until: z.string().nullable(),
  category_ids: z.array(int),
  unanswered_in_a_row: int,
  times_left_out: int,
  last_intro_on: z.string().nullable(),
});
export type MemberJson = z.infer<typeof memberJson>;

export const meetingJson = z.object({
  id: int,
  round_id: int,
  state: z.enum(MEETING_STATES),
  reason: z.string(),
  members: z.array(personJson),
  answered_by: personJson.nullable(),
  answered_at: z.string().nullable(),
  /** The group's intro message, as Slack took it (the outbox's state); null before it is written. */
  delivery: deliveryJson.nullable(),
});
export type MeetingJson = z.infer<typeof meetingJson>;

export const roundJson = z.object({
  id: int,
  number: int,
  scheduled_for: z.string(),
  date: z.string(),
  kind: z.enum(['scheduled', 'send_now']),
  state: z.enum(ROUND_STATES),
  problem: problemJson.nullable(),
  num_candidates: int,
  num_groups: int,
  /** Groups that said they met (the intros counters). */
  num_met: int,
  num_left_out: int,
  checkin_at: z.string().nullable(),
  reminder_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  closed: z.boolean(),
  groups: z.array(meetingJson).optional(),
});
export type RoundJson = z.infer<typeof roundJson>;

export const memberCountsJson = z.object({ active: int, snoozed: int, opted_out: int, ghost: int, ineligible: int, need_categories: int });

/** Where a page of a list stands: `total` counts what matches the search and filter; `next_page` is null on the last page. */
export const pageInfo = z.object({ page: int, per: int, total: int, next_page: int.nullable() });
export type PageInfo = z.infer<typeof pageInfo>;

/** GET /coffee/{id}/members */
export const membersPage = pageInfo.extend({ members: z.array(memberJson) });
export type MembersPage = z.infer<typeof membersPage>;

/** GET /coffee/{id}/groups */
export const groupsPage = pageInfo.extend({
  /** The round the groups are of (the latest unless asked for); null when the program has none yet. */
  round_id: int.nullable(),
  groups: z.array(meetingJson),
});
export type GroupsPage = z.infer<typeof groupsPage>;

/** GET /coffee/{id} */
export const coffeePageData = z.object({
  program: programJson,
  config: coffeeConfigurationJson,
  /** The first page of the roster (GET /coffee/{id}/members for the rest, and to search). */
  members: z.array(memberJson),
  members_page: pageInfo,
  member_counts: memberCountsJson,
  /** Its `groups` are their first page (GET /coffee/{id}/groups for the rest, and to search). */
  current_round: roundJson.nullable(),
  groups_page: pageInfo.nullable(),
  rounds: z.array(roundJson),
  team: z.object({ id: int, pairing_welcome_message: z.string().nullable() }),
  can_edit: z.boolean(),
  /** Whether the workspace has an HR system linked (grouping by its department or location needs one). */
  hris_linked: z.boolean(),
  /** What a round started now would make of the active members: the pairing's own plan (group size, enforce_group_size). */
  planned_round: z.object({ people: int, groups: int }),
});
export type CoffeePageData = z.infer<typeof coffeePageData>;

/** PUT /coffee/{id}/update_as_json: the page, with the values the rules adjusted (field → why). */
export const coffeeUpdateAnswer = coffeePageData.extend({ adjusted: z.record(z.string(), z.string()) });
export type CoffeeUpdateAnswer = z.infer<typeof coffeeUpdateAnswer>;

/** GET /coffee/{id}/preview_next_round */
export const roundPreview = z.object({
  scheduled_for: z.string(),
  round_number: int,
  groups: z.array(z.object({ members: z.array(personJson), reason: z.string() })),
  left_out: z.array(z.object({ member: personJson, code: z.string(), why: z.string() })),
  excluded: z.array(z.object({ member: personJson, reason: z.string(), why: z.string() })),
  problem: problemJson.nullable(),
  stats: z.object({ candidates: int, grouped: int, pairs: int, repeatPairs: int, method: z.enum(['exact', 'heuristic', 'lottery']) }),
});
export type RoundPreview = z.infer<typeof roundPreview>;

export const icebreakerJson = z.object({ id: int, question: z.string(), theme: z.string(), library_key: z.string().nullable(), active: z.boolean() });
export type IcebreakerJson = z.infer<typeof icebreakerJson>;

/** GET /icebreakers/index_no_config */
export const icebreakerLibrary = z.object({
  themes: z.array(z.object({ key: z.string(), label: z.string() })).readonly(),
  icebreakers: z.array(z.object({ library_key: z.string(), question: z.string(), theme: z.string() })).readonly(),
});
export type IcebreakerLibrary = z.infer<typeof icebreakerLibrary>;

const reportPerson = personJson.pick({ id: true, name: true, slack_user_id: true });
export type ReportPerson = z.infer<typeof reportPerson>;

/** GET /reporting/{id}/pairing_show */
export const pairingReport = z.object({
  batches: z.array(
    z.object({
      id: int,
      number: int,
      date: z.string(),
      groups: z.array(z.object({ id: int, members: z.array(reportPerson), state: z.enum(MEETING_STATES), reason: z.string() })),
    }),
  ),
  /** met_rate = met / answered; `unanswered` groups are in open rounds and have not said yet. */
  stats: z.object({
    rounds: int,
    groups: int,
    met_rate: z.number(),
    met: int,
    answered: int,
    unanswered: int,
    repeat_rate: z.number(),
    /** The floor under repeat_rate: repeats no plan could have avoided in these rounds. */
    lowest_repeat_rate: z.number(),
    coverage: z.number(),
    longest_wait_rounds: int,
    participants: int,
  }),
  /** Who waits, who was never paired and why, who the plan's cap left out, and (with groups) cross-group mix. */
  fairness: z.object({
    waits: z.array(z.object({ member: reportPerson, rounds_waiting: int.nullable() })),
    never_paired: z.array(z.object({ member: reportPerson, code: z.string(), why: z.string() })),
    left_out_by_cap: z.array(z.object({ member: reportPerson, rounds: int })),
    cross_team: z
      .object({ mixed: int, same_group: int, unknown: int, by_group: z.array(z.object({ id: int, name: z.string(), intros: int, mixed: int })) })
      .nullable(),
  }),
  maxPairsInBatch: int,
  start: z.string(),
  end: z.string(),
});
export type PairingReport = z.infer<typeof pairingReport>;

/** GET /coffee/show_people_met_as_json */
export const peopleMetJson = z.object({
  people: z.array(personJson.extend({ times_met: int, times_grouped: int, last_met_on: z.string().nullable(), programs: z.array(z.string()) })),
  total: int,
});
export type PeopleMetJson = z.infer<typeof peopleMetJson>;

/** POST /share/{id}/preload */
export const shareCardJson = z.object({
  round: z.object({ id: int, program_id: int, date: z.string(), channel: z.string() }),
  num_groups: int,
  num_participants: int,
  num_first_time_groups: int,
  first_time_share: z.number(),
  text: z.string(),
});
export type ShareCardJson = z.infer<typeof shareCardJson>;

/** POST /coffee/{id}/preview_as_json and /coffee/preview_as_json: the intro as the round's builder makes it. */
export const introPreviewJson = z.object({
  text: z.string(),
  blocks: z.array(z.unknown()),
  /** Names for the message's <@U…> mentions. */
  user_names: z.record(z.string(), z.string()),
});
export type IntroPreviewJson = z.infer<typeof introPreviewJson>;

/** GET/PATCH/DELETE /users/{id}/snooze_intros…: the member's snooze of every Intros program. */
export const snoozeStatusJson = z.object({
  snoozed: z.boolean(),
  /** The local date (YYYY-MM-DD) the member is back in rounds; null when not snoozed. */
  end_date: z.string().nullable(),
});
export type SnoozeStatusJson = z.infer<typeof snoozeStatusJson>;

/** GET/PATCH /users/{id}/incompatible_pairs…: the member's avoid list. */
export const avoidListJson = z.object({
  invalid_partner_uids: z.array(z.string()),
  partners: z.array(z.object({ uid: z.string(), name: z.string(), avatar_url: z.string().nullable() })),
});
export type AvoidListJson = z.infer<typeof avoidListJson>;
