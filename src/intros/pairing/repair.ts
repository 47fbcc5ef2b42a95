import type { SolverPool } from './costs.js';

/**
 * Takes people out of groups until no group holds a forbidden (avoid) pair: each time, the person with
 * the most conflicts in that group leaves. Groups left with one person dissolve. Returns who was taken out.
 */
export function removeConflicts(pool: SolverPool, groups: number[][]): number[] {
  const removed: number[] = [];
  for (const members of groups) {
    for (;;) {
      let worst = -1;
      let worstConflicts = 0;
      for (const a of members) {
        let conflicts = 0;
        for (const b of members) if (a !== b && pool.forbidden(a, b)) conflicts++;
        if (conflicts > worstConflicts) {
          worst = a;
          worstConflicts = conflicts;
        }
      }
      if (worst === -1) break;
      members.splice(members.indexOf(worst), 1);
      removed.push(worst);
    }
  }
  for (let g = groups.length - 1; g >= 0; g--) {
    const members = groups[g] as number[];
    if (members.length < 2) {
      removed.push(...members);
      groups.splice(g, 1);
    }
  }
  return removed;
}

/** Seating looks at all groups up to this many; beyond, at an evenly spaced sample of about this many. */
const SEAT_SCAN_GROUPS = 400;

/**
 * Seats people who have no group: each joins the group (below maxSize, with nobody they must avoid) where
 * they add the least cost. Someone who fits nowhere may take a member's place when that member can move
 * to another group. Those still unseated pair up among themselves where allowed. Returns who is left.
 */
export function seatLeftovers(pool: SolverPool, groups: number[][], leftovers: readonly number[], maxSize: number): number[] {
  const unseated: number[] = [];
  for (const person of leftovers) {
    if (!seatDirectly(pool, groups, person, maxSize) && !seatBySwap(pool, groups, person, maxSize)) unseated.push(person);
  }
  // People who fit nowhere may still fit with each other.
  const stillAlone: number[] = [];
  const used = new Set<number>();
  for (let i = 0; i < unseated.length; i++) {
    const a = unseated[i] as number;
    if (used.has(a)) continue;
    const partner = unseated.find((b, j) => j > i && !used.has(b) && !pool.forbidden(a, b));
    if (partner === undefined) {
      stillAlone.push(a);
    } else {
      used.add(a).add(partner);
      groups.push([a, partner]);
    }
  }
  return stillAlone;
}

/** The cost `person` adds to `members` (skipping `except`), or null when they avoid someone there. */
function costToJoin(pool: SolverPool, person: number, members: readonly number[], except = -1): number | null {
  let cost = 0;
  for (const other of members) {
    if (other === except) continue;
    if (pool.forbidden(person, other)) return null;
    cost += pool.cost(person, other);
  }
  return cost;
}

function scanned(groups: readonly number[][]): number[] {
  const step = Math.max(1, Math.floor(groups.length / SEAT_SCAN_GROUPS));
  const indexes: number[] = [];
  for (let g = 0; g < groups.length; g += step) indexes.push(g);
  return indexes;
}

function seatDirectly(pool: SolverPool, groups: number[][], person: number, maxSize: number): boolean {
  let bestGroup = -1;
  let bestCost = Infinity;
  for (const g of scanned(groups)) {
    const members = groups[g] as number[];
    if (members.length >= maxSize) continue;
    const cost = costToJoin(pool, person, members);
    // Prefer the smallest group on equal cost, so extra people spread out.
    if (cost !== null && (cost < bestCost || (cost === bestCost && members.length < (groups[bestGroup]?.length ?? Infinity)))) {
      bestCost = cost;
      bestGroup = g;
    }
  }
  if (bestGroup === -1) return false;
  groups[bestGroup]?.push(person);
  return true;
}

/** person replaces q in group G, and q joins another group H: the cheapest such move, if any. */
function seatBySwap(pool: SolverPool, groups: number[][], person: number, maxSize: number): boolean {
  const indexes = scanned(groups);
  let best: { g: number; q: number; h: number; cost: number } | null = null;
  for (const g of indexes) {
    const members = groups[g] as number[];
    for (const q of members) {
      const joinCost = costToJoin(pool, person, members, q);
      if (joinCost === null) continue;
      for (const h of indexes) {
        const target = groups[h] as number[];
        if (h === g || target.length >= maxSize) continue;
        const moveCost = costToJoin(pool, q, target);
        if (moveCost === null) continue;
        const cost = joinCost + moveCost - (costToJoin(pool, q, members, q) ?? 0);
        if (best === null || cost < best.cost) best = { g, q, h, cost };
      }
    }
  }
  if (best === null) return false;
  const members = groups[best.g] as number[];
  members[members.indexOf(best.q)] = person;
  groups[best.h]?.push(best.q);
  return true;
}
