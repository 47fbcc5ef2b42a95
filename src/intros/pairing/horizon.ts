import { buildGroups, improvedGroups } from './groups.js';
import { FORBIDDEN_COST, meetingCost, withCostMatrix } from './costs.js';
import type { PairMeeting } from './meetings.js';
import { hashString } from './random.js';
import type { Random } from './random.js';
import { knownSchedule } from './schedules.js';

/** Rounds planned ahead, at most. */
export const HORIZON_ROUNDS = 10;
/**
 * An extra seat (in the group of three of a paired round, or any group above the configured size) costs
 * this much per extra seat the person already had: people take turns, but a second or third seat costs
 * less than a repeat. A known schedule is followed even where its extra seats do not take turns.
 */
export const EXTRA_SEAT_COST = 300_000;
/** Labellings of a known schedule tried against the history. */
const LABELLINGS = 8;
/**
 * Tabu work budget in pair-cost evaluations (about 0.1 µs each) per person, at most TABU_EVALUATIONS_MAX:
 * a count, not a clock, so the search ends at the same point every time.
 */
const TABU_EVALUATIONS_PER_PERSON = 20_000;
const TABU_EVALUATIONS_MAX = 5_000_000;
const TABU_STEPS_MAX = 4_000;
/** Steps without a new best before the search stops (150 was too few to keep a changed topic repeat-free). */
const TABU_STALL = 1000;
/** Conflicted (round, person) slots looked at per step, sampled when there are more. */
const SLOTS_PER_STEP = 64;

export interface HorizonProblem {
  size: number;
  /** Group sizes of every round, largest first (planGroupSizes). */
  sizes: readonly number[];
  /** The configured group size; seats in larger groups are extra seats, shared out in turn. */
  groupSize: number;
  rounds: number;
  currentRound: number;
  meeting(a: number, b: number): PairMeeting | undefined;
  /** Topic and cross-group rules (CATEGORY_COST or 0). */
  categoryCost(a: number, b: number): number;
  forbidden(a: number, b: number): boolean;
  /** Extra seats each person already had. */
  pastExtraSeats: readonly number[];
  /** Stable ids (member ids), which label the people of a known schedule the same way every round. */
  labels: readonly string[];
}

/**
 * Plans `rounds` rounds ahead and returns the first. Minimises one cost over the whole horizon: each pair
 * pays the existing meeting cost (costs.ts) every time it meets, counting meetings planned earlier in the
 * horizon, so a round that makes a later one impossible without repeats costs more than one that leaves
 * the rest solvable. Each round weighs twice the next (repeats, if any, go late), and extra seats cost
 * more for people who had more.
 *
 * Warm starts: a known schedule (schedules.ts) labelled by member id, its unused rounds first, so a stable
 * pool follows the schedule round after round; and rounds built one after another, the first by the
 * one-round group builder. The cheaper one is improved by tabu search over all rounds (swaps within a round), bounded by
 * a step count so the same input always gives the same plan. The schedule is kept as it is while it has
 * at least as many repeat-free rounds ahead as the search found: that is what reaches the bound.
 */
export function planHorizon(problem: HorizonProblem, random: Random): number[][] {
  const plan = new HorizonPlan(problem);
  const scheduled = scheduleStart(problem, plan);
  const scheduledPrefix = scheduled === null ? -1 : plan.repeatFreeRounds(scheduled);
  if (scheduled !== null && scheduledPrefix === problem.rounds) return scheduled[0] as number[][];
  const greedy = greedyStart(problem, random.fork('greedy'), scheduled === null);
  // Not even the one-round planner's search found a first round without a repeat: no plan keeps the rounds
  // ahead repeat-free, so its round (repeats spread by recency) is taken without searching further.
  if (greedy.length < problem.rounds) return greedy[0] as number[][];
  const start = scheduled !== null && plan.costOf(scheduled) <= plan.costOf(greedy) ? scheduled : greedy;
  const searched = plan.costOf(start) > 0 ? plan.search(start, random.fork('tabu')) : start;
  // A schedule with repeat-free rounds left is known to stay repeat-free for all of them, which the next
  // search may not find again: it wins unless this search keeps the horizon repeat-free for longer.
  const searchedPrefix = plan.repeatFreeRounds(searched);
  if (scheduled !== null && scheduledPrefix > 0 && scheduledPrefix >= searchedPrefix) return scheduled[0] as number[][];
  return searched[0] as number[][];
}

/**
 * The known schedule's rounds under the labelling that keeps the most rounds ahead repeat-free (then costs
 * least). While nothing conflicts the first labelling wins, so a stable pool keeps its labelling.
 */
function scheduleStart(problem: HorizonProblem, plan: HorizonPlan): number[][][] | null {
  const schedule = knownSchedule(problem.size, problem.sizes);
  if (schedule === null) return null;
  let best: number[][][] | null = null;
  let bestPrefix = -1;
  let bestCost = Infinity;
  for (let labelling = 0; labelling < LABELLINGS && bestPrefix < problem.rounds; labelling++) {
    // The person at schedule point k is the k-th in an order that depends only on member ids.
    const order = problem.labels
      .map((label, person) => ({ person, key: hashString(`${labelling}:${label}`), label }))
      .sort((x, y) => x.key - y.key || (x.label < y.label ? -1 : 1))
      .map((entry) => entry.person);
    const rounds = schedule.map((round) => round.map((group) => group.map((point) => order[point] as number)));
    // Unused rounds cost nothing against the history and come first, in schedule order; once all are used,
    // the rounds met longest ago are cheapest, so the schedule repeats in the same order.
    const ranked = rounds
      .map((round, index) => ({ round, index, cost: plan.roundCost(round) }))
      .sort((x, y) => x.cost - y.cost || x.index - y.index);
    const start = Array.from({ length: problem.rounds }, (_, t) => ranked[t % ranked.length]?.round as number[][]);
    const prefix = plan.repeatFreeRounds(start);
    const cost = plan.costOf(start);
    if (prefix > bestPrefix || (prefix === bestPrefix && cost < bestCost)) {
      best = start;
      bestPrefix = prefix;
      bestCost = cost;
    }
  }
  return best;
}

/**
 * Rounds built one at a time by the one-round builder, each seeing the rounds planned before it; only the
 * first when `stopAtRepeat` and it repeats a pair.
 */
function greedyStart(problem: HorizonProblem, random: Random, stopAtRepeat: boolean): number[][][] {
  const size = problem.size;
  const planned: PairMeeting[] = [];
  const plannedIndex = new Int32Array(size * size).fill(-1);
  const rounds: number[][][] = [];
  for (let t = 0; t < problem.rounds; t++) {
    const roundNumber = problem.currentRound + t;
    const meetingAt = (a: number, b: number): PairMeeting | undefined => {
      const index = plannedIndex[a * size + b] as number;
      return index === -1 ? problem.meeting(a, b) : planned[index];
    };
    const pool = withCostMatrix({
      size,
      cost: (a, b) => meetingCost(meetingAt(a, b), roundNumber) + problem.categoryCost(a, b),
      forbidden: problem.forbidden,
    });
    // The first round as the one-round planner makes it; later ones quicker, as the tabu search refines them.
    const groups =
      t === 0 ? buildGroups(pool, problem.sizes, random.fork('round:0')) : improvedGroups(pool, problem.sizes, random.fork(`round:${t}`), 1);
    const repeats = (group: readonly number[]) => group.some((a) => group.some((b) => a < b && problem.meeting(a, b) !== undefined));
    if (t === 0 && stopAtRepeat && groups.some(repeats)) return [groups];
    for (const group of groups) {
      for (const a of group) {
        for (const b of group) {
          if (a >= b) continue;
          const before = meetingAt(a, b);
          const after = { times: (before?.times ?? 0) + 1, lastRound: roundNumber };
          const index = plannedIndex[a * size + b] as number;
          if (index === -1) {
            plannedIndex[a * size + b] = plannedIndex[b * size + a] = planned.length;
            planned.push(after);
          } else {
            planned[index] = after;
          }
        }
      }
    }
    rounds.push(groups);
  }
  return rounds;
}

/** The horizon's cost model and its tabu search. Rounds are t = 0..rounds−1; masks hold one bit per round. */
class HorizonPlan {
  private readonly size: number;
  private readonly rounds: number;
  private readonly weights: number[];
  private readonly pastTimes: Int32Array;
  private readonly pastLast: Float64Array;
  private readonly categoryCosts: Float64Array;
  private readonly forbiddenPairs: Uint8Array;

  constructor(private readonly problem: HorizonProblem) {
    const size = problem.size;
    this.size = size;
    this.rounds = problem.rounds;
    // Each round weighs twice the next: a repeat now is worth avoiding at the price of up to two later,
    // where later plans (with a changed roster, say) may still avoid them.
    this.weights = Array.from({ length: problem.rounds }, (_, t) => 2 ** (problem.rounds - 1 - t));
    this.pastTimes = new Int32Array(size * size);
    this.pastLast = new Float64Array(size * size);
    this.categoryCosts = new Float64Array(size * size);
    this.forbiddenPairs = new Uint8Array(size * size);
    for (let a = 0; a < size; a++) {
      for (let b = a + 1; b < size; b++) {
        const meeting = problem.meeting(a, b);
        if (meeting !== undefined) {
          this.pastTimes[a * size + b] = this.pastTimes[b * size + a] = meeting.times;
          this.pastLast[a * size + b] = this.pastLast[b * size + a] = meeting.lastRound;
        }
        this.categoryCosts[a * size + b] = this.categoryCosts[b * size + a] = problem.categoryCost(a, b);
        if (problem.forbidden(a, b)) this.forbiddenPairs[a * size + b] = this.forbiddenPairs[b * size + a] = 1;
      }
    }
  }

  /** What pair `index` (a·size + b) costs when it meets in the rounds of `mask`. */
  pairCost(index: number, mask: number): number {
    if (mask === 0) return 0;
    const forbidden = this.forbiddenPairs[index] === 1;
    const category = this.categoryCosts[index] as number;
    let times = this.pastTimes[index] as number;
    let last = this.pastLast[index] as number;
    let total = 0;
    for (let t = 0; t < this.rounds; t++) {
      if (((mask >> t) & 1) === 0) continue;
      const roundNumber = this.problem.currentRound + t;
      const cost = forbidden ? FORBIDDEN_COST : category + (times === 0 ? 0 : meetingCost({ times, lastRound: last }, roundNumber));
      total += (this.weights[t] as number) * cost;
      times++;
      last = roundNumber;
    }
    return total;
  }

  /** What person p's extra seats cost in the rounds of `mask`. */
  seatCost(p: number, mask: number): number {
    let seats = this.problem.pastExtraSeats[p] ?? 0;
    let total = 0;
    for (let t = 0; t < this.rounds; t++) {
      if (((mask >> t) & 1) === 0) continue;
      total += (this.weights[t] as number) * EXTRA_SEAT_COST * seats;
      seats++;
    }
    return total;
  }

  /** Cost of one round placed first in the horizon (used to rank a schedule's rounds). */
  roundCost(groups: readonly number[][]): number {
    let total = 0;
    for (const group of groups) {
      for (let i = 0; i < group.length; i++) {
        for (let j = i + 1; j < group.length; j++) total += this.pairCost((group[i] as number) * this.size + (group[j] as number), 1);
      }
      if (group.length > this.problem.groupSize) for (const p of group) total += this.seatCost(p, 1);
    }
    return total;
  }

  /** How many rounds from the start of the plan have no pair with a cost (repeat, rule or avoid). */
  repeatFreeRounds(plan: readonly number[][][]): number {
    const { masks } = this.masksOf(plan);
    let rounds = this.rounds;
    masks.forEach((mask, index) => {
      if (mask === 0) return;
      const fresh = this.pastTimes[index] === 0 && this.forbiddenPairs[index] === 0 && this.categoryCosts[index] === 0;
      // The first meeting is free for a fresh pair; any other costs.
      let seen = fresh ? 0 : 1;
      for (let t = 0; t < rounds; t++) {
        if (((mask >> t) & 1) === 0) continue;
        if (seen > 0) {
          rounds = t;
          break;
        }
        seen++;
      }
    });
    return rounds;
  }

  costOf(plan: readonly number[][][]): number {
    const { masks, seats } = this.masksOf(plan);
    let total = 0;
    masks.forEach((mask, index) => {
      const a = Math.floor(index / this.size);
      if (mask !== 0 && a < index % this.size) total += this.pairCost(index, mask);
    });
    seats.forEach((mask, p) => (total += this.seatCost(p, mask)));
    return total;
  }

  private masksOf(plan: readonly number[][][]): { masks: Int32Array; seats: Int32Array } {
    const size = this.size;
    const masks = new Int32Array(size * size);
    const seats = new Int32Array(size);
    plan.forEach((groups, t) => {
      for (const group of groups) {
        for (const a of group) {
          for (const b of group) if (a !== b) masks[a * size + b] = (masks[a * size + b] as number) | (1 << t);
          if (group.length > this.problem.groupSize) seats[a] = (seats[a] as number) | (1 << t);
        }
      }
    });
    return { masks, seats };
  }

  /**
   * Tabu search over the horizon, after Dotú and Van Hentenryck's for the social golfer problem: each step
   * takes, among people whose group costs something in some round, the best swap with someone in another
   * group of that round (or move, when group sizes allow), even when it makes things worse; a person may not
   * return to a group they just left for a few steps unless that reaches a new best. Returns the best plan.
   */
  search(start: readonly number[][][], random: Random): number[][][] {
    const size = this.size;
    const rounds = this.rounds;
    const groupSize = this.problem.groupSize;
    const plan = start.map((groups) => groups.map((group) => [...group]));
    const groupCount = Math.max(...plan.map((groups) => groups.length));
    const groupOf = new Int32Array(rounds * size);
    plan.forEach((groups, t) => groups.forEach((group, g) => group.forEach((p) => (groupOf[t * size + p] = g))));
    const { masks, seats } = this.masksOf(plan);
    const pairCosts = new Float64Array(size * size);
    for (let a = 0; a < size; a++) {
      for (let b = a + 1; b < size; b++) {
        const cost = this.pairCost(a * size + b, masks[a * size + b] as number);
        pairCosts[a * size + b] = pairCosts[b * size + a] = cost;
      }
    }
    const seatCosts = Float64Array.from({ length: size }, (_, p) => this.seatCost(p, seats[p] as number));
    let current = 0;
    for (let a = 0; a < size; a++) for (let b = a + 1; b < size; b++) current += pairCosts[a * size + b] as number;
    for (const cost of seatCosts) current += cost;

    // Change in a pair's cost when it starts (add) or stops (remove) meeting in round t.
    let evaluations = 0;
    const toggle = (a: number, b: number, t: number): number => {
      evaluations++;
      return this.pairCost(a * size + b, (masks[a * size + b] as number) ^ (1 << t)) - (pairCosts[a * size + b] as number);
    };
    const seatToggle = (p: number, t: number): number => this.seatCost(p, (seats[p] as number) ^ (1 << t)) - (seatCosts[p] as number);
    const isExtra = (groupLength: number) => groupLength > groupSize;

    let best = current;
    let bestPlan = plan.map((groups) => groups.map((group) => [...group]));
    const tabuUntil = new Int32Array(rounds * size * groupCount);
    let sinceBest = 0;

    const budget = Math.min(TABU_EVALUATIONS_MAX, TABU_EVALUATIONS_PER_PERSON * size);
    for (let step = 1; step <= TABU_STEPS_MAX && evaluations < budget && best > 0 && sinceBest < TABU_STALL; step++) {
      // Slots (round, person) whose leaving their group would save something.
      const slots: number[] = [];
      for (let t = 0; t < rounds; t++) {
        for (const group of plan[t] as number[][]) {
          for (const a of group) {
            let saving = 0;
            for (const x of group) if (x !== a) saving += toggle(a, x, t);
            if (saving < 0) slots.push(t * size + a);
          }
        }
      }
      if (slots.length === 0) break;
      const chosen = slots.length <= SLOTS_PER_STEP ? slots : random.shuffle(slots).slice(0, SLOTS_PER_STEP);

      const chosenMove = { delta: Infinity, ties: 0, t: -1, a: -1, b: -1, to: -1 };
      const consider = (delta: number, tabu: boolean, t: number, a: number, b: number, to: number): void => {
        if (delta > chosenMove.delta || (tabu && current + delta >= best)) return;
        if (delta < chosenMove.delta) {
          chosenMove.delta = delta;
          chosenMove.ties = 1;
        } else if (random.int(++chosenMove.ties) !== 0) {
          return;
        }
        Object.assign(chosenMove, { t, a, b, to });
      };
      for (const slot of chosen) {
        const t = Math.floor(slot / size);
        const a = slot % size;
        const groups = plan[t] as number[][];
        const from = groupOf[t * size + a] as number;
        const fromGroup = groups[from] as number[];
        let aLeaves = 0;
        for (const x of fromGroup) if (x !== a) aLeaves += toggle(a, x, t);
        for (let to = 0; to < groups.length; to++) {
          if (to === from) continue;
          const toGroup = groups[to] as number[];
          const seatChange = isExtra(fromGroup.length) !== isExtra(toGroup.length);
          let aJoins = 0;
          for (const y of toGroup) aJoins += toggle(a, y, t);
          const aTabu = (tabuUntil[(t * size + a) * groupCount + to] as number) > step;
          // a may move alone when that keeps the multiset of sizes and who holds extra seats.
          if (fromGroup.length === toGroup.length + 1 && !seatChange) consider(aLeaves + aJoins, aTabu, t, a, -1, to);
          for (const b of toGroup) {
            let bLeaves = 0;
            let bJoins = 0;
            for (const y of toGroup) if (y !== b) bLeaves += toggle(b, y, t);
            for (const x of fromGroup) if (x !== a) bJoins += toggle(b, x, t);
            let delta = aLeaves + aJoins - toggle(a, b, t) + bLeaves + bJoins;
            if (seatChange) delta += seatToggle(a, t) + seatToggle(b, t);
            const tabu = aTabu || (tabuUntil[(t * size + b) * groupCount + from] as number) > step;
            consider(delta, tabu, t, a, b, to);
          }
        }
      }
      if (chosenMove.a === -1) break;
      const { t, a, b, to } = chosenMove;
      const groups = plan[t] as number[][];
      const from = groupOf[t * size + a] as number;
      const fromGroup = groups[from] as number[];
      const toGroup = groups[to] as number[];
      const seatChange = isExtra(fromGroup.length) !== isExtra(toGroup.length);
      const relocate = (p: number, source: number[], target: number[], targetIndex: number): void => {
        for (const x of source) if (x !== p) this.setMask(masks, pairCosts, p, x, (masks[p * size + x] as number) & ~(1 << t));
        for (const y of target) this.setMask(masks, pairCosts, p, y, (masks[p * size + y] as number) | (1 << t));
        source.splice(source.indexOf(p), 1);
        target.push(p);
        groupOf[t * size + p] = targetIndex;
      };
      relocate(a, fromGroup, toGroup, to);
      if (b !== -1) relocate(b, toGroup, fromGroup, from);
      if (seatChange) {
        for (const p of [a, b]) {
          seats[p] = (seats[p] as number) ^ (1 << t);
          seatCosts[p] = this.seatCost(p, seats[p] as number);
        }
      }
      const tenure = 3 + random.int(Math.min(10, groupCount));
      tabuUntil[(t * size + a) * groupCount + from] = step + tenure;
      if (b !== -1) tabuUntil[(t * size + b) * groupCount + to] = step + tenure;
      current += chosenMove.delta;
      if (current < best - 1e-6) {
        best = current;
        bestPlan = plan.map((round) => round.map((group) => [...group]));
        sinceBest = 0;
      } else {
        sinceBest++;
      }
    }
    return bestPlan;
  }

  private setMask(masks: Int32Array, pairCosts: Float64Array, a: number, b: number, mask: number): void {
    const size = this.size;
    masks[a * size + b] = masks[b * size + a] = mask;
    pairCosts[a * size + b] = pairCosts[b * size + a] = this.pairCost(a * size + b, mask);
  }
}
