import { sql } from 'kysely';
import { personNameSql } from '../people/repository.js';
import type { Db, Executor, Trx } from '../db/index.js';
import type { SessionIssueType } from './tables.js';
import { activeWorkspaceIds } from '../workspaces/repository.js';

/** Reporting's SQL: only reporting's own tables, and member names from the core `members` table. */
/** An overdue item's issue text, from its open item `o`: "2 of 3 task assignments not completed". */
const OVERDUE_DETAIL = sql<string>`(o.expected - o.done) || ' of ' || o.expected || case when o.kind = 'task' then ' task assignments not completed' else ' poll responses missing' end`;

export class ReportingRepository {
  constructor(private readonly db: Db) {}

  // ---- replay guard

  /** True if this event is new to the aggregates (and records it as seen); false for a replay. */
  async claimSeq(trx: Trx, workspaceId: number, seq: number): Promise<boolean> {
    const r = await trx
      .insertInto('reporting_cursor')
      .values({ workspace_id: workspaceId, last_seq: seq })
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ last_seq: seq }).where('reporting_cursor.last_seq', '<', seq))
      .returning('workspace_id')
      .executeTakeFirst();
    return r !== undefined;
  }

  /** A member's Slack id (core `members` table), for the feedback DM. */
  async slackIdOf(ex: Executor, workspaceId: number, memberId: number): Promise<string | undefined> {
    const r = await ex.selectFrom('members').select('slack_user_id').where('workspace_id', '=', workspaceId).where('id', '=', memberId).where('deleted', '=', false).executeTakeFirst();
    return r?.slack_user_id;
  }

  /** The member of a Slack id (core `members` table): Watercooler's events name repliers by Slack id. */
  async memberIdOf(ex: Executor, workspaceId: number, slackUserId: string): Promise<number | undefined> {
    const r = await ex.selectFrom('members').select('id').where('workspace_id', '=', workspaceId).where('slack_user_id', '=', slackUserId).executeTakeFirst();
    return r?.id;
  }

  // ---- aggregates

  async addDaily(trx: Trx, workspaceId: number, stat: string, tagId: number, day: string, delta: number): Promise<void> {
    if (delta === 0) return;
    await trx
      .insertInto('reporting_daily')
      .values({ workspace_id: workspaceId, stat, tag_id: tagId, day, value: delta })
      .onConflict((oc) => oc.columns(['workspace_id', 'stat', 'tag_id', 'day']).doUpdateSet({ value: sql`reporting_daily.value + ${delta}` }))
      .execute();
  }

  /**
   * Records that a member did something on a day: once per day, week and month (keys prefixed d:, w:, mo:), the
   * first time in each bucket counted in reporting_daily (active_users:daily|weekly|monthly at the bucket's first day), and the
   * member's last active day kept, so the module reads counts instead of counting distinct rows.
   */
  async markActive(trx: Trx, workspaceId: number, day: string, memberKey: string, buckets: { weekly: string; monthly: string }): Promise<void> {
    for (const [agg, start, prefix] of [['daily', day, 'd'], ['weekly', buckets.weekly, 'w'], ['monthly', buckets.monthly, 'mo']] as const) {
      const r = await trx
        .insertInto('reporting_active_members')
        .values({ workspace_id: workspaceId, day: start, member_key: `${prefix}:${memberKey}` })
        .onConflict((oc) => oc.doNothing())
        .returning('day')
        .executeTakeFirst();
      if (r) await this.addDaily(trx, workspaceId, `active_users:${agg}`, 0, start, 1);
    }
    const bit = sql<string>`set_bit(repeat('0', 366)::bit(366), extract(doy from ${day}::date)::int - 1, 1)`;
    await trx
      .insertInto('reporting_member_active_days')
      .values({ workspace_id: workspaceId, member_key: memberKey, year: Number(day.slice(0, 4)), days: bit })
      .onConflict((oc) => oc.columns(['workspace_id', 'year', 'member_key']).doUpdateSet({ days: sql`reporting_member_active_days.days | excluded.days` }))
      .execute();
    await trx
      .insertInto('reporting_member_last_active')
      .values({ workspace_id: workspaceId, member_key: memberKey, last_day: day })
      .onConflict((oc) => oc.columns(['workspace_id', 'member_key']).doUpdateSet({ last_day: sql`greatest(reporting_member_last_active.last_day, excluded.last_day)` }))
      .execute();
  }

  /** Distinct members active from `start` to today (their last active day is in the window). */
  async activeSince(workspaceId: number, start: string): Promise<number> {
    const r = await this.db.selectFrom('reporting_member_last_active').select(sql<string>`count(*)`.as('n')).where('workspace_id', '=', workspaceId).where('last_day', '>=', start).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * Distinct members active in a past window (a custom range ending before today): each member's active-day bits of
   * the window's years, masked to the window (one row per member and year, not one per active day).
   */
  async activeBetween(workspaceId: number, start: string, end: string): Promise<number> {
    // Per year of the window, its days as a mask (bit n = day-of-year n + 1), built here once: a join to these
    // few constant rows, not a mask computed per member.
    const masks = yearMasks(start, end);
    const r = await sql<{ n: string }>`
      select count(distinct d.member_key) as n
      from reporting_member_active_days d
      join (values ${sql.join(masks.map((m) => sql`(${m.year}::int, ${m.mask}::bit(366))`))}) as w(year, mask) on w.year = d.year
      where d.workspace_id = ${workspaceId} and bit_count(d.days & w.mask) > 0`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** Per-day sums of a stat in [start, end] (all tags, or one). */
  async daily(workspaceId: number, stat: string, start: string, end: string, tagId: number | null): Promise<Map<string, number>> {
    let q = this.db
      .selectFrom('reporting_daily')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('d'), sql<string>`sum(value)`.as('v')])
      .where('workspace_id', '=', workspaceId)
      .where('stat', '=', stat)
      .where('day', '>=', start)
      .where('day', '<=', end);
    if (tagId !== null) q = q.where('tag_id', '=', tagId);
    const rows = await q.groupBy('day').execute();
    return new Map(rows.map((r) => [r.d, Number(r.v)]));
  }

  /** A state stat's running total before a day. */
  async sumBefore(workspaceId: number, stat: string, before: string, tagId: number | null): Promise<number> {
    let q = this.db.selectFrom('reporting_daily').select(sql<string>`coalesce(sum(value), 0)`.as('v')).where('workspace_id', '=', workspaceId).where('stat', '=', stat).where('day', '<', before);
    if (tagId !== null) q = q.where('tag_id', '=', tagId);
    return Number((await q.executeTakeFirstOrThrow()).v);
  }

  async earliestDay(workspaceId: number, stat: string): Promise<string | null> {
    const r = await this.db.selectFrom('reporting_daily').select(sql<string | null>`to_char(min(day), 'YYYY-MM-DD')`.as('d')).where('workspace_id', '=', workspaceId).where('stat', '=', stat).executeTakeFirst();
    return r?.d ?? null;
  }

  // ---- sessions and open items (the attention-required sources)

  async addSession(trx: Trx, row: { workspace_id: number; session_id: number; tag_id: number; participant_member_id: number | null }): Promise<boolean> {
    const r = await trx.insertInto('reporting_sessions').values(row).onConflict((oc) => oc.doNothing()).returning('session_id').executeTakeFirst();
    return r !== undefined;
  }

  session(ex: Executor, workspaceId: number, sessionId: number) {
    return ex.selectFrom('reporting_sessions').selectAll().where('workspace_id', '=', workspaceId).where('session_id', '=', sessionId).executeTakeFirst();
  }

  /** How many of a journey's sessions are running (recorded and not finished). */
  async runningSessions(trx: Trx, workspaceId: number, tagId: number): Promise<number> {
    const r = await trx
      .selectFrom('reporting_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('tag_id', '=', tagId)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Marks a session finished; its row before the change (undefined if unknown or already finished). */
  async finishSession(trx: Trx, workspaceId: number, sessionId: number) {
    return trx
      .updateTable('reporting_sessions')
      .set({ active: false })
      .where('workspace_id', '=', workspaceId)
      .where('session_id', '=', sessionId)
      .where('active', '=', true)
      .returningAll()
      .executeTakeFirst();
  }

  async openItem(trx: Trx, row: { workspace_id: number; session_event_id: number; kind: 'task' | 'poll'; session_id: number; tag_id: number; expected: number; sent_at: Date }): Promise<void> {
    await trx
      .insertInto('reporting_open_items')
      .values(row)
      .onConflict((oc) => oc.columns(['workspace_id', 'session_event_id']).doUpdateSet({ expected: sql`reporting_open_items.expected + ${row.expected}` }))
      .execute();
  }

  /**
   * One more answer to a task or poll. Its overdue issue, if one is open, counts what is still missing, and
   * closes when nothing is.
   */
  async itemDone(trx: Trx, workspaceId: number, sessionEventId: number): Promise<void> {
    await trx.updateTable('reporting_open_items').set({ done: sql`done + 1` }).where('workspace_id', '=', workspaceId).where('session_event_id', '=', sessionEventId).execute();
    const match = sql`o.workspace_id = ${workspaceId} and o.session_event_id = ${sessionEventId} and i.workspace_id = o.workspace_id and i.issue_key = o.kind || '_overdue:' || o.session_event_id`;
    await sql`delete from reporting_session_issues i using reporting_open_items o where ${match} and o.done >= o.expected`.execute(trx);
    await sql`update reporting_session_issues i set detail = ${OVERDUE_DETAIL} from reporting_open_items o where ${match} and o.done < o.expected`.execute(trx);
  }

  /** Workspaces with tasks or polls unanswered since before `sentBefore` that have no issue yet. */
  async workspacesWithOverdue(sentBefore: Date): Promise<number[]> {
    const rows = await this.unissuedOpenItems().select('o.workspace_id').distinct().where('o.sent_at', '<', sentBefore).execute();
    return rows.map((r) => r.workspace_id);
  }

  /** When the oldest open item with no issue yet went out (it becomes overdue OVERDUE_AFTER_DAYS later), or null. */
  async oldestUnissuedOpenItem(): Promise<Date | null> {
    const row = await this.unissuedOpenItems().select((eb) => eb.fn.min('o.sent_at').as('sent_at')).executeTakeFirst();
    return row?.sent_at ? new Date(row.sent_at) : null;
  }

  /** Tasks and polls of active workspaces still waiting on answers, whose overdue issue is not open yet. */
  private unissuedOpenItems() {
    return this.db
      .selectFrom('reporting_open_items as o')
      .where('o.workspace_id', 'in', activeWorkspaceIds(this.db))
      .where(sql<boolean>`o.done < o.expected`)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('reporting_session_issues as i').select(sql`1`.as('x')).whereRef('i.workspace_id', '=', 'o.workspace_id').where(sql<boolean>`i.issue_key = o.kind || '_overdue:' || o.session_event_id`))),
      );
  }

  /** Opens an issue for every overdue task or poll of a workspace (once per session event); how many were new. */
  async openOverdueIssues(workspaceId: number, sentBefore: Date, now: Date): Promise<number> {
    const r = await sql<{ n: string }>`
      with ins as (
        insert into reporting_session_issues (workspace_id, issue_key, issue_type, session_id, tag_id, member_id, session_event_id, detail, occurred_at)
        select o.workspace_id, o.kind || '_overdue:' || o.session_event_id, o.kind || '_overdue', o.session_id, o.tag_id, s.participant_member_id, o.session_event_id,
          ${OVERDUE_DETAIL},
          ${now}
        from reporting_open_items o
        left join reporting_sessions s on s.workspace_id = o.workspace_id and s.session_id = o.session_id
        where o.workspace_id = ${workspaceId} and o.sent_at < ${sentBefore} and o.done < o.expected
        on conflict (workspace_id, issue_key) do nothing
        returning 1
      ) select count(*) as n from ins`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  async openIssue(
    trx: Trx,
    row: {
      workspace_id: number;
      issue_key: string;
      issue_type: SessionIssueType;
      session_id: number;
      tag_id: number;
      member_id: number | null;
      session_event_id: number | null;
      detail: string;
      fix_path?: string | null;
      fix_label?: string | null;
      occurred_at: Date;
    },
  ): Promise<void> {
    await trx.insertInto('reporting_session_issues').values(row).onConflict((oc) => oc.columns(['workspace_id', 'issue_key']).doNothing()).execute();
  }

  /**
   * Closes (deletes) the issues a delivered session event settles: those of the event itself of the given types,
   * and the given keys (a role that now has people). Hidden ones go too; a recurrence opens a new one.
   */
  async closeIssues(trx: Trx, workspaceId: number, f: { sessionEventId: number; types: SessionIssueType[]; keys: string[] }): Promise<number> {
    const r = await trx
      .deleteFrom('reporting_session_issues')
      .where('workspace_id', '=', workspaceId)
      .where((eb) => {
        const bySessionEvent = eb.and([eb('session_event_id', '=', f.sessionEventId), eb('issue_type', 'in', f.types)]);
        return f.keys.length ? eb.or([bySessionEvent, eb('issue_key', 'in', f.keys)]) : bySessionEvent;
      })
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Closes a session's delivery_failed issues but those whose causes still fail (their keys). */
  async closeDeliveryIssues(trx: Trx, workspaceId: number, sessionId: number, keepKeys: string[]): Promise<void> {
    let q = trx.deleteFrom('reporting_session_issues').where('workspace_id', '=', workspaceId).where('session_id', '=', sessionId).where('issue_type', '=', 'delivery_failed');
    if (keepKeys.length) q = q.where('issue_key', 'not in', keepKeys);
    await q.execute();
  }

  // ---- strategic connections (Intros groups with journey participants)

  async addIntroGroup(trx: Trx, row: { workspace_id: number; meeting_id: number; program_id: number; round_id: number; member_ids: number[]; occurred_at: Date }): Promise<void> {
    await trx.insertInto('reporting_intro_groups').values(row).onConflict((oc) => oc.columns(['workspace_id', 'meeting_id']).doNothing()).execute();
  }

  async setIntroMet(trx: Trx, workspaceId: number, meetingId: number, met: boolean): Promise<void> {
    await trx.updateTable('reporting_intro_groups').set({ met }).where('workspace_id', '=', workspaceId).where('meeting_id', '=', meetingId).execute();
  }

  /** A program's groups in [from, to) (or one round's), oldest first. */
  introGroups(workspaceId: number, programId: number, f: { from: Date; to: Date; roundId: number | null }) {
    let q = this.db.selectFrom('reporting_intro_groups').selectAll().where('workspace_id', '=', workspaceId).where('program_id', '=', programId).where('occurred_at', '>=', f.from).where('occurred_at', '<', f.to);
    if (f.roundId !== null) q = q.where('round_id', '=', f.roundId);
    return q.orderBy('occurred_at').orderBy('meeting_id').execute();
  }

  /** Journey participants (of one journey, or all): each with whether one of their sessions is still running. */
  async participants(workspaceId: number, tagId: number | null): Promise<Array<{ memberId: number; active: boolean }>> {
    let q = this.db
      .selectFrom('reporting_sessions')
      .select(['participant_member_id', sql<boolean>`bool_or(active)`.as('active')])
      .where('workspace_id', '=', workspaceId)
      .where('participant_member_id', 'is not', null);
    if (tagId !== null) q = q.where('tag_id', '=', tagId);
    const rows = await q.groupBy('participant_member_id').execute();
    return rows.map((r) => ({ memberId: r.participant_member_id!, active: r.active }));
  }

  /** Members, with what personName needs (core `members` table). */
  people(workspaceId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('members').select(['id', 'name', 'real_name', 'display_name', 'slack_user_id']).where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
  }

  // ---- issues, listed

  private issuesQuery(workspaceId: number, f: { since: Date; tagIds: number[] | null; types: SessionIssueType[] }) {
    let q = this.db
      .selectFrom('reporting_session_issues as i')
      .where('i.workspace_id', '=', workspaceId)
      .where('i.hidden_at', 'is', null)
      .where('i.occurred_at', '>=', f.since)
      .where('i.issue_type', 'in', f.types);
    if (f.tagIds) q = q.where('i.tag_id', 'in', f.tagIds);
    return q;
  }

  async countIssues(workspaceId: number, f: { since: Date; tagIds: number[] | null; types: SessionIssueType[] }): Promise<number> {
    if (!f.types.length || (f.tagIds && !f.tagIds.length)) return 0;
    const r = await this.issuesQuery(workspaceId, f).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** A page of issues, ordered so a user's and a session's issues sit together (user, session, newest first). */
  async issues(workspaceId: number, f: { since: Date; tagIds: number[] | null; types: SessionIssueType[] }, offset: number, limit: number) {
    if (!f.types.length || (f.tagIds && !f.tagIds.length)) return [];
    return this.issuesQuery(workspaceId, f)
      .leftJoin('members as m', (j) => j.onRef('m.id', '=', 'i.member_id').onRef('m.workspace_id', '=', 'i.workspace_id'))
      .select(['i.id', 'i.issue_type', 'i.session_id', 'i.tag_id', 'i.member_id', 'i.session_event_id', 'i.detail', 'i.fix_path', 'i.fix_label', 'i.occurred_at', 'm.real_name', 'm.display_name', 'm.name', 'm.slack_user_id', 'm.avatar_url'])
      .orderBy(sql`coalesce(${personNameSql('m')}, '')`)
      .orderBy('i.member_id')
      .orderBy('i.session_id')
      .orderBy('i.occurred_at', 'desc')
      .orderBy('i.id')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** One issue of this workspace (for the issue policy). */
  issue(workspaceId: number, id: number): Promise<{ id: number; workspace_id: number; tag_id: number | null } | undefined> {
    return this.db.selectFrom('reporting_session_issues').select(['id', 'workspace_id', 'tag_id']).where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  async hideIssue(workspaceId: number, id: number, now: Date): Promise<void> {
    await this.db.updateTable('reporting_session_issues').set({ hidden_at: now }).where('workspace_id', '=', workspaceId).where('id', '=', id).where('hidden_at', 'is', null).execute();
  }

  // ---- intros feedback

  async addFeedback(workspaceId: number, row: { program_id: number; meeting_id: number; member_id: number; rating: number; comment: string | null }, now: Date): Promise<void> {
    await this.db
      .insertInto('reporting_coffee_feedbacks')
      .values({ workspace_id: workspaceId, ...row, created_at: now })
      .onConflict((oc) => oc.columns(['workspace_id', 'meeting_id', 'member_id']).doUpdateSet((eb) => ({ rating: eb.ref('excluded.rating'), comment: sql`coalesce(excluded.comment, reporting_coffee_feedbacks.comment)` })))
      .execute();
  }

  async feedbackStats(workspaceId: number, programIds: number[], since: Date) {
    if (!programIds.length) return [];
    return this.db
      .selectFrom('reporting_coffee_feedbacks')
      .select(['rating', sql<string>`count(*)`.as('n')])
      .where('workspace_id', '=', workspaceId)
      .where('program_id', 'in', programIds)
      .where('created_at', '>=', since)
      .groupBy('rating')
      .execute();
  }

  async feedbackComments(workspaceId: number, programIds: number[], offset: number, limit: number) {
    if (!programIds.length) return { rows: [], total: 0 };
    const base = this.db
      .selectFrom('reporting_coffee_feedbacks as f')
      .where('f.workspace_id', '=', workspaceId)
      .where('f.program_id', 'in', programIds)
      .where('f.comment', 'is not', null)
      .where('f.comment', '<>', '');
    const [rows, total] = await Promise.all([
      base
        .leftJoin('members as m', 'm.id', 'f.member_id')
        .select(['f.id', 'f.program_id', 'f.rating', 'f.comment', 'f.created_at', 'm.real_name', 'm.display_name', 'm.name'])
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  // ---- module settings

  settings(workspaceId: number, memberId: number) {
    return this.db.selectFrom('reporting_module_settings').selectAll().where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).executeTakeFirst();
  }

  async saveSettings(workspaceId: number, memberId: number, template: unknown, showAllTags: boolean, now: Date): Promise<void> {
    const json = JSON.stringify(template);
    await this.db
      .insertInto('reporting_module_settings')
      .values({ workspace_id: workspaceId, member_id: memberId, template: json, show_all_tags: showAllTags, updated_at: now })
      .onConflict((oc) => oc.columns(['workspace_id', 'member_id']).doUpdateSet({ template: json, show_all_tags: showAllTags, updated_at: now }))
      .execute();
  }
}

/** The days of [start, end] (YYYY-MM-DD) per calendar year, as bit(366) strings: bit n is day-of-year n + 1. */
export function yearMasks(start: string, end: string): Array<{ year: number; mask: string }> {
  const doy = (day: string) => (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${day.slice(0, 4)}-01-01T00:00:00Z`)) / 86_400_000;
  const first = Number(start.slice(0, 4));
  const last = Number(end.slice(0, 4));
  const out: Array<{ year: number; mask: string }> = [];
  for (let year = first; year <= last; year++) {
    const from = year === first ? doy(start) : 0;
    const to = year === last ? doy(end) : 365;
    out.push({ year, mask: '0'.repeat(from) + '1'.repeat(to - from + 1) + '0'.repeat(365 - to) });
  }
  return out;
}
