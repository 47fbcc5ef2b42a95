/**
 * Pairing engine benchmark: compute time by pool size, and repeat rates over many rounds against random
 * pairing and against the lower bound. Run with `npx tsx bench/pairing.ts` (prints a markdown table).
 *
 * Lower bound on repeats: a round of groups forms Σ k(k−1)/2 pairs and a pool of n has only n(n−1)/2
 * distinct pairs, so after R rounds at least max(0, pairs formed − n(n−1)/2) of them are repeats, and no
 * round can be repeat-free after the first ⌊n(n−1)/2 ÷ pairs per round⌋. For pairs in an even pool this is
 * the round-robin optimum: no repeat in the first n−1 rounds, then every pair repeats; 32 in groups of 4
 * reach it too (10 rounds, the social golfer 8-4-10), and odd pools in pairs (n − 4 rounds, with the group of
 * three taking turns). For groups the true optimum can be lower (the social golfer problem): 12 people in
 * groups of 3 have at most 4 repeat-free rounds, as no nearly Kirkman triple system of order 12 exists, and
 * the rows say so. A single round's bound is the pairs it forms beyond the never-met pairs left. "Random"
 * shuffles and cuts, as naive tools do. Pools up to 200 in groups (or odd, in pairs) plan up to 10 rounds
 * ahead: their timing rows include planning that horizon.
 */
import { fileURLToPath } from 'node:url';
import { computeRound, repeatRate } from '../src/intros/pairing/index.js';
import type { PairingHistoryEntry, PairingInput, PairingResult } from '../src/intros/pairing/index.js';
import { createRandom } from '../src/intros/pairing/random.js';

export interface BenchRow {
  name: string;
  value: string;
}

const idsOf = (count: number) => Array.from({ length: count }, (_, i) => `U${String(i).padStart(6, '0')}`);

/** Shuffle and cut into groups of `size`, the remainder spread one per group: what a naive tool does. */
function randomRound(ids: readonly string[], size: number, seed: string): string[][] {
  const shuffled = createRandom(seed).shuffle([...ids]);
  const groupCount = Math.max(1, Math.floor(shuffled.length / size));
  const groups = Array.from({ length: groupCount }, (_, g) => shuffled.slice(g * size, (g + 1) * size));
  shuffled.slice(groupCount * size).forEach((id, i) => groups[i % groupCount]?.push(id));
  return groups;
}

function pairsIn(groups: readonly (readonly string[])[]): number {
  return groups.reduce((sum, g) => sum + (g.length * (g.length - 1)) / 2, 0);
}

function input(ids: readonly string[], history: PairingHistoryEntry[], round: number, groupSize: number): PairingInput {
  return {
    type: 'standard',
    candidates: ids.map((id) => ({ id })),
    groupSize,
    enforceGroupSize: false,
    history,
    avoid: [],
    currentRound: round,
    seed: `bench:${round}`,
  };
}

/** `teams`: a within-group round, everyone in one of that many teams (the bound still counts all pairs). */
function timeRound(count: number, groupSize: number, historyRounds: number, teams?: number): BenchRow {
  const ids = idsOf(count);
  const history: PairingHistoryEntry[] = [];
  for (let round = 1; round <= historyRounds; round++) {
    for (const members of randomRound(ids, groupSize, `history:${round}`)) history.push({ round, members });
  }
  const round = input(ids, history, historyRounds + 1, groupSize);
  const started = performance.now();
  const result: PairingResult = computeRound(
    teams === undefined
      ? round
      : { ...round, type: 'within_group_pairing', candidates: ids.map((id, i) => ({ id, categories: [`team${i % teams}`] })) },
  );
  const ms = performance.now() - started;
  const what = groupSize === 2 ? 'pairs' : `groups of ${groupSize}`;
  const freshPairs = (count * (count - 1)) / 2 - metPairs(history);
  return {
    name: `${count.toLocaleString('en-US')} members${teams === undefined ? '' : ` in ${teams} teams, within-group`}, ${what}, ${historyRounds} past rounds`,
    value: `${fmtMs(ms)} (${result.stats.method}; ${result.stats.repeatPairs} repeat pairs of ${result.stats.pairs}; bound ${Math.max(0, result.stats.pairs - freshPairs)})`,
  };
}

function metPairs(history: readonly PairingHistoryEntry[]): number {
  const met = new Set<string>();
  for (const { members } of history) {
    for (const a of members) for (const b of members) if (a < b) met.add(`${a}|${b}`);
  }
  return met.size;
}

/** Pairs that meet again within `window` rounds of their last meeting. */
function quickRepeats(history: readonly PairingHistoryEntry[], window: number): number {
  const last = new Map<string, number>();
  let count = 0;
  for (const { round, members } of [...history].sort((a, b) => a.round - b.round)) {
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const a = members[i] as string;
        const b = members[j] as string;
        const key = a < b ? `${a}|${b}` : `${b}|${a}`;
        const before = last.get(key);
        if (before !== undefined && round - before <= window) count++;
        last.set(key, round);
      }
    }
  }
  return count;
}

/** `possible`: the first round with a repeat in the best schedule possible, where the count overestimates it. */
function simulate(count: number, groupSize: number, rounds: number, possible?: number): BenchRow[] {
  const ids = idsOf(count);
  const engineHistory: PairingHistoryEntry[] = [];
  const randomHistory: PairingHistoryEntry[] = [];
  let pairsPerRound = 0;
  let firstRepeatRound: number | null = null;
  const started = performance.now();
  for (let round = 1; round <= rounds; round++) {
    const result = computeRound(input(ids, engineHistory, round, groupSize));
    if (firstRepeatRound === null && result.stats.repeatPairs > 0) firstRepeatRound = round;
    for (const group of result.groups) engineHistory.push({ round, members: group.members });
    const naive = randomRound(ids, groupSize, `random:${round}`);
    pairsPerRound = pairsIn(naive);
    for (const members of naive) randomHistory.push({ round, members });
  }
  const ms = performance.now() - started;
  const distinctPairs = (count * (count - 1)) / 2;
  // Rounds that could be repeat-free: until the pool runs out of distinct pairs, or fewer where that is known.
  const countedRounds = Math.floor(distinctPairs / pairsPerRound);
  const freeRounds = possible === undefined ? countedRounds : possible - 1;
  const early = (history: PairingHistoryEntry[]) => repeatRate(history.filter((e) => e.round <= freeRounds));
  const lowerBound = Math.max(0, rounds * pairsPerRound - distinctPairs) / (rounds * pairsPerRound);
  const window = Math.floor(freeRounds / 2);
  const what = groupSize === 2 ? 'pairs' : `groups of ${groupSize}`;
  const label = `n=${count}, ${what}, ${rounds} rounds`;
  const rows: BenchRow[] = [
    {
      name: `${label}: repeat rate in rounds 1–${freeRounds} (engine / random / bound)`,
      value: `${pct(early(engineHistory))} / ${pct(early(randomHistory))} / 0.0%`,
    },
    {
      name: `${label}: repeat rate in all rounds (engine / random / bound)`,
      value: `${pct(repeatRate(engineHistory))} / ${pct(repeatRate(randomHistory))} / ${pct(lowerBound)}`,
    },
    {
      name: `${label}: pairs meeting again within ${window} rounds (engine / random / bound)`,
      value: `${quickRepeats(engineHistory, window)} / ${quickRepeats(randomHistory, window)} / 0`,
    },
    {
      name: `${label}: first round with a repeat (engine; ${possible === undefined ? `${freeRounds + 1} at best` : `${countedRounds + 1} by counting, ${possible} possible`})`,
      value: `${firstRepeatRound ?? 'none'} (${fmtMs(ms / rounds)} per round)`,
    },
  ];
  if (groupSize === 2 && count % 2 === 1) {
    rows.push({
      name: `${label}: group of three taking turns: most turns apart between two people after any of rounds 1–${freeRounds} (engine / best)`,
      value: `${turnsApart(engineHistory, ids, freeRounds)} / 1`,
    });
  }
  return rows;
}

/** The largest difference, after any round up to `rounds`, between two people's counts of seats in a group of three. */
function turnsApart(history: readonly PairingHistoryEntry[], ids: readonly string[], rounds: number): number {
  const seats = new Map(ids.map((id) => [id, 0]));
  let most = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const { members } of history.filter((e) => e.round === round && e.members.length === 3)) {
      for (const id of members) seats.set(id, (seats.get(id) ?? 0) + 1);
    }
    most = Math.max(most, Math.max(...seats.values()) - Math.min(...seats.values()));
  }
  return most;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const count of [100, 500, 1_000, 10_000, 50_000]) rows.push(timeRound(count, 2, 4));
  rows.push(timeRound(400, 2, 300));
  rows.push(timeRound(199, 2, 20));
  rows.push(timeRound(200, 3, 20));
  rows.push(timeRound(200, 4, 10));
  rows.push(timeRound(200, 4, 40));
  rows.push(timeRound(100, 5, 10));
  rows.push(timeRound(200, 8, 30));
  rows.push(timeRound(1_000, 4, 4));
  rows.push(timeRound(10_000, 4, 4));
  rows.push(timeRound(50_000, 4, 4));
  rows.push(timeRound(600, 4, 4, 6));
  rows.push(timeRound(50_000, 4, 4, 500));
  rows.push(...simulate(30, 2, 60));
  rows.push(...simulate(20, 2, 50));
  rows.push(...simulate(31, 2, 60));
  rows.push(...simulate(45, 2, 50));
  rows.push(...simulate(32, 4, 30));
  rows.push(...simulate(16, 4, 15));
  rows.push(...simulate(12, 3, 15, 5));
  return rows;
}

function fmtMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
}

function pct(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const rows = await run();
  console.log('| Pairing benchmark | Result |\n| --- | --- |');
  for (const row of rows) console.log(`| ${row.name} | ${row.value} |`);
  console.log(`\nTotal ${fmtMs(performance.now() - started)}`);
}
