import { describe, expect, it } from 'vitest';
import { computeRound } from '../../../src/intros/pairing/index.js';
import { createRandom } from '../../../src/intros/pairing/random.js';
import { accountedFor, baseInput } from './helpers.js';

/** The most people that can be put in groups of 2..maxSize with no avoided pair inside a group. */
function mostGroupable(count: number, banned: (a: number, b: number) => boolean, maxSize: number): number {
  let best = 0;
  const open = new Array<boolean>(count).fill(true);
  const grow = (group: number[], next: number, covered: number): void => {
    // Close the current group (if it is a valid group) and start the next one.
    if (group.length >= 2) place(covered + group.length);
    if (group.length === maxSize) return;
    for (let v = next; v < count; v++) {
      if (!open[v] || group.some((m) => banned(m, v))) continue;
      open[v] = false;
      grow([...group, v], v + 1, covered);
      open[v] = true;
    }
  };
  const place = (covered: number): void => {
    best = Math.max(best, covered);
    const first = open.indexOf(true);
    if (first === -1) return;
    // Either the first open person is left out, or they start a group.
    open[first] = false;
    place(covered);
    grow([first], first + 1, covered);
    open[first] = true;
  };
  place(0);
  return best;
}

describe('avoid lists: the fewest people left out', () => {
  it('matches brute force on small random pools with dense avoid lists', () => {
    const random = createRandom('avoid-brute');
    for (let t = 0; t < 300; t++) {
      const count = 2 + random.int(8);
      const density = 0.2 + random.next() * 0.6;
      const ids = Array.from({ length: count }, (_, i) => `p${i}`);
      const avoid: Array<[string, string]> = [];
      const bannedSet = new Set<number>();
      for (let a = 0; a < count; a++) {
        for (let b = a + 1; b < count; b++) {
          if (random.next() < density) {
            avoid.push([ids[a] as string, ids[b] as string]);
            bannedSet.add(a * count + b).add(b * count + a);
          }
        }
      }
      const result = computeRound(baseInput({ candidates: ids.map((id) => ({ id })), avoid, seed: `t${t}` }));
      const best = mostGroupable(count, (a, b) => bannedSet.has(a * count + b), 3);
      expect(result.stats.grouped, `pool ${t}: ${JSON.stringify(avoid)}`).toBe(best);
      expect(accountedFor(result)).toEqual([...ids].sort());
      for (const group of result.groups) {
        expect(group.members.length).toBeLessThanOrEqual(3);
        for (const a of group.members) for (const b of group.members) expect(bannedSet.has(ids.indexOf(a) * count + ids.indexOf(b))).toBe(false);
      }
    }
  });
});
