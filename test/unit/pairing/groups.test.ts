import { describe, expect, it } from 'vitest';
import { computeRound } from '../../../src/intros/pairing/index.js';
import type { PairingHistoryEntry } from '../../../src/intros/pairing/index.js';
import { withCostMatrix } from '../../../src/intros/pairing/costs.js';
import { MeetingIndex } from '../../../src/intros/pairing/meetings.js';
import { createRandom } from '../../../src/intros/pairing/random.js';
import { searchFewestCostlyPairs } from '../../../src/intros/pairing/tabu.js';
import { baseInput } from './helpers.js';

/**
 * The affine plane of prime order q: q² people and q + 1 rounds of q groups of q in which every pair meets
 * exactly once. Given any q of those rounds as history, the last round is the only repeat-free one left.
 */
function affinePlaneRounds(q: number): string[][][] {
  const id = (x: number, y: number) => `p${x}-${y}`;
  const rounds: string[][][] = [];
  for (let slope = 0; slope < q; slope++) {
    rounds.push(Array.from({ length: q }, (_, c) => Array.from({ length: q }, (_, x) => id(x, (slope * x + c) % q))));
  }
  rounds.push(Array.from({ length: q }, (_, c) => Array.from({ length: q }, (_, y) => id(c, y))));
  return rounds;
}

const historyOf = (rounds: string[][][]): PairingHistoryEntry[] =>
  rounds.flatMap((groups, r) => groups.map((members) => ({ round: r + 1, members })));

describe('groups of 3..8: finding repeat-free rounds', () => {
  it('completes an affine plane: finds the only repeat-free round left', () => {
    for (const q of [3, 5, 7]) {
      const rounds = affinePlaneRounds(q);
      const last = rounds.pop() as string[][];
      const ids = last.flat();
      for (const seed of ['a', 'b', 'c']) {
        const result = computeRound(
          baseInput({ candidates: ids.map((id) => ({ id })), groupSize: q, history: historyOf(rounds), currentRound: q + 1, seed }),
        );
        expect(result.stats.repeatPairs, `q=${q} seed=${seed}`).toBe(0);
        expect(result.groups.map((g) => g.members.join()).sort()).toEqual(last.map((g) => [...g].sort().join()).sort());
      }
    }
  });

  it('tabu search finds it from a random grouping', () => {
    const q = 5;
    const rounds = affinePlaneRounds(q);
    rounds.pop();
    const ids = rounds[0]?.flat() ?? [];
    const meetings = new MeetingIndex(ids.length, new Map(ids.map((id, i) => [id, i])), historyOf(rounds));
    const pool = withCostMatrix({ size: ids.length, cost: (a, b) => (meetings.get(a, b) ? 1 : 0), forbidden: () => false });
    for (const seed of ['x', 'y', 'z']) {
      const random = createRandom(seed);
      const people = random.shuffle(ids.map((_, i) => i));
      const start = Array.from({ length: q }, (_, g) => people.slice(g * q, (g + 1) * q));
      const found = searchFewestCostlyPairs(pool, start, random, 20_000);
      expect(found.costlyPairs).toBe(0);
      expect(found.groups.flat().sort((a, b) => a - b)).toEqual(ids.map((_, i) => i));
    }
  });
});
