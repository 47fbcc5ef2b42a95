import type { Db, Executor, Trx } from '../db/index.js';
import type { IntrosMeeting, MeetingState } from './tables.js';

export type FollowupColumns = { at: 'checkin_at' | 'reminder_at' | 'ends_at'; mark: 'checkin_claimed_at' | 'reminder_claimed_at' | 'closed_at' };

/**
 * The SQL of meetings after a round went out: the tick's follow-up claims (across workspaces) and the
 * meetings' states. Every other method takes the workspace id and filters by it.
 */
export class MeetingsRepository {
  constructor(private readonly db: Db) {}

  /** Claims sent rounds whose follow-up time has come (SKIP LOCKED) by setting its mark; returns their ids. */
  async claimFollowups(now: Date, { at, mark }: FollowupColumns, limit = 100): Promise<Array<{ id: number }>> {
    return this.db.transaction().execute((trx) =>
      trx
        .updateTable('intros_rounds')
        .set({ [mark]: now })
        .where(
          'id',
          'in',
          trx.selectFrom('intros_rounds').select('id').where('state', '=', 'sent').where(at, '<=', now).where(mark, 'is', null).limit(limit).forUpdate().skipLocked(),
        )
        .returning('id')
        .execute(),
    );
  }

  /** The earliest follow-up not yet claimed, of any sent round. */
  async nextFollowup(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('intros_rounds')
      .select((eb) => [
        eb.fn.min<Date | null>('checkin_at').filterWhere('checkin_claimed_at', 'is', null).as('checkin'),
        eb.fn.min<Date | null>('reminder_at').filterWhere('reminder_claimed_at', 'is', null).as('reminder'),
        eb.fn.min<Date | null>('ends_at').filterWhere('closed_at', 'is', null).as('ends'),
      ])
      .where('state', '=', 'sent')
      .executeTakeFirst();
    const times = [row?.checkin, row?.reminder, row?.ends].filter((d) => d !== null && d !== undefined).map((d) => new Date(d));
    return times.sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  }

  meeting(workspaceId: number, meetingId: number, ex: Executor = this.db): Promise<IntrosMeeting | undefined> {
    return ex.selectFrom('intros_meetings').selectAll().where('id', '=', meetingId).where('workspace_id', '=', workspaceId).executeTakeFirst();
  }

  /** The meeting's state, locked for the rest of the transaction. */
  async lockState(trx: Trx, workspaceId: number, meetingId: number): Promise<MeetingState | undefined> {
    const row = await trx.selectFrom('intros_meetings').select('state').where('id', '=', meetingId).where('workspace_id', '=', workspaceId).forUpdate().executeTakeFirst();
    return row?.state;
  }

  /** Sets the state (and who answered); with `onlyFrom`, only from those states. False when nothing changed. */
  async setState(trx: Trx, workspaceId: number, meetingId: number, state: MeetingState, byMemberId: number | null, now: Date, onlyFrom?: MeetingState[]): Promise<boolean> {
    let q = trx
      .updateTable('intros_meetings')
      .set({ state, answered_by_member_id: byMemberId, answered_at: now, updated_at: now })
      .where('id', '=', meetingId)
      .where('workspace_id', '=', workspaceId);
    if (onlyFrom) q = q.where('state', 'in', onlyFrom);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Records the idempotency key of the check-in or reminder sent for a meeting. */
  async setFollowupKey(trx: Trx, workspaceId: number, meetingId: number, stage: 'checkin' | 'reminder', key: string, now: Date): Promise<void> {
    await trx
      .updateTable('intros_meetings')
      .set(stage === 'checkin' ? { checkin_key: key, updated_at: now } : { reminder_key: key, updated_at: now })
      .where('id', '=', meetingId)
      .where('workspace_id', '=', workspaceId)
      .execute();
  }
}
