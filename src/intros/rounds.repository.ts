import type { Updateable } from 'kysely';
import type { Db, Executor, Trx } from '../db/index.js';
import type { ProgramRef } from './repository.js';
import type { IntrosConfig, IntrosRound, IntrosRoundsTable } from './tables.js';

/** A program whose next round is due, as the tick claims it. */
export interface DueProgram extends Pick<IntrosConfig, 'program_id' | 'weekday' | 'occurrence_hour' | 'period_weeks'> {
  workspace_id: number;
  tz: string;
  next_run_at: Date;
}

/** A meeting of a round being made: its row and its members. */
export interface NewMeeting {
  groupIndex: number;
  reason: string;
  reasonDetail: unknown;
  introKey: string;
  memberIds: number[];
}

/**
 * The SQL of Intros rounds: the tick's claims (across workspaces), the rounds of a program, and what making a
 * round writes. Every other method takes the workspace id and filters by it.
 */
export class RoundsRepository {
  constructor(private readonly db: Db) {}

  // ----------------------------------------------------------------------------------------------
  // The tick (across workspaces)

  /**
   * Claims programs whose next round is due (SKIP LOCKED), inserts the round (unique per program and scheduled
   * instant) and moves next_run_at to `nextRunAt(program)`, in one transaction. Returns the rounds inserted.
   */
  claimDue(now: Date, nextRunAt: (d: DueProgram) => Date | null, limit = 50): Promise<Array<{ programId: number; roundId: number; scheduledFor: Date }>> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('intros_configs as c')
        .innerJoin('channel_programs as p', (j) => j.onRef('p.id', '=', 'c.program_id').onRef('p.workspace_id', '=', 'c.workspace_id'))
        .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
        .select(['c.program_id', 'c.next_run_at', 'c.weekday', 'c.occurrence_hour', 'c.period_weeks', 'p.tz', 'p.workspace_id'])
        .where('c.next_run_at', '<=', now)
        .where('p.is_active', '=', true)
        .where('w.paused_at', 'is', null)
        .orderBy('c.next_run_at')
        .limit(limit)
        .forUpdate('c')
        .skipLocked()
        .execute();
      const out: Array<{ programId: number; roundId: number; scheduledFor: Date }> = [];
      for (const d of due) {
        const scheduledFor = d.next_run_at!;
        const program = { id: d.program_id, workspace_id: d.workspace_id };
        const roundId = await this.insert(trx, program, { kind: 'scheduled', scheduledFor }, now);
        await trx
          .updateTable('intros_configs')
          .set({ next_run_at: nextRunAt({ ...d, next_run_at: scheduledFor }), updated_at: now })
          .where('program_id', '=', d.program_id)
          .where('workspace_id', '=', d.workspace_id)
          .execute();
        if (roundId !== undefined) out.push({ programId: d.program_id, roundId, scheduledFor });
      }
      return out;
    });
  }

  /** Rounds still pending since before `createdBefore` (their job was lost). */
  stuck(createdBefore: Date, limit = 50) {
    return this.db
      .selectFrom('intros_rounds')
      .select(['id', 'program_id', 'scheduled_for', 'kind'])
      .where('state', '=', 'pending')
      .where('created_at', '<', createdBefore)
      .limit(limit)
      .execute();
  }

  /** The earliest next round of an active program, and the oldest pending round's creation. */
  async nextDue(): Promise<{ nextRunAt: Date | null; oldestPendingAt: Date | null }> {
    const [next, pending] = await Promise.all([
      this.db
        .selectFrom('intros_configs as c')
        .innerJoin('channel_programs as p', 'p.id', 'c.program_id')
        .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
        .select((eb) => eb.fn.min('c.next_run_at').as('at'))
        .where('p.is_active', '=', true)
        .where('w.paused_at', 'is', null)
        .executeTakeFirst(),
      this.db.selectFrom('intros_rounds').select((eb) => eb.fn.min('created_at').as('at')).where('state', '=', 'pending').executeTakeFirst(),
    ]);
    const date = (v: unknown) => (v ? new Date(v as string) : null);
    return { nextRunAt: date(next?.at), oldestPendingAt: date(pending?.at) };
  }

  /** The workspace of a round, from a job of our own making: where a round job starts. */
  async workspaceOf(roundId: number): Promise<number | undefined> {
    return (await this.db.selectFrom('intros_rounds').select('workspace_id').where('id', '=', roundId).executeTakeFirst())?.workspace_id;
  }

  // ----------------------------------------------------------------------------------------------
  // A program's rounds

  /** Inserts a pending round numbered after the program's last; undefined when one exists at that instant. */
  async insert(trx: Trx, p: ProgramRef, round: { kind: IntrosRound['kind']; scheduledFor: Date }, now: Date): Promise<number | undefined> {
    const last = await trx
      .selectFrom('intros_rounds')
      .select((eb) => eb.fn.max('number').as('n'))
      .where('program_id', '=', p.id)
      .where('workspace_id', '=', p.workspace_id)
      .executeTakeFirst();
    const row = await trx
      .insertInto('intros_rounds')
      .values({
        workspace_id: p.workspace_id,
        program_id: p.id,
        number: Number(last?.n ?? 0) + 1,
        kind: round.kind,
        scheduled_for: round.scheduledFor,
        left_out: '[]',
        stats: '{}',
        problem_code: null,
        problem_message: null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['program_id', 'scheduled_for']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async idAt(p: ProgramRef, scheduledFor: Date): Promise<number> {
    const row = await this.db
      .selectFrom('intros_rounds')
      .select('id')
      .where('program_id', '=', p.id)
      .where('workspace_id', '=', p.workspace_id)
      .where('scheduled_for', '=', scheduledFor)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async lastNumber(p: ProgramRef): Promise<number> {
    const row = await this.db
      .selectFrom('intros_rounds')
      .select((eb) => eb.fn.max('number').as('n'))
      .where('program_id', '=', p.id)
      .where('workspace_id', '=', p.workspace_id)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async lastScheduledAt(p: ProgramRef): Promise<Date | null> {
    const row = await this.db
      .selectFrom('intros_rounds')
      .select('scheduled_for')
      .where('program_id', '=', p.id)
      .where('workspace_id', '=', p.workspace_id)
      .where('kind', '=', 'scheduled')
      .orderBy('scheduled_for', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.scheduled_for ?? null;
  }

  round(workspaceId: number, roundId: number): Promise<IntrosRound | undefined> {
    return this.db.selectFrom('intros_rounds').selectAll().where('id', '=', roundId).where('workspace_id', '=', workspaceId).executeTakeFirst();
  }

  /** The program's latest rounds, newest first. */
  latest(p: ProgramRef, limit: number): Promise<IntrosRound[]> {
    return this.db.selectFrom('intros_rounds').selectAll().where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id).orderBy('number', 'desc').limit(limit).execute();
  }

  /** Sent rounds scheduled in [from, to), newest first (the pairing report). */
  sentBetween(p: ProgramRef, from: Date, to: Date): Promise<IntrosRound[]> {
    return this.db
      .selectFrom('intros_rounds')
      .selectAll()
      .where('program_id', '=', p.id)
      .where('workspace_id', '=', p.workspace_id)
      .where('state', '=', 'sent')
      .where('scheduled_for', '>=', from)
      .where('scheduled_for', '<', to)
      .orderBy('scheduled_for', 'desc')
      .execute();
  }

  /**
   * Moves a pending round on (sent, skipped or failed); false when it is no longer pending (another run got
   * there first). Returns the round's program and kind when it moved.
   */
  async finish(workspaceId: number, roundId: number, set: Updateable<IntrosRoundsTable>, ex: Executor = this.db): Promise<Pick<IntrosRound, 'program_id' | 'kind'> | undefined> {
    return ex
      .updateTable('intros_rounds')
      .set(set)
      .where('id', '=', roundId)
      .where('workspace_id', '=', workspaceId)
      .where('state', '=', 'pending')
      .returning(['program_id', 'kind'])
      .executeTakeFirst();
  }

  /** Writes one group of a round: the meeting and its members. Returns the meeting's id. */
  async createMeeting(trx: Trx, p: ProgramRef, roundId: number, m: NewMeeting, now: Date): Promise<number> {
    const meeting = await trx
      .insertInto('intros_meetings')
      .values({
        workspace_id: p.workspace_id,
        program_id: p.id,
        round_id: roundId,
        group_index: m.groupIndex,
        reason: m.reason,
        reason_detail: JSON.stringify(m.reasonDetail),
        intro_key: m.introKey,
        checkin_key: null,
        reminder_key: null,
        answered_by_member_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('intros_meeting_members')
      .values(m.memberIds.map((member_id) => ({ meeting_id: meeting.id, member_id, program_id: p.id })))
      .execute();
    return meeting.id;
  }

  async setNextFixedMeeting(trx: Trx, p: ProgramRef, on: string): Promise<void> {
    await trx.updateTable('intros_configs').set({ next_fixed_meeting_on: on }).where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id).execute();
  }

  /** Each member's latest round in the program (the instant it was scheduled for). */
  async lastIntroAt(p: ProgramRef, memberIds: number[]): Promise<Map<number, Date>> {
    if (!memberIds.length) return new Map();
    const rows = await this.db
      .selectFrom('intros_meeting_members as mm')
      .innerJoin('intros_meetings as mt', 'mt.id', 'mm.meeting_id')
      .innerJoin('intros_rounds as r', 'r.id', 'mt.round_id')
      .select((eb) => ['mm.member_id', eb.fn.max<Date>('r.scheduled_for').as('last')])
      .where('mt.program_id', '=', p.id)
      .where('mt.workspace_id', '=', p.workspace_id)
      .where('mm.member_id', 'in', memberIds)
      .groupBy('mm.member_id')
      .execute();
    return new Map(rows.map((r) => [r.member_id, new Date(r.last)]));
  }

  /** The member's group in the program's latest round that is still open. */
  currentMeetingOf(p: ProgramRef, memberId: number) {
    return this.db
      .selectFrom('intros_meeting_members as mm')
      .innerJoin('intros_meetings as mt', 'mt.id', 'mm.meeting_id')
      .innerJoin('intros_rounds as r', 'r.id', 'mt.round_id')
      .select(['mt.id', 'mt.state', 'r.scheduled_for'])
      .where('mm.member_id', '=', memberId)
      .where('mt.program_id', '=', p.id)
      .where('mt.workspace_id', '=', p.workspace_id)
      .where('r.closed_at', 'is', null)
      .orderBy('r.scheduled_for', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
