import { pairKey } from './meetings.js';
import type { PairingHistoryEntry } from './types.js';

export interface RoundRepeatStats {
  round: number;
  /** Pairs inside the round's groups (a group of k has k(k-1)/2). */
  pairs: number;
  /** Of those, pairs that had met in an earlier round. */
  repeatPairs: number;
  rate: number;
}

/** Repeat statistics per round, oldest first. */
export function repeatRateByRound(history: readonly PairingHistoryEntry[]): RoundRepeatStats[] {
  const byRound = new Map<number, PairingHistoryEntry[]>();
  for (const entry of history) {
    const list = byRound.get(entry.round);
    if (list === undefined) byRound.set(entry.round, [entry]);
    else list.push(entry);
  }
  const met = new Set<string>();
  const rounds: RoundRepeatStats[] = [];
  for (const round of [...byRound.keys()].sort((a, b) => a - b)) {
    const roundPairs: string[] = [];
    let repeatPairs = 0;
    for (const entry of byRound.get(round) ?? []) {
      const members = [...new Set(entry.members)];
      for (let i = 0; i < members.length; i++) {
        for (let j = i + 1; j < members.length; j++) {
          const key = pairKey(members[i] as string, members[j] as string);
          roundPairs.push(key);
          if (met.has(key)) repeatPairs++;
        }
      }
    }
    for (const key of roundPairs) met.add(key);
    const pairs = roundPairs.length;
    rounds.push({ round, pairs, repeatPairs, rate: pairs === 0 ? 0 : repeatPairs / pairs });
  }
  return rounds;
}

/** Share of all pairs formed in the history that had met in an earlier round (0 when none were formed). */
export function repeatRate(history: readonly PairingHistoryEntry[]): number {
  let pairs = 0;
  let repeats = 0;
  for (const round of repeatRateByRound(history)) {
    pairs += round.pairs;
    repeats += round.repeatPairs;
  }
  return pairs === 0 ? 0 : repeats / pairs;
}

/** Share of the possible pairs among `memberIds` that have met at least once (0 with fewer than 2 members). */
export function coverage(history: readonly PairingHistoryEntry[], memberIds: readonly string[]): number {
  const members = new Set(memberIds);
  if (members.size < 2) return 0;
  const met = new Set<string>();
  for (const entry of history) {
    const inside = [...new Set(entry.members)].filter((id) => members.has(id));
    for (let i = 0; i < inside.length; i++) {
      for (let j = i + 1; j < inside.length; j++) met.add(pairKey(inside[i] as string, inside[j] as string));
    }
  }
  return met.size / ((members.size * (members.size - 1)) / 2);
}

export interface MemberWait {
  id: string;
  /** Rounds since the member was last in a group; null when never. */
  roundsWaiting: number | null;
}

/** Each member's wait since their last group, longest first (never-grouped first of all, then by id). */
export function waitsSinceLastGroup(
  history: readonly PairingHistoryEntry[],
  memberIds: readonly string[],
  currentRound: number,
): MemberWait[] {
  const last = new Map<string, number>();
  for (const entry of history) {
    for (const id of entry.members) last.set(id, Math.max(last.get(id) ?? -Infinity, entry.round));
  }
  const waits = [...new Set(memberIds)].map((id): MemberWait => {
    const round = last.get(id);
    return { id, roundsWaiting: round === undefined ? null : currentRound - round };
  });
  const rank = (wait: MemberWait) => (wait.roundsWaiting === null ? Infinity : wait.roundsWaiting);
  return waits.sort((a, b) => {
    if (rank(a) !== rank(b)) return rank(a) > rank(b) ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/** The member who has waited longest since their last group (for lottery and participation reports). */
export function longestWait(
  history: readonly PairingHistoryEntry[],
  memberIds: readonly string[],
  currentRound: number,
): MemberWait | undefined {
  return waitsSinceLastGroup(history, memberIds, currentRound)[0];
}
