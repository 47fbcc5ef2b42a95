/** The public shapes of the pairing engine. */

export type PairingType = 'standard' | 'topic_based' | 'cross_group_pairing' | 'within_group_pairing' | 'lottery';

export interface Candidate {
  id: string;
  /** Topic (topic_based) or group (cross/within group) categories the member picked. */
  categories?: readonly string[];
  /** Lottery: the last round this member was drawn; null = never. When absent, taken from the history. */
  lastSelectedRound?: number | null;
  /** Free plan: how many recent rounds this member was left out by the participant cap. */
  timesLeftOut?: number;
}

/** One group from a past round. Round numbers increase over time. */
export interface PairingHistoryEntry {
  round: number;
  members: readonly string[];
}

export interface PairingInput {
  type: PairingType;
  /** Eligible members (see eligibleCandidates). Order does not matter; duplicates are ignored. */
  candidates: readonly Candidate[];
  /** Configured group size, 2..8. */
  groupSize: number;
  /** When true, no group is larger than groupSize + 1 (some may be smaller). See planGroupSizes. */
  enforceGroupSize: boolean;
  history: readonly PairingHistoryEntry[];
  /** Pairs never to put in the same group (from either member's avoid list). */
  avoid: ReadonlyArray<readonly [string, string]>;
  currentRound: number;
  /** Same input and seed give the same round; use a new seed per round (e.g. program id + round). */
  seed: string;
  lottery?: { fixedParticipants?: readonly string[] };
  /** Free plan cap on the people in one round (24); ignored by the lottery, which draws one group. */
  maxParticipants?: number;
}

/** One pair inside a group that has met before. */
export interface RepeatedPair {
  members: [string, string];
  /** Rounds since they last met (1 = the previous round). */
  roundsAgo: number;
  /** How many times they have met before this round. */
  timesMet: number;
}

/** Why a group was formed, in a structured form that formatReason turns into a sentence. */
export type GroupReason =
  | { kind: 'first_time'; groupSize: number; sharedCategories: string[] }
  | {
      kind: 'repeat';
      groupSize: number;
      /** The most recent meeting among the repeated pairs. */
      roundsAgo: number;
      /** Repeated pairs, most recent first. */
      pairs: RepeatedPair[];
      sharedCategories: string[];
    };

export interface PairingGroup {
  members: string[];
  /** A short sentence about the group, with member ids; use formatReason with names for people. */
  reason: string;
  reasonDetail: GroupReason;
  /** Pairs inside the group that have met before. */
  repeatPairs: number;
}

export type LeftOutCode =
  | 'free_plan_cap'
  | 'avoid_conflict'
  | 'no_category'
  | 'alone_in_category'
  | 'not_drawn'
  | 'pool_too_small';

export interface LeftOutMember {
  id: string;
  code: LeftOutCode;
  why: string;
}

export type PairingProblemCode = 'pool_too_small' | 'avoid_conflicts' | 'no_categories' | 'categories_too_small';

export interface PairingProblem {
  code: PairingProblemCode;
  message: string;
}

export interface PairingResult {
  groups: PairingGroup[];
  /** Every candidate not in a group, with the reason. Candidates = grouped ∪ leftOut, always. */
  leftOut: LeftOutMember[];
  /** Set when the round cannot be what the admin expects (nobody grouped, or people left out by rules). */
  problem?: PairingProblem;
  stats: {
    candidates: number;
    grouped: number;
    /** Pairs inside groups (a group of k has k(k-1)/2). */
    pairs: number;
    repeatPairs: number;
    /** 'exact' when the pairs came from the maximum-weight matching over the whole pool. */
    method: 'exact' | 'heuristic' | 'lottery';
  };
}
