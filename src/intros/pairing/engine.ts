import { CATEGORY_COST, COST_MATRIX_LIMIT, meetingCost, withCostMatrix } from './costs.js';
import type { SolverPool } from './costs.js';
import { planGroupSizes } from './group-sizes.js';
import { buildGroups } from './groups.js';
import { HORIZON_ROUNDS, planHorizon } from './horizon.js';
import { improveGroups } from './local-search.js';
import { MeetingIndex, pairKey } from './meetings.js';
import { pairRound } from './pairs.js';
import { createRandom } from './random.js';
import type { Random } from './random.js';
import { describeGroup, formatReason } from './reason.js';
import { removeConflicts, seatLeftovers } from './repair.js';
import { applyParticipantCap, drawLottery } from './selection.js';
import type {
  Candidate,
  LeftOutMember,
  PairingGroup,
  PairingHistoryEntry,
  PairingInput,
  PairingProblem,
  PairingResult,
  PairingType,
} from './types.js';

/**
 * Computes one round: who meets whom, with a reason for each group and for everyone left out.
 * Pure and deterministic: the same input (in any candidate order) and seed give the same result.
 *
 * Standard, topic and cross-group rounds minimise one total cost over the whole pool (costs.ts): pairs use
 * the exact maximum-weight matching up to EXACT_PAIRING_LIMIT people and a matching-based heuristic beyond;
 * groups of 3..8 use greedy construction plus local search. Within-group rounds solve each category apart.
 */
export function computeRound(input: PairingInput): PairingResult {
  validate(input);
  const random = createRandom(input.seed);
  const candidates = uniqueById(input.candidates);
  const leftOut: LeftOutMember[] = [];

  let pool = candidates;
  if (input.type !== 'lottery' && input.maxParticipants !== undefined && candidates.length > input.maxParticipants) {
    const { kept, capped } = applyParticipantCap(candidates, input.maxParticipants, random.fork('cap'));
    pool = kept.sort(byId);
    const why = `Free plan rounds include up to ${input.maxParticipants} people`;
    for (const candidate of capped) leftOut.push({ id: candidate.id, code: 'free_plan_cap', why });
  }

  const avoidKeys = new Set(input.avoid.map(([a, b]) => pairKey(a, b)));
  const avoids = (a: string, b: string) => avoidKeys.has(pairKey(a, b));

  if (pool.length < 2) {
    for (const candidate of pool) {
      leftOut.push({ id: candidate.id, code: 'pool_too_small', why: 'Nobody else is in this round' });
    }
    return finish(candidates, [], leftOut, poolTooSmall(pool.length), 'exact');
  }

  if (input.type === 'lottery') return lotteryRound(input, pool, candidates, leftOut, avoids, random);

  const groups: PairingGroup[] = [];
  let exact = true;
  const buckets =
    input.type === 'within_group_pairing' ? partitionByCategory(pool, leftOut, random.fork('buckets')) : [pool];
  const histories = buckets.length === 1 ? [input.history] : historiesOf(buckets, input.history);
  buckets.forEach((bucket, index) => {
    const history = histories[index] ?? [];
    const solved = solveBucket(input, bucket, history, pool.length <= HORIZON_ROUND_LIMIT, random.fork(`bucket:${index}`));
    groups.push(...solved.groups);
    leftOut.push(...solved.leftOut);
    exact &&= solved.exact;
  });

  return finish(candidates, groups, leftOut, problemOf(input.type, pool.length, groups, leftOut), exact ? 'exact' : 'heuristic');
}

/** Each bucket's share of the history: the past groups with someone of the bucket in them, whole. */
function historiesOf(buckets: readonly Candidate[][], history: readonly PairingHistoryEntry[]): PairingHistoryEntry[][] {
  const bucketOf = new Map<string, number>();
  buckets.forEach((bucket, index) => bucket.forEach((candidate) => bucketOf.set(candidate.id, index)));
  const histories = buckets.map((): PairingHistoryEntry[] => []);
  for (const entry of history) {
    const touched = new Set<number>();
    for (const id of entry.members) {
      const index = bucketOf.get(id);
      if (index !== undefined) touched.add(index);
    }
    for (const index of touched) histories[index]?.push(entry);
  }
  return histories;
}

/** One pool's groups; `history` holds at least every past group with someone of the pool in it. */
function solveBucket(
  input: PairingInput,
  members: readonly Candidate[],
  history: readonly PairingHistoryEntry[],
  planAhead: boolean,
  random: Random,
): { groups: PairingGroup[]; leftOut: LeftOutMember[]; exact: boolean } {
  const ids = members.map((m) => m.id);
  const positionOf = new Map(ids.map((id, i) => [id, i]));
  const meetings = new MeetingIndex(ids.length, positionOf, history);
  const categories = members.map((m) => new Set(m.categories ?? []));
  const shares = (a: number, b: number): boolean => {
    const [small, large] = order(categories[a] as Set<string>, categories[b] as Set<string>);
    for (const category of small) if (large.has(category)) return true;
    return false;
  };
  const categoryCost = categoryRule(input.type, shares);
  const forbidden = new Set<number>();
  for (const [a, b] of input.avoid) {
    const pa = positionOf.get(a);
    const pb = positionOf.get(b);
    if (pa !== undefined && pb !== undefined && pa !== pb) forbidden.add(pa * ids.length + pb).add(pb * ids.length + pa);
  }
  const direct: SolverPool = {
    size: ids.length,
    cost: (a, b) => meetingCost(meetings.get(a, b), input.currentRound) + categoryCost(a, b),
    forbidden: (a, b) => forbidden.has(a * ids.length + b),
  };
  const pool = ids.length <= COST_MATRIX_LIMIT ? withCostMatrix(direct) : direct;

  const sizes = planGroupSizes(ids.length, input.groupSize, input.enforceGroupSize);
  const maxSize = Math.max(input.groupSize + 1, ...sizes);
  let groups: number[][];
  let leftovers: number[];
  let exact = false;
  const horizon = planAhead && usesHorizon(input.groupSize, ids.length) ? horizonRounds(pool, sizes) : 0;
  const planned =
    horizon > 0
    ? planHorizon(
        {
          size: ids.length,
          sizes,
          groupSize: input.groupSize,
          rounds: horizon,
          currentRound: input.currentRound,
          meeting: (a, b) => meetings.get(a, b),
          categoryCost,
          forbidden: pool.forbidden,
          pastExtraSeats: extraSeats(ids, history, input.groupSize),
          labels: ids,
        },
        random.fork('horizon'),
      )
    : null;
  // Avoid lists the plan could not honour in full go to the one-round planner, which seats the most people.
  const plannedCleanly = planned !== null && planned.every((group) => !hasForbiddenPair(pool, group));
  if (plannedCleanly) {
    groups = planned;
    leftovers = [];
  } else if (input.groupSize === 2) {
    const round = pairRound(pool, random.fork('pairs'));
    groups = round.groups;
    leftovers = round.unmatched;
    exact = round.exact;
  } else {
    groups = buildGroups(pool, sizes, random.fork('groups'));
    leftovers = removeConflicts(pool, groups);
  }
  const unseated = seatLeftovers(pool, groups, leftovers, maxSize);
  if (!plannedCleanly) improveGroups(pool, groups, random.fork('polish'));

  const meetingOf = (a: string, b: string) => meetings.get(positionOf.get(a) as number, positionOf.get(b) as number);
  const showShared = input.type === 'topic_based' || input.type === 'within_group_pairing';
  const result: PairingGroup[] = groups.map((group) => {
    const memberIds = group.map((p) => ids[p] as string).sort();
    const shared = showShared ? sharedByAll(group.map((p) => categories[p] as Set<string>)) : [];
    return toGroup(memberIds, describeGroup(memberIds, meetingOf, input.currentRound, shared));
  });
  const why = 'Could not be grouped without someone on an avoid list';
  const leftOut = unseated.map((p): LeftOutMember => ({ id: ids[p] as string, code: 'avoid_conflict', why }));
  return { groups: result, leftOut, exact };
}

/** Pools up to this size are planned HORIZON_ROUNDS ahead; larger ones round by round (fast enough at 50,000). */
export const HORIZON_LIMIT = 200;
/**
 * Within-group rounds plan each group's pool apart: up to this many people in the whole round, so a large
 * channel split into many small groups stays as fast as round-by-round planning.
 */
const HORIZON_ROUND_LIMIT = 1000;

/**
 * Groups, and pairs in an odd pool, plan ahead. Pairs in an even pool do not need to: the exact matching
 * with its one-round lookahead already reaches the round-robin bound.
 */
function usesHorizon(groupSize: number, poolSize: number): boolean {
  return poolSize <= HORIZON_LIMIT && poolSize > groupSize + 1 && (groupSize > 2 || poolSize % 2 === 1);
}

/**
 * Rounds worth planning: no more than the never-met pairs left could fill (so a repeat-free plan may exist),
 * at most HORIZON_ROUNDS. 0 when not even one round can be repeat-free: the one-round planner, which spreads
 * repeats by recency, takes over.
 */
function horizonRounds(pool: SolverPool, sizes: readonly number[]): number {
  const pairsPerRound = sizes.reduce((sum, size) => sum + (size * (size - 1)) / 2, 0);
  let fresh = 0;
  for (let a = 0; a < pool.size; a++) {
    for (let b = a + 1; b < pool.size; b++) if (pool.cost(a, b) === 0 && !pool.forbidden(a, b)) fresh++;
  }
  return Math.min(HORIZON_ROUNDS, Math.floor(fresh / pairsPerRound));
}

function hasForbiddenPair(pool: SolverPool, group: readonly number[]): boolean {
  return group.some((a, i) => group.some((b, j) => j > i && pool.forbidden(a, b)));
}

/** How often each person sat in a group larger than the configured size (the trio of a paired round). */
function extraSeats(ids: readonly string[], history: PairingInput['history'], groupSize: number): number[] {
  const seats = new Map<string, number>();
  for (const entry of history) {
    if (entry.members.length <= groupSize) continue;
    for (const id of new Set(entry.members)) seats.set(id, (seats.get(id) ?? 0) + 1);
  }
  return ids.map((id) => seats.get(id) ?? 0);
}

function categoryRule(type: PairingType, shares: (a: number, b: number) => boolean): (a: number, b: number) => number {
  if (type === 'topic_based') return (a, b) => (shares(a, b) ? 0 : CATEGORY_COST);
  if (type === 'cross_group_pairing') return (a, b) => (shares(a, b) ? CATEGORY_COST : 0);
  return () => 0;
}

/**
 * Within-group rounds: everyone goes to one category. People with one category go there; people with
 * several go where they are most useful: a category with one person waiting, else the largest one.
 */
function partitionByCategory(pool: readonly Candidate[], leftOut: LeftOutMember[], random: Random): Candidate[][] {
  const buckets = new Map<string, Candidate[]>();
  const flexible: Candidate[] = [];
  for (const candidate of pool) {
    const categories = [...new Set(candidate.categories ?? [])].sort();
    if (categories.length === 0) {
      leftOut.push({ id: candidate.id, code: 'no_category', why: 'Has not picked a group yet' });
    } else if (categories.length === 1) {
      const category = categories[0] as string;
      buckets.set(category, [...(buckets.get(category) ?? []), candidate]);
    } else {
      flexible.push(candidate);
    }
  }
  for (const candidate of random.shuffle(flexible)) {
    const categories = [...new Set(candidate.categories)].sort();
    const sizeOf = (category: string) => buckets.get(category)?.length ?? 0;
    const rank = (category: string) => (sizeOf(category) === 1 ? Infinity : sizeOf(category));
    let home = categories[0] as string;
    for (const category of categories) if (rank(category) > rank(home)) home = category;
    buckets.set(home, [...(buckets.get(home) ?? []), candidate]);
  }
  const result: Candidate[][] = [];
  for (const [category, members] of [...buckets.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (members.length >= 2) {
      result.push(members.sort(byId));
    } else {
      for (const member of members) {
        leftOut.push({ id: member.id, code: 'alone_in_category', why: `Nobody else from ${category} is in this round` });
      }
    }
  }
  return result;
}

function lotteryRound(
  input: PairingInput,
  pool: readonly Candidate[],
  candidates: readonly Candidate[],
  leftOut: LeftOutMember[],
  avoids: (a: string, b: string) => boolean,
  random: Random,
): PairingResult {
  const draw = drawLottery({
    candidates: pool,
    groupSize: input.groupSize,
    fixedParticipants: input.lottery?.fixedParticipants ?? [],
    history: input.history,
    currentRound: input.currentRound,
    avoids,
    random: random.fork('lottery'),
  });
  const groups: PairingGroup[] = [];
  if (draw.drawn.length >= 2) {
    const ids = [...draw.drawn].sort();
    const positionOf = new Map(ids.map((id, i) => [id, i]));
    const meetings = new MeetingIndex(ids.length, positionOf, input.history);
    const meetingOf = (a: string, b: string) => meetings.get(positionOf.get(a) as number, positionOf.get(b) as number);
    groups.push(toGroup(ids, describeGroup(ids, meetingOf, input.currentRound)));
    for (const id of draw.notDrawn) leftOut.push({ id, code: 'not_drawn', why: 'Not drawn this round; the longer you wait, the better your chances' });
  } else {
    const why = 'Could not be grouped without someone on an avoid list';
    for (const id of [...draw.drawn, ...draw.notDrawn]) leftOut.push({ id, code: 'avoid_conflict', why });
  }
  let problem: PairingProblem | undefined;
  if (groups.length === 0) {
    problem = { code: 'avoid_conflicts', message: 'No lottery group could be drawn: avoid lists rule out every group.' };
  }
  return finish(candidates, groups, leftOut, problem, 'lottery');
}

function problemOf(
  type: PairingType,
  poolSize: number,
  groups: readonly PairingGroup[],
  leftOut: readonly LeftOutMember[],
): PairingProblem | undefined {
  const count = (code: LeftOutMember['code']) => leftOut.filter((l) => l.code === code).length;
  const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);
  const avoided = count('avoid_conflict');
  const alone = count('alone_in_category');
  const noCategory = count('no_category');
  if (type === 'within_group_pairing' && noCategory === poolSize) {
    return { code: 'no_categories', message: 'Nobody in this round has picked a group yet, so no within-group intros could be made.' };
  }
  if (type === 'within_group_pairing' && groups.length === 0) {
    return { code: 'categories_too_small', message: 'No group has at least 2 people in this round, so no within-group intros could be made.' };
  }
  if (groups.length === 0) {
    return { code: 'avoid_conflicts', message: 'No groups could be made: avoid lists rule out every grouping.' };
  }
  if (avoided > 0) {
    return { code: 'avoid_conflicts', message: `${people(avoided)} could not be grouped without someone on an avoid list.` };
  }
  if (alone > 0 || noCategory > 0) {
    const parts: string[] = [];
    if (alone > 0) parts.push(`${people(alone)} had nobody else from their group in this round`);
    if (noCategory > 0) parts.push(`${people(noCategory)} had not picked a group`);
    return { code: noCategory > 0 && alone === 0 ? 'no_categories' : 'categories_too_small', message: `${parts.join('; ')}.` };
  }
  return undefined;
}

function poolTooSmall(count: number): PairingProblem {
  return {
    code: 'pool_too_small',
    message:
      count === 0
        ? 'Nobody is available for this round; at least 2 people are needed.'
        : 'Only 1 person is available for this round; at least 2 people are needed.',
  };
}

function toGroup(members: string[], reasonDetail: PairingGroup['reasonDetail']): PairingGroup {
  return {
    members,
    reason: formatReason(reasonDetail),
    reasonDetail,
    repeatPairs: reasonDetail.kind === 'repeat' ? reasonDetail.pairs.length : 0,
  };
}

function finish(
  candidates: readonly Candidate[],
  groups: PairingGroup[],
  leftOut: LeftOutMember[],
  problem: PairingProblem | undefined,
  method: PairingResult['stats']['method'],
): PairingResult {
  groups.sort((a, b) => ((a.members[0] as string) < (b.members[0] as string) ? -1 : 1));
  leftOut.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const grouped = groups.reduce((sum, g) => sum + g.members.length, 0);
  const pairs = groups.reduce((sum, g) => sum + (g.members.length * (g.members.length - 1)) / 2, 0);
  const repeatPairs = groups.reduce((sum, g) => sum + g.repeatPairs, 0);
  return {
    groups,
    leftOut,
    ...(problem === undefined ? {} : { problem }),
    stats: { candidates: candidates.length, grouped, pairs, repeatPairs, method },
  };
}

function validate(input: PairingInput): void {
  planGroupSizes(0, input.groupSize, input.enforceGroupSize); // throws on a bad size
  if (!Number.isFinite(input.currentRound)) throw new RangeError('currentRound must be a finite number');
  const cap = input.maxParticipants;
  if (cap !== undefined && !(Number.isInteger(cap) && cap >= 0)) throw new RangeError('maxParticipants must be a whole number ≥ 0');
  if ((input.lottery?.fixedParticipants?.length ?? 0) > 2) throw new RangeError('a lottery has at most 2 fixed participants');
}

function uniqueById(candidates: readonly Candidate[]): Candidate[] {
  const seen = new Map<string, Candidate>();
  for (const candidate of candidates) if (!seen.has(candidate.id)) seen.set(candidate.id, candidate);
  return [...seen.values()].sort(byId);
}

function byId(a: Candidate, b: Candidate): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function order(a: Set<string>, b: Set<string>): [Set<string>, Set<string>] {
  return a.size <= b.size ? [a, b] : [b, a];
}

function sharedByAll(sets: readonly Set<string>[]): string[] {
  const [first, ...rest] = sets;
  if (first === undefined) return [];
  return [...first].filter((category) => rest.every((set) => set.has(category))).sort();
}
