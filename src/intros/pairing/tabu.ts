import type { SolverPool } from './costs.js';
import type { Random } from './random.js';

/** Steps without a new best before the search shakes the grouping up. */
const STALL_LIMIT = 600;
/** Shakes in a row without a new best before the search gives up. */
const SHAKES_LIMIT = 4;

/**
 * Tabu search for a grouping with no costly pair at all (the "social golfer" question for one round), as in
 * Dotú and Van Hentenryck's local search for that problem. It minimises the number of pairs with a
 * positive cost. Each step makes the best swap of a person in a costly pair with anyone in another group
 * (or moves them when group sizes allow), even when it makes things worse, but may not send someone back to
 * a group they just left for a few steps, unless that reaches a new best. Deterministic for a Random.
 *
 * Returns the grouping with the fewest costly pairs seen (the input when nothing better was found).
 */
export function searchFewestCostlyPairs(
  pool: SolverPool,
  start: readonly number[][],
  random: Random,
  maxSteps: number,
): { groups: number[][]; costlyPairs: number } {
  const size = pool.size;
  const groups = start.map((members) => [...members]);
  const groupCount = groups.length;
  const groupOf = new Int32Array(size).fill(-1);
  groups.forEach((members, g) => members.forEach((m) => (groupOf[m] = g)));
  const people = groups.flat();
  const costly = (a: number, b: number): number => (pool.forbidden(a, b) || pool.cost(a, b) > 0 ? 1 : 0);

  // links[p * groupCount + g]: how many people in group g share a costly pair with p.
  const links = new Int32Array(size * groupCount);
  const bump = (index: number, by: number): void => {
    links[index] = (links[index] as number) + by;
  };
  for (const p of people) {
    for (const q of people) if (p !== q && costly(p, q)) bump(p * groupCount + (groupOf[q] as number), 1);
  }
  const linkOf = (p: number, g: number): number => links[p * groupCount + g] as number;
  let current = 0;
  for (const p of people) current += linkOf(p, groupOf[p] as number);
  current /= 2;

  let best = current;
  let bestGroups = groups.map((members) => [...members]);
  // tabuUntil[p * groupCount + g]: p may not re-enter g before this step.
  const tabuUntil = new Int32Array(size * groupCount);
  let sinceBest = 0;
  let shakesSinceBest = 0;

  const moveTo = (p: number, from: number, to: number): void => {
    for (const q of people) {
      if (q === p || !costly(p, q)) continue;
      bump(q * groupCount + from, -1);
      bump(q * groupCount + to, 1);
    }
    const fromMembers = groups[from] as number[];
    fromMembers.splice(fromMembers.indexOf(p), 1);
    (groups[to] as number[]).push(p);
    groupOf[p] = to;
  };

  for (let step = 1; step <= maxSteps && best > 0; step++) {
    let bestDelta = Infinity;
    let moveA = -1;
    let moveB = -1; // -1: a moves alone
    let moveTarget = -1;
    let ties = 0;
    for (const a of people) {
      const from = groupOf[a] as number;
      const own = linkOf(a, from);
      if (own === 0) continue;
      const fromSize = (groups[from] as number[]).length;
      for (let to = 0; to < groupCount; to++) {
        if (to === from) continue;
        const aTabu = (tabuUntil[a * groupCount + to] as number) > step;
        const aTo = linkOf(a, to);
        const toMembers = groups[to] as number[];
        // b = -1 stands for "a moves alone", allowed when it keeps the multiset of group sizes.
        for (let k = fromSize === toMembers.length + 1 ? -1 : 0; k < toMembers.length; k++) {
          const b = k === -1 ? -1 : (toMembers[k] as number);
          const delta =
            b === -1 ? aTo - own : linkOf(b, from) + aTo - own - linkOf(b, to) - 2 * costly(a, b);
          if (delta > bestDelta) continue;
          const tabu = aTabu || (b !== -1 && (tabuUntil[b * groupCount + from] as number) > step);
          if (tabu && current + delta >= best) continue;
          if (delta < bestDelta) {
            bestDelta = delta;
            ties = 1;
          } else if (random.int(++ties) !== 0) {
            continue;
          }
          moveA = a;
          moveB = b;
          moveTarget = to;
        }
      }
    }
    if (moveA === -1) break;
    const from = groupOf[moveA] as number;
    const tenure = 3 + random.int(Math.min(10, groupCount));
    moveTo(moveA, from, moveTarget);
    tabuUntil[moveA * groupCount + from] = step + tenure;
    if (moveB !== -1) {
      moveTo(moveB, moveTarget, from);
      tabuUntil[moveB * groupCount + moveTarget] = step + tenure;
    }
    current += bestDelta;
    if (current < best) {
      best = current;
      bestGroups = groups.map((members) => [...members]);
      sinceBest = 0;
      shakesSinceBest = 0;
    } else if (++sinceBest >= STALL_LIMIT) {
      if (++shakesSinceBest > SHAKES_LIMIT) break;
      // Stuck: swap a few random people between random groups and carry on from there.
      for (let shake = 0; shake < 3; shake++) {
        const a = people[random.int(people.length)] as number;
        const to = random.int(groupCount);
        const from = groupOf[a] as number;
        const toMembers = groups[to] as number[];
        if (to === from || toMembers.length === 0) continue;
        const b = toMembers[random.int(toMembers.length)] as number;
        moveTo(a, from, to);
        moveTo(b, to, from);
      }
      current = 0;
      for (const p of people) current += linkOf(p, groupOf[p] as number);
      current /= 2;
      sinceBest = 0;
    }
  }
  return { groups: bestGroups, costlyPairs: best };
}
