import { searchCost } from './costs.js';
import type { SolverPool } from './costs.js';
import type { Random } from './random.js';

/** With more groups than this, each move tries a random sample of groups instead of all of them. */
const ALL_GROUPS_LIMIT = 160;
const SAMPLED_GROUPS = 64;
const MAX_PASSES = 60;

/**
 * Improves a grouping in place by moving people between groups while the total cost goes down:
 * - swap: a in A and b in B change places;
 * - move: a leaves A for B when A has one more person than B (so the multiset of sizes is unchanged).
 * Only people who add cost to their group are moved, so a pass over a good grouping is cheap. Each person
 * takes the best move found; passes repeat until none improves (or MAX_PASSES). Deterministic for a Random.
 */
export function improveGroups(pool: SolverPool, groups: number[][], random: Random): void {
  if (groups.length < 2) return;
  const groupOf = new Int32Array(pool.size).fill(-1);
  groups.forEach((members, g) => members.forEach((m) => (groupOf[m] = g)));

  // Cost that `person` adds to `members` (skipping `except`, who is leaving).
  const costWith = (person: number, members: readonly number[], except: number): number => {
    let total = 0;
    for (const other of members) if (other !== person && other !== except) total += searchCost(pool, person, other);
    return total;
  };

  const groupIndexes = groups.map((_, g) => g);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let improved = false;
    const people = random.shuffle(groups.flat());
    for (const a of people) {
      const from = groupOf[a] as number;
      const fromMembers = groups[from] as number[];
      const aNow = costWith(a, fromMembers, -1);
      if (aNow === 0) continue;
      const targets =
        groups.length <= ALL_GROUPS_LIMIT
          ? groupIndexes
          : Array.from({ length: SAMPLED_GROUPS }, () => random.int(groups.length));
      let bestDelta = 0;
      let bestTarget = -1;
      let bestPartner = -1;
      for (const to of targets) {
        if (to === from) continue;
        const toMembers = groups[to] as number[];
        if (fromMembers.length === toMembers.length + 1) {
          const delta = costWith(a, toMembers, -1) - aNow;
          if (delta < bestDelta) {
            bestDelta = delta;
            bestTarget = to;
            bestPartner = -1;
          }
        }
        for (const b of toMembers) {
          const delta =
            costWith(b, fromMembers, a) -
            costWith(a, fromMembers, a) +
            costWith(a, toMembers, b) -
            costWith(b, toMembers, b);
          if (delta < bestDelta) {
            bestDelta = delta;
            bestTarget = to;
            bestPartner = b;
          }
        }
      }
      if (bestTarget === -1) continue;
      const toMembers = groups[bestTarget] as number[];
      fromMembers.splice(fromMembers.indexOf(a), 1);
      toMembers.push(a);
      groupOf[a] = bestTarget;
      if (bestPartner !== -1) {
        toMembers.splice(toMembers.indexOf(bestPartner), 1);
        fromMembers.push(bestPartner);
        groupOf[bestPartner] = from;
      }
      improved = true;
    }
    if (!improved) return;
  }
}
