import { groupCost, searchCost } from './costs.js';
import type { SolverPool } from './costs.js';
import { improveGroups } from './local-search.js';
import type { Random } from './random.js';
import { searchFewestCostlyPairs } from './tabu.js';

/** Up to this many people, each new member is chosen from everyone still open; beyond, from a window. */
const FULL_SCAN_LIMIT = 2000;
const SCAN_WINDOW = 64;
/** Up to this many people, a grouping with repeats gets a tabu search (while a repeat-free one may exist). */
const TABU_LIMIT = 400;
/** Tabu steps for a pool of n people: TABU_WORK / n, as each step looks at about n swaps per costly person. */
const TABU_WORK = 400_000;
const TABU_STEPS_MAX = 5_000;

/**
 * Groups of 3..8 (any sizes plan): greedy construction that adds to each group the open person who adds
 * the least cost, then local search (swaps and moves between groups). Small pools try several seeded
 * starts and keep the cheapest; while the pool still has enough never-met pairs for a repeat-free round,
 * a tabu search looks for one when local search could not.
 */
export function buildGroups(pool: SolverPool, sizes: readonly number[], random: Random): number[][] {
  let best = improvedGroups(pool, sizes, random);
  const bestCost = totalCost(pool, best);
  if (bestCost > 0 && pool.size <= TABU_LIMIT && enoughFreshPairs(pool, sizes)) {
    const searched = searchFewestCostlyPairs(pool, best, random.fork('tabu'), Math.min(TABU_STEPS_MAX, Math.ceil(TABU_WORK / pool.size)));
    if (totalCost(pool, searched.groups) < bestCost) best = searched.groups;
  }
  return best;
}

/** The cheapest of a few seeded greedy constructions, each improved by local search (no tabu search). */
export function improvedGroups(
  pool: SolverPool,
  sizes: readonly number[],
  random: Random,
  starts = pool.size <= 100 ? 8 : pool.size <= 400 ? 3 : 1,
): number[][] {
  let best: number[][] = [];
  let bestCost = Infinity;
  for (let start = 0; start < starts; start++) {
    const startRandom = random.fork(`start:${start}`);
    const groups = constructGroups(pool, sizes, startRandom);
    improveGroups(pool, groups, startRandom);
    const cost = totalCost(pool, groups);
    if (cost < bestCost) {
      best = groups;
      bestCost = cost;
    }
    if (bestCost === 0) break;
  }
  return best;
}

/** Whether the pool still has at least as many free pairs (cost 0) as a round's groups hold. */
function enoughFreshPairs(pool: SolverPool, sizes: readonly number[]): boolean {
  const needed = sizes.reduce((sum, size) => sum + (size * (size - 1)) / 2, 0);
  let fresh = 0;
  for (let a = 0; a < pool.size; a++) {
    for (let b = a + 1; b < pool.size; b++) {
      if (pool.cost(a, b) === 0 && !pool.forbidden(a, b) && ++fresh >= needed) return true;
    }
  }
  return false;
}

const totalCost = (pool: SolverPool, groups: readonly number[][]) =>
  groups.reduce((sum, members) => sum + groupCost(pool, members), 0);

function constructGroups(pool: SolverPool, sizes: readonly number[], random: Random): number[][] {
  const order = random.shuffle(Array.from({ length: pool.size }, (_, i) => i));
  const count = order.length;
  const window = count <= FULL_SCAN_LIMIT ? count : SCAN_WINDOW;
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

  const groups: number[][] = [];
  for (const size of sizes) {
    const seedPosition = findOpen(0);
    if (seedPosition >= count) break;
    nextOpen[seedPosition] = seedPosition + 1;
    const members = [order[seedPosition] as number];
    while (members.length < size) {
      let bestPosition = -1;
      let bestCost = Infinity;
      let looked = 0;
      for (let q = findOpen(seedPosition); q < count && looked < window; q = findOpen(q + 1)) {
        looked++;
        const candidate = order[q] as number;
        let cost = 0;
        for (const member of members) cost += searchCost(pool, candidate, member);
        if (cost < bestCost) {
          bestCost = cost;
          bestPosition = q;
          if (cost === 0) break;
        }
      }
      if (bestPosition === -1) break;
      nextOpen[bestPosition] = bestPosition + 1;
      members.push(order[bestPosition] as number);
    }
    groups.push(members);
  }
  return groups;
}
