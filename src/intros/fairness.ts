import { pairKey } from './pairing/meetings.js';
import { waitsSinceLastGroup } from './pairing/index.js';
import type { PairingHistoryEntry } from './pairing/types.js';

/** A round of the report's window: its number and who it left out (code and sentence, as the round recorded). */
export interface FairnessRound {
  number: number;
  leftOut: ReadonlyArray<{ member_id: number; code: string; why: string }>;
}

export interface Fairness {
  /** The floor under the repeat rate: repeats no plan could have avoided (more pairs than unmet pairs left). */
  lowestRepeatRate: number;
  /** Everyone the window's rounds grouped or left out: rounds since their last group (null: never), longest first. */
  waits: Array<{ memberId: number; roundsWaiting: number | null }>;
  /** Left out of every round and never in a group: why, as the latest round that left them out said. */
  neverPaired: Array<{ memberId: number; code: string; why: string }>;
  /** Left out by the free plan's cap per round, and in how many of the window's rounds. */
  leftOutByCap: Array<{ memberId: number; rounds: number }>;
  /** Only when the program has groups (categories): the window's intros by how many groups they mix. */
  crossTeam: { mixed: number; sameGroup: number; unknown: number; byGroup: Array<{ categoryId: number; name: string; intros: number; mixed: number }> } | null;
}

const pairsOf = (members: readonly string[]): string[] => {
  const ids = [...new Set(members)];
  const out: string[] = [];
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) out.push(pairKey(ids[i]!, ids[j]!));
  return out;
};

/**
 * Fairness of an Intros program over a window of rounds (pure). `history` is every group up to the window's
 * last round (earlier rounds decide what counts as a repeat and how long someone waited); `groups` are the
 * window's groups; `categories` the program's groups of people and each member's.
 */
export function fairness(input: {
  history: readonly PairingHistoryEntry[];
  rounds: readonly FairnessRound[];
  groups: ReadonlyArray<readonly string[]>;
  latestRound: number;
  categories: ReadonlyArray<{ id: number; name: string }>;
  memberCategories: ReadonlyMap<string, readonly number[]>;
}): Fairness {
  const inWindow = new Set(input.rounds.map((r) => r.number));

  // The floor: in each round, pairs beyond the unmet pairs among the people it grouped had to be repeats.
  const met = new Set<string>();
  let pairs = 0;
  let floor = 0;
  const byRound = new Map<number, Array<readonly string[]>>();
  for (const h of input.history) byRound.set(h.round, [...(byRound.get(h.round) ?? []), h.members]);
  for (const round of [...byRound.keys()].sort((a, b) => a - b)) {
    const groups = byRound.get(round)!;
    const formed = groups.flatMap(pairsOf);
    if (inWindow.has(round)) {
      const people = [...new Set(groups.flat())];
      const unmet = pairsOf(people).filter((k) => !met.has(k)).length;
      pairs += formed.length;
      floor += Math.max(0, formed.length - unmet);
    }
    for (const k of formed) met.add(k);
  }

  const grouped = new Set(input.history.flatMap((h) => h.members));
  const latestLeftOut = new Map<number, { code: string; why: string; round: number }>();
  const capped = new Map<number, number>();
  for (const r of input.rounds) {
    for (const l of r.leftOut) {
      const seen = latestLeftOut.get(l.member_id);
      if (!seen || seen.round < r.number) latestLeftOut.set(l.member_id, { code: l.code, why: l.why, round: r.number });
      if (l.code === 'free_plan_cap') capped.set(l.member_id, (capped.get(l.member_id) ?? 0) + 1);
    }
  }
  const people = [...new Set([...input.groups.flat(), ...[...latestLeftOut.keys()].map(String)])];
  const waits = waitsSinceLastGroup(input.history, people, input.latestRound).map((w) => ({ memberId: Number(w.id), roundsWaiting: w.roundsWaiting }));
  const neverPaired = [...latestLeftOut].filter(([id]) => !grouped.has(String(id))).map(([memberId, l]) => ({ memberId, code: l.code, why: l.why }));
  const leftOutByCap = [...capped].map(([memberId, rounds]) => ({ memberId, rounds })).sort((a, b) => b.rounds - a.rounds || a.memberId - b.memberId);

  let crossTeam: Fairness['crossTeam'] = null;
  if (input.categories.length) {
    const known = new Set(input.categories.map((c) => c.id));
    const byGroup = new Map(input.categories.map((c) => [c.id, { categoryId: c.id, name: c.name, intros: 0, mixed: 0 }]));
    crossTeam = { mixed: 0, sameGroup: 0, unknown: 0, byGroup: [] };
    for (const g of input.groups) {
      const cats = g.map((id) => (input.memberCategories.get(id) ?? []).filter((c) => known.has(c)));
      if (cats.some((c) => c.length === 0)) {
        crossTeam.unknown++;
        continue;
      }
      // Mixed: no one group holds everyone in the intro.
      const shared = cats.reduce((acc, c) => acc.filter((x) => c.includes(x)));
      const mixed = shared.length === 0;
      if (mixed) crossTeam.mixed++;
      else crossTeam.sameGroup++;
      for (const c of new Set(cats.flat())) {
        const row = byGroup.get(c)!;
        row.intros++;
        if (mixed) row.mixed++;
      }
    }
    crossTeam.byGroup = [...byGroup.values()];
  }

  return { lowestRepeatRate: pairs ? Math.round((floor / pairs) * 1000) / 1000 : 0, waits, neverPaired, leftOutByCap, crossTeam };
}
