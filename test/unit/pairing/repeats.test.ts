import { describe, expect, it } from 'vitest';
import { computeRound, coverage, repeatRate, repeatRateByRound } from '../../../src/intros/pairing/index.js';
import type { PairingHistoryEntry } from '../../../src/intros/pairing/index.js';
import { groupCost, meetingCost, REPEAT_COST, withCostMatrix } from '../../../src/intros/pairing/costs.js';
import { MeetingIndex } from '../../../src/intros/pairing/meetings.js';
import { EXACT_PAIRING_LIMIT, pairRound } from '../../../src/intros/pairing/pairs.js';
import { createRandom } from '../../../src/intros/pairing/random.js';
import { baseInput, idsOf, randomPairingHistory, simulate } from './helpers.js';

/** Pairs that met again within `window` rounds of their previous meeting. */
function quickRepeats(history: readonly PairingHistoryEntry[], window: number): number {
  const last = new Map<string, number>();
  let count = 0;
  for (const round of [...new Set(history.map((e) => e.round))].sort((a, b) => a - b)) {
    const entries = history.filter((e) => e.round === round);
    for (const { members } of entries) {
      for (let i = 0; i < members.length; i++) {
        for (let j = i + 1; j < members.length; j++) {
          const key = [members[i], members[j]].sort().join('|');
          const before = last.get(key);
          if (before !== undefined && round - before <= window) count++;
          last.set(key, round);
        }
      }
    }
  }
  return count;
}

describe('repeats over many rounds', () => {
  it('has no repeats at all for the n−1 rounds of a round-robin, for even pools of 10..30', () => {
    for (const count of [10, 12, 16, 20, 24, 30]) {
      const { history } = simulate(idsOf(count), count - 1);
      expect(repeatRate(history), `n=${count}`).toBe(0);
      expect(coverage(history, idsOf(count))).toBe(1); // everyone has met everyone
    }
  });

  it('then repeats in round-robin order: every pair next meets n−1 rounds later', () => {
    const count = 12;
    const { history, results } = simulate(idsOf(count), 3 * (count - 1));
    const later = results.slice(count - 1).flatMap((r) => r.groups);
    for (const group of later) {
      expect(group.reasonDetail.kind).toBe('repeat');
      if (group.reasonDetail.kind === 'repeat') expect(group.reasonDetail.roundsAgo).toBe(count - 1);
    }
    // The lower bound: after n−1 rounds every pair of a round is a repeat, never before.
    const rounds = repeatRateByRound(history);
    expect(rounds.map((r) => r.rate)).toEqual(rounds.map((r) => (r.round <= count - 1 ? 0 : 1)));
  });

  it('stays close to the bound for odd pools, where one group of three uses up extra pairs', () => {
    for (const count of [11, 15, 21]) {
      const { history } = simulate(idsOf(count), count);
      const rounds = repeatRateByRound(history);
      const pairsPerRound = (count - 3) / 2 + 3;
      const freeRounds = Math.floor((count * (count - 1)) / 2 / pairsPerRound);
      const firstRepeat = rounds.find((r) => r.repeatPairs > 0)?.round ?? Infinity;
      expect(firstRepeat, `n=${count}`).toBeGreaterThanOrEqual(freeRounds - 2);
    }
  });

  it('is much better than random pairing over 50 rounds of 20 people', () => {
    const ids = idsOf(20);
    const { history } = simulate(ids, 50);
    const random = randomPairingHistory(ids, 50, 'baseline');
    const firstRounds = (h: PairingHistoryEntry[]) => h.filter((e) => e.round <= 19);
    // While new pairs exist: none repeated vs about a third for random pairing.
    expect(repeatRate(firstRounds(history))).toBe(0);
    expect(repeatRate(firstRounds(random))).toBeGreaterThan(0.25);
    // Over all 50 rounds: exactly the lower bound (900 pairs formed − 190 distinct), below random.
    const lowerBound = (50 * 10 - 190) / (50 * 10);
    expect(repeatRate(history)).toBeCloseTo(lowerBound, 10);
    expect(repeatRate(history)).toBeLessThan(repeatRate(random));
    // And repeats come as late as possible: nobody meets the same person twice within 10 rounds.
    expect(quickRepeats(history, 10)).toBe(0);
    expect(quickRepeats(random, 10)).toBeGreaterThan(100);
  });

  it('groups of 3..8 also avoid repeats far better than random grouping', () => {
    for (const [count, size] of [[24, 3], [32, 4], [40, 5]] as const) {
      const { history, results } = simulate(idsOf(count), 5, { groupSize: size });
      const firstRepeats = results.findIndex((r) => r.stats.repeatPairs > 0);
      expect(firstRepeats === -1 || firstRepeats >= 4, `n=${count} size=${size}`).toBe(true);
      expect(repeatRate(history)).toBeLessThan(0.02);
    }
  });

  it('keeps large pools repeat-free with the heuristic path (beyond the exact limit)', () => {
    const ids = idsOf(EXACT_PAIRING_LIMIT + 600);
    const history = randomPairingHistory(ids, 6, 'large');
    const result = computeRound(baseInput({ candidates: ids.map((id) => ({ id })), history, currentRound: 7 }));
    expect(result.stats.method).toBe('heuristic');
    expect(result.stats.repeatPairs).toBe(0);
    expect(result.stats.grouped).toBe(ids.length);
  });

  it('on a saturated pool, the heuristic is within 1% of the exact matching', () => {
    // 200 people after a full round-robin and 20 more random rounds: every pair has met, most once.
    const ids = idsOf(200);
    const history = roundRobinHistory(ids);
    history.push(...randomPairingHistory(ids, 20, 'extra').map((e) => ({ ...e, round: e.round + ids.length - 1 })));
    const now = ids.length + 20;
    const positions = new Map(ids.map((id, i) => [id, i]));
    const meetings = new MeetingIndex(ids.length, positions, history);
    const pool = withCostMatrix({
      size: ids.length,
      cost: (a, b) => meetingCost(meetings.get(a, b), now),
      forbidden: () => false,
    });
    // Every pair is a repeat; compare the part of the cost above one repeat per pair (recency and frequency).
    const extra = (groups: number[][]) => groups.reduce((sum, g) => sum + groupCost(pool, g), 0) - (ids.length / 2) * REPEAT_COST;
    const exact = pairRound(pool, createRandom('x'));
    const heuristic = pairRound(pool, createRandom('x'), 0);
    expect(exact.exact).toBe(true);
    expect(heuristic.exact).toBe(false);
    expect(heuristic.groups.every((g) => g.length === 2)).toBe(true);
    expect(extra(heuristic.groups)).toBeLessThanOrEqual(extra(exact.groups) * 1.01);
    expect(extra(exact.groups)).toBeLessThanOrEqual(extra(heuristic.groups));
  });
});

/** The circle method: n−1 rounds in which every pair meets exactly once. */
function roundRobinHistory(ids: readonly string[]): PairingHistoryEntry[] {
  const history: PairingHistoryEntry[] = [];
  const n = ids.length;
  for (let round = 1; round < n; round++) {
    const seats = [ids[0] as string, ...Array.from({ length: n - 1 }, (_, i) => ids[1 + ((i + round) % (n - 1))] as string)];
    for (let i = 0; i < n / 2; i++) history.push({ round, members: [seats[i] as string, seats[n - 1 - i] as string] });
  }
  return history;
}
