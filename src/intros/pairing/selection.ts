import type { Random } from './random.js';
import type { Candidate, PairingHistoryEntry } from './types.js';

/**
 * Free plan: keeps `cap` people, those left out most often first, ties broken at random; returns the rest
 * as `capped`. Input order does not matter.
 */
export function applyParticipantCap(
  candidates: readonly Candidate[],
  cap: number,
  random: Random,
): { kept: Candidate[]; capped: Candidate[] } {
  if (candidates.length <= cap) return { kept: [...candidates], capped: [] };
  const ranked = candidates.map((candidate) => ({ candidate, tieBreak: random.next() }));
  ranked.sort(
    (x, y) => (y.candidate.timesLeftOut ?? 0) - (x.candidate.timesLeftOut ?? 0) || x.tieBreak - y.tieBreak,
  );
  return {
    kept: ranked.slice(0, cap).map((r) => r.candidate),
    capped: ranked.slice(cap).map((r) => r.candidate),
  };
}

/** The last round each person was in a group, from the history. */
export function lastGroupedRounds(history: readonly PairingHistoryEntry[]): Map<string, number> {
  const last = new Map<string, number>();
  for (const entry of history) {
    for (const id of entry.members) {
      const known = last.get(id);
      if (known === undefined || entry.round > known) last.set(id, entry.round);
    }
  }
  return last;
}

export interface LotteryDraw {
  drawn: string[];
  notDrawn: string[];
}

/**
 * One group per round. Fixed participants (up to 2) are always in; the other seats go by a weighted draw
 * without replacement (Efraimidis–Spirakis keys) whose weight grows with the square of the rounds since the
 * person was last drawn, so whoever has waited longest is most likely next while nobody is certain.
 * Never-drawn people count as having waited longest. Nobody is seated next to someone they avoid.
 */
export function drawLottery(options: {
  candidates: readonly Candidate[];
  groupSize: number;
  fixedParticipants: readonly string[];
  history: readonly PairingHistoryEntry[];
  currentRound: number;
  avoids: (a: string, b: string) => boolean;
  random: Random;
}): LotteryDraw {
  const { candidates, groupSize, currentRound, avoids, random } = options;
  const ids = new Set(candidates.map((c) => c.id));
  const drawn: string[] = [];
  // A fixed participant who is not a candidate this round (snoozed, say) is simply not there; one who
  // avoids the other fixed participant goes into the draw like everyone else.
  for (const id of new Set(options.fixedParticipants)) {
    if (drawn.length < Math.min(2, groupSize) && ids.has(id) && !drawn.some((other) => avoids(id, other))) drawn.push(id);
  }

  const fromHistory = lastGroupedRounds(options.history);
  const lastDrawn = (candidate: Candidate): number | null =>
    candidate.lastSelectedRound !== undefined ? candidate.lastSelectedRound : (fromHistory.get(candidate.id) ?? null);
  const others = candidates.filter((c) => !drawn.includes(c.id));
  let longestKnownWait = 0;
  for (const candidate of others) {
    const last = lastDrawn(candidate);
    if (last !== null) longestKnownWait = Math.max(longestKnownWait, currentRound - last);
  }
  const neverDrawnWait = Math.max(currentRound, longestKnownWait) + 1;
  const keyed = others.map((candidate) => {
    const last = lastDrawn(candidate);
    const wait = Math.max(1, last === null ? neverDrawnWait : currentRound - last);
    // log(u) / w orders like u^(1/w) without underflow; larger is drawn first.
    return { id: candidate.id, key: Math.log(1 - random.next()) / (wait * wait) };
  });
  keyed.sort((x, y) => y.key - x.key || (x.id < y.id ? -1 : 1));

  const notDrawn: string[] = [];
  for (const { id } of keyed) {
    if (drawn.length < groupSize && !drawn.some((other) => avoids(id, other))) drawn.push(id);
    else notDrawn.push(id);
  }
  return { drawn, notDrawn };
}
