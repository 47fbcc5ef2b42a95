/**
 * Writes src/intros/pairing/odd-pairs-table.ts: for each odd pool of 9..61 people in pairs, a schedule with
 * the most repeat-free rounds possible (n − 4 from 11 people on, 6 for 9) whose group of three takes turns: after
 * every round, nobody has been in one more than once more than anyone else. No known construction does both
 * (in the circle-method schedule four people are never in the group of three), so this searches (5 and 7
 * people cannot have both: their group of three cannot take turns without a repeat):
 *
 * 1. the groups of three, round by round, from the people with the fewest so far, sharing no pair (restarted
 *    with another order when it gets stuck; trioRotation in src/intros/pairing/odd-pairs.ts, which builds the
 *    schedules beyond the table at run time);
 * 2. the pairs of every round, by simulated annealing over the pairs' meeting counts: a step re-pairs two
 *    pairs of one round (ab, cd → ac, bd or ad, bc), one of them a repeat, and is taken when it adds no
 *    repeat, or with a probability that falls as the search cools.
 *
 * Seeded, so the same table comes out every time. Run with `npx tsx scripts/odd-pairs-schedules.ts` (a few
 * minutes); test/unit/pairing/horizon.test.ts checks every schedule in the table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRandom } from '../src/intros/pairing/random.js';
import type { Random } from '../src/intros/pairing/random.js';
import { encodeRound, oddPairsRounds } from '../src/intros/pairing/odd-pairs-table.js';
import { trioRotation } from '../src/intros/pairing/odd-pairs.js';

const MIN_COUNT = 9;
/** The table writes one character per person, so at most 62 people. */
const MAX_COUNT = 61;
/** Annealing steps per person before a round count is given up as out of reach. */
const STEPS_PER_PERSON = 5_000_000;

/** Rounds as groups (the three first), or null when the annealing ran out of steps. */
function search(count: number, rounds: number, random: Random): number[][][] | null {
  const trios = trioRotation(count, rounds, random.fork('trios'));
  const uses = new Int32Array(count * count);
  const use = (a: number, b: number, by: number): number => {
    const before = Math.max(0, (uses[a * count + b] as number) - 1);
    uses[a * count + b] = uses[b * count + a] = (uses[a * count + b] as number) + by;
    return Math.max(0, (uses[a * count + b] as number) - 1) - before;
  };
  for (const trio of trios) for (const a of trio) for (const b of trio) if (a < b) use(a, b, 1);
  const others = trios.map((trio) => Array.from({ length: count }, (_, p) => p).filter((p) => !trio.includes(p)));
  const mate = new Int32Array(rounds * count).fill(-1);
  let repeats = 0;
  others.forEach((people, r) => {
    const shuffled = random.shuffle([...people]);
    for (let i = 0; i < shuffled.length; i += 2) {
      const a = shuffled[i] as number;
      const b = shuffled[i + 1] as number;
      mate[r * count + a] = b;
      mate[r * count + b] = a;
      repeats += use(a, b, 1);
    }
  });
  let temperature = 0.6;
  for (let step = 1; repeats > 0; step++) {
    if (step > STEPS_PER_PERSON * count) return null;
    if (step % 200_000 === 0) temperature = Math.max(0.05, temperature * 0.97);
    const r = random.int(rounds);
    const people = others[r] as number[];
    const a = people[random.int(people.length)] as number;
    const b = mate[r * count + a] as number;
    if ((uses[a * count + b] as number) <= 1) continue;
    const c = people[random.int(people.length)] as number;
    const d = mate[r * count + c] as number;
    if (c === a || c === b) continue;
    const [x, y] = random.int(2) === 0 ? [c, d] : [d, c];
    // ab, cd → ax, by
    const delta = use(a, b, -1) + use(c, d, -1) + use(a, x, 1) + use(b, y, 1);
    if (delta <= 0 || random.next() < Math.exp(-delta / temperature)) {
      mate[r * count + a] = x;
      mate[r * count + x] = a;
      mate[r * count + b] = y;
      mate[r * count + y] = b;
      repeats += delta;
    } else {
      use(a, x, -1);
      use(b, y, -1);
      use(a, b, 1);
      use(c, d, 1);
    }
  }
  return trios.map((trio, r) => {
    const pairs = (others[r] as number[]).filter((p) => p < (mate[r * count + p] as number)).map((p) => [p, mate[r * count + p] as number]);
    return [trio, ...pairs];
  });
}

/** The most rounds a schedule can have: each has (count + 3) / 2 pairs, and there are count(count − 1)/2. */
function roundsBound(count: number): number {
  return Math.floor((count * (count - 1)) / (count + 3));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const entries: string[] = [];
  for (let count = MIN_COUNT; count <= MAX_COUNT; count += 2) {
    let schedule: number[][][] | null = null;
    for (let rounds = roundsBound(count); schedule === null; rounds--) {
      schedule = search(count, rounds, createRandom(`odd-pairs:${count}:${rounds}`));
    }
    if (JSON.stringify(oddPairsRounds(count)) !== JSON.stringify(schedule)) console.log(`${count}: ${schedule.length} rounds (new)`);
    entries.push(`  ${count}: [\n${schedule.map((round) => `    '${encodeRound(round)}',`).join('\n')}\n  ],`);
  }
  const path = fileURLToPath(new URL('../src/intros/pairing/odd-pairs-table.ts', import.meta.url));
  const source = readFileSync(path, 'utf8');
  const start = source.indexOf('const TABLE');
  const end = source.indexOf('};\n', start);
  writeFileSync(path, `${source.slice(0, start)}const TABLE: Record<number, string[]> = {\n${entries.join('\n')}\n${source.slice(end)}`);
}
