import { searchedOddPairsSchedule } from './odd-pairs.js';
import { oddPairsRounds } from './odd-pairs-table.js';
import { createRandom } from './random.js';

/*
 * Known repeat-free schedules, used by the horizon planner as warm starts. Each is a list of rounds over
 * abstract people 0..count-1; no pair of people shares a group in two rounds of one schedule.
 *
 * - Odd pools in pairs (one group of three a round): a schedule whose group of three takes turns, with the
 *   most rounds any schedule can have (count − 4 from 11 people on, 6 for 9): up to 61 people precomputed
 *   (odd-pairs-table.ts), beyond built when first needed (odd-pairs.ts). Should that search ever fail, the
 *   circle-method schedule of count − 4 rounds, in which four people are never in the group of three.
 * - count = q^d in groups of q (q = 3, 4, 5, 7 or 8; d ≥ 2): the lines of the affine space AG(d, q), one
 *   round per direction, so every pair meets exactly once in (q^d − 1)/(q − 1) rounds.
 * - 32 in groups of 4: 10 rounds, the most possible (the social golfer 8-4-10), doubling a design on 16 points.
 * - Other count = 2^d in groups of 4: planes of AG(d, 2) whose directions share no point, found by search.
 */

const cache = new Map<string, number[][][] | null>();

/** A repeat-free schedule for `count` people in groups of these sizes (largest first), or null. */
export function knownSchedule(count: number, sizes: readonly number[]): number[][][] | null {
  const key = `${count}:${sizes.join(',')}`;
  if (!cache.has(key)) cache.set(key, build(count, sizes));
  return cache.get(key) ?? null;
}

function build(count: number, sizes: readonly number[]): number[][][] | null {
  const size = sizes[sizes.length - 1] as number;
  if (size === 2 && count % 2 === 1) {
    if (sizes[0] !== 3) return null;
    if (count < 11) return oddPairsRounds(count);
    return oddPairsRounds(count) ?? searchedOddPairsSchedule(count, createRandom(`odd-pairs:${count}`)) ?? oddPairsSchedule(count);
  }
  if (sizes.some((s) => s !== size)) return null;
  const dimension = powerOf(count, size);
  if (dimension !== null && dimension >= 2 && field(size) !== null) return affineLines(size, dimension);
  if (size === 4 && count === 32) return doubledPlanes();
  const binary = powerOf(count, 2);
  if (size === 4 && binary !== null && binary >= 3) return binaryPlanes(binary);
  return null;
}

/**
 * count = 2m + 1 people: circle-method rounds on Z_N (N = count − 4) plus four fixed people ∞0..∞3. In round
 * r, r ± i pair up for i = 4..(N−1)/2 (differences 2i), the trio is r + u·{3, −3, 1} (differences 2u, 4u,
 * 6u: exactly those of the three pairs i = u, 2u, 3u it replaces) and ∞0..∞3 pair with r, r − u, r ± 2u.
 * Every difference occurs once per round, so over N rounds every pair meets at most once. The unit u
 * spreads each person's three trios as far apart as the construction allows.
 */
function oddPairsSchedule(count: number): number[][][] {
  const n = count - 4;
  const mod = (x: number) => ((x % n) + n) % n;
  let unit = 1;
  let bestSpread = -1;
  for (let u = 1; u < n; u++) {
    if (gcd(u, n) !== 1) continue;
    const spread = Math.min(...[2, 4, 6].map((k) => Math.min(mod(k * u), n - mod(k * u))));
    if (spread > bestSpread) {
      bestSpread = spread;
      unit = u;
    }
  }
  const taken = new Set([1, 2, 3].map((k) => mod(k * unit)));
  const differences = Array.from({ length: (n - 1) / 2 }, (_, i) => i + 1).filter((i) => !taken.has(i) && !taken.has(n - i));
  const rounds: number[][][] = [];
  for (let r = 0; r < n; r++) {
    const groups: number[][] = [[mod(r + 3 * unit), mod(r - 3 * unit), mod(r + unit)]];
    for (const i of differences) groups.push([mod(r + i), mod(r - i)]);
    [r, r - unit, r + 2 * unit, r - 2 * unit].forEach((p, k) => groups.push([n + k, mod(p)]));
    rounds.push(groups);
  }
  return rounds;
}

/** Lines of AG(d, q): points are vectors over GF(q); one round per direction (first non-zero entry 1). */
function affineLines(q: number, dimension: number): number[][][] {
  const gf = field(q) as Field;
  const count = q ** dimension;
  const vectors = Array.from({ length: count }, (_, index) => digits(index, q, dimension));
  const indexOf = (vector: readonly number[]) => vector.reduce((sum, digit, i) => sum + digit * q ** i, 0);
  const rounds: number[][][] = [];
  for (const direction of vectors) {
    const lead = direction.findIndex((d) => d !== 0);
    if (lead === -1 || direction[lead] !== 1) continue;
    const seen = new Uint8Array(count);
    const groups: number[][] = [];
    for (let start = 0; start < count; start++) {
      if (seen[start]) continue;
      const base = vectors[start] as number[];
      const line: number[] = [];
      for (let scalar = 0; scalar < q; scalar++) {
        const point = indexOf(base.map((b, i) => gf.add(b, gf.mul(scalar, direction[i] as number))));
        seen[point] = 1;
        line.push(point);
      }
      groups.push(line);
    }
    rounds.push(groups);
  }
  return rounds;
}

/**
 * 2^d people in groups of 4: the cosets of a 2-dimensional subspace {0, a, b, a⊕b} of GF(2)^d form one
 * round, and two rounds share no pair when their subspaces share no non-zero vector. A depth-first search
 * (smallest vectors first) keeps the most such subspaces it finds; bounded, so always quick.
 */
function binaryPlanes(dimension: number): number[][][] {
  const count = 2 ** dimension;
  const used = new Uint8Array(count);
  const chosen: Array<[number, number]> = [];
  let best: Array<[number, number]> = [];
  let budget = 5_000;
  const search = (from: number): void => {
    if (chosen.length > best.length) best = [...chosen];
    if (--budget <= 0) return;
    for (let a = from; a < count; a++) {
      if (used[a]) continue;
      for (let b = a + 1; b < count; b++) {
        if (used[b] || used[a ^ b] || (a ^ b) < b) continue;
        used[a] = used[b] = used[a ^ b] = 1;
        chosen.push([a, b]);
        search(a + 1);
        chosen.pop();
        used[a] = used[b] = used[a ^ b] = 0;
        if (budget <= 0) return;
      }
    }
  };
  search(1);
  return best.map(([a, b]) => cosets(count, [0, a, b, a ^ b]));
}

/**
 * 32 people in groups of 4 for 10 rounds, in which every pair meets once except the 16 pairs {p, p + 16}.
 * Base: the 16 points of GF(2)^4, where the cosets of a 2-dimensional subspace are 4 blocks of 4 points. Ten
 * subspaces that together hold every non-zero vector twice give 40 blocks with every pair of points in exactly
 * two (and any two blocks share at most 2 points, as 3 points fix a plane). Person p + 16·s is copy s of point
 * p; block B with a parity s_B on its points gives the groups {p + 16·s_B(p)} and {p + 16·(1 − s_B(p))}, and
 * one subspace's blocks give one round. Points p, q in blocks B and C: their 4 pairs of copies meet once each
 * when s_B(p) + s_B(q) + s_C(p) + s_C(q) = 1 over GF(2). Those 120 equations are solved by Gauss–Jordan
 * elimination; the first choice of subspaces (depth-first) whose system is consistent is used.
 */
function doubledPlanes(): number[][][] {
  const planes: Array<[number, number]> = [];
  for (let a = 1; a < 16; a++) for (let b = a + 1; b < 16; b++) if ((a ^ b) > b) planes.push([a, b]);
  const covered = new Uint8Array(16);
  const chosen: Array<[number, number]> = [];
  const search = (from: number): number[][][] | null => {
    if (chosen.length === 10) return liftWithParity(chosen);
    const vector = covered.findIndex((times, v) => v > 0 && times < 2);
    for (let i = from; i < planes.length; i++) {
      const [a, b] = planes[i] as [number, number];
      const vectors = [a, b, a ^ b];
      if (!vectors.includes(vector) || vectors.some((v) => covered[v] === 2)) continue;
      const mark = (by: number) => vectors.forEach((v) => (covered[v] = (covered[v] as number) + by));
      mark(1);
      chosen.push([a, b]);
      const found = search(i + 1);
      chosen.pop();
      mark(-1);
      if (found !== null) return found;
    }
    return null;
  };
  return search(0) as number[][][];
}

/** The rounds of doubledPlanes for these subspaces, or null when their parity system has no solution. */
function liftWithParity(subspaces: ReadonlyArray<[number, number]>): number[][][] | null {
  const blocks = subspaces.flatMap(([a, b]) => cosets(16, [0, a, b, a ^ b]));
  // Variable 4·k + i is the parity of the i-th point of block k; bit `variables` holds the right-hand side.
  const variables = blocks.length * 4;
  const equations = new Map<number, bigint>();
  blocks.forEach((block, k) => {
    block.forEach((p, i) =>
      block.forEach((q, j) => {
        if (p >= q) return;
        const key = p * 16 + q;
        const terms = (1n << BigInt(4 * k + i)) ^ (1n << BigInt(4 * k + j));
        equations.set(key, (equations.get(key) ?? 1n << BigInt(variables)) ^ terms);
      }),
    );
  });
  const rows = [...equations.values()];
  const pivots: number[] = [];
  for (let column = 0; column < variables; column++) {
    const bit = 1n << BigInt(column);
    const at = rows.findIndex((row, r) => r >= pivots.length && (row & bit) !== 0n);
    if (at === -1) continue;
    const rank = pivots.length;
    [rows[rank], rows[at]] = [rows[at] as bigint, rows[rank] as bigint];
    rows.forEach((row, r) => {
      if (r !== rank && (row & bit) !== 0n) rows[r] = row ^ (rows[rank] as bigint);
    });
    pivots.push(column);
  }
  if (rows.slice(pivots.length).some((row) => row !== 0n)) return null;
  // Free variables are 0, so each pivot variable equals its row's right-hand side.
  const parity = new Uint8Array(variables);
  pivots.forEach((column, r) => (parity[column] = Number(((rows[r] as bigint) >> BigInt(variables)) & 1n)));
  return subspaces.map((_, round) =>
    blocks.slice(4 * round, 4 * round + 4).flatMap((block, k) => {
      const offset = 4 * (4 * round + k);
      return [0, 1].map((flip) => block.map((p, i) => p + 16 * ((parity[offset + i] as number) ^ flip)));
    }),
  );
}

/** The cosets x ⊕ subspace of a subspace of GF(2)^d (given with 0), for the points 0..count−1. */
function cosets(count: number, subspace: readonly number[]): number[][] {
  const seen = new Uint8Array(count);
  const result: number[][] = [];
  for (let x = 0; x < count; x++) {
    if (seen[x]) continue;
    const coset = subspace.map((v) => x ^ v);
    for (const p of coset) seen[p] = 1;
    result.push(coset);
  }
  return result;
}

interface Field {
  add(a: number, b: number): number;
  mul(a: number, b: number): number;
}

/** GF(q) for the q that can be a group size: primes by residues, 4 and 8 as polynomials over GF(2). */
function field(q: number): Field | null {
  if (q === 3 || q === 5 || q === 7) return { add: (a, b) => (a + b) % q, mul: (a, b) => (a * b) % q };
  const modulus = q === 4 ? 0b111 : q === 8 ? 0b1011 : 0; // x²+x+1, x³+x+1
  if (modulus === 0) return null;
  const bits = Math.log2(q);
  return {
    add: (a, b) => a ^ b,
    mul: (a, b) => {
      let product = 0;
      for (let i = 0; i < bits; i++) if ((b >> i) & 1) product ^= a << i;
      for (let i = 2 * bits - 2; i >= bits; i--) if ((product >> i) & 1) product ^= modulus << (i - bits);
      return product;
    },
  };
}

function powerOf(count: number, base: number): number | null {
  let exponent = 0;
  let value = 1;
  while (value < count) {
    value *= base;
    exponent++;
  }
  return value === count ? exponent : null;
}

function digits(index: number, base: number, length: number): number[] {
  return Array.from({ length }, (_, i) => Math.floor(index / base ** i) % base);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
