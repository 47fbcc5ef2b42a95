import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Executor, Trx } from '../db/index.js';
import type { Member } from '../db/types.js';
import type { AnswerSource, SessionEventState } from './api-types.js';
import type {
  JourneyCohort,
  JourneyIssueType,
  JourneyMembership,
  JourneyPollResponse,
  JourneySession,
  JourneySessionEvent,
  JourneySessionEventsTable,
  JourneySessionsTable,
  JourneyTaskAssignment,
  JourneyTaskAssignmentsTable,
} from './tables.js';

/** A generated session event: its intent (local date + minute) and the instant it is first due. */
export interface SessionEventRow {
  workspace_id: number;
  session_id: number;
  event_id: number;
  active: boolean;
  state: SessionEventState;
  occurs_on: string;
  minute_in_day: number;
  due_at: Date;
  note: string | null;
}

const CHUNK = 2000;

/**
 * The SQL of sessions: memberships, session events, deliveries, tasks, polls, cohorts and issues. Every method
 * takes the workspace id, except the scheduler's scans (`claimDue`, `claimReminders`, `nextDue`), which answer
 * with each row's workspace.
 */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  inTransaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---- sessions

  insertSession(ex: Executor, values: Insertable<JourneySessionsTable>): Promise<JourneySession> {
    return ex.insertInto('journey_sessions').values(values).returningAll().executeTakeFirstOrThrow();
  }

  session(workspaceId: number, id: number, ex: Executor = this.db): Promise<JourneySession | undefined> {
    return ex.selectFrom('journey_sessions').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  lockSession(trx: Trx, workspaceId: number, id: number): Promise<JourneySession | undefined> {
    return trx.selectFrom('journey_sessions').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  sessions(workspaceId: number, opts: { tagId?: number; state?: JourneySession['state']; participantMemberId?: number; limit?: number }, ex: Executor = this.db): Promise<JourneySession[]> {
    let q = ex.selectFrom('journey_sessions').selectAll().where('workspace_id', '=', workspaceId);
    if (opts.tagId !== undefined) q = q.where('tag_id', '=', opts.tagId);
    if (opts.state) q = q.where('state', '=', opts.state);
    if (opts.participantMemberId !== undefined) q = q.where('participant_member_id', '=', opts.participantMemberId);
    return q
      .orderBy('start_date', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.limit ?? 500)
      .execute();
  }

  updateSession(ex: Executor, workspaceId: number, id: number, values: Updateable<JourneySessionsTable>): Promise<JourneySession | undefined> {
    return ex.updateTable('journey_sessions').set(values).where('workspace_id', '=', workspaceId).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async countOpenSessionEvents(ex: Executor, workspaceId: number, sessionId: number): Promise<number> {
    const row = await ex
      .selectFrom('journey_session_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('session_id', '=', sessionId)
      .where('active', '=', true)
      .where('state', 'in', ['pending', 'sending'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // ---- memberships

  async insertMemberships(ex: Executor, rows: Array<{ workspace_id: number; session_id: number; role_id: number; member_id: number | null; role_selection: string | null; created_at: Date }>): Promise<void> {
    if (rows.length) await ex.insertInto('journey_memberships').values(rows).execute();
  }

  async memberships(workspaceId: number, sessionIds: number[], ex: Executor = this.db): Promise<Array<JourneyMembership & { member: Member | null }>> {
    if (!sessionIds.length) return [];
    const rows = await ex.selectFrom('journey_memberships').selectAll().where('workspace_id', '=', workspaceId).where('session_id', 'in', sessionIds).orderBy('id').execute();
    const ids = [...new Set(rows.map((r) => r.member_id).filter((id): id is number => id !== null))];
    const members = ids.length ? await ex.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute() : [];
    const byId = new Map(members.map((m) => [m.id, m]));
    return rows.map((r) => ({ ...r, member: r.member_id === null ? null : (byId.get(r.member_id) ?? null) }));
  }

  /** How many active sessions each member fills a role in (roles picked from a channel go to the least busy). */
  async activeMembershipCounts(ex: Executor, workspaceId: number, roleId: number, memberIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!memberIds.length) return out;
    const rows = await ex
      .selectFrom('journey_memberships as m')
      .innerJoin('journey_sessions as s', 's.id', 'm.session_id')
      .select(['m.member_id', sql<string>`count(*)`.as('n')])
      .where('m.workspace_id', '=', workspaceId)
      .where('m.role_id', '=', roleId)
      .where('s.state', '=', 'active')
      .where('m.member_id', 'in', memberIds)
      .groupBy('m.member_id')
      .execute();
    for (const r of rows) if (r.member_id !== null) out.set(r.member_id, Number(r.n));
    return out;
  }

  /** Active sessions of a journey with their recipients' zones per role: the input of generating session events. */
  async activeSessionsWithZones(
    ex: Executor,
    workspaceId: number,
    tagId: number,
  ): Promise<Array<{ id: number; start_date: string; time_zone: string; time_zone_source: string; participant_member_id: number | null; created_at: Date; zones: Array<{ role_id: number; member_id: number | null; tz: string | null }> }>> {
    const sessions = await ex
      .selectFrom('journey_sessions')
      .select(['id', 'start_date', 'time_zone', 'time_zone_source', 'participant_member_id', 'created_at'])
      .where('workspace_id', '=', workspaceId)
      .where('tag_id', '=', tagId)
      .where('state', '=', 'active')
      .orderBy('id')
      .execute();
    if (!sessions.length) return [];
    const zones = await ex
      .selectFrom('journey_memberships as m')
      .innerJoin('journey_sessions as s', 's.id', 'm.session_id')
      .leftJoin('members', 'members.id', 'm.member_id')
      .select(['m.session_id', 'm.role_id', 'm.member_id', 'members.tz'])
      .where('m.workspace_id', '=', workspaceId)
      .where('s.tag_id', '=', tagId)
      .where('s.state', '=', 'active')
      .execute();
    const bySession = new Map<number, Array<{ role_id: number; member_id: number | null; tz: string | null }>>();
    for (const z of zones) {
      let list = bySession.get(z.session_id);
      if (!list) bySession.set(z.session_id, (list = []));
      list.push({ role_id: z.role_id, member_id: z.member_id, tz: z.tz });
    }
    return sessions.map((s) => ({ ...s, zones: bySession.get(s.id) ?? [] }));
  }

  // ---- session events

  /**
   * Writes generated session events: new ones are inserted; existing ones still pending (and not moved by hand)
   * take the new date, time and active flag. Sent, skipped or rescheduled ones are left as they are.
   */
  async upsertSessionEvents(ex: Executor, rows: SessionEventRow[], now: Date): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      await ex
        .insertInto('journey_session_events')
        .values(chunk.map((r) => ({ ...r, updated_at: now })))
        .onConflict((oc) =>
          oc
            .columns(['session_id', 'event_id'])
            .doUpdateSet({
              active: (eb) => eb.ref('excluded.active'),
              occurs_on: (eb) => eb.ref('excluded.occurs_on'),
              minute_in_day: (eb) => eb.ref('excluded.minute_in_day'),
              due_at: (eb) => eb.ref('excluded.due_at'),
              state: (eb) => eb.ref('excluded.state'),
              note: (eb) => eb.ref('excluded.note'),
              updated_at: now,
            })
            .where('journey_session_events.state', 'in', ['pending', 'skipped'])
            .where('journey_session_events.sent_at', 'is', null)
            .where('journey_session_events.rescheduled', '=', false),
        )
        .execute();
    }
  }

  /** Pending session events of some journey events are no longer sent (deactivated or removed). */
  async deactivateForEvents(ex: Executor, workspaceId: number, eventIds: number[], now: Date): Promise<number> {
    if (!eventIds.length) return 0;
    const r = await ex
      .updateTable('journey_session_events')
      .set({ active: false, updated_at: now })
      .where('workspace_id', '=', workspaceId)
      .where('event_id', 'in', eventIds)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  sessionEvents(workspaceId: number, sessionIds: number[], ex: Executor = this.db): Promise<Array<JourneySessionEvent & { kind: string; title: string; recipient_type: string; event_role_id: number | null }>> {
    if (!sessionIds.length) return Promise.resolve([]);
    return ex
      .selectFrom('journey_session_events as se')
      .innerJoin('journey_events as e', 'e.id', 'se.event_id')
      .selectAll('se')
      .select(['e.kind', 'e.title', 'e.recipient_type', 'e.role_id as event_role_id'])
      .where('se.workspace_id', '=', workspaceId)
      .where('se.session_id', 'in', sessionIds)
      .orderBy('se.occurs_on')
      .orderBy('se.minute_in_day')
      .orderBy('se.id')
      .execute();
  }

  sessionEvent(workspaceId: number, id: number, ex: Executor = this.db): Promise<JourneySessionEvent | undefined> {
    return ex.selectFrom('journey_session_events').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  lockSessionEvent(trx: Trx, workspaceId: number, id: number): Promise<JourneySessionEvent | undefined> {
    return trx.selectFrom('journey_session_events').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  updateSessionEvent(ex: Executor, workspaceId: number, id: number, values: Updateable<JourneySessionEventsTable>): Promise<JourneySessionEvent | undefined> {
    return ex.updateTable('journey_session_events').set(values).where('workspace_id', '=', workspaceId).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** The tick: pending session events due by `now`, claimed (state sending) so no other tick takes them. */
  async claimDue(now: Date, limit: number): Promise<Array<{ id: number; workspace_id: number }>> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('journey_session_events')
        .select(['id', 'workspace_id'])
        .where('state', '=', 'pending')
        .where('active', '=', true)
        .where('due_at', '<=', now)
        .orderBy('due_at')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      if (!due.length) return [];
      await trx
        .updateTable('journey_session_events')
        .set({ state: 'sending', claimed_at: now, updated_at: now })
        .where(
          'id',
          'in',
          due.map((d) => d.id),
        )
        .execute();
      return due;
    });
  }

  /** Claimed long ago and still not settled (a worker died, Redis lost the job): claimed again for a retry. */
  async reclaimStuck(now: Date, olderThan: Date, limit: number): Promise<Array<{ id: number; workspace_id: number }>> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('journey_session_events')
        .select(['id', 'workspace_id'])
        .where('state', '=', 'sending')
        .where('claimed_at', '<', olderThan)
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length)
        await trx
          .updateTable('journey_session_events')
          .set({ claimed_at: now })
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
      return rows;
    });
  }

  async nextDue(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('journey_session_events')
      .select((eb) => eb.fn.min('due_at').as('at'))
      .where('state', '=', 'pending')
      .where('active', '=', true)
      .executeTakeFirst();
    const remind = await this.db
      .selectFrom('journey_task_assignments')
      .select((eb) => eb.fn.min('next_remind_at').as('at'))
      .where('state', '=', 'incomplete')
      .executeTakeFirst();
    const times = [row?.at, remind?.at].filter((t): t is Date => t != null).map((t) => new Date(t));
    return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
  }

  // ---- deliveries

  /** Records that a recipient got a session event; false if they already had (the once-per-recipient ledger). */
  async recordDelivery(trx: Trx, workspaceId: number, sessionEventId: number, recipient: string, outboxKey: string, now: Date): Promise<boolean> {
    const r = await trx
      .insertInto('journey_deliveries')
      .values({ session_event_id: sessionEventId, recipient, workspace_id: workspaceId, outbox_key: outboxKey, created_at: now })
      .onConflict((oc) => oc.columns(['session_event_id', 'recipient']).doNothing())
      .returning('session_event_id')
      .executeTakeFirst();
    return r !== undefined;
  }

  async deliveredTo(ex: Executor, workspaceId: number, sessionEventId: number): Promise<Set<string>> {
    const rows = await ex.selectFrom('journey_deliveries').select('recipient').where('workspace_id', '=', workspaceId).where('session_event_id', '=', sessionEventId).execute();
    return new Set(rows.map((r) => r.recipient));
  }

  // ---- tasks

  async upsertTask(trx: Trx, row: { workspace_id: number; session_id: number; session_event_id: number; member_id: number; next_remind_at: Date | null }, now: Date): Promise<JourneyTaskAssignment> {
    await trx
      .insertInto('journey_task_assignments')
      .values({ ...row, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['session_event_id', 'member_id']).doNothing())
      .execute();
    return trx
      .selectFrom('journey_task_assignments')
      .selectAll()
      .where('session_event_id', '=', row.session_event_id)
      .where('member_id', '=', row.member_id)
      .executeTakeFirstOrThrow();
  }

  task(workspaceId: number, id: number, ex: Executor = this.db): Promise<JourneyTaskAssignment | undefined> {
    return ex.selectFrom('journey_task_assignments').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  lockTask(trx: Trx, workspaceId: number, id: number): Promise<JourneyTaskAssignment | undefined> {
    return trx.selectFrom('journey_task_assignments').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  updateTask(ex: Executor, workspaceId: number, id: number, values: Updateable<JourneyTaskAssignmentsTable>): Promise<JourneyTaskAssignment | undefined> {
    return ex.updateTable('journey_task_assignments').set(values).where('workspace_id', '=', workspaceId).where('id', '=', id).returningAll().executeTakeFirst();
  }

  tasksOf(workspaceId: number, filter: { memberId?: number; sessionIds?: number[]; state?: 'incomplete' | 'complete' }, ex: Executor = this.db): Promise<JourneyTaskAssignment[]> {
    let q = ex.selectFrom('journey_task_assignments').selectAll().where('workspace_id', '=', workspaceId);
    if (filter.memberId !== undefined) q = q.where('member_id', '=', filter.memberId);
    if (filter.sessionIds) q = filter.sessionIds.length ? q.where('session_id', 'in', filter.sessionIds) : q.where(sql<boolean>`false`);
    if (filter.state) q = q.where('state', '=', filter.state);
    return q.orderBy('id').limit(500).execute();
  }

  /** Tasks whose next reminder is due, moved on so no other tick takes them (returned as they were). */
  async claimReminders(trx: Trx, now: Date, limit: number): Promise<JourneyTaskAssignment[]> {
    return trx
      .selectFrom('journey_task_assignments')
      .selectAll()
      .where('state', '=', 'incomplete')
      .where('next_remind_at', '<=', now)
      .orderBy('next_remind_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  // ---- polls

  async upsertPoll(trx: Trx, row: { workspace_id: number; session_id: number; session_event_id: number; member_id: number }, now: Date): Promise<JourneyPollResponse> {
    await trx
      .insertInto('journey_poll_responses')
      .values({ ...row, created_at: now })
      .onConflict((oc) => oc.columns(['session_event_id', 'member_id']).doNothing())
      .execute();
    return trx
      .selectFrom('journey_poll_responses')
      .selectAll()
      .where('session_event_id', '=', row.session_event_id)
      .where('member_id', '=', row.member_id)
      .executeTakeFirstOrThrow();
  }

  poll(workspaceId: number, id: number, ex: Executor = this.db): Promise<JourneyPollResponse | undefined> {
    return ex.selectFrom('journey_poll_responses').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  lockPoll(trx: Trx, workspaceId: number, id: number): Promise<JourneyPollResponse | undefined> {
    return trx.selectFrom('journey_poll_responses').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  answerPoll(ex: Executor, workspaceId: number, id: number, answerIndex: number, source: AnswerSource, now: Date): Promise<JourneyPollResponse | undefined> {
    return ex
      .updateTable('journey_poll_responses')
      .set({ answer_index: answerIndex, answered_at: now, source })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  pollsOf(workspaceId: number, filter: { memberId?: number; sessionIds?: number[]; open?: boolean }, ex: Executor = this.db): Promise<JourneyPollResponse[]> {
    let q = ex.selectFrom('journey_poll_responses').selectAll().where('workspace_id', '=', workspaceId);
    if (filter.memberId !== undefined) q = q.where('member_id', '=', filter.memberId);
    if (filter.sessionIds) q = filter.sessionIds.length ? q.where('session_id', 'in', filter.sessionIds) : q.where(sql<boolean>`false`);
    if (filter.open) q = q.where('answer_index', 'is', null);
    return q.orderBy('id').limit(500).execute();
  }

  // ---- cohorts

  async cohortFor(trx: Trx, workspaceId: number, tagId: number, startDate: string, channelName: string, now: Date): Promise<JourneyCohort> {
    await trx
      .insertInto('journey_cohorts')
      .values({ workspace_id: workspaceId, tag_id: tagId, start_date: startDate, channel_name: channelName, created_at: now })
      .onConflict((oc) => oc.columns(['tag_id', 'start_date']).doNothing())
      .execute();
    return trx.selectFrom('journey_cohorts').selectAll().where('tag_id', '=', tagId).where('start_date', '=', startDate).executeTakeFirstOrThrow();
  }

  cohort(workspaceId: number, id: number, ex: Executor = this.db): Promise<JourneyCohort | undefined> {
    return ex.selectFrom('journey_cohorts').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  async setCohortChannel(ex: Executor, workspaceId: number, id: number, channelId: string): Promise<void> {
    await ex.updateTable('journey_cohorts').set({ channel_id: channelId }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  async cohortParticipants(ex: Executor, workspaceId: number, cohortId: number): Promise<string[]> {
    const rows = await ex
      .selectFrom('journey_sessions as s')
      .innerJoin('members', 'members.id', 's.participant_member_id')
      .select('members.slack_user_id')
      .where('s.workspace_id', '=', workspaceId)
      .where('s.cohort_id', '=', cohortId)
      .where('s.state', '=', 'active')
      .orderBy('s.id')
      .execute();
    return rows.map((r) => r.slack_user_id);
  }

  /** The result Slack gave an outbox row (the cohort channel Slack created). */
  async outboxResult(ex: Executor, workspaceId: number, key: string): Promise<{ state: string; result: Record<string, unknown> | null } | undefined> {
    return ex.selectFrom('outbox').select(['state', 'result']).where('workspace_id', '=', workspaceId).where('idempotency_key', '=', key).executeTakeFirst();
  }

  // ---- issues

  /** Opens an attention-required issue once per key; true if it is new. */
  async openIssue(
    trx: Trx,
    row: { workspace_id: number; issue_key: string; issue_type: JourneyIssueType; session_id: number; session_event_id: number | null; role_id: number | null; detail: string },
    now: Date,
  ): Promise<boolean> {
    const r = await trx
      .insertInto('journey_issues')
      .values({ ...row, created_at: now })
      .onConflict((oc) => oc.columns(['workspace_id', 'issue_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  }

  async countOpenIssues(workspaceId: number): Promise<number> {
    const row = await this.db
      .selectFrom('journey_issues')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('resolved_at', 'is', null)
      .where('hidden_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  issues(workspaceId: number, sessionIds: number[], ex: Executor = this.db) {
    if (!sessionIds.length) return Promise.resolve([]);
    return ex.selectFrom('journey_issues').selectAll().where('workspace_id', '=', workspaceId).where('session_id', 'in', sessionIds).orderBy('id').execute();
  }

  async resolveIssues(ex: Executor, workspaceId: number, sessionId: number, roleId: number, now: Date): Promise<void> {
    await ex
      .updateTable('journey_issues')
      .set({ resolved_at: now })
      .where('workspace_id', '=', workspaceId)
      .where('session_id', '=', sessionId)
      .where('role_id', '=', roleId)
      .where('resolved_at', 'is', null)
      .execute();
  }

  /** What a task reminder says and to whom (the tick writes reminders in its own transaction). */
  reminderContext(trx: Trx, taskIds: number[]) {
    if (!taskIds.length) return Promise.resolve([]);
    return trx
      .selectFrom('journey_task_assignments as t')
      .innerJoin('journey_session_events as se', 'se.id', 't.session_event_id')
      .innerJoin('journey_events as e', 'e.id', 'se.event_id')
      .innerJoin('journey_sessions as s', 's.id', 't.session_id')
      .innerJoin('journey_tags as g', 'g.id', 's.tag_id')
      .innerJoin('members as m', 'm.id', 't.member_id')
      .select(['t.id', 't.workspace_id', 't.reminders_sent', 'e.title', 'e.text', 'g.name as journey_name', 'm.slack_user_id', 'm.tz', 's.time_zone', 's.state as session_state', 'se.minute_in_day', 'se.occurs_on'])
      .where('t.id', 'in', taskIds)
      .execute();
  }

  async setReminded(trx: Trx, id: number, values: { reminders_sent: number; next_remind_at: Date | null }, now: Date): Promise<void> {
    await trx.updateTable('journey_task_assignments').set({ ...values, updated_at: now }).where('id', '=', id).execute();
  }
}
