import type { PairingHistoryEntry } from './types.js';

/** How often and how recently two people have met. */
export interface PairMeeting {
  times: number;
  lastRound: number;
}

/**
 * Past meetings between the people of one pool, indexed by pool position (0..size-1). Only pairs where
 * both people are in the pool are kept, so building it is linear in the history. An open-addressing hash
 * table over typed arrays: a Map keyed by a·size + b needs keys beyond the small-integer range from about
 * 33,000 people, and hashing those heap numbers took most of a 50,000-person round.
 */
export class MeetingIndex {
  /** Slot → smaller position + 1 (0: empty), larger position, and the meeting. Capacity is a power of 2. */
  private readonly lows: Int32Array;
  private readonly highs: Int32Array;
  private readonly values: Array<PairMeeting | undefined>;
  private count = 0;

  constructor(
    readonly size: number,
    positionOf: ReadonlyMap<string, number>,
    history: readonly PairingHistoryEntry[],
  ) {
    // Room for every pair the history could hold, at most half full, so it never needs to grow.
    let pairs = 0;
    for (const entry of history) pairs += (entry.members.length * (entry.members.length - 1)) / 2;
    let capacity = 16;
    while (capacity < pairs * 2) capacity *= 2;
    this.lows = new Int32Array(capacity);
    this.highs = new Int32Array(capacity);
    this.values = new Array<PairMeeting | undefined>(capacity);
    for (const entry of history) {
      const positions: number[] = [];
      for (const id of new Set(entry.members)) {
        const position = positionOf.get(id);
        if (position !== undefined) positions.push(position);
      }
      for (let i = 0; i < positions.length; i++) {
        for (let j = i + 1; j < positions.length; j++) {
          const a = positions[i] as number;
          const b = positions[j] as number;
          const known = this.get(a, b);
          if (known === undefined) this.insert(a < b ? a : b, a < b ? b : a, { times: 1, lastRound: entry.round });
          else {
            known.times++;
            if (entry.round > known.lastRound) known.lastRound = entry.round;
          }
        }
      }
    }
  }

  get(a: number, b: number): PairMeeting | undefined {
    const low = a < b ? a : b;
    const high = a < b ? b : a;
    const mask = this.lows.length - 1;
    for (let slot = slotOf(low, high) & mask; ; slot = (slot + 1) & mask) {
      const stored = this.lows[slot] as number;
      if (stored === 0) return undefined;
      if (stored === low + 1 && this.highs[slot] === high) return this.values[slot];
    }
  }

  /** Number of distinct pairs in the pool that have met. */
  get metPairs(): number {
    return this.count;
  }

  private insert(low: number, high: number, meeting: PairMeeting): void {
    const mask = this.lows.length - 1;
    let slot = slotOf(low, high) & mask;
    while (this.lows[slot] !== 0) slot = (slot + 1) & mask;
    this.lows[slot] = low + 1;
    this.highs[slot] = high;
    this.values[slot] = meeting;
    this.count++;
  }
}

function slotOf(low: number, high: number): number {
  return (Math.imul(low, 0x9e3779b1) ^ Math.imul(high, 0x85ebca6b)) >>> 0;
}

/** Unordered pair key for ids, for small sets such as avoid lists. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}
