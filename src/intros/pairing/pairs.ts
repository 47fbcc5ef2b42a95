import { maxWeightMatching } from './blossom.js';
import type { WeightedEdge } from './blossom.js';
import { COST_CEILING, groupCost } from './costs.js';
import type { SolverPool } from './costs.js';
import { improveGroups } from './local-search.js';
import type { Random } from './random.js';
import { seatLeftovers } from './repair.js';

/** Pools up to this size get the exact matching (O(n³), about half a second at 400 in the worst case). */
export const EXACT_PAIRING_LIMIT = 400;
/** Random low-order weight bits that break ties between equally good matchings. */
const TIE_NOISE = 16;
/** Bigger pools: the greedy pass looks at this many open people for each person. */
const GREEDY_WINDOW = 48;
/** Bigger pools: each improvement step re-solves exactly a block of this many people. */
const REFINE_BLOCK = 240;
const REFINE_STEPS_WITHOUT_GAIN = 6;
const REFINE_STEPS_MAX = 200;
/** Pools up to this size look one round ahead and search for a fresh group of three (see bestRound). */
const LOOKAHEAD_LIMIT = 160;
const LOOKAHEAD_TRIES = 24;

export interface PairRound {
  /** Pairs, plus one group of three when the pool is odd (more only when avoid rules force it). */
  groups: number[][];
  /** People who fit in no group without someone they avoid. */
  unmatched: number[];
  exact: boolean;
}

/**
 * A round of pairs at the lowest total cost with as few people left out as possible. Up to exactLimit
 * people the pairs come from the exact maximum-weight matching (small pools also look a round ahead, see
 * bestRound); beyond, from greedy pairing refined by exact re-matching of blocks. The odd person joins the
 * pair where they add the least cost.
 */
export function pairRound(pool: SolverPool, random: Random, exactLimit = EXACT_PAIRING_LIMIT): PairRound {
  const everyone = Array.from({ length: pool.size }, (_, i) => i);
  if (pool.size > exactLimit) {
    const greedy = greedyPairs(pool, random);
    refineByExactBlocks(pool, greedy.pairs, random);
    const groups: number[][] = greedy.pairs.map((pair) => [...pair]);
    const unmatched = seatLeftovers(pool, groups, greedy.unmatched, 3);
    improveGroups(pool, groups, random.fork('polish'));
    return { groups, unmatched, exact: false };
  }
  const first = exactRound(pool, everyone, null, random.fork('attempt:0'));
  return { ...(pool.size <= LOOKAHEAD_LIMIT ? bestRound(pool, first, random) : first), exact: true };
}

interface ScoredRound {
  groups: number[][];
  unmatched: number[];
  cost: number;
}

/** Exact pairs among `members` (minus a given group of three), then the odd one seated and polished. */
function exactRound(
  pool: SolverPool,
  members: readonly number[],
  triple: readonly number[] | null,
  random: Random,
): ScoredRound {
  const rest = triple === null ? members : members.filter((m) => !triple.includes(m));
  const matched = exactPairs(pool, rest, random);
  const groups: number[][] = matched.pairs.map((pair) => [...pair]);
  if (triple !== null) groups.push([...triple]);
  const unmatched = seatLeftovers(pool, groups, matched.unmatched, 3);
  improveGroups(pool, groups, random.fork('polish'));
  return { groups, unmatched, cost: groups.reduce((sum, group) => sum + groupCost(pool, group), 0) };
}

/**
 * Small pools, while first-time pairs remain: a round of only first-time pairs is not enough, because the
 * fresh pairs left may then be impossible to pair up next round (after 3 rounds of 6 people the 6 unused
 * pairs can form two triangles), forcing an early repeat. And in an odd pool, the matching does not see
 * that the odd person needs two fresh partners. So when the first answer has a repeat or blocks a fresh
 * next round, try other equally cheap matchings (odd pools: around a sampled fresh triangle) and keep the
 * best: fewest left out, then lowest cost, then one that keeps the next round fresh. The same search
 * helps when avoid lists leave the odd person with no pair to join. With a stable pool this
 * gives repeat-free rounds for (nearly) as long as a round-robin schedule would.
 */
function bestRound(pool: SolverPool, first: ScoredRound, random: Random): ScoredRound {
  const fresh = freshNeighbours(pool);
  const everyone = Array.from({ length: pool.size }, (_, i) => i);
  const odd = pool.size % 2 === 1;
  // "Good for next round": nobody left out, only first meetings, and a fresh next round still possible.
  const nextFresh = (round: ScoredRound) =>
    round.unmatched.length === 0 && round.cost === 0 && nextRoundCanBeFresh(pool, fresh, round.groups);
  let best = first;
  let bestNextFresh = nextFresh(first);
  if (bestNextFresh) return best;
  const nobodyLeftOut = first.unmatched.length === 0;
  // With nobody left out, other matchings can only help while never-met pairs remain, and in an even pool
  // (whose matching is already the cheapest) only by keeping the next round fresh.
  if (nobodyLeftOut && !fresh.some((list) => list.length > 0)) return best;
  if (nobodyLeftOut && !odd && first.cost > 0) return best;
  const search = random.fork('lookahead');
  for (let attempt = 1; attempt <= LOOKAHEAD_TRIES; attempt++) {
    const triple = odd ? sampleFreshTriangle(fresh, search) : null;
    if (odd && triple === null && nobodyLeftOut) break;
    const round = exactRound(pool, everyone, triple, search.fork(`attempt:${attempt}`));
    const better =
      round.unmatched.length < best.unmatched.length ||
      (round.unmatched.length === best.unmatched.length &&
        (round.cost < best.cost || (round.cost === best.cost && !bestNextFresh && nextFresh(round))));
    if (!better) continue;
    best = round;
    bestNextFresh = nextFresh(round);
    if (bestNextFresh) break;
  }
  return best;
}

/** For each person, the people they could meet for the first time (never met, not avoided). */
function freshNeighbours(pool: SolverPool): number[][] {
  const lists: number[][] = Array.from({ length: pool.size }, () => []);
  for (let a = 0; a < pool.size; a++) {
    for (let b = a + 1; b < pool.size; b++) {
      if (!pool.forbidden(a, b) && pool.cost(a, b) === 0) {
        lists[a]?.push(b);
        lists[b]?.push(a);
      }
    }
  }
  return lists;
}

function sampleFreshTriangle(fresh: readonly number[][], random: Random): number[] | null {
  for (let tries = 0; tries < 32; tries++) {
    const a = random.int(fresh.length);
    const aList = fresh[a] as number[];
    if (aList.length < 2) continue;
    const b = aList[random.int(aList.length)] as number;
    const bSet = new Set(fresh[b]);
    const common = aList.filter((c) => c !== b && bSet.has(c));
    if (common.length > 0) return [a, b, common[random.int(common.length)] as number];
  }
  return null;
}

/**
 * Whether the fresh pairs left after this round still allow a round of only fresh pairs: a matching that
 * covers everyone (but one when odd), and for an odd pool also a fresh triangle for the group of three.
 */
function nextRoundCanBeFresh(pool: SolverPool, fresh: readonly number[][], groups: readonly number[][]): boolean {
  const count = pool.size;
  const used = new Set<number>();
  for (const group of groups) {
    for (const a of group) for (const b of group) if (a !== b) used.add(a * count + b);
  }
  const left: number[][] = fresh.map((list, a) => list.filter((b) => !used.has(a * count + b)));
  const edges: WeightedEdge[] = [];
  left.forEach((list, a) => list.forEach((b) => a < b && edges.push([a, b, 1])));
  const minDegree = Math.min(...left.map((list) => list.length));
  if (count % 2 === 1) {
    const hasTriangle = left.some((list, a) => {
      const set = new Set(list);
      return list.some((b) => (left[b] as number[]).some((c) => c !== a && set.has(c)));
    });
    if (!hasTriangle) return false;
  }
  // Dirac: minimum degree ≥ n/2 guarantees a Hamiltonian cycle, hence such a matching.
  if (minDegree * 2 >= count) return true;
  const mate = maxWeightMatching(count, edges, true);
  const matched = mate.reduce((sum, partner) => sum + (partner === -1 ? 0 : 1), 0);
  return matched >= count - (count % 2);
}

/**
 * The maximum-cardinality matching of least total cost among `members` (avoid pairs have no edge).
 * Costs become weights (ceiling − cost), scaled so that random tie-breaking noise in the low bits can never
 * outweigh one unit of cost across the whole matching.
 */
export function exactPairs(
  pool: SolverPool,
  members: readonly number[],
  random: Random,
): { pairs: Array<[number, number]>; unmatched: number[] } {
  // Shuffled numbering varies which of several equal optima the algorithm reaches.
  const order = random.shuffle([...members]);
  const count = order.length;
  const tieScale = Math.floor(count / 2) * (TIE_NOISE - 1) + 1;
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < count; i++) {
    const a = order[i] as number;
    for (let j = i + 1; j < count; j++) {
      const b = order[j] as number;
      if (pool.forbidden(a, b)) continue;
      const cost = Math.min(pool.cost(a, b), COST_CEILING - 1);
      edges.push([i, j, (COST_CEILING - cost) * tieScale + random.int(TIE_NOISE)]);
    }
  }
  const mate = maxWeightMatching(count, edges, true);
  const pairs: Array<[number, number]> = [];
  const unmatched: number[] = [];
  for (let i = 0; i < count; i++) {
    const partner = mate[i] as number;
    if (partner === -1) unmatched.push(order[i] as number);
    else if (i < partner) pairs.push([order[i] as number, order[partner] as number]);
  }
  return { pairs, unmatched };
}

/**
 * Large pools: walk people in random order and give each the cheapest partner among the next open people
 * (stopping at the first free one), which is nearly always a fresh pair while histories are sparse.
 */
function greedyPairs(pool: SolverPool, random: Random): { pairs: Array<[number, number]>; unmatched: number[] } {
  const order = random.shuffle(Array.from({ length: pool.size }, (_, i) => i));
  const count = order.length;
  // nextOpen[i]: the first open position ≥ i (path-compressed), count when none.
  const nextOpen = new Int32Array(count + 1);
  for (let i = 0; i <= count; i++) nextOpen[i] = i;
  const findOpen = (position: number): number => {
    let root = position;
    while (nextOpen[root] !== root) root = nextOpen[root] as number;
    let at = position;
    while (nextOpen[at] !== root) {
      const next = nextOpen[at] as number;
      nextOpen[at] = root;
      at = next;
    }
    return root;
  };
  const close = (position: number): void => {
    nextOpen[position] = position + 1;
  };

  const pairs: Array<[number, number]> = [];
  const unmatched: number[] = [];
  for (let position = findOpen(0); position < count; position = findOpen(position)) {
    const a = order[position] as number;
    close(position);
    let bestPosition = -1;
    let bestCost = Infinity;
    let looked = 0;
    // Look at a window of open people; if every one of them is on a's avoid list, keep looking.
    for (let q = findOpen(position + 1); q < count; q = findOpen(q + 1)) {
      const b = order[q] as number;
      if (!pool.forbidden(a, b)) {
        const cost = pool.cost(a, b);
        if (cost < bestCost) {
          bestCost = cost;
          bestPosition = q;
          if (cost === 0) break;
        }
      }
      looked++;
      if (looked >= GREEDY_WINDOW && bestPosition !== -1) break;
    }
    if (bestPosition === -1) {
      unmatched.push(a);
    } else {
      close(bestPosition);
      pairs.push([a, order[bestPosition] as number]);
    }
  }
  return { pairs, unmatched };
}

/**
 * Large-neighbourhood search: repeatedly take the costly pairs plus as many random cheap ones, re-pair
 * those people with the exact matching, and keep the result when it is cheaper. Each block is small enough
 * for the exact algorithm, so big pools get exact answers locally where it matters.
 */
function refineByExactBlocks(pool: SolverPool, pairs: Array<[number, number]>, random: Random): void {
  let stepsWithoutGain = 0;
  for (let step = 0; step < REFINE_STEPS_MAX && stepsWithoutGain < REFINE_STEPS_WITHOUT_GAIN; step++) {
    const costly: number[] = [];
    const cheap: number[] = [];
    pairs.forEach(([a, b], index) => (pool.cost(a, b) > 0 ? costly : cheap).push(index));
    if (costly.length === 0) return;
    const half = REFINE_BLOCK / 4;
    const chosenCostly = random.shuffle(costly).slice(0, Math.max(half, REFINE_BLOCK / 2 - cheap.length));
    const room = REFINE_BLOCK / 2 - chosenCostly.length;
    const chosen = chosenCostly.concat(random.shuffle(cheap).slice(0, room));
    const members = chosen.flatMap((index) => pairs[index] as [number, number]);
    const before = chosen.reduce((sum, index) => {
      const [a, b] = pairs[index] as [number, number];
      return sum + pool.cost(a, b);
    }, 0);
    const solved = exactPairs(pool, members, random);
    const after = solved.pairs.reduce((sum, [a, b]) => sum + pool.cost(a, b), 0);
    if (solved.unmatched.length === 0 && after < before) {
      chosen.forEach((index, i) => {
        pairs[index] = solved.pairs[i] as [number, number];
      });
      stepsWithoutGain = 0;
    } else {
      stepsWithoutGain++;
    }
  }
}
