import type { Logger } from 'pino';
import type { Clock } from '../time/clock.js';

/**
 * A program's share of the tick: claim the rows due at `now` (SELECT … FOR UPDATE SKIP LOCKED, marking them
 * claimed in the same transaction) and enqueue their work with deterministic job ids. Returns how many.
 */
export interface DueSource {
  name: string;
  collect(now: Date): Promise<number>;
}

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

  async tick(at?: Date): Promise<Record<string, number>> {
    const now = at ?? this.clock.now();
    const counts: Record<string, number> = {};
    for (const source of this.sources) {
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
