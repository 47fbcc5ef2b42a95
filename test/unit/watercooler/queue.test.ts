import { describe, expect, it } from 'vitest';
import { buildQueue, moveStep, naturalOrder, nextPrompt, reorderUnsent, upcoming, withManualOrder, type QueueInput } from '../../../src/watercooler/queue.js';

const pack = (id: number, ids: number[]) => ({ id, prompts: ids.map((p) => ({ id: p, packId: id })) });
const own = (ids: number[]) => ids.map((id) => ({ id, packId: null }));
const input = (over: Partial<QueueInput> = {}): QueueInput => ({
  own: [],
  packs: [],
  skipped: [],
  pinned: [],
  manualOrder: [],
  sentThisCycle: [],
  ...over,
});

/** Posts `n` times the way compose does: pick, record as sent (or start a new cycle), use up a pin. */
function post(start: QueueInput, n: number): { picks: number[]; recycles: number; state: QueueInput } {
  let state = start;
  const picks: number[] = [];
  let recycles = 0;
  for (let i = 0; i < n; i++) {
    const pick = nextPrompt(state);
    if (!pick) break;
    if (pick.recycled) recycles++;
    picks.push(pick.promptId);
    state = { ...state, sentThisCycle: [...(pick.recycled ? [] : state.sentThisCycle), pick.promptId], pinned: state.pinned.filter((id) => id !== pick.promptId) };
  }
  return { picks, recycles, state };
}

describe('queue order', () => {
  it('takes one prompt from each source in turn: own prompts, then packs in the order they were added', () => {
    expect(naturalOrder({ own: own([1, 2]), packs: [pack(10, [11, 12, 13]), pack(20, [21])] })).toEqual([1, 11, 21, 2, 12, 13]);
  });

  it('counts a prompt that is in two sources once, where it first appears', () => {
    expect(naturalOrder({ own: [], packs: [pack(10, [11, 12]), pack(20, [12, 21])] })).toEqual([11, 12, 21]);
  });

  it('is empty with nothing to draw from', () => {
    expect(buildQueue(input()).unsent).toEqual([]);
    expect(nextPrompt(input())).toBeNull();
  });

  it('puts pins first in the order they were pinned, removes skips, and keeps sent prompts for the next cycle', () => {
    const q = buildQueue(input({ packs: [pack(10, [1, 2, 3, 4, 5, 6])], pinned: [5, 3], skipped: [2], sentThisCycle: [1] }));
    expect(q.unsent).toEqual([5, 3, 4, 6]);
    expect(q.pinned).toEqual([5, 3]);
    expect(q.sent).toEqual([1]);
    expect(q.skipped).toEqual([2]);
    expect(q.order).toEqual([5, 3, 1, 4, 6]);
  });

  it('ignores pins and skips of prompts it does not draw from', () => {
    const q = buildQueue(input({ packs: [pack(10, [1, 2])], pinned: [99], skipped: [98] }));
    expect(q.unsent).toEqual([1, 2]);
    expect(q.pinned).toEqual([]);
    expect(q.skipped).toEqual([]);
  });

  it('a pinned prompt goes out next even if it was already posted this cycle, and the pin is used up', () => {
    const start = input({ packs: [pack(10, [1, 2, 3])], sentThisCycle: [1], pinned: [1] });
    const { picks } = post(start, 3);
    expect(picks).toEqual([1, 2, 3]);
  });
});

describe('reordering', () => {
  it('a saved order wins for the prompts it mentions; prompts added later keep their natural slots', () => {
    expect(withManualOrder([1, 2, 3, 4], [3, 1, 99])).toEqual([3, 2, 1, 4]);
    const q = buildQueue(input({ own: own([7]), packs: [pack(10, [1, 2, 3])], manualOrder: [3, 2, 1] }));
    expect(q.unsent).toEqual([7, 3, 2, 1]);
  });

  it('a pack added after a reorder still alternates with the reordered one', () => {
    const dozen = pack(10, [1, 2, 3, 4]);
    const { order } = reorderUnsent(buildQueue(input({ packs: [dozen] })), [4, 3, 2, 1]);
    const q = buildQueue(input({ packs: [dozen, pack(20, [21, 22])], manualOrder: order }));
    expect(q.unsent).toEqual([4, 21, 3, 22, 2, 1]);
  });

  it('reorderUnsent keeps the requested order first and reports ids that are not candidates', () => {
    const q = buildQueue(input({ packs: [pack(10, [1, 2, 3, 4])], sentThisCycle: [1] }));
    expect(reorderUnsent(q, [4, 2, 3])).toEqual({ order: [4, 2, 3, 1], unknown: [] });
    expect(reorderUnsent(q, [4, 77]).unknown).toEqual([77]);
  });

  it('after a reorder the queue posts in the new order', () => {
    const base = input({ packs: [pack(10, [1, 2, 3])] });
    const { order } = reorderUnsent(buildQueue(base), [3, 1, 2]);
    expect(post({ ...base, manualOrder: order }, 3).picks).toEqual([3, 1, 2]);
  });

  it('moveStep moves one step and stays put at the ends', () => {
    expect(moveStep([1, 2, 3], 2, 'up')).toEqual([2, 1, 3]);
    expect(moveStep([1, 2, 3], 2, 'down')).toEqual([1, 3, 2]);
    expect(moveStep([1, 2, 3], 1, 'up')).toEqual([1, 2, 3]);
    expect(moveStep([1, 2, 3], 3, 'down')).toEqual([1, 2, 3]);
    expect(moveStep([1, 2, 3], 9, 'down')).toEqual([1, 2, 3]);
  });
});

describe('recycling', () => {
  it('posts every candidate once per cycle, then starts again in the same order', () => {
    const start = input({ own: own([100]), packs: [pack(10, [1, 2]), pack(20, [3])] });
    const { picks, recycles } = post(start, 8);
    expect(picks.slice(0, 4)).toEqual([100, 1, 3, 2]);
    expect(picks.slice(4)).toEqual([100, 1, 3, 2]);
    expect(recycles).toBe(1);
  });

  it('recycles a single prompt', () => {
    expect(post(input({ own: own([5]) }), 3)).toMatchObject({ picks: [5, 5, 5], recycles: 2 });
  });

  it('never posts a skipped prompt, even after recycling', () => {
    const { picks } = post(input({ packs: [pack(10, [1, 2, 3])], skipped: [2] }), 6);
    expect(picks).toEqual([1, 3, 1, 3, 1, 3]);
  });

  it('a prompt added mid-cycle joins this cycle', () => {
    const first = post(input({ packs: [pack(10, [1, 2])] }), 1);
    const grown = { ...first.state, own: own([9]) };
    // Own prompts lead the natural order; 1 was posted already this cycle.
    expect(post(grown, 3)).toMatchObject({ picks: [9, 2, 9], recycles: 1 });
  });

  it('upcoming() predicts the next posts across a recycle', () => {
    const start = input({ packs: [pack(10, [1, 2, 3])], sentThisCycle: [1, 2] });
    expect(upcoming(start, 4)).toEqual([3, 1, 2, 3]);
    expect(upcoming(start, 4)).toEqual(post(start, 4).picks);
  });

  it('with everything skipped there is nothing to post', () => {
    expect(nextPrompt(input({ packs: [pack(10, [1, 2])], skipped: [1, 2] }))).toBeNull();
  });
});
