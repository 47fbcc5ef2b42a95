import type { Db } from '../db/index.js';

const STALE_MS = 5 * 60_000;

/**
 * Events API deliveries, deduplicated on event_id. A retry of an event already handled is skipped; a retry of
 * one that failed, or whose handler died mid-way (still "processing" after five minutes), is handled again —
 * retries are not dropped blindly.
 */
export class EventLog {
  constructor(
    private readonly db: Db,
    private readonly wallNow: () => Date = () => new Date(),
  ) {}

  async begin(eventId: string, teamId: string | undefined, type: string | undefined): Promise<boolean> {
    const now = this.wallNow();
    const row = await this.db
      .insertInto('processed_events')
      .values({ event_id: eventId, team_id: teamId ?? null, event_type: type ?? null, status: 'processing', first_seen_at: now, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('event_id')
          .doUpdateSet((eb) => ({ status: 'processing', deliveries: eb('processed_events.deliveries', '+', 1), updated_at: now }))
          .where((eb) =>
            eb.or([
              eb('processed_events.status', '=', 'failed'),
              eb.and([eb('processed_events.status', '=', 'processing'), eb('processed_events.updated_at', '<', new Date(now.getTime() - STALE_MS))]),
            ]),
          ),
      )
      .returning('event_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async finish(eventId: string, ok: boolean): Promise<void> {
    await this.db
      .updateTable('processed_events')
      .set({ status: ok ? 'done' : 'failed', updated_at: this.wallNow() })
      .where('event_id', '=', eventId)
      .execute();
  }

  /** Old rows are only needed for as long as Slack retries (about an hour); keep a day. */
  async prune(): Promise<void> {
    await this.db.deleteFrom('processed_events').where('first_seen_at', '<', new Date(this.wallNow().getTime() - 24 * 3600_000)).execute();
  }
}
