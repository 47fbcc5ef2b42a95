import { describe, expect, it } from 'vitest';
import { createRandom, hashString } from '../../../src/intros/pairing/random.js';

describe('seeded random', () => {
  it('is deterministic per seed and differs across seeds', () => {
    const draws = (seed: string) => Array.from({ length: 5 }, createRandom(seed).next);
    expect(draws('a')).toEqual(draws('a'));
    expect(draws('a')).not.toEqual(draws('b'));
    expect(hashString('round:1')).not.toBe(hashString('round:2'));
  });

  it('forks independent streams', () => {
    const a = createRandom('seed');
    const b = createRandom('seed');
    a.next();
    expect(a.fork('x').next()).toBe(b.fork('x').next());
    expect(a.fork('x').next()).not.toBe(a.fork('y').next());
  });

  it('shuffles into a permutation and draws integers in range, roughly uniformly', () => {
    const random = createRandom('u');
    const items = Array.from({ length: 50 }, (_, i) => i);
    expect(random.shuffle([...items]).sort((x, y) => x - y)).toEqual(items);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 20_000; i++) {
      const value = random.int(10);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(10);
      counts[value] = (counts[value] as number) + 1;
    }
    for (const count of counts) expect(Math.abs(count - 2000)).toBeLessThan(200);
  });
});
