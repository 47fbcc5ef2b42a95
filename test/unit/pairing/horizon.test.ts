import { describe, expect, it } from 'vitest';
import { computeRound, repeatRateByRound } from '../../../src/intros/pairing/index.js';
import type { PairingHistoryEntry, PairingInput, PairingResult } from '../../../src/intros/pairing/index.js';
import { knownSchedule } from '../../../src/intros/pairing/schedules.js';
import { planGroupSizes } from '../../../src/intros/pairing/group-sizes.js';
import { accountedFor, baseInput, idsOf } from './helpers.js';

/** The first round with a repeated pair (Infinity when none). */
const firstRepeat = (history: readonly PairingHistoryEntry[]) =>
  repeatRateByRound(history).find((round) => round.repeatPairs > 0)?.round ?? Infinity;

/**
 * Runs rounds one after another, feeding each into the history as the app does. `rosterAt` gives the
 * candidates of a round (default: everyone in `ids`) and `inputAt` any other change to the input.
 */
function run(
  ids: readonly string[],
  rounds: number,
  options: {
    groupSize?: number;
    rosterAt?: (round: number) => readonly string[];
    inputAt?: (round: number) => Partial<PairingInput>;
  } = {},
): { history: PairingHistoryEntry[]; results: PairingResult[] } {
  const history: PairingHistoryEntry[] = [];
  const results: PairingResult[] = [];
  for (let round = 1; round <= rounds; round++) {
    const roster = options.rosterAt?.(round) ?? ids;
    const result = computeRound(
      baseInput({
        candidates: roster.map((id) => ({ id })),
        groupSize: options.groupSize ?? 2,
        history: [...history],
        currentRound: round,
        seed: `horizon:${round}`,
        ...options.inputAt?.(round),
      }),
    );
    expect(accountedFor(result)).toEqual([...new Set(roster)].sort());
    results.push(result);
    for (const group of result.groups) history.push({ round, members: group.members });
  }
  return { history, results };
}

const pairsIn = (result: PairingResult) => result.groups.flatMap((g) => g.members.flatMap((a) => g.members.filter((b) => a < b).map((b) => `${a}|${b}`)));

/** Most rounds of `count` people in groups of 3 with no pair meeting twice, by exhaustive search (round 1 fixed). */
function mostRepeatFreeRounds(count: number): number {
  const met = new Uint8Array(count * count);
  const setPair = (a: number, b: number, value: number) => (met[a * count + b] = met[b * count + a] = value);
  const first = Array.from({ length: count / 3 }, (_, g) => [3 * g, 3 * g + 1, 3 * g + 2]);
  const mark = (groups: readonly number[][], value: number) => {
    for (const [a, b, c] of groups) {
      setPair(a!, b!, value);
      setPair(a!, c!, value);
      setPair(b!, c!, value);
    }
  };
  mark(first, 1);
  let best = 1;
  // Rounds after the first, ordered by the smallest partner of person 0 (rounds are interchangeable).
  const round = (depth: number, minPartner: number): void => {
    best = Math.max(best, depth);
    const open = new Uint8Array(count).fill(1);
    const chosen: number[][] = [];
    const fill = (): void => {
      const a = open.indexOf(1);
      if (a === -1) {
        mark(chosen, 1);
        round(depth + 1, chosen[0]![1]! + 1);
        mark(chosen, 0);
        return;
      }
      open[a] = 0;
      for (let b = a === 0 ? minPartner : a + 1; b < count; b++) {
        if (!open[b] || met[a * count + b]) continue;
        open[b] = 0;
        for (let c = b + 1; c < count; c++) {
          if (!open[c] || met[a * count + c] || met[b * count + c]) continue;
          open[c] = 0;
          chosen.push([a, b, c]);
          fill();
          chosen.pop();
          open[c] = 1;
        }
        open[b] = 1;
      }
      open[a] = 1;
    };
    fill();
  };
  round(1, 1);
  return best;
}

describe('known schedules', () => {
  it('never repeat a pair, and every round is a grouping of everyone in the planned sizes', () => {
    const cases: Array<[number, number, number]> = [
      // [people, group size, rounds]
      [9, 2, 6],
      [11, 2, 7],
      [31, 2, 27],
      [61, 2, 57],
      [63, 2, 59],
      [9, 3, 4],
      [27, 3, 13],
      [16, 4, 5],
      [64, 4, 21],
      [25, 5, 6],
      [49, 7, 8],
      [64, 8, 9],
      [32, 4, 10],
    ];
    for (const [count, size, rounds] of cases) {
      const sizes = planGroupSizes(count, size, false);
      const schedule = knownSchedule(count, sizes);
      expect(schedule?.length, `${count} in groups of ${size}`).toBe(rounds);
      const met = new Set<string>();
      for (const round of schedule ?? []) {
        expect(round.map((g) => g.length).sort((a, b) => b - a)).toEqual(sizes);
        expect(round.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
        for (const group of round) {
          for (const a of group) {
            for (const b of group) {
              if (a >= b) continue;
              expect(met.has(`${a}|${b}`)).toBe(false);
              met.add(`${a}|${b}`);
            }
          }
        }
      }
    }
    expect(knownSchedule(12, planGroupSizes(12, 3, false))).toBeNull();
  });

  it('odd pools in pairs up to 61: the group of three takes turns, in the most rounds possible', () => {
    for (let count = 9; count <= 61; count += 2) {
      const schedule = knownSchedule(count, planGroupSizes(count, 2, false)) ?? [];
      // Each round has (count + 3) / 2 pairs; count(count − 1) / 2 pairs exist.
      expect(schedule.length, `n=${count}`).toBe(Math.floor((count * (count - 1)) / (count + 3)));
      const seats = new Array<number>(count).fill(0);
      for (const round of schedule) {
        for (const p of round.find((group) => group.length === 3) ?? []) seats[p] = (seats[p] as number) + 1;
        // Nobody is in a group of three a second time before everyone has been in one, and so on.
        expect(Math.max(...seats) - Math.min(...seats), `n=${count}`).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('horizon planner: bounds on a stable pool', () => {
  it('odd pools in pairs: no repeat until the pairs run out (n − 4 rounds, round 28 for 31 people), the group of three taking turns', () => {
    for (const [count, bound] of [[9, 6], [11, 7], [15, 11], [31, 27]] as const) {
      const { history, results } = run(idsOf(count), bound + 1);
      expect(firstRepeat(history), `n=${count}`).toBe(bound + 1);
      const seats = new Map<string, number>(idsOf(count).map((id) => [id, 0]));
      for (const result of results.slice(0, bound)) {
        for (const id of result.groups.find((g) => g.members.length === 3)?.members ?? []) seats.set(id, (seats.get(id) ?? 0) + 1);
        expect(Math.max(...seats.values()) - Math.min(...seats.values()), `n=${count}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('16 in groups of 4: 5 rounds without a repeat, every pair met once; then rounds go on with everyone grouped', () => {
    const { history } = run(idsOf(16), 9, { groupSize: 4 });
    expect(firstRepeat(history)).toBe(6);
  });

  it('12 in groups of 3: 4 rounds without a repeat, the most possible (there is no nearly Kirkman system of 12)', () => {
    expect(mostRepeatFreeRounds(12)).toBe(4);
    expect(mostRepeatFreeRounds(9)).toBe(4); // the search finds the Kirkman system of 9
    const { history } = run(idsOf(12), 5, { groupSize: 3 });
    expect(firstRepeat(history)).toBe(5);
  });

  it('32 in groups of 4: 10 rounds without a repeat (the social golfer 8-4-10), then every pair has met but 16', () => {
    const { history } = run(idsOf(32), 11, { groupSize: 4 });
    expect(firstRepeat(history)).toBe(11);
  });

  it('9 and 27 in groups of 3 follow the affine schedules to the end', () => {
    expect(firstRepeat(run(idsOf(9), 5, { groupSize: 3 }).history)).toBe(5);
    expect(firstRepeat(run(idsOf(27), 13, { groupSize: 3 }).history)).toBe(Infinity);
  });

  it('explains every planned group as a first meeting while pairs are fresh', () => {
    const { results } = run(idsOf(31), 3);
    for (const group of results.flatMap((r) => r.groups)) {
      expect(group.reasonDetail.kind).toBe('first_time');
      expect(group.reason).toBe(group.members.length === 2 ? 'First time meeting' : 'First time meeting for everyone');
    }
  });
});

describe('horizon planner: roster changes mid-horizon', () => {
  const ids = idsOf(32);

  // 31 or 33 people in groups of 4 have no known schedule: the search re-plans from the actual history.
  it('someone leaves: they are never grouped again and the next rounds stay repeat-free', () => {
    const gone = ids[5] as string;
    const { history, results } = run(ids, 5, { groupSize: 4, rosterAt: (round) => (round >= 3 ? ids.filter((id) => id !== gone) : ids) });
    for (const result of results.slice(2)) expect(result.groups.flatMap((g) => g.members)).not.toContain(gone);
    expect(firstRepeat(history)).toBe(Infinity);
  });

  it('someone joins: they are grouped at once, with no repeats', () => {
    const newcomer = 'U999';
    const { history, results } = run(ids, 6, { groupSize: 4, rosterAt: (round) => (round >= 3 ? [...ids, newcomer] : ids) });
    for (const result of results.slice(2)) expect(result.groups.flatMap((g) => g.members)).toContain(newcomer);
    expect(firstRepeat(history)).toBe(Infinity);
  });

  it('someone snoozes for two rounds and comes back: no repeats', () => {
    const snoozer = ids[9] as string;
    const { history } = run(ids, 6, { groupSize: 4, rosterAt: (round) => (round === 3 || round === 4 ? ids.filter((id) => id !== snoozer) : ids) });
    expect(firstRepeat(history)).toBe(Infinity);
  });

  it('someone adds an avoid: the pair the schedule was about to make is not made, and no repeat follows', () => {
    const odd = idsOf(31);
    // The pairs the schedule makes in round 5 on a stable pool.
    const stable = run(odd, 5);
    const planned = (stable.results[4] as PairingResult).groups.find((g) => g.members.length === 2)?.members as string[];
    const avoid: Array<[string, string]> = [[planned[0] as string, planned[1] as string]];
    const { history, results } = run(odd, 12, { inputAt: (round) => (round >= 5 ? { avoid } : {}) });
    for (const result of results.slice(4)) expect(pairsIn(result)).not.toContain(`${planned[0]}|${planned[1]}`);
    expect(firstRepeat(history)).toBe(Infinity);
  });
  it('interests change: from that round on, groups follow the new topics, still with no repeat', () => {
    const people = idsOf(24);
    const topicAt = (round: number, i: number) => (round < 3 ? (i % 2 === 0 ? 'chess' : 'golf') : i < 12 ? 'chess' : 'golf');
    const { history, results } = run(people, 5, {
      groupSize: 3,
      inputAt: (round) => ({ type: 'topic_based', candidates: people.map((id, i) => ({ id, categories: [topicAt(round, i)] })) }),
    });
    results.forEach((result, index) => {
      for (const group of result.groups) expect(new Set(group.members.map((id) => topicAt(index + 1, people.indexOf(id)))).size).toBe(1);
    });
    expect(firstRepeat(history)).toBe(Infinity);
  });

  it('someone becomes a ghost in an odd pool in pairs: the 30 left meet in pairs, still with no repeat', () => {
    const odd = idsOf(31);
    const ghost = odd[0] as string;
    const { history, results } = run(odd, 12, { rosterAt: (round) => (round >= 4 ? odd.filter((id) => id !== ghost) : odd) });
    expect(firstRepeat(history)).toBe(Infinity);
    // 30 people from round 4: pairs only.
    for (const result of results.slice(3)) expect(result.groups.every((g) => g.members.length === 2)).toBe(true);
  });
});

describe('horizon planner: the one-round rules still hold', () => {
  it('is deterministic: the same input gives the same round, whatever the candidate order', () => {
    const ids = idsOf(33);
    const { history } = run(ids, 3, { groupSize: 4 });
    const input = baseInput({ candidates: ids.map((id) => ({ id })), groupSize: 4, history, currentRound: 4, seed: 'same' });
    const first = computeRound(input);
    expect(computeRound(input)).toEqual(first);
    expect(computeRound({ ...input, candidates: [...input.candidates].reverse() })).toEqual(first);
  });

  it('never groups a pair on an avoid list', () => {
    const ids = idsOf(21);
    const avoid: Array<[string, string]> = [];
    for (let i = 0; i < 21; i++) for (let j = i + 1; j < 21; j++) if ((i * 5 + j * 3) % 7 === 0) avoid.push([ids[i] as string, ids[j] as string]);
    const banned = new Set(avoid.map(([a, b]) => `${a}|${b}`));
    for (const groupSize of [2, 3, 4]) {
      const { results } = run(ids, 4, { groupSize, inputAt: () => ({ avoid }) });
      for (const result of results) {
        expect(result.leftOut).toEqual([]);
        for (const pair of pairsIn(result)) expect(banned.has(pair)).toBe(false);
      }
    }
  });

  it('topic_based: groups share a topic, and the reason says which', () => {
    const ids = idsOf(15);
    const topicOf = (i: number) => (i < 9 ? 'chess' : 'golf');
    const { results } = run(ids, 3, {
      groupSize: 3,
      inputAt: () => ({ type: 'topic_based', candidates: ids.map((id, i) => ({ id, categories: [topicOf(i)] })) }),
    });
    for (const group of results.flatMap((r) => r.groups)) {
      const topics = new Set(group.members.map((id) => topicOf(ids.indexOf(id))));
      expect(topics.size).toBe(1);
      expect(group.reasonDetail.sharedCategories).toEqual([...topics]);
    }
  });

  it('cross_group_pairing: nobody meets someone from their own group while others are available', () => {
    const ids = idsOf(15);
    const teamOf = (i: number) => `team${i % 3}`;
    const { results } = run(ids, 3, {
      groupSize: 3,
      inputAt: () => ({ type: 'cross_group_pairing', candidates: ids.map((id, i) => ({ id, categories: [teamOf(i)] })) }),
    });
    for (const group of results.flatMap((r) => r.groups)) {
      expect(new Set(group.members.map((id) => teamOf(ids.indexOf(id)))).size).toBe(group.members.length);
    }
  });

  it('within_group_pairing: groups stay inside a group, each group planned ahead, and a lone member is left out with a reason', () => {
    const ids = idsOf(16);
    const teamOf = (i: number) => (i < 9 ? 'eng' : i < 15 ? 'sales' : 'legal');
    const { history, results } = run(ids, 4, {
      groupSize: 3,
      inputAt: () => ({ type: 'within_group_pairing', candidates: ids.map((id, i) => ({ id, categories: [teamOf(i)] })) }),
    });
    for (const result of results) {
      for (const group of result.groups) expect(new Set(group.members.map((id) => teamOf(ids.indexOf(id)))).size).toBe(1);
      expect(result.leftOut).toEqual([{ id: ids[15], code: 'alone_in_category', why: 'Nobody else from legal is in this round' }]);
    }
    // The 9 engineers follow the affine plane of order 3: everyone meets everyone in 4 rounds.
    expect(firstRepeat(history.filter((entry) => teamOf(ids.indexOf(entry.members[0] as string)) === 'eng'))).toBe(Infinity);
  });

  it('free plan cap: keeps 24 people, and those left out go first next time', () => {
    const ids = idsOf(31);
    const leftOutBefore = new Set(ids.slice(0, 7));
    const result = computeRound(
      baseInput({
        candidates: ids.map((id) => ({ id, timesLeftOut: leftOutBefore.has(id) ? 1 : 0 })),
        groupSize: 3,
        maxParticipants: 24,
        seed: 'cap',
      }),
    );
    expect(result.stats.grouped).toBe(24);
    const grouped = new Set(result.groups.flatMap((g) => g.members));
    for (const id of leftOutBefore) expect(grouped.has(id)).toBe(true);
    expect(result.leftOut.every((l) => l.code === 'free_plan_cap')).toBe(true);
  });

  it('lottery still draws one group with its fixed participants', () => {
    const ids = idsOf(31);
    const result = computeRound(baseInput({ type: 'lottery', candidates: ids.map((id) => ({ id })), groupSize: 4, lottery: { fixedParticipants: ['U003'] } }));
    expect(result.groups).toHaveLength(1);
    expect(result.groups[0]?.members).toContain('U003');
    expect(result.stats.method).toBe('lottery');
  });
});
