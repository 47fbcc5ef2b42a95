import type { Db } from '../db/index.js';
import { EventLogRepository } from './event-log.repository.js';

const STALE_MS = 5 * 60_000;

/**
 * Events API deliveries, deduplicated on event_id. A retry of an event already handled is skipped; a retry of
 * one that failed, or whose handler died mid-way (still "processing" after five minutes), is handled again —
 * retries are not dropped blindly.
 */
export class EventLog {
  private readonly repo: EventLogRepository;

  constructor(
    db: Db,
    private readonly wallNow: () => Date = () => new Date(),
  ) {
    this.repo = new EventLogRepository(db);
  }

  begin(eventId: string, teamId: string | undefined, type: string | undefined): Promise<boolean> {
    const now = this.wallNow();
    return this.repo.claim(eventId, teamId ?? null, type ?? null, now, new Date(now.getTime() - STALE_MS));
  }

  async finish(eventId: string, ok: boolean): Promise<void> {
    await this.repo.finish(eventId, ok ? 'done' : 'failed', this.wallNow());
  }

  /** Old rows are only needed for as long as Slack retries (about an hour); keep a day. */
  async prune(): Promise<void> {
    await this.repo.deleteSeenBefore(new Date(this.wallNow().getTime() - 24 * 3600_000));
  }
}
