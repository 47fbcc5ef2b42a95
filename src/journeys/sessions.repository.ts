import { personName } from '../people/name.js';
import { activeWorkspaceIds } from '../workspaces/repository.js';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Executor, Trx } from '../db/index.js';
import type { Member } from '../db/types.js';
import type { AnswerSource } from './api-types.js';
import type { TimingTable } from './plan.js';
import type {
  JourneyCohort,
  JourneyMembership,
  JourneyPollResponse,
  JourneySession,
  JourneySessionEvent,
  JourneySessionEventsTable,
  JourneySessionsTable,
  JourneyTaskAssignment,
  JourneyTaskAssignmentsTable,
} from './tables.js';

/**
 * How a generation treats a day already past: at `enrolment` it is caught up or skipped as the session says; on a
 * `sync` (the journey changed) it is skipped, never sent late; on a `retime` (a recipient's zone moved) a message
 * still owed stays owed and goes at once.
 */
export type GenerateMode = 'enrolment' | 'sync' | 'retime';

/** Whose session events to generate: a journey's active sessions, or one session of it. */
export interface SessionTarget {
  tagId: number;
  sessionId?: number;
}

const targetSessions = (workspaceId: number, t: SessionTarget) => sql`
  select id, start_date, time_zone, time_zone_source, participant_member_id, past_start_policy from journey_sessions
  where workspace_id = ${workspaceId} and tag_id = ${t.tagId} and state = 'active' ${t.sessionId === undefined ? sql`` : sql`and id = ${t.sessionId}`}`;

/**
 * A role member's zone (`zoneOf` in plan.ts): the session's zone for the participant when set explicitly, else their
 * Slack zone (looked up by primary key, one membership at a time).
 */
const memberZone = sql`case when m.member_id = s.participant_member_id and s.time_zone_source = 'explicit' then s.time_zone else coalesce((select mb.tz from members mb where mb.id = m.member_id), s.time_zone) end`;

/**
 * The SQL of sessions: memberships, session events, deliveries, tasks, polls and cohorts. Every method
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

  /** The participants of the workspace's running sessions (test sessions left out). */
  async activeParticipantIds(workspaceId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('journey_sessions')
      .select('participant_member_id')
      .distinct()
      .where('workspace_id', '=', workspaceId)
      .where('state', '=', 'active')
      .where('is_sandbox', '=', false)
      .where('participant_member_id', 'is not', null)
      .execute();
    return rows.map((r) => r.participant_member_id!);
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

  /** The active sessions a member is in (in any role), locked: their pending events are about to be re-timed. */
  activeSessionsWith(trx: Trx, workspaceId: number, memberId: number): Promise<JourneySession[]> {
    return trx
      .selectFrom('journey_sessions')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('state', '=', 'active')
      .where((eb) => eb.or([eb('participant_member_id', '=', memberId), eb('id', 'in', eb.selectFrom('journey_memberships').select('session_id').where('workspace_id', '=', workspaceId).where('member_id', '=', memberId))]))
      .orderBy('id')
      .forUpdate()
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

  /** Removes a session's memberships of these roles (an enrollment that replaces them). */
  async deleteMemberships(trx: Trx, workspaceId: number, sessionId: number, roleIds: number[]): Promise<void> {
    if (roleIds.length) await trx.deleteFrom('journey_memberships').where('workspace_id', '=', workspaceId).where('session_id', '=', sessionId).where('role_id', 'in', roleIds).execute();
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

  /**
   * The distinct (start date, zone) pairs the target sessions are timed in: each session's own zone and each role
   * member's (see `zoneOf` in plan.ts). The input of the timing table that `generateSessionEvents` reads.
   */
  async timingKeys(ex: Executor, workspaceId: number, target: SessionTarget): Promise<Array<{ start_date: string; tz: string }>> {
    const r = await sql<{ start_date: string; tz: string }>`
      with s as (${targetSessions(workspaceId, target)})
      select s.start_date, s.time_zone as tz from s
      union
      select s.start_date, ${memberZone} as tz
      from s join journey_memberships m on m.session_id = s.id
      where m.member_id is not null`.execute(ex);
    return r.rows;
  }

  /**
   * Generates the target sessions' events for `eventIds` in one statement: each session event on its work day
   * (`table.days`), due at the earliest instant of its recipients' zones (`table.instants`; both computed by
   * schedule.ts), the session's own zone for channel posts and unfilled roles (`recipientZones` in plan.ts). New ones
   * are inserted; existing ones not yet sent (and not moved by hand) take the new date, time and active flag; an
   * inactive event's are `skipped` (note 'inactive'). A day already past is treated as `mode` says. The timing table is read as JSON
   * lookups and memberships through their index, so the plan holds however stale the table statistics are.
   *
   * Sessions that share a start date, a zone and their roles' zones share every date and instant, so those are
   * computed once per such timing (`kt`, a few hundred rows for thousands of sessions) and joined to the sessions.
   * Writing is one upsert: a row not yet sent (nor moved by hand) whose timing changed takes the new one, rechecked
   * on the row's latest version. Most of the time left is writing the 300,000 new row versions when every event of
   * a 10,000-session journey moves, which a plain UPDATE of the same rows costs too (bench/journeys.ts).
   */
  async generateSessionEvents(ex: Executor, workspaceId: number, target: SessionTarget & { eventIds: number[] }, table: TimingTable, opts: { now: Date; mode: GenerateMode }): Promise<number> {
    if (!target.eventIds.length) return 0;
    // A whole journey's sessions: the generated rows (300,000 for 10,000 sessions) stay in memory instead of spilling.
    if (target.sessionId === undefined) await sql`set local work_mem = '128MB'`.execute(ex);
    const r = await sql<{ n: number }>`
      with t as materialized (select ${JSON.stringify(table.days)}::jsonb as days, ${JSON.stringify(table.instants)}::jsonb as inst),
      ev as materialized (
        select id, active, days_later, minute_in_day, recipient_type, role_id from journey_events
        where workspace_id = ${workspaceId} and tag_id = ${target.tagId} and id in (${sql.join(target.eventIds)})
      ),
      s as materialized (
        select s.id, s.start_date, s.time_zone, s.past_start_policy,
          coalesce((select jsonb_object_agg(z.role_id::text, z.zones) from (
             select m.role_id, jsonb_agg(distinct ${memberZone}) as zones
             from journey_memberships m
             where m.session_id = s.id and m.member_id is not null
             group by m.role_id) z), '{}'::jsonb) as role_zones
        from (${targetSessions(workspaceId, target)}) s
      ),
      k as materialized (
        select start_date, time_zone, role_zones, past_start_policy, array_agg(id) as ids from s
        group by start_date, time_zone, role_zones, past_start_policy
      ),
      kt as materialized (
        select k.ids, e.id as event_id, e.active, o.occurs_on, e.minute_in_day, k.past_start_policy,
          case jsonb_array_length(o.zones)
            when 1 then (t.inst ->> (o.occurs_on || '|' || e.minute_in_day || '|' || (o.zones ->> 0)))::timestamptz
            when 0 then (t.inst ->> (o.occurs_on || '|' || e.minute_in_day || '|' || k.time_zone))::timestamptz
            else (select min((t.inst ->> (o.occurs_on || '|' || e.minute_in_day || '|' || z))::timestamptz) from jsonb_array_elements_text(o.zones) z)
          end as due_at
        from k cross join t cross join ev e
        cross join lateral (
          select t.days ->> (k.start_date || '|' || e.days_later) as occurs_on,
            coalesce(case when e.recipient_type = 'role' then k.role_zones -> e.role_id::text end, '[]'::jsonb) as zones
        ) o
      ),
      rows as (
        select kt.ids, kt.event_id, kt.active, kt.occurs_on, kt.minute_in_day, kt.due_at,
          case when not kt.active then 'skipped'
            when kt.due_at < ${opts.now}::timestamptz and (${opts.mode === 'sync'}::boolean or (${opts.mode === 'enrolment'}::boolean and kt.past_start_policy = 'skip')) then 'skipped'
            else 'pending' end as state,
          case when not kt.active then 'inactive' when kt.due_at < ${opts.now}::timestamptz and ${opts.mode !== 'retime'}::boolean then 'past' end as note
        from kt
      ),
      gen as materialized (
        select u.session_id, r.event_id, r.active, r.occurs_on, r.minute_in_day, r.due_at, r.state, case when r.state = 'skipped' then r.note end as note
        from rows r cross join lateral unnest(r.ids) as u(session_id)
      ),
      ins as (
        insert into journey_session_events (workspace_id, session_id, event_id, active, state, occurs_on, minute_in_day, due_at, note, updated_at)
        select ${workspaceId}::integer, session_id, event_id, active, state, occurs_on, minute_in_day, due_at, note, ${opts.now}::timestamptz
        from gen
        on conflict (session_id, event_id) do update set
          active = excluded.active, occurs_on = excluded.occurs_on, minute_in_day = excluded.minute_in_day, due_at = excluded.due_at,
          state = excluded.state, note = excluded.note, skipped_role = null, updated_at = excluded.updated_at
        where journey_session_events.state in ('pending', 'skipped') and journey_session_events.sent_at is null and journey_session_events.rescheduled = false
          -- Re-timing (a zone moved) changes when what is owed goes out; it never revives what was skipped.
          and (${opts.mode !== 'retime'}::boolean or journey_session_events.state = 'pending' or excluded.state = 'skipped')
          and (journey_session_events.active, journey_session_events.state, journey_session_events.occurs_on, journey_session_events.minute_in_day, journey_session_events.due_at)
            is distinct from (excluded.active, excluded.state, excluded.occurs_on, excluded.minute_in_day, excluded.due_at)
        returning 1
      )
      select count(*)::integer as n from ins`.execute(ex);
    return Number(r.rows[0]?.n ?? 0);
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

  /** A session's pending session events due before `before`, oldest first (a late start's overdue messages). */
  overdue(trx: Trx, workspaceId: number, sessionId: number, before: Date): Promise<JourneySessionEvent[]> {
    return trx
      .selectFrom('journey_session_events')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('session_id', '=', sessionId)
      .where('state', '=', 'pending')
      .where('active', '=', true)
      .where('due_at', '<', before)
      .orderBy('due_at')
      .orderBy('event_id')
      .execute();
  }

  /** A session's session events moved by hand (or caught up) and not sent yet: their local date and minute are kept, their instant follows the zones. */
  moved(trx: Trx, workspaceId: number, sessionId: number): Promise<JourneySessionEvent[]> {
    return trx
      .selectFrom('journey_session_events')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('session_id', '=', sessionId)
      .where('rescheduled', '=', true)
      .where('state', 'in', ['pending', 'skipped'])
      .where('sent_at', 'is', null)
      .execute();
  }

  /**
   * Session events moved by hand (which generation leaves alone) follow their journey event's active flag: a
   * deactivated event's pending ones end `skipped` ('inactive'); a reactivated one's come back if still ahead.
   */
  async followActive(trx: Trx, workspaceId: number, tagId: number, eventIds: number[], now: Date): Promise<void> {
    if (!eventIds.length) return;
    const moved = (active: boolean) =>
      trx
        .updateTable('journey_session_events as se')
        .from('journey_events as e')
        .from('journey_sessions as s')
        .whereRef('e.id', '=', 'se.event_id')
        .whereRef('s.id', '=', 'se.session_id')
        .where('se.workspace_id', '=', workspaceId)
        .where('s.tag_id', '=', tagId)
        .where('s.state', '=', 'active')
        .where('se.event_id', 'in', eventIds)
        .where('se.rescheduled', '=', true)
        .where('se.sent_at', 'is', null)
        .where('e.active', '=', active);
    await moved(false).set({ state: 'skipped', active: false, note: 'inactive', updated_at: now }).where('se.state', '=', 'pending').execute();
    await moved(true).set({ state: 'pending', active: true, note: null, updated_at: now }).where('se.state', '=', 'skipped').where('se.note', '=', 'inactive').where('se.due_at', '>=', now).execute();
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
        .where('workspace_id', 'in', activeWorkspaceIds(this.db))
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
  async reclaimStuck(now: Date, claimedUpTo: Date, limit: number): Promise<Array<{ id: number; workspace_id: number }>> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('journey_session_events')
        .select(['id', 'workspace_id'])
        .where('state', '=', 'sending')
        .where('claimed_at', '<=', claimedUpTo)
        .where('workspace_id', 'in', activeWorkspaceIds(this.db))
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
      .where('workspace_id', 'in', activeWorkspaceIds(this.db))
      .executeTakeFirst();
    const remind = await this.db
      .selectFrom('journey_task_assignments')
      .select((eb) => eb.fn.min('next_remind_at').as('at'))
      .where('state', '=', 'incomplete')
      .where('workspace_id', 'in', activeWorkspaceIds(this.db))
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

  /** The outbox keys of each session event's deliveries (one per recipient, or the one post of a channel). */
  async deliveryKeys(workspaceId: number, sessionEventIds: number[]): Promise<Array<{ session_event_id: number; outbox_key: string }>> {
    if (!sessionEventIds.length) return [];
    return this.db.selectFrom('journey_deliveries').select(['session_event_id', 'outbox_key']).where('workspace_id', '=', workspaceId).where('session_event_id', 'in', sessionEventIds).execute();
  }

  async deliveredTo(ex: Executor, workspaceId: number, sessionEventId: number): Promise<Set<string>> {
    const rows = await ex.selectFrom('journey_deliveries').select('recipient').where('workspace_id', '=', workspaceId).where('session_event_id', '=', sessionEventId).execute();
    return new Set(rows.map((r) => r.recipient));
  }

  /**
   * A delivery's outbox row failed for good: its cause is kept on each session event it delivered (a cohort post
   * serves one), with what the session's issue names: the journey, the event, the session and whom it was for.
   */
  async markDeliveryFailed(trx: Trx, workspaceId: number, outboxKey: string, code: string) {
    const marked = await trx
      .updateTable('journey_deliveries')
      .set({ failed_code: code })
      .where('workspace_id', '=', workspaceId)
      .where('outbox_key', '=', outboxKey)
      .returning(['session_event_id', 'recipient'])
      .execute();
    if (!marked.length) return [];
    const rows = await trx
      .selectFrom('journey_session_events as se')
      .innerJoin('journey_sessions as s', 's.id', 'se.session_id')
      .innerJoin('journey_tags as t', 't.id', 's.tag_id')
      .innerJoin('journey_events as e', 'e.id', 'se.event_id')
      .select(['se.id as session_event_id', 's.id as session_id', 's.start_date', 's.participant_member_id', 't.id as tag_id', 't.name as tag_name', 't.flow_type', 'e.title'])
      .where('se.workspace_id', '=', workspaceId)
      .where(
        'se.id',
        'in',
        marked.map((m) => m.session_event_id),
      )
      .execute();
    const people = await trx
      .selectFrom('members')
      .select(['slack_user_id', 'real_name', 'display_name', 'name'])
      .where('workspace_id', '=', workspaceId)
      .where('slack_user_id', 'in', marked.map((m) => m.recipient))
      .execute();
    return rows.map((r) => {
      const to = people.find((p) => p.slack_user_id === marked.find((m) => m.session_event_id === r.session_event_id)?.recipient);
      return { ...r, recipient_name: to ? personName(to) : null };
    });
  }

  /**
   * A delivery's outbox row was sent: a cause it had failed with is cleared. Returns the sessions it cleared one
   * in, each with the causes still failing there (none when this was the last).
   */
  async clearDeliveryFailed(trx: Trx, workspaceId: number, outboxKey: string): Promise<Array<{ session_id: number; tag_id: number; still_failing: string[] }>> {
    const cleared = await trx
      .updateTable('journey_deliveries')
      .set({ failed_code: null })
      .where('workspace_id', '=', workspaceId)
      .where('outbox_key', '=', outboxKey)
      .where('failed_code', 'is not', null)
      .returning('session_event_id')
      .execute();
    if (!cleared.length) return [];
    const sessions = await trx
      .selectFrom('journey_session_events as se')
      .innerJoin('journey_sessions as s', 's.id', 'se.session_id')
      .select(['s.id as session_id', 's.tag_id'])
      .distinct()
      .where('se.workspace_id', '=', workspaceId)
      .where(
        'se.id',
        'in',
        cleared.map((c) => c.session_event_id),
      )
      .execute();
    const failing = await trx
      .selectFrom('journey_deliveries as d')
      .innerJoin('journey_session_events as se', 'se.id', 'd.session_event_id')
      .select(['se.session_id', 'd.failed_code'])
      .distinct()
      .where('d.workspace_id', '=', workspaceId)
      .where('d.failed_code', 'is not', null)
      .where(
        'se.session_id',
        'in',
        sessions.map((s) => s.session_id),
      )
      .execute();
    return sessions.map((s) => ({ ...s, still_failing: failing.filter((f) => f.session_id === s.session_id).map((f) => f.failed_code!) }));
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
      .where('workspace_id', 'in', activeWorkspaceIds(this.db))
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
      .select(['t.id', 't.workspace_id', 't.reminders_sent', 'e.title', 'e.text', 'g.name as journey_name', 'm.slack_user_id', 'm.tz', 's.time_zone', 's.state as session_state', 's.id as session_id', 's.start_date', 's.participant_member_id', 'se.minute_in_day', 'se.occurs_on'])
      .where('t.id', 'in', taskIds)
      .execute();
  }

  async setReminded(trx: Trx, id: number, values: { reminders_sent: number; next_remind_at: Date | null }, now: Date): Promise<void> {
    await trx.updateTable('journey_task_assignments').set({ ...values, updated_at: now }).where('id', '=', id).execute();
  }
}
