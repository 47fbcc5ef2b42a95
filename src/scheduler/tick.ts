import type { Logger } from 'pino';
import type { Clock } from '../time/clock.js';

/**
 * A program's share of the tick: claim the rows due at `now` (SELECT … FOR UPDATE SKIP LOCKED, marking them
 * claimed in the same transaction) and enqueue their work with deterministic job ids. Returns how many.
 */
export interface DueSource {
  name: string;
  collect(now: Date): Promise<number>;
  /** The earliest instant this source next has work (past instants mean "now"), or null for none. */
  nextDue(): Promise<Date | null>;
  /**
   * The earliest instant after `now` at which work held back for seconds comes due (the outbox's rate-limited
   * rows): the sandbox clock stops there rather than at the next minute, as real time would.
   */
  nextHeldBack?(now: Date): Promise<Date | null>;
}

const MINUTE = 60_000;
/** How far back a held-back row still counts as held back (its delayed job is about to take it), not as overdue. */
const HELD_BACK_LOOKBACK_MS = 5_000;
const MAX_TICKS_AT_ONE_INSTANT = 50;
const nextMinute = (t: Date) => new Date(Math.floor(t.getTime() / MINUTE) * MINUTE + MINUTE);
const ceilMinute = (t: Date) => new Date(Math.ceil(t.getTime() / MINUTE) * MINUTE);
const first = (times: Array<Date | null>) => times.filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;

/**
 * The scheduler tick runs once a minute cluster-wide (a BullMQ job scheduler, or a timer in-process). The
 * sandbox clock runs it once for every minute it skips, in order.
 */
export class Scheduler {
  private readonly sources: DueSource[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  register(source: DueSource): void {
    if (this.sources.some((s) => s.name === source.name)) throw new Error(`due source "${source.name}" registered twice`);
    this.sources.push(source);
  }

  /**
   * Runs every tick between the clock's time and `target`, in order, then leaves the clock at `target`
   * (the sandbox's "advance to"). Minutes in which no source has anything due are skipped: their ticks would
   * do nothing; work held back for seconds gets a tick at its instant. `settle` waits for the work a tick
   * enqueued to finish before the next tick.
   */
  async advanceTo(target: Date, clock: { now(): Date; set(d: Date): void }, settle: () => Promise<void>): Promise<number> {
    let ticks = 0;
    // Ticks in a row at the same instant (work of this moment still in flight): bounded, so a row whose sender
    // died cannot hold the clock.
    let still = 0;
    for (;;) {
      const now = clock.now();
      const dues = await Promise.all(this.sources.map((s) => s.nextDue()));
      // Work held back for a second or two is due at its instant, not at the next minute. Its wait may have run
      // out while the last tick's work settled (the sandbox clock flows): then it is due now, as in real time,
      // and this tick's sweep takes it.
      const heldBacks = await Promise.all(this.sources.map((s) => s.nextHeldBack?.(new Date(now.getTime() - HELD_BACK_LOOKBACK_MS)) ?? null));
      const heldBack = first(heldBacks);
      const earliest = first(dues);
      const minute = earliest && new Date(Math.max(nextMinute(now).getTime(), ceilMinute(earliest).getTime()));
      const moment = heldBack && still < MAX_TICKS_AT_ONE_INSTANT ? new Date(Math.max(heldBack.getTime(), now.getTime())) : null;
      const at = first([minute, moment]);
      still = at && at.getTime() <= now.getTime() ? still + 1 : 0;
      if (!at || at > target) break;
      clock.set(at);
      // Only the sources with work by then: the others' collect would find nothing (their nextDue says so).
      const due = this.sources.filter((_, i) => [dues[i], heldBacks[i]].some((d) => d && d <= at));
      await this.tick(at, due);
      await settle();
      ticks++;
    }
    clock.set(target);
    return ticks;
  }

  /** One tick at `at` (now by default) over every source, or over `sources`. Returns what each collected. */
  async tick(at?: Date, sources: DueSource[] = this.sources): Promise<Record<string, number>> {
    const now = at ?? this.clock.now();
    const counts: Record<string, number> = {};
    for (const source of sources) {
      try {
        counts[source.name] = await source.collect(now);
      } catch (err) {
        // One program's failure must not stop the others' schedules.
        this.log.error({ err, source: source.name }, 'tick source failed');
        counts[source.name] = -1;
      }
    }
    return counts;
  }
}
