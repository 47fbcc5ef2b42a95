import { describe, expect, it } from 'vitest';
import { planGroupSizes } from '../../../src/intros/pairing/index.js';

describe('planGroupSizes', () => {
  it.each([
    [7, 2, false, [3, 2, 2]],
    [8, 2, false, [2, 2, 2, 2]],
    [3, 2, false, [3]],
    [2, 2, false, [2]],
    [7, 3, false, [4, 3]],
    [10, 4, false, [5, 5]],
    [9, 4, false, [5, 4]],
    [3, 4, false, [3]],
    [5, 4, false, [5]],
    [20, 8, false, [10, 10]],
  ])('%i people at size %i (enforce %s) → %j', (count, size, enforce, expected) => {
    expect(planGroupSizes(count, size, enforce)).toEqual(expected);
  });

  it('spreads a large remainder over the groups when not enforcing, or adds a group when enforcing', () => {
    expect(planGroupSizes(5, 3, false)).toEqual([5]);
    expect(planGroupSizes(5, 3, true)).toEqual([3, 2]);
    expect(planGroupSizes(13, 5, false)).toEqual([7, 6]);
    expect(planGroupSizes(13, 5, true)).toEqual([5, 4, 4]);
  });

  it('never leaves anyone out, keeps groups of at least 2, and enforced groups never exceed size + 1', () => {
    const failures: string[] = [];
    for (let size = 2; size <= 8; size++) {
      for (let count = 0; count <= 200; count++) {
        for (const enforce of [false, true]) {
          const sizes = planGroupSizes(count, size, enforce);
          const ok =
            sizes.reduce((a, b) => a + b, 0) === (count < 2 ? 0 : count) &&
            sizes.every((s) => s >= 2) &&
            (count <= size || sizes.every((s) => (enforce ? s <= size + 1 : s >= size))) &&
            // Sizes differ by at most one: the remainder is spread, never piled on one group.
            (sizes.length === 0 || Math.max(...sizes) - Math.min(...sizes) <= 1);
          if (!ok) failures.push(`${count} at ${size} (enforce ${enforce}): ${sizes.join(',')}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('rejects sizes outside 2..8', () => {
    expect(() => planGroupSizes(10, 1, false)).toThrow(RangeError);
    expect(() => planGroupSizes(10, 9, false)).toThrow(RangeError);
    expect(() => planGroupSizes(10, 2.5, false)).toThrow(RangeError);
  });
});
