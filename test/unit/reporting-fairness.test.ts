import { describe, expect, it } from 'vitest';
import { fairness } from '../../src/intros/fairness.js';

const none = { categories: [], memberCategories: new Map<string, number[]>() };

describe('Intros fairness (the pairing report)', () => {
  it('puts the repeat rate against the lowest possible: repeats are unavoidable only when no unmet pair is left', () => {
    // Four people met as [1,2] [3,4] twice: round 2 could have been all new pairs, so its floor is 0.
    const four = fairness({ history: [{ round: 1, members: ['1', '2'] }, { round: 1, members: ['3', '4'] }, { round: 2, members: ['1', '2'] }, { round: 2, members: ['3', '4'] }], rounds: [{ number: 2, leftOut: [] }], groups: [['1', '2'], ['3', '4']], latestRound: 2, ...none });
    expect(four.lowestRepeatRate).toBe(0);
    // Two people who are the only ones grouped in round 2 can only meet again: the floor is that pair.
    const two = fairness({ history: [{ round: 1, members: ['1', '2'] }, { round: 2, members: ['1', '2'] }], rounds: [{ number: 1, leftOut: [] }, { number: 2, leftOut: [] }], groups: [['1', '2'], ['1', '2']], latestRound: 2, ...none });
    expect(two.lowestRepeatRate).toBe(0.5);
  });

  it('lists each member’s wait, who was never paired and why, and who the plan’s cap left out', () => {
    const why = 'Free plan rounds include up to 2 people';
    const f = fairness({
      history: [{ round: 1, members: ['1', '2'] }, { round: 3, members: ['1', '3'] }],
      rounds: [
        { number: 1, leftOut: [{ member_id: 3, code: 'free_plan_cap', why }, { member_id: 4, code: 'free_plan_cap', why }] },
        { number: 3, leftOut: [{ member_id: 2, code: 'free_plan_cap', why }, { member_id: 4, code: 'avoid_conflict', why: 'No one left to meet' }] },
      ],
      groups: [['1', '2'], ['1', '3']],
      latestRound: 3,
      ...none,
    });
    expect(f.waits).toEqual([
      { memberId: 4, roundsWaiting: null },
      { memberId: 2, roundsWaiting: 2 },
      { memberId: 1, roundsWaiting: 0 },
      { memberId: 3, roundsWaiting: 0 },
    ]);
    expect(f.neverPaired).toEqual([{ memberId: 4, code: 'avoid_conflict', why: 'No one left to meet' }]);
    expect(f.leftOutByCap).toEqual([
      { memberId: 2, rounds: 1 },
      { memberId: 3, rounds: 1 },
      { memberId: 4, rounds: 1 },
    ]);
    expect(f.crossTeam).toBeNull();
  });

  it('counts intros by cross-group mix when the program has groups', () => {
    const f = fairness({
      history: [],
      rounds: [{ number: 1, leftOut: [] }],
      groups: [['1', '2'], ['3', '4'], ['1', '5']],
      latestRound: 1,
      categories: [{ id: 10, name: 'Engineering' }, { id: 20, name: 'Sales' }],
      memberCategories: new Map([['1', [10]], ['2', [20]], ['3', [10]], ['4', [10, 20]]]),
    });
    expect(f.crossTeam).toEqual({
      mixed: 1,
      sameGroup: 1,
      unknown: 1,
      byGroup: [
        { categoryId: 10, name: 'Engineering', intros: 2, mixed: 1 },
        { categoryId: 20, name: 'Sales', intros: 2, mixed: 1 },
      ],
    });
  });
});
