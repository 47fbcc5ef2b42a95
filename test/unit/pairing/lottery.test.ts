import { describe, expect, it } from 'vitest';
import { computeRound } from '../../../src/intros/pairing/index.js';
import type { PairingHistoryEntry } from '../../../src/intros/pairing/index.js';
import { baseInput, idsOf } from './helpers.js';

function runLottery(ids: readonly string[], rounds: number, groupSize: number, fixed: string[] = []) {
  const history: PairingHistoryEntry[] = [];
  const drawn = new Map(ids.map((id) => [id, 0]));
  const longestWait = new Map(ids.map((id) => [id, 0]));
  const lastDrawn = new Map<string, number>();
  for (let round = 1; round <= rounds; round++) {
    const result = computeRound(
      baseInput({
        type: 'lottery',
        candidates: ids.map((id) => ({ id })),
        groupSize,
        history,
        currentRound: round,
        seed: `lottery:${round}`,
        lottery: { fixedParticipants: fixed },
      }),
    );
    expect(result.groups).toHaveLength(1);
    const members = result.groups[0]?.members ?? [];
    expect(members).toHaveLength(groupSize);
    for (const id of fixed) expect(members).toContain(id);
    history.push({ round, members });
    for (const id of members) {
      drawn.set(id, (drawn.get(id) ?? 0) + 1);
      longestWait.set(id, Math.max(longestWait.get(id) ?? 0, round - (lastDrawn.get(id) ?? 0)));
      lastDrawn.set(id, round);
    }
  }
  return { drawn, longestWait };
}

describe('lottery', () => {
  it('selects everyone roughly evenly over many rounds', () => {
    const ids = idsOf(20);
    const { drawn, longestWait } = runLottery(ids, 200, 4);
    // 200 rounds × 4 seats / 20 people = 40 each.
    for (const id of ids) {
      expect(drawn.get(id)).toBeGreaterThanOrEqual(32);
      expect(drawn.get(id)).toBeLessThanOrEqual(48);
    }
    // Nobody waits much longer than the average gap of 5 rounds.
    expect(Math.max(...longestWait.values())).toBeLessThanOrEqual(14);
  });

  it('always includes the fixed participants and shares the other seats fairly', () => {
    const ids = idsOf(14);
    const { drawn } = runLottery(ids, 120, 4, ['U000', 'U013']);
    expect(drawn.get('U000')).toBe(120);
    expect(drawn.get('U013')).toBe(120);
    // 120 rounds × 2 open seats / 12 others = 20 each.
    for (const id of ids.slice(1, 13)) {
      expect(drawn.get(id)).toBeGreaterThanOrEqual(14);
      expect(drawn.get(id)).toBeLessThanOrEqual(26);
    }
  });

  it('draws people who were never drawn, or waited longest, first', () => {
    const ids = idsOf(10);
    const candidates = ids.map((id, i) => ({ id, lastSelectedRound: i < 3 ? null : 40 + i }));
    let neverDrawnPicked = 0;
    for (let seed = 0; seed < 40; seed++) {
      const result = computeRound(baseInput({ type: 'lottery', candidates, groupSize: 3, currentRound: 50, seed: `w${seed}` }));
      neverDrawnPicked += result.groups[0]?.members.filter((m) => ['U000', 'U001', 'U002'].includes(m)).length ?? 0;
    }
    expect(neverDrawnPicked / 40).toBeGreaterThan(2.4); // of 3 seats, mostly the never-drawn
  });

  it('is deterministic, respects avoid lists, and draws everyone when the pool is small', () => {
    const input = baseInput({ type: 'lottery', candidates: idsOf(9).map((id) => ({ id })), groupSize: 3, seed: 'same' });
    expect(computeRound(input)).toEqual(computeRound(input));
    const avoid: Array<[string, string]> = [['U000', 'U001'], ['U000', 'U002']];
    for (let seed = 0; seed < 20; seed++) {
      const result = computeRound({ ...input, avoid, seed: `a${seed}`, lottery: { fixedParticipants: ['U000'] } });
      expect(result.groups[0]?.members).toContain('U000');
      expect(result.groups[0]?.members).not.toContain('U001');
      expect(result.groups[0]?.members).not.toContain('U002');
    }
    const small = computeRound(baseInput({ type: 'lottery', candidates: idsOf(3).map((id) => ({ id })), groupSize: 5 }));
    expect(small.groups[0]?.members).toEqual(idsOf(3));
    expect(small.leftOut).toEqual([]);
  });

  it('ignores the free plan cap (it draws one group) and skips fixed participants who are not candidates', () => {
    const result = computeRound(
      baseInput({
        type: 'lottery',
        candidates: idsOf(30).map((id) => ({ id })),
        groupSize: 2,
        maxParticipants: 24,
        lottery: { fixedParticipants: ['someone-snoozed'] },
      }),
    );
    expect(result.groups[0]?.members).toHaveLength(2);
    expect(result.leftOut.every((l) => l.code === 'not_drawn')).toBe(true);
  });
});
