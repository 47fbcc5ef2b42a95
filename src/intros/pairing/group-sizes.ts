export const MIN_GROUP_SIZE = 2;
export const MAX_GROUP_SIZE = 8;

/**
 * How many groups of which sizes for `count` people at configured size `size`. Nobody is ever left out.
 *
 * - Fewer than 2 people: no groups. Up to `size` people: one group of everyone.
 * - Otherwise groups of `size`, with the remainder spread one extra person per group
 *   (7 at size 2 → 3,2,2; 7 at size 3 → 4,3; 10 at size 4 → 5,5).
 * - When the remainder is larger than the number of groups (only for small pools, e.g. 5 at size 3):
 *   - enforceGroupSize false: the size is a minimum, so the remainder is spread evenly over those groups,
 *     which may then exceed size + 1 (5 at size 3 → 5; 13 at size 5 → 7,6);
 *   - enforceGroupSize true: no group exceeds size + 1, so one more group is made and sizes are balanced,
 *     some below the configured size (5 at size 3 → 3,2; 13 at size 5 → 5,4,4).
 *
 * Sizes are returned largest first.
 */
export function planGroupSizes(count: number, size: number, enforceGroupSize: boolean): number[] {
  if (!Number.isInteger(size) || size < MIN_GROUP_SIZE || size > MAX_GROUP_SIZE) {
    throw new RangeError(`group size must be an integer from ${MIN_GROUP_SIZE} to ${MAX_GROUP_SIZE}, got ${size}`);
  }
  if (count < 2) return [];
  if (count <= size) return [count];
  const groups = Math.floor(count / size);
  const remainder = count % size;
  if (remainder <= groups) return balanced(count, groups);
  return balanced(count, enforceGroupSize ? groups + 1 : groups);
}

function balanced(count: number, groups: number): number[] {
  const base = Math.floor(count / groups);
  const larger = count % groups;
  return Array.from({ length: groups }, (_, i) => (i < larger ? base + 1 : base));
}
