/**
 * The topics queue of one Watercooler, as a pure function of what it draws from. No I/O.
 *
 * Candidates are the watercooler's own prompts and the prompts of its subscribed packs, minus skipped ones.
 * Their natural order takes one prompt from each source in turn (own prompts, then each pack in the order it
 * was added), so a channel gets variety rather than a whole pack in a row. A manual order (saved when someone
 * reorders the queue on the page) wins over the natural one for the prompts it mentions; prompts added later
 * keep their natural places among them. Pinned prompts go first, in the order they were pinned, even if already sent this cycle
 * (a pin means "post this next"; it is used up when posted). Prompts already posted in this cycle wait for the
 * next: when every candidate has been posted the queue recycles and starts again.
 */

export interface QueuePrompt {
  id: number;
  /** The pack it comes from; null for the watercooler's own prompts. */
  packId: number | null;
}

export interface QueueInput {
  /** The watercooler's own prompts, in their order. */
  own: readonly QueuePrompt[];
  /** Subscribed packs in the order they were added, each with its prompts in pack order. */
  packs: ReadonlyArray<{ id: number; prompts: readonly QueuePrompt[] }>;
  skipped: readonly number[];
  /** Pinned prompt ids, earliest pin first. */
  pinned: readonly number[];
  /** A saved order of prompt ids (may mention prompts that are gone). */
  manualOrder: readonly number[];
  /** Prompt ids posted in the current cycle. */
  sentThisCycle: readonly number[];
}

export interface QueueState {
  /** Every candidate in queue order: pinned first, then the rest. Skipped prompts are not candidates. */
  order: number[];
  /** What will be posted, next first (ordered_unsent_prompt_ids). */
  unsent: number[];
  /** Candidates already posted this cycle, in queue order. */
  sent: number[];
  /** Prompts that would be candidates but are skipped, in natural order. */
  skipped: number[];
  /** Pins that apply (the prompt is a candidate). */
  pinned: number[];
}

/** One from each source in turn; a prompt present in two sources counts once, where it first appears. */
export function naturalOrder(input: Pick<QueueInput, 'own' | 'packs'>): number[] {
  const sources = [input.own, ...input.packs.map((p) => p.prompts)];
  const out: number[] = [];
  const seen = new Set<number>();
  const longest = Math.max(0, ...sources.map((s) => s.length));
  for (let i = 0; i < longest; i++)
    for (const source of sources) {
      const p = source[i];
      if (p && !seen.has(p.id)) {
        seen.add(p.id);
        out.push(p.id);
      }
    }
  return out;
}

/**
 * Merges a saved order into the natural one: the prompts it mentions keep the saved relative order, placed in
 * the slots those prompts take in the natural order; prompts it does not mention (added since) keep their own
 * natural slots. So reordering once does not push a pack added later to the end of the queue.
 */
export function withManualOrder(natural: readonly number[], manual: readonly number[]): number[] {
  const present = new Set(natural);
  const mentioned = [...new Set(manual.filter((id) => present.has(id)))];
  const mentionedSet = new Set(mentioned);
  let k = 0;
  return natural.map((id) => (mentionedSet.has(id) ? mentioned[k++]! : id));
}

export function buildQueue(input: QueueInput): QueueState {
  const natural = naturalOrder(input);
  const skippedSet = new Set(input.skipped);
  const skipped = natural.filter((id) => skippedSet.has(id));
  const eligible = natural.filter((id) => !skippedSet.has(id));
  const eligibleSet = new Set(eligible);
  const pinned = [...new Set(input.pinned)].filter((id) => eligibleSet.has(id));
  const pinnedSet = new Set(pinned);
  const rest = withManualOrder(eligible, input.manualOrder).filter((id) => !pinnedSet.has(id));
  const sentSet = new Set(input.sentThisCycle);
  return {
    order: [...pinned, ...rest],
    unsent: [...pinned, ...rest.filter((id) => !sentSet.has(id))],
    sent: rest.filter((id) => sentSet.has(id)),
    skipped,
    pinned,
  };
}

export interface NextPick {
  promptId: number;
  /** True when everything had been posted and this pick starts a new cycle. */
  recycled: boolean;
}

/** The prompt the next slot posts, or null when there is nothing to post at all. */
export function nextPrompt(input: QueueInput): NextPick | null {
  const q = buildQueue(input);
  if (q.unsent[0] !== undefined) return { promptId: q.unsent[0], recycled: false };
  const fresh = buildQueue({ ...input, sentThisCycle: [] });
  return fresh.unsent[0] !== undefined ? { promptId: fresh.unsent[0], recycled: true } : null;
}

/**
 * The prompts the next `n` posts will use, recycling as the real queue would, assuming nothing changes
 * (pins are used up as they are posted).
 */
export function upcoming(input: QueueInput, n: number): number[] {
  const out: number[] = [];
  let state: QueueInput = input;
  for (let i = 0; i < n; i++) {
    const pick = nextPrompt(state);
    if (!pick) break;
    out.push(pick.promptId);
    const sent = pick.recycled ? [] : state.sentThisCycle;
    state = { ...state, sentThisCycle: [...sent, pick.promptId], pinned: state.pinned.filter((id) => id !== pick.promptId) };
  }
  return out;
}

/**
 * The order to save when someone reorders the unsent part of the queue: their order for the ids they sent
 * (each must be a candidate), then every other candidate in its current place. Returns the ids it refused.
 */
export function reorderUnsent(state: QueueState, requested: readonly number[]): { order: number[]; unknown: number[] } {
  const candidates = new Set(state.order);
  const unknown = requested.filter((id) => !candidates.has(id));
  const chosen = [...new Set(requested.filter((id) => candidates.has(id)))];
  const chosenSet = new Set(chosen);
  return { order: [...chosen, ...state.order.filter((id) => !chosenSet.has(id))], unknown };
}

/** Moves one id a step up or down a list (no change at either end or when absent). */
export function moveStep<T>(list: readonly T[], item: T, direction: 'up' | 'down'): T[] {
  const out = [...list];
  const i = out.indexOf(item);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= out.length) return out;
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}
