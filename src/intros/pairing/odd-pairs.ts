import type { Random } from './random.js';

/*
 * Odd pools in pairs (one group of three a round) beyond the precomputed table: count − 4 rounds without a
 * repeated pair (the most any schedule has from 11 people on) whose group of three takes turns. No known
 * construction does both (the circle method leaves four people out of the group of three), so this builds one:
 *
 * 1. the groups of three, round by round (trioRotation);
 * 2. the pairs never to meet: person p has 3 − (p's seats in a group of three) of them (from 13 people on,
 *    twelve people have one each), drawn first (unmetPairs); every other pair then meets exactly once;
 * 3. the rounds of those pairs, by Dinitz and Stinson's hill-climbing for one-factorisations: take a person u
 *    without a partner in a round t (u not in that round's group of three) and a random v whom u has not met;
 *    if v has no partner in round t, pair them; else v's partner w in round t loses v (and is the one missing
 *    a partner in t now) and u takes w's place. Rarely, and whenever u can only reach people in round t's
 *    group of three, u takes someone already met in another round instead, which frees the walk from the
 *    states it cannot leave otherwise. The walk ends when everyone has a partner in every round they are
 *    not in the group of three: 9 steps a pair on average.
 *
 * Seeded and bounded by a step count, so the same schedule comes out every time: a few milliseconds at 63
 * people, about 0.1 s at 199.
 */

/** Walk steps per pair to place before an attempt is given up (and retried with other groups of three). */
const STEPS_PER_PAIR = 200;
const ATTEMPTS = 4;
/** A step takes someone already met (see below) with probability 1 / (KICK_RATE · count). */
const KICK_RATE = 16;

/**
 * Groups of three for `rounds` rounds of `count` people, sharing no pair, taking turns: after every round,
 * nobody has been in one more than once more than anyone else. Each is drawn from the people with the fewest
 * seats (restarted with another order when the draw gets stuck).
 */
export function trioRotation(count: number, rounds: number, random: Random): number[][] {
  for (;;) {
    const seats = new Int32Array(count);
    const met = new Uint8Array(count * count);
    const trios: number[][] = [];
    for (let r = 0; r < rounds; r++) {
      const order = random.shuffle(Array.from({ length: count }, (_, p) => p)).sort((a, b) => (seats[a] as number) - (seats[b] as number));
      const fewest = seats[order[0] as number] as number;
      // Everyone with the fewest seats when they are under three, then others with one more; else only those.
      const must = order.filter((p) => seats[p] === fewest);
      const trio = must.length < 3 ? must : [];
      const most = must.length < 3 ? fewest + 1 : fewest;
      for (const p of order) {
        if (trio.length === 3) break;
        if (!trio.includes(p) && (seats[p] as number) <= most && trio.every((q) => met[p * count + q] === 0)) trio.push(p);
      }
      if (trio.length < 3 || trio.some((a) => trio.some((b) => a !== b && met[a * count + b] === 1))) break;
      for (const a of trio) {
        seats[a] = (seats[a] as number) + 1;
        for (const b of trio) if (a !== b) met[a * count + b] = 1;
      }
      trios.push(trio);
    }
    if (trios.length === rounds) return trios;
  }
}

/** count − 4 repeat-free rounds (the group of three first in each) whose group of three takes turns, or null. */
export function searchedOddPairsSchedule(count: number, random: Random): number[][][] | null {
  if (count < 11 || count % 2 === 0) return null;
  const rounds = count - 4;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const trios = trioRotation(count, rounds, random.fork(`trios:${attempt}`));
    const pairs = pairRounds(count, trios, random.fork(`pairs:${attempt}`));
    if (pairs !== null) return trios.map((trio, t) => [trio, ...(pairs[t] as number[][])]);
  }
  return null;
}

/** The pairs of every round around these groups of three, no pair twice and none in a group of three; or null. */
function pairRounds(count: number, trios: readonly (readonly number[])[], random: Random): number[][][] | null {
  const n = count;
  const rounds = trios.length;
  const inTrio = new Uint8Array(rounds * n);
  // -1: not met yet; -2: met in a group of three; -3: never to meet; t ≥ 0: paired in round t.
  const roundOf = new Int32Array(n * n).fill(-1);
  trios.forEach((trio, t) => {
    for (const a of trio) {
      inTrio[t * n + a] = 1;
      for (const b of trio) if (a !== b) roundOf[a * n + b] = -2;
    }
  });
  // The pairs that will not meet, chosen first (see unmetPairs): what is left is then exactly the pairs to place.
  const seats = new Int32Array(n);
  for (const trio of trios) for (const a of trio) seats[a] = (seats[a] as number) + 1;
  const left = unmetPairs(n, seats, roundOf, random.fork('unmet'));
  if (left === null) return null;
  for (const [a, b] of left) roundOf[a * n + b] = roundOf[b * n + a] = -3;
  const partner = new Int32Array(rounds * n).fill(-1);

  // Indexed sets (list, size, position) with O(1) add, remove and random pick.
  const unmet = new Int32Array(n * n);
  const unmetSize = new Int32Array(n);
  const unmetAt = new Int32Array(n * n).fill(-1);
  const missing = new Int32Array(n * rounds);
  const missingSize = new Int32Array(n);
  const missingAt = new Int32Array(n * rounds).fill(-1);
  const live = new Int32Array(n);
  const liveAt = new Int32Array(n).fill(-1);
  let liveSize = 0;

  const add = (list: Int32Array, size: Int32Array, at: Int32Array, owner: number, stride: number, item: number): void => {
    const s = size[owner] as number;
    list[owner * stride + s] = item;
    at[owner * stride + item] = s;
    size[owner] = s + 1;
  };
  const remove = (list: Int32Array, size: Int32Array, at: Int32Array, owner: number, stride: number, item: number): void => {
    const s = (size[owner] as number) - 1;
    const index = at[owner * stride + item] as number;
    const last = list[owner * stride + s] as number;
    list[owner * stride + index] = last;
    at[owner * stride + last] = index;
    at[owner * stride + item] = -1;
    size[owner] = s;
  };
  const setLive = (p: number): void => {
    const isLive = (missingSize[p] as number) > 0;
    if (isLive && liveAt[p] === -1) {
      live[liveSize] = p;
      liveAt[p] = liveSize++;
    } else if (!isLive && liveAt[p] !== -1) {
      const index = liveAt[p] as number;
      const last = live[--liveSize] as number;
      live[index] = last;
      liveAt[last] = index;
      liveAt[p] = -1;
    }
  };

  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) if (a !== b && roundOf[a * n + b] === -1) add(unmet, unmetSize, unmetAt, a, n, b);
    for (let t = 0; t < rounds; t++) if (inTrio[t * n + a] === 0) add(missing, missingSize, missingAt, a, rounds, t);
    setLive(a);
  }
  const pair = (a: number, b: number, t: number): void => {
    roundOf[a * n + b] = roundOf[b * n + a] = t;
    partner[t * n + a] = b;
    partner[t * n + b] = a;
    remove(unmet, unmetSize, unmetAt, a, n, b);
    remove(unmet, unmetSize, unmetAt, b, n, a);
    remove(missing, missingSize, missingAt, a, rounds, t);
    remove(missing, missingSize, missingAt, b, rounds, t);
    setLive(a);
    setLive(b);
  };
  const unpair = (a: number, b: number, t: number): void => {
    roundOf[a * n + b] = roundOf[b * n + a] = -1;
    partner[t * n + a] = partner[t * n + b] = -1;
    add(unmet, unmetSize, unmetAt, a, n, b);
    add(unmet, unmetSize, unmetAt, b, n, a);
    add(missing, missingSize, missingAt, a, rounds, t);
    add(missing, missingSize, missingAt, b, rounds, t);
    setLive(a);
    setLive(b);
  };

  const trapped = (u: number, t: number): boolean => {
    for (let i = 0; i < (unmetSize[u] as number); i++) if (inTrio[t * n + (unmet[u * n + i] as number)] === 0) return false;
    return true;
  };

  const budget = STEPS_PER_PAIR * ((rounds * (n - 3)) / 2);
  for (let step = 0; liveSize > 0; step++) {
    if (step >= budget) return null;
    const u = live[random.int(liveSize)] as number;
    const t = missing[u * rounds + random.int(missingSize[u] as number)] as number;
    const v = unmet[u * n + random.int(unmetSize[u] as number)] as number;
    const blocked = inTrio[t * n + v] === 1;
    if ((blocked && trapped(u, t)) || random.next() * KICK_RATE * n < 1) {
      // u takes someone it met in another round instead (both then miss a partner in that round): without
      // this the walk can be trapped, with everyone u has not met in round t's group of three, or with the
      // pairs not met all joining someone missing round t to someone missing another.
      const z = random.int(n);
      const was = roundOf[u * n + z] as number;
      if (z === u || was < 0 || inTrio[t * n + z] === 1) continue;
      unpair(u, z, was);
      const y = partner[t * n + z] as number;
      if (y !== -1) unpair(z, y, t);
      pair(u, z, t);
      continue;
    }
    if (blocked) continue;
    const w = partner[t * n + v] as number;
    if (w !== -1) unpair(v, w, t);
    pair(u, v, t);
  }
  return Array.from({ length: rounds }, (_, t) => {
    const groups: number[][] = [];
    for (let a = 0; a < n; a++) {
      const b = partner[t * n + a] as number;
      if (a < b) groups.push([a, b]);
    }
    return groups;
  });
}

/**
 * The pairs left unmet: person p meets n − 1 − 2·seats[p] people outside groups of three in n − 4 − seats[p]
 * rounds, so 3 − seats[p] of them are never met (one for the twelve people with two seats when n ≥ 13).
 * Chosen at random among pairs not in a group of three; null when the draw gets stuck a few times.
 */
function unmetPairs(n: number, seats: Int32Array, roundOf: Int32Array, random: Random): Array<[number, number]> | null {
  for (let attempt = 0; attempt < 20; attempt++) {
    const excess = Array.from(seats, (s) => 3 - s);
    if (excess.some((e) => e < 0)) return null;
    const pairs: Array<[number, number]> = [];
    const taken = new Set<number>();
    for (;;) {
      const open = random.shuffle(Array.from({ length: n }, (_, p) => p).filter((p) => (excess[p] as number) > 0));
      if (open.length === 0) return pairs;
      const a = open.sort((x, y) => (excess[y] as number) - (excess[x] as number))[0] as number;
      const b = open.find((p) => p !== a && roundOf[a * n + p] === -1 && !taken.has(a * n + p));
      if (b === undefined) break;
      pairs.push([a, b]);
      taken.add(a * n + b).add(b * n + a);
      excess[a] = (excess[a] as number) - 1;
      excess[b] = (excess[b] as number) - 1;
    }
  }
  return null;
}
