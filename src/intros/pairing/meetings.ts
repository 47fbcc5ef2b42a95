import type { PairingHistoryEntry } from './types.js';

/** How often and how recently two people have met. */
export interface PairMeeting {
  times: number;
  lastRound: number;
}

/**
 * Past meetings between the people of one pool, indexed by pool position (0..size-1). Only pairs where
 * both people are in the pool are kept, so building it is linear in the history.
 */
export class MeetingIndex {
  private readonly meetings = new Map<number, PairMeeting>();

  constructor(
    readonly size: number,
    positionOf: ReadonlyMap<string, number>,
    history: readonly PairingHistoryEntry[],
  ) {
    for (const entry of history) {
      const positions: number[] = [];
      for (const id of new Set(entry.members)) {
        const position = positionOf.get(id);
        if (position !== undefined) positions.push(position);
      }
      for (let i = 0; i < positions.length; i++) {
        for (let j = i + 1; j < positions.length; j++) {
          const key = this.key(positions[i] as number, positions[j] as number);
          const known = this.meetings.get(key);
          if (known === undefined) this.meetings.set(key, { times: 1, lastRound: entry.round });
          else {
            known.times++;
            if (entry.round > known.lastRound) known.lastRound = entry.round;
          }
        }
      }
    }
  }

  get(a: number, b: number): PairMeeting | undefined {
    return this.meetings.get(this.key(a, b));
  }

  /** Number of distinct pairs in the pool that have met. */
  get metPairs(): number {
    return this.meetings.size;
  }

  private key(a: number, b: number): number {
    return a < b ? a * this.size + b : b * this.size + a;
  }
}

/** Unordered pair key for ids, for small sets such as avoid lists. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}
