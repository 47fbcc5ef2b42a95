import { describe, expect, it } from 'vitest';
import { coverage, longestWait, repeatRate, repeatRateByRound, waitsSinceLastGroup } from '../../../src/intros/pairing/index.js';

const history = [
  { round: 1, members: ['a', 'b'] },
  { round: 1, members: ['c', 'd'] },
  { round: 2, members: ['a', 'c'] },
  { round: 2, members: ['b', 'd'] },
  { round: 3, members: ['a', 'b', 'c'] }, // a-b and a-c repeat, b-c new
];

describe('pairing statistics', () => {
  it('repeatRate counts pairs that had met in an earlier round', () => {
    expect(repeatRateByRound(history)).toEqual([
      { round: 1, pairs: 2, repeatPairs: 0, rate: 0 },
      { round: 2, pairs: 2, repeatPairs: 0, rate: 0 },
      { round: 3, pairs: 3, repeatPairs: 2, rate: 2 / 3 },
    ]);
    expect(repeatRate(history)).toBeCloseTo(2 / 7);
    expect(repeatRate([])).toBe(0);
  });

  it('does not count a pair met twice in the same round as a repeat, and ignores history order', () => {
    const shuffled = [history[4], history[0], history[2], history[1], history[3]].filter((e) => e !== undefined);
    expect(repeatRate(shuffled)).toBeCloseTo(2 / 7);
    expect(repeatRate([{ round: 1, members: ['a', 'b'] }, { round: 1, members: ['b', 'a'] }])).toBe(0);
  });

  it('coverage is the share of possible pairs among members that have met', () => {
    // Among a, b, c, d (6 pairs): a-b, c-d, a-c, b-d, b-c met; a-d never.
    expect(coverage(history, ['a', 'b', 'c', 'd'])).toBeCloseTo(5 / 6);
    expect(coverage(history, ['a', 'b'])).toBe(1);
    expect(coverage(history, ['a', 'z'])).toBe(0);
    expect(coverage(history, ['a'])).toBe(0);
  });

  it('longestWait finds whoever has gone longest without a group, never-grouped first', () => {
    expect(longestWait(history, ['a', 'd'], 4)).toEqual({ id: 'd', roundsWaiting: 2 });
    expect(longestWait(history, ['a', 'new', 'd'], 4)).toEqual({ id: 'new', roundsWaiting: null });
    expect(longestWait(history, [], 4)).toBeUndefined();
    expect(waitsSinceLastGroup(history, ['c', 'a', 'd', 'x', 'y'], 4).map((w) => w.id)).toEqual(['x', 'y', 'd', 'a', 'c']);
  });
});
