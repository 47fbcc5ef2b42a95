import { computeRound } from '../../../src/intros/pairing/index.js';
import type { PairingHistoryEntry, PairingInput, PairingResult } from '../../../src/intros/pairing/index.js';
import { createRandom } from '../../../src/intros/pairing/random.js';

export const idsOf = (count: number, prefix = 'U'): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);

export function baseInput(overrides: Partial<PairingInput> = {}): PairingInput {
  return {
    type: 'standard',
    candidates: idsOf(10).map((id) => ({ id })),
    groupSize: 2,
    enforceGroupSize: false,
    history: [],
    avoid: [],
    currentRound: 1,
    seed: 'test',
    ...overrides,
  };
}

/** Runs `rounds` rounds in a row, feeding each round's groups into the history. */
export function simulate(
  ids: readonly string[],
  rounds: number,
  overrides: Partial<PairingInput> = {},
): { history: PairingHistoryEntry[]; results: PairingResult[] } {
  const history: PairingHistoryEntry[] = [];
  const results: PairingResult[] = [];
  for (let round = 1; round <= rounds; round++) {
    const result = computeRound(
      baseInput({ candidates: ids.map((id) => ({ id })), history: [...history], currentRound: round, seed: `sim:${round}`, ...overrides }),
    );
    results.push(result);
    for (const group of result.groups) history.push({ round, members: group.members });
  }
  return { history, results };
}

/** Shuffle and cut into pairs (the odd one joins the last pair): the naive baseline. */
export function randomPairingHistory(ids: readonly string[], rounds: number, seed: string): PairingHistoryEntry[] {
  const random = createRandom(seed);
  const history: PairingHistoryEntry[] = [];
  for (let round = 1; round <= rounds; round++) {
    const shuffled = random.shuffle([...ids]);
    const groups: string[][] = [];
    for (let i = 0; i + 1 < shuffled.length; i += 2) groups.push([shuffled[i] as string, shuffled[i + 1] as string]);
    if (shuffled.length % 2 === 1) groups[groups.length - 1]?.push(shuffled[shuffled.length - 1] as string);
    for (const members of groups) history.push({ round, members });
  }
  return history;
}

/** Every candidate appears exactly once, in a group or in leftOut. */
export function accountedFor(result: PairingResult): string[] {
  return [...result.groups.flatMap((g) => g.members), ...result.leftOut.map((l) => l.id)].sort();
}
