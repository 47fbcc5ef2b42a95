import type { Db } from '../db/index.js';

/** The Events API deliveries' SQL (processed_events, keyed by Slack's event id). */
export class EventLogRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records a delivery as processing: a new event, or one whose last attempt failed or stopped updating
   * before `staleBefore`. False when it is done or still being handled.
   */
  async claim(eventId: string, teamId: string | null, type: string | null, now: Date, staleBefore: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('processed_events')
      .values({ event_id: eventId, team_id: teamId, event_type: type, status: 'processing', first_seen_at: now, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('event_id')
          .doUpdateSet((eb) => ({ status: 'processing', deliveries: eb('processed_events.deliveries', '+', 1), updated_at: now }))
          .where((eb) =>
            eb.or([
              eb('processed_events.status', '=', 'failed'),
              eb.and([eb('processed_events.status', '=', 'processing'), eb('processed_events.updated_at', '<', staleBefore)]),
            ]),
          ),
      )
      .returning('event_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async finish(eventId: string, status: 'done' | 'failed', now: Date): Promise<void> {
    await this.db.updateTable('processed_events').set({ status, updated_at: now }).where('event_id', '=', eventId).execute();
  }

  async deleteSeenBefore(before: Date): Promise<void> {
    await this.db.deleteFrom('processed_events').where('first_seen_at', '<', before).execute();
  }
}
