import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AuthContext } from '../http/auth.js';
import { notFound } from '../http/errors.js';
import { formatCalendarDate } from '../slack/dates.js';
import { parseLocalDate } from '../time/zoned.js';
import { requireAccess, workspacePolicy, type AccessPolicy } from '../platform/access.js';
import { STAT_LABELS, type ConnectionPerson, type CsvReportJson, type StrategicConnectionsJson, type FeedbackCommentsJson, type FeedbackStatsJson, type ReportingModuleDataJson, type ReportingModuleSettingsJson, type SessionIssuesJson, type ViewableConfigurationsJson } from './api-types.js';
import { reportingSendCsv } from './jobs.js';
import type { ReportingDeps } from './deps.js';
import { ReportingRepository } from './repository.js';
import { csvReportBody, moduleSetting, parseIds, putSettingsBody, strategicQuery, type dataQuery, type feedbackCommentsQuery, type feedbackStatsQuery, type issuesQuery } from './schema.js';
import { parse } from '../http/validate.js';
import { personName } from '../people/name.js';
import {
  aggregate,
  bucketOf,
  DEFAULT_TEMPLATE,
  EARLIEST_STATE_STAT_DATE,
  FEEDBACK_COMMENTS_PAGE_SIZE,
  FEEDBACK_WINDOW_LABELS,
  ISSUE_TYPES,
  ISSUES_PAGE_SIZE,
  isStateStat,
  addDays,
  normaliseSetting,
  OVERDUE_AFTER_DAYS,
  RATE_DENOMINATOR,
  reportCsv,
  sameTemplate,
  since,
  dayOf,
  windowRange,
  type ModuleSetting,
  type StatData,
} from './stats.js';
import type { SessionIssueType } from './tables.js';
import type { OutboxRow } from '../db/types.js';
import type { DeliveryStatus } from '../outbox/reasons.js';

/** journeys.md §1: "Admins get reporting: attention-required issues, intros feedback, and home-page stat modules". */
export const REPORTING_FORBIDDEN = 'Only workspace admins can see reporting';

/** A member's name from a left join (personName), or what to say when there is no member. */
const nameOr = (m: { real_name: string | null; display_name: string | null; name: string | null }, none: string): string =>
  m.name === null ? none : personName({ real_name: m.real_name ?? '', display_name: m.display_name ?? '', name: m.name });

/** The outbox kind of the CSV report's DM. */
const CSV_KIND = 'reporting-csv';

/** A computation still running after this long answers generating_async; the page polls until it is ready. */
export const ASYNC_AFTER_MS = 1500;

/** OVERDUE_AFTER_DAYS in milliseconds: an open item sent longer ago than this is overdue. */
const OVERDUE_MS = OVERDUE_AFTER_DAYS * 86_400_000;

/** A saved template, checked on load. */
const storedTemplate = z.array(moduleSetting).max(20);

export class ReportingService {
  readonly repo: ReportingRepository;
  private readonly pending = new Map<string, { promise: Promise<StatData>; result?: StatData; error?: unknown }>();

  constructor(readonly s: ReportingDeps) {
    this.repo = new ReportingRepository(s.db);
    s.outbox.onFailed(CSV_KIND, (row, status) => this.csvFailed(row, status));
  }

  /**
   * The workspace's reporting (module data and settings, the CSV report, session issues): workspace admins.
   * Strategic connections name journey participants, so they are workspace reporting too (journeys.md §1 "Admins
   * get reporting"); Intros feedback is per program: whoever may change the program (visibleIds).
   */
  readonly reports = workspacePolicy({ canRead: (auth) => auth.isAdmin, canEdit: (auth) => auth.isAdmin, forbidden: REPORTING_FORBIDDEN, readForbidden: REPORTING_FORBIDDEN });

  /** One attention-required issue: seen and hidden by workspace admins. */
  readonly issuePolicy: AccessPolicy<{ id: number; workspace_id: number }> = {
    load: (workspaceId, id) => this.repo.issue(workspaceId, id),
    canRead: (auth) => auth.isAdmin,
    canEdit: (auth) => auth.isAdmin,
    forbidden: REPORTING_FORBIDDEN,
    readForbidden: REPORTING_FORBIDDEN,
  };

  // ---- module settings

  private async own(auth: AuthContext, userId: number, mode: 'read' | 'edit') {
    await requireAccess(auth, this.reports, auth.workspace.id, mode);
    // Settings are the current user's own (journeys.md §6); anyone else's id is not found.
    if (userId !== auth.member.id) throw notFound();
  }

  async settings(auth: AuthContext, userId: number): Promise<ReportingModuleSettingsJson> {
    await this.own(auth, userId, 'read');
    const row = await this.repo.settings(auth.workspace.id, userId);
    // The stored template is checked like a request's: one saved by an older version falls back to the default.
    const template = storedTemplate.safeParse(row?.template);
    return { user_id: userId, show_all_tags: row?.show_all_tags === true, template: template.success ? (template.data as ModuleSetting[]) : DEFAULT_TEMPLATE };
  }

  async saveSettings(auth: AuthContext, userId: number, body: unknown): Promise<ReportingModuleSettingsJson> {
    await this.own(auth, userId, 'edit');
    const input = parse(putSettingsBody, body);
    const template = input.reporting_module_setting.template.map(normaliseSetting);
    const showAllTags = input.reporting_module_setting.showAllTags;
    const row = await this.repo.settings(auth.workspace.id, userId);
    const current = (row?.template as ModuleSetting[] | undefined) ?? DEFAULT_TEMPLATE;
    if (sameTemplate(current, template) && (row?.show_all_tags ?? false) === showAllTags) return { user_id: userId, show_all_tags: showAllTags, template: current, updated: false };
    await this.repo.saveSettings(auth.workspace.id, userId, template, showAllTags, this.s.clock.now());
    return { user_id: userId, show_all_tags: showAllTags, template, updated: true };
  }

  // ---- module data

  /** One module's numbers; a slow computation answers generating_async and finishes in the background. */
  async data(auth: AuthContext, q: z.infer<typeof dataQuery>): Promise<ReportingModuleDataJson> {
    const { workspaceId } = await requireAccess(auth, this.reports, auth.workspace.id, 'read');
    const key = JSON.stringify([workspaceId, q, dayOf(this.s.clock.now())]);
    let entry = this.pending.get(key);
    if (!entry) {
      const e: { promise: Promise<StatData>; result?: StatData; error?: unknown } = { promise: this.compute(workspaceId, q) };
      e.promise.then(
        (r) => (e.result = r),
        (err: unknown) => (e.error = err),
      );
      entry = e;
      this.pending.set(key, entry);
    }
    const timer = new Promise<'slow'>((resolve) => setTimeout(() => resolve('slow'), ASYNC_AFTER_MS).unref());
    const r = await Promise.race([entry.promise.catch(() => 'failed' as const), timer]);
    if (r === 'slow') return { status: 'generating_async', stat_name: q.stat_name };
    this.pending.delete(key);
    if (r === 'failed') throw entry.error;
    return { status: 'ready', ...r };
  }

  async compute(workspaceId: number, q: z.infer<typeof dataQuery>): Promise<StatData> {
    const today = dayOf(this.s.clock.now());
    const stat = q.stat_name;
    const tag = q.tag_id ?? null;
    const setting = normaliseSetting({ stat_name: stat, date_window: q.date_window, start_date: q.start_date ?? null, end_date: q.end_date ?? null, tag_id: tag, aggregation: q.aggregation });
    const earliest = setting.date_window === 'all_time' ? (isStateStat(stat) ? EARLIEST_STATE_STAT_DATE : ((await this.repo.earliestDay(workspaceId, stat === 'active_users' ? 'active_users:daily' : stat)) ?? today)) : null;
    const range = windowRange(setting.date_window, today, { start: setting.start_date, end: setting.end_date, earliest });
    if (stat === 'active_users') {
      // Per bucket: how many different members were active in it (kept by the subscriber); overall: distinct members.
      const [perBucket, distinct] = await Promise.all([
        this.repo.daily(workspaceId, `active_users:${q.aggregation}`, bucketOf(range.start, q.aggregation), range.end, null),
        range.end === today ? this.repo.activeSince(workspaceId, range.start) : this.repo.activeBetween(workspaceId, range.start, range.end),
      ]);
      const data = aggregate(stat, range, q.aggregation, new Map(), { distinctTotal: distinct });
      data.series = data.series.map((p) => ({ ...p, value: perBucket.get(p.date) ?? 0 }));
      return data;
    }
    if (isStateStat(stat)) {
      const [before, daily] = await Promise.all([this.repo.sumBefore(workspaceId, stat, range.start, tag), this.repo.daily(workspaceId, stat, range.start, range.end, tag)]);
      return aggregate(stat, range, q.aggregation, daily, { before });
    }
    const denominator = RATE_DENOMINATOR[stat];
    const [daily, sent] = await Promise.all([this.repo.daily(workspaceId, stat, range.start, range.end, tag), denominator ? this.repo.daily(workspaceId, denominator, range.start, range.end, tag) : Promise.resolve(undefined)]);
    return aggregate(stat, range, q.aggregation, daily, { sent });
  }

  // ---- the CSV report

  /** Queues the requester's report; the job sends it to them in a Slack DM. */
  async requestCsv(auth: AuthContext, body: unknown): Promise<CsvReportJson> {
    await requireAccess(auth, this.reports, auth.workspace.id, 'read');
    const tagId = parse(csvReportBody, body).tag_id;
    const requestId = randomUUID();
    await this.s.queue.enqueue(reportingSendCsv, { workspaceId: auth.workspace.id, memberId: auth.member.id, requestId, tagId }, { jobId: `reporting.csv:${requestId}` });
    return { status: 'queued' };
  }

  /** The job: every module of the requester's settings, as the page shows them, into one CSV file in their DMs. */
  async sendCsv(input: { workspaceId: number; memberId: number; requestId: string; tagId: number | null }): Promise<void> {
    const ws = input.workspaceId;
    const slackId = await this.repo.slackIdOf(this.s.db, ws, input.memberId);
    if (!slackId) return;
    const row = await this.repo.settings(ws, input.memberId);
    const template = (row?.template as ModuleSetting[] | undefined) ?? DEFAULT_TEMPLATE;
    const modules: Parameters<typeof reportCsv>[0] = [];
    for (const m of template) {
      const setting = { ...m, tag_id: row?.show_all_tags ? null : (input.tagId ?? m.tag_id) };
      const q = { ...setting, start_date: setting.start_date ?? undefined, end_date: setting.end_date ?? undefined, tag_id: setting.tag_id ?? undefined };
      modules.push({ label: STAT_LABELS[m.stat_name], setting, data: await this.compute(ws, q) });
    }
    const today = dayOf(this.s.clock.now());
    await this.s.outbox.enqueue([
      {
        workspaceId: ws,
        key: `reporting.csv:${input.requestId}`,
        kind: CSV_KIND,
        method: 'dm.file',
        args: { users: [slackId], filename: `hearth-report-${today}.csv`, title: `Hearth report, ${formatCalendarDate(parseLocalDate(today))}`, content: reportCsv(modules), initial_comment: 'Here is the reporting CSV you asked for.' },
      },
    ]);
  }

  /**
   * Slack refused the report for good, or never confirmed it: its requester is told in a DM, with why and the way to
   * ask for it again.
   */
  private async csvFailed(row: OutboxRow, status: DeliveryStatus): Promise<void> {
    const { users } = row.payload as { users: string[] };
    const url = `${this.s.config.publicUrl}/reporting`;
    const text =
      status.label === 'Not confirmed'
        ? `Hearth couldn't confirm your report reached you. If it isn't in this conversation, <${url}|ask for it again>.`
        : `Your Hearth report couldn’t be delivered: ${status.reason ?? 'Slack refused it.'} <${url}|Ask for it again>.`;
    await this.s.outbox.enqueue([{ workspaceId: row.workspace_id, key: `${row.idempotency_key}:failed`, kind: 'reporting-csv-failed', method: 'dm.post', args: { users, text } }]);
  }

  // ---- attention required

  async issues(auth: AuthContext, q: z.infer<typeof issuesQuery>): Promise<SessionIssuesJson> {
    const { workspaceId } = await requireAccess(auth, this.reports, auth.workspace.id, 'read');
    const filter = {
      since: since(q.date_window, this.s.clock.now()),
      tagIds: q.tag_ids ? parseIds(q.tag_ids) : null,
      types: (q.issue_types ? q.issue_types.split('-') : [...ISSUE_TYPES]) as SessionIssueType[],
    };
    const total = await this.repo.countIssues(workspaceId, filter);
    const totalPages = Math.max(1, Math.ceil(total / ISSUES_PAGE_SIZE));
    const rows = await this.repo.issues(workspaceId, filter, (q.page - 1) * ISSUES_PAGE_SIZE, ISSUES_PAGE_SIZE);
    const data: SessionIssuesJson['data'] = [];
    for (const r of rows) {
      let user = data.at(-1);
      if (!user || user.user.id !== r.member_id) {
        user = { user: { id: r.member_id, name: nameOr(r, 'No participant'), slack_user_id: r.slack_user_id, avatar_url: r.avatar_url }, sessions: [] };
        data.push(user);
      }
      let session = user.sessions.at(-1);
      if (!session || session.session_id !== r.session_id) {
        session = { session_id: r.session_id, tag_id: r.tag_id, issues: [] };
        user.sessions.push(session);
      }
      session.issues.push({ id: r.id, issue_type: r.issue_type, session_event_id: r.session_event_id, detail: r.detail, fix: r.fix_path && r.fix_label ? { label: r.fix_label, path: r.fix_path } : null, occurred_at: r.occurred_at.toISOString() });
    }
    return {
      data,
      cursor: { page: q.page, per_page: ISSUES_PAGE_SIZE, total_count: total, total_pages: totalPages, next_page: q.page < totalPages ? q.page + 1 : null, prev_page: q.page > 1 ? q.page - 1 : null },
    };
  }

  async hideIssue(auth: AuthContext, issueId: number): Promise<{ id: number; hidden: true }> {
    const issue = await requireAccess(auth, this.issuePolicy, issueId, 'edit');
    await this.repo.hideIssue(issue.workspace_id, issue.id, this.s.clock.now());
    return { id: issueId, hidden: true };
  }

  /** The derive job: every workspace's tasks and polls unanswered for OVERDUE_AFTER_DAYS become issues. */
  async workspacesWithOverdue(now: Date): Promise<number[]> {
    return this.repo.workspacesWithOverdue(new Date(now.getTime() - OVERDUE_MS));
  }

  /** The first instant an open task or poll counts as overdue (sent more than OVERDUE_AFTER_DAYS before it), or null. */
  async nextOverdue(): Promise<Date | null> {
    const sent = await this.repo.oldestUnissuedOpenItem();
    return sent && new Date(sent.getTime() + OVERDUE_MS + 1);
  }

  async deriveIssues(workspaceId: number): Promise<number> {
    const now = this.s.clock.now();
    return this.repo.openOverdueIssues(workspaceId, new Date(now.getTime() - OVERDUE_MS), now);
  }

  // ---- strategic connections

  /**
   * GET /reporting/strategic_connections_preview: the intros an Intros program (`id`) made for journey participants
   * (of journey `tag_id`, or of any) between two UTC days (default the last 90) or in one round (`batch_id`), and
   * who, still on their journey, had none. From reporting's own tables, kept from intro.group_created.
   */
  async strategicConnections(auth: AuthContext, rawQuery: unknown): Promise<StrategicConnectionsJson> {
    // It names journey participants and who is still on their journey: workspace reporting, for admins.
    const { workspaceId: ws } = await requireAccess(auth, this.reports, auth.workspace.id, 'read');
    const q = parse(strategicQuery, rawQuery);
    await this.s.programs.get(ws, q.id, 'CoffeeConfiguration');
    const end = q.end_date ?? dayOf(this.s.clock.now());
    const start = q.start_date ?? addDays(end, -89);
    const tagId = q.tag_id ?? null;
    const batchId = q.batch_id ?? null;
    const [groups, participants] = await Promise.all([
      this.repo.introGroups(ws, q.id, { from: new Date(`${start}T00:00:00Z`), to: new Date(`${addDays(end, 1)}T00:00:00Z`), roundId: batchId }),
      this.repo.participants(ws, tagId),
    ]);
    const inScope = new Map(participants.map((p) => [p.memberId, p.active]));
    const found = groups.flatMap((g) => g.member_ids.filter((m) => inScope.has(m)).map((memberId) => ({ memberId, group: g })));
    const connectedIds = new Set(found.map((f) => f.memberId));
    const waiting = participants.filter((p) => p.active && !connectedIds.has(p.memberId)).map((p) => p.memberId);
    const ids = [...new Set([...found.flatMap((f) => f.group.member_ids), ...waiting])];
    const names = new Map((await this.repo.people(ws, ids)).map((m) => [m.id, { id: m.id, name: personName(m), slack_user_id: m.slack_user_id }]));
    const person = (id: number): ConnectionPerson => names.get(id) ?? { id, name: 'Someone who left', slack_user_id: null };
    return {
      id: q.id,
      tag_id: tagId,
      batch_id: batchId,
      start_date: start,
      end_date: end,
      participants: participants.length,
      connected: connectedIds.size,
      connections: found.map(({ memberId, group }) => ({
        member: person(memberId),
        batch_id: group.round_id,
        date: dayOf(group.occurred_at),
        with: group.member_ids.filter((m) => m !== memberId).map(person),
        met: group.met,
      })),
      not_connected: waiting.map(person).sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  // ---- intros feedback

  /** A rating (and maybe a comment) from Slack for a meeting of one of this workspace's Intros programs. */
  async recordFeedback(workspaceId: number, input: { programId: number; meetingId: number; memberId: number; rating: number; comment: string | null }): Promise<boolean> {
    const program = await this.s.programs.get(workspaceId, input.programId, 'CoffeeConfiguration').catch(() => undefined);
    if (!program) return false;
    await this.repo.addFeedback(workspaceId, { program_id: program.id, meeting_id: input.meetingId, member_id: input.memberId, rating: input.rating, comment: input.comment }, this.s.clock.now());
    return true;
  }

  private async introsPrograms(auth: AuthContext) {
    return (await this.s.programs.listEditable(auth)).filter((p) => p.type === 'CoffeeConfiguration');
  }

  async viewableConfigurations(auth: AuthContext): Promise<ViewableConfigurationsJson> {
    const programs = await this.introsPrograms(auth);
    const json = await this.s.programs.serialize(auth.workspace, programs);
    return { configurations: json.map((p) => ({ id: p.id, channel: p.channel, is_active: p.is_active })) };
  }

  /** The asked-for programs this member may see; any other id is not found. */
  private async visibleIds(auth: AuthContext, configIds: string): Promise<number[]> {
    const ids = parseIds(configIds);
    const visible = new Set((await this.introsPrograms(auth)).map((p) => p.id));
    if (ids.some((i) => !visible.has(i))) throw notFound();
    return ids;
  }

  async feedbackStats(auth: AuthContext, q: z.infer<typeof feedbackStatsQuery>): Promise<FeedbackStatsJson> {
    const ids = await this.visibleIds(auth, q.config_ids);
    const rows = await this.repo.feedbackStats(auth.workspace.id, ids, since(q.date_window, this.s.clock.now()));
    const counts = new Map(rows.map((r) => [r.rating, Number(r.n)]));
    const ratings = [1, 2, 3, 4, 5].map((rating) => ({ rating, count: counts.get(rating) ?? 0 }));
    const total = ratings.reduce((a, r) => a + r.count, 0);
    const sum = ratings.reduce((a, r) => a + r.rating * r.count, 0);
    return { date_window: q.date_window, label: FEEDBACK_WINDOW_LABELS[q.date_window], total_count: total, average_rating: total ? Math.round((sum / total) * 100) / 100 : null, ratings };
  }

  async feedbackComments(auth: AuthContext, q: z.infer<typeof feedbackCommentsQuery>): Promise<FeedbackCommentsJson> {
    const ids = await this.visibleIds(auth, q.config_ids);
    const { rows, total } = await this.repo.feedbackComments(auth.workspace.id, ids, (q.page - 1) * FEEDBACK_COMMENTS_PAGE_SIZE, FEEDBACK_COMMENTS_PAGE_SIZE);
    return {
      data: rows.map((r) => ({ id: r.id, config_id: r.program_id, rating: r.rating, comment: r.comment ?? '', author: nameOr(r, 'Someone'), created_at: r.created_at.toISOString() })),
      page: q.page,
      per_page: FEEDBACK_COMMENTS_PAGE_SIZE,
      total_count: total,
    };
  }
}
