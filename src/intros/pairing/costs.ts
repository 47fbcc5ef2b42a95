import type { PairMeeting } from './meetings.js';

/*
 * The cost of putting two people in the same group. Lower is better; never-met pairs cost 0.
 *
 * Any repeat costs REPEAT_COST, so the engine first minimises the number of repeats; among repeats, a
 * recent meeting costs more (RECENCY_COST / rounds ago) and each earlier meeting adds TIMES_COST, so it
 * prefers pairs that met longest ago and least often. Category rules (topic and cross-group) cost more than
 * any repeat, so they win over freshness when they conflict. Costs are integers so the matching stays exact.
 */
export const REPEAT_COST = 1_000_000;
export const RECENCY_COST = 400_000;
export const TIMES_COST = 60_000;
const TIMES_COUNTED = 20;
export const CATEGORY_COST = 4_000_000;
/** Strictly above any pair cost. */
export const COST_CEILING = 8_000_000;
/** Used by local search for pairs that must never share a group, so it always moves them apart. */
export const FORBIDDEN_COST = 1e12;

export function meetingCost(meeting: PairMeeting | undefined, currentRound: number): number {
  if (meeting === undefined) return 0;
  const roundsAgo = Math.max(1, currentRound - meeting.lastRound);
  return (
    REPEAT_COST + Math.round(RECENCY_COST / roundsAgo) + TIMES_COST * (Math.min(meeting.times, TIMES_COUNTED) - 1)
  );
}

/** The people of one pool (positions 0..size-1) as the solvers see them. */
export interface SolverPool {
  readonly size: number;
  /** Cost of a pair (≥ 0, below COST_CEILING). */
  cost(a: number, b: number): number;
  /** Pairs that must never share a group. */
  forbidden(a: number, b: number): boolean;
}

/** Cost as local search sees it: forbidden pairs are very expensive rather than impossible. */
export function searchCost(pool: SolverPool, a: number, b: number): number {
  return pool.forbidden(a, b) ? FORBIDDEN_COST : pool.cost(a, b);
}

export function groupCost(pool: SolverPool, members: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < members.length; i++) {
    for (let j = i + 1; j < members.length; j++) total += searchCost(pool, members[i] as number, members[j] as number);
  }
  return total;
}

/** Pools up to this size get their pair costs precomputed into a matrix (Int32 + Uint8: 5 bytes a pair). */
export const COST_MATRIX_LIMIT = 1500;

/** The same pool with every pair cost computed once, for the searches that look at pairs many times. */
export function withCostMatrix(pool: SolverPool): SolverPool {
  const size = pool.size;
  const costs = new Int32Array(size * size);
  const forbidden = new Uint8Array(size * size);
  for (let a = 0; a < size; a++) {
    for (let b = a + 1; b < size; b++) {
      const cost = pool.cost(a, b);
      costs[a * size + b] = costs[b * size + a] = cost;
      if (pool.forbidden(a, b)) forbidden[a * size + b] = forbidden[b * size + a] = 1;
    }
  }
  return {
    size,
    cost: (a, b) => costs[a * size + b] as number,
    forbidden: (a, b) => forbidden[a * size + b] === 1,
  };
}
