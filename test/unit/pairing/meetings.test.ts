import { describe, expect, it } from 'vitest';
import type { PairingHistoryEntry } from '../../../src/intros/pairing/index.js';
import { MeetingIndex } from '../../../src/intros/pairing/meetings.js';
import { createRandom } from '../../../src/intros/pairing/random.js';

describe('MeetingIndex', () => {
  it('agrees with a plain map of pairs, for pools whose a·size + b keys pass 2^31 too', () => {
    for (const size of [7, 300, 60_000]) {
      const random = createRandom(`meetings:${size}`);
      const ids = Array.from({ length: size }, (_, i) => `U${i}`);
      const positionOf = new Map(ids.map((id, i) => [id, i]));
      const history: PairingHistoryEntry[] = [];
      // Rounds out of order, groups with someone outside the pool and someone listed twice.
      for (const round of [3, 1, 4, 2, 5, 2]) {
        for (let g = 0; g < Math.min(400, size); g++) {
          const members = Array.from({ length: 2 + random.int(3) }, () => ids[random.int(size)] as string);
          history.push({ round, members: [...members, members[0] as string, 'outsider'] });
        }
      }
      const expected = new Map<string, { times: number; lastRound: number }>();
      for (const { round, members } of history) {
        const inside = [...new Set(members)].filter((id) => positionOf.has(id)).map((id) => positionOf.get(id) as number);
        for (const a of inside) {
          for (const b of inside) {
            if (a >= b) continue;
            const known = expected.get(`${a}|${b}`);
            expected.set(`${a}|${b}`, { times: (known?.times ?? 0) + 1, lastRound: Math.max(known?.lastRound ?? 0, round) });
          }
        }
      }
      const index = new MeetingIndex(size, positionOf, history);
      expect(index.metPairs).toBe(expected.size);
      for (const [key, meeting] of expected) {
        const [a, b] = key.split('|').map(Number) as [number, number];
        expect(index.get(a, b)).toEqual(meeting);
        expect(index.get(b, a)).toEqual(meeting);
      }
      for (let k = 0; k < 2000; k++) {
        const a = random.int(size);
        const b = random.int(size);
        if (a !== b) expect(index.get(a, b), `${size}: ${a}, ${b}`).toEqual(expected.get(a < b ? `${a}|${b}` : `${b}|${a}`));
      }
    }
  });
});
