import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../src/http/auth.js';
import { introGroupCreated, introMet } from '../../src/intros/events.js';
import { journeyMessageSent, journeyPollAnswered, journeyRoleMissing, journeySessionCreated, journeyTaskCompleted } from '../../src/journeys/events.js';
import { event } from '../../src/platform/events/define.js';
import { ReportingService } from '../../src/reporting/service.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { replied } from '../../src/watercooler/events.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { installAndSync, signIn, startTestHearth, type TestHearth } from '../support/hearth.js';
import { request, type SignedIn } from '../support/http.js';

/** Reporting's endpoints over the aggregates its subscriber keeps from domain events. */
describe(`reporting (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let acme: number;
  let globex: number;
  let admin: { cookie: string; csrf: string; memberId: number };
  let other: { cookie: string; csrf: string; memberId: number };
  let reporting: ReportingService;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = async (who: SignedIn, method: string, path: string, body?: unknown) => { const r = await request<any>(t, who, method, path, body); return { status: r.status, json: r.body }; };
  const deliver = () => t.hearth.services.events.deliver('reporting.aggregates', acme);
  const total = async (stat: string, extra = '') => (await call(admin, 'GET', `/reporting_module_settings/data?stat_name=${stat}&date_window=30d${extra}`)).json.total as number;

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    t = await startTestHearth({ slackApiUrl: sandbox.url, worker: false });
    acme = await installAndSync(t, ACME.teamId, ACME.botToken);
    globex = await installAndSync(t, GLOBEX.teamId, GLOBEX.botToken);
    admin = await signIn(t, ACME.teamId, ACME.adminUserId);
    other = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    reporting = new ReportingService(t.hearth.services);
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('counts sessions, tasks and polls from the domain events, and a replay counts nothing twice', async () => {
    const p = admin.memberId;
    await t.hearth.services.events.transaction(async (_trx, emit) => {
      emit(event(journeySessionCreated, acme, { sessionId: 1, tagId: 7, participantMemberId: p, startDate: '2026-11-20', source: 'admin', isSandbox: false }));
      emit(event(journeySessionCreated, acme, { sessionId: 2, tagId: 8, participantMemberId: p, startDate: '2026-11-20', source: 'admin', isSandbox: false }));
      emit(event(journeyMessageSent, acme, { sessionId: 1, sessionEventId: 11, eventId: 1, tagId: 7, kind: 'task', recipients: ['U1', 'U2'], manual: false }));
      emit(event(journeyMessageSent, acme, { sessionId: 1, sessionEventId: 12, eventId: 2, tagId: 7, kind: 'poll', recipients: ['U1', 'U2', 'U3', 'U4'], manual: false }));
      emit(event(journeyTaskCompleted, acme, { taskAssignmentId: 1, sessionId: 1, sessionEventId: 11, memberId: p, source: 'slack' }));
      emit(event(journeyPollAnswered, acme, { pollResponseId: 1, sessionId: 1, sessionEventId: 12, memberId: p, answerIndex: 0, source: 'slack' }));
      emit(event(journeyRoleMissing, acme, { sessionId: 1, sessionEventId: 13, tagId: 7, roleId: 3 }));
    });
    await deliver();
    expect(await total('onboarding_sessions_created')).toBe(2);
    expect(await total('onboarding_sessions_created', '&tag_id=8')).toBe(1);
    expect(await total('active_session_members')).toBe(2);
    const tasks = (await call(admin, 'GET', '/reporting_module_settings/data?stat_name=task_assignments_completed&date_window=7d&aggregation=daily')).json;
    expect(tasks).toMatchObject({ status: 'ready', total: 1, sent: 2, rate: 50 });
    expect(tasks.series).toHaveLength(7);
    const polls = (await call(admin, 'GET', '/reporting_module_settings/data?stat_name=poll_interactions_completed&date_window=7d')).json;
    expect(polls).toMatchObject({ total: 1, sent: 4, rate: 25 });
    expect(await total('active_users')).toBe(1);

    // Replay: the cursor moved back to the start (a renamed subscriber, a restored backup) — nothing doubles.
    await t.hearth.services.db.updateTable('event_cursors').set({ last_seq: 0 }).where('subscriber', '=', 'reporting.aggregates').where('workspace_id', '=', acme).execute();
    await deliver();
    expect(await total('onboarding_sessions_created')).toBe(2);
    expect((await call(admin, 'GET', '/reporting_module_settings/data?stat_name=task_assignments_completed&date_window=7d')).json.total).toBe(1);
  });

  it('counts other journeys apart from onboarding by the flow type; a Watercooler reply counts the same member as their task', async () => {
    await t.hearth.services.events.transaction(async (_trx, emit) => {
      emit(event(journeySessionCreated, acme, { sessionId: 3, tagId: 9, participantMemberId: null, startDate: '2026-11-20', source: 'admin', isSandbox: false, flowType: 'mentorship' }));
      emit(event(journeySessionCreated, acme, { sessionId: 4, tagId: 7, participantMemberId: null, startDate: '2026-11-20', source: 'admin', isSandbox: false, flowType: 'onboarding' }));
      // The admin, active already by their task, replies in a Watercooler thread (named by Slack id), and so
      // does someone Hearth does not know.
      emit(event(replied, acme, { programId: 1, postId: 1, slackUserId: ACME.adminUserId }));
      emit(event(replied, acme, { programId: 1, postId: 1, slackUserId: 'U0NOBODY' }));
    });
    await deliver();
    expect(await total('nonboarding_sessions_created')).toBe(1);
    expect(await total('nonboarding_sessions_created', '&tag_id=9')).toBe(1);
    expect(await total('onboarding_sessions_created')).toBe(3);
    expect(await total('active_users')).toBe(1);
  });

  it('sends the CSV report of the requester’s modules to them as a file in a Slack DM, through the outbox', async () => {
    const queued = await call(admin, 'POST', '/reporting/csv_report', {});
    expect(queued).toEqual({ status: 202, json: { status: 'queued' } });
    expect((await call(admin, 'POST', '/reporting/csv_report', { tag_id: 'x' })).status).toBe(400);
    // The job's work (this test runs no worker), then the outbox row it wrote.
    await reporting.sendCsv({ workspaceId: acme, memberId: admin.memberId, requestId: 'test-csv', tagId: null });
    const row = await t.hearth.services.db.selectFrom('outbox').selectAll().where('idempotency_key', '=', 'reporting.csv:test-csv').executeTakeFirstOrThrow();
    expect(row.method).toBe('dm.file');
    expect(await t.hearth.services.outbox.send(row.id)).toBe('sent');
    const dm = sandbox.state.openConversation(ACME.teamId, ACME.botUserId, [ACME.adminUserId]).channel.id;
    const message = sandbox.state.messageList(dm).at(-1)!;
    expect(message.text).toBe('Here is the reporting CSV you asked for.');
    const file = sandbox.state.file(ACME.teamId, message.files![0]!.id)!;
    expect(file.name).toMatch(/^hearth-report-\d{4}-\d{2}-\d{2}\.csv$/);
    // The title people read names the day in words, not as an ISO date.
    expect(file.title).toMatch(/^Hearth report, [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/);
    const lines = file.content!.trim().split('\n');
    expect(lines[0]).toBe('Module,Stat,Journey,From,To,Group by,Period starting,Value,Sent,Rate (%)');
    expect(lines.some((l) => l.startsWith('Task assignments completed,task_assignments_completed,All,'))).toBe(true);
    expect(lines.length).toBeGreaterThan(5);
  });

  it('answers generating_async while a computation runs, then the numbers once it is done', async () => {
    let finish!: () => void;
    let started = 0;
    const slow = new (class extends ReportingService {
      override async compute(...args: Parameters<ReportingService['compute']>) {
        started++;
        await new Promise<void>((resolve) => (finish = resolve));
        return super.compute(...args);
      }
    })(t.hearth.services);
    const q = { stat_name: 'onboarding_sessions_created' as const, date_window: '30d' as const, aggregation: 'weekly' as const };
    const ws = (await t.hearth.services.workspaces.byId(acme))!;
    const me = (await t.hearth.services.people.bySlackId(acme, ACME.adminUserId))!;
    const auth: AuthContext = { workspace: ws, member: me, roles: { workspaceAdmin: true, accountOwner: false, accountAdmin: false }, isAdmin: true, csrfToken: '' };
    expect(await slow.data(auth, q)).toEqual({ status: 'generating_async', stat_name: 'onboarding_sessions_created' });
    // The page polls again: the same computation is still running (not started twice).
    expect((await slow.data(auth, q)).status).toBe('generating_async');
    expect(started).toBe(1);
    finish();
    await expect.poll(async () => (await slow.data(auth, q)).status).toBe('ready');
  });

  it('counts distinct active members over a past window from their active-day bits, across a new year', async () => {
    const buckets = (day: string) => ({ weekly: day, monthly: `${day.slice(0, 7)}-01` });
    await t.hearth.services.db.transaction().execute(async (trx) => {
      for (const [day, key] of [
        ['2024-12-31', 'm:1'],
        ['2025-01-01', 'm:2'],
        ['2025-01-01', 'm:1'],
        ['2025-03-10', 'm:3'],
        ['2025-12-31', 'm:4'],
        ['2024-02-29', 'm:5'],
      ] as const)
        await reporting.repo.markActive(trx, globex, day, key, buckets(day));
    });
    const between = (start: string, end: string) => reporting.repo.activeBetween(globex, start, end);
    expect(await between('2024-12-31', '2024-12-31')).toBe(1);
    expect(await between('2024-12-31', '2025-01-01')).toBe(2);
    expect(await between('2025-01-02', '2025-03-09')).toBe(0);
    expect(await between('2025-03-10', '2025-03-10')).toBe(1);
    expect(await between('2025-01-01', '2025-12-31')).toBe(4);
    expect(await between('2024-01-01', '2025-12-31')).toBe(5);
    expect(await between('2024-02-29', '2024-02-29')).toBe(1);
    expect(await between('2024-03-01', '2024-12-30')).toBe(0);
    // Another workspace's members are not counted.
    expect(await reporting.repo.activeBetween(acme, '2024-01-01', '2025-12-31')).toBe(0);
  });

  it('answers 400 naming the field for bad module queries', async () => {
    const bad = await call(admin, 'GET', '/reporting_module_settings/data?stat_name=nope');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields ?? bad.json.errors ?? {})).toContain('stat_name');
    const window = await call(admin, 'GET', '/reporting_module_settings/data?stat_name=active_users&date_window=2w');
    expect(window.status).toBe(400);
    const order = await call(admin, 'GET', '/reporting_module_settings/data?stat_name=active_users&date_window=custom&start_date=2026-02-01&end_date=2026-01-01');
    expect(order.status).toBe(400);
    expect(JSON.stringify(order.json)).toContain('start_date');
  });

  it('keeps module settings per user: defaults, custom-window rules, skipped unchanged updates, showAllTags must be boolean', async () => {
    const path = `/reporting_module_settings/${admin.memberId}`;
    const first = await call(admin, 'GET', path);
    expect(first.status).toBe(200);
    expect(first.json.template.length).toBeGreaterThan(0);
    const template = [
      { stat_name: 'coffee_meetings_completed', date_window: 'custom', start_date: null, end_date: null, tag_id: null, aggregation: 'weekly' },
      { stat_name: 'active_programs', date_window: 'custom', start_date: null, end_date: null, tag_id: null, aggregation: 'monthly' },
    ];
    const noFlag = await call(admin, 'PUT', path, { reporting_module_setting: { template } });
    expect(noFlag.status).toBe(400);
    expect(JSON.stringify(noFlag.json)).toContain('showAllTags');
    const saved = await call(admin, 'PUT', path, { reporting_module_setting: { template, showAllTags: false } });
    expect(saved.status).toBe(200);
    expect(saved.json.updated).toBe(true);
    expect(saved.json.template[0]).toMatchObject({ date_window: 'all_time', start_date: null });
    expect(saved.json.template[1]).toMatchObject({ date_window: 'custom', start_date: '2023-01-01' });
    const again = await call(admin, 'PUT', path, { reporting_module_setting: { template: saved.json.template, showAllTags: false } });
    expect(again.json.updated).toBe(false);
    expect((await call(admin, 'GET', path)).json.template).toEqual(saved.json.template);
    // Someone else's settings, and another workspace's member: not found.
    expect((await call(other, 'GET', path)).status).toBe(404);
    expect((await call(admin, 'GET', `/reporting_module_settings/${other.memberId}`)).status).toBe(404);
  });

  it('lists attention-required issues grouped by user then session, derives overdue ones, and hides them', async () => {
    const list = await call(admin, 'GET', '/onboarding/session_issues');
    expect(list.status).toBe(200);
    expect(list.json.cursor).toMatchObject({ page: 1, per_page: 10, total_count: 1 });
    expect(list.json.data[0].sessions[0].issues[0].issue_type).toBe('missing_role');
    // Open tasks and polls go overdue after three days: the derive job opens one issue each, once.
    const sentAt = new Date(Date.now() - 4 * 86_400_000);
    await t.hearth.services.db.updateTable('reporting_open_items').set({ sent_at: sentAt }).where('workspace_id', '=', acme).execute();
    // The tick's source is due the moment the first is overdue (so an advance of the sandbox clock derives it too).
    expect(await reporting.nextOverdue()).toEqual(new Date(sentAt.getTime() + 3 * 86_400_000 + 1));
    expect(await reporting.deriveIssues(acme)).toBe(2);
    expect(await reporting.deriveIssues(acme)).toBe(0);
    expect(await reporting.nextOverdue()).toBeNull();
    const all = await call(admin, 'GET', '/onboarding/session_issues?date_window=1w');
    expect(all.json.cursor.total_count).toBe(3);
    expect(all.json.data).toHaveLength(1);
    expect(all.json.data[0].sessions).toHaveLength(1);
    expect(all.json.data[0].sessions[0].issues.map((i: { issue_type: string }) => i.issue_type).sort()).toEqual(['missing_role', 'poll_overdue', 'task_overdue']);
    const filtered = await call(admin, 'GET', '/onboarding/session_issues?issue_types=task_overdue-poll_overdue&tag_ids=7');
    expect(filtered.json.cursor.total_count).toBe(2);
    expect((await call(admin, 'GET', '/onboarding/session_issues?tag_ids=8')).json.cursor.total_count).toBe(0);
    expect((await call(admin, 'GET', '/onboarding/session_issues?issue_types=late')).status).toBe(400);
    expect((await call(admin, 'GET', '/onboarding/session_issues?date_window=2w')).status).toBe(400);

    const id = all.json.data[0].sessions[0].issues[0].id as number;
    expect((await call(other, 'POST', `/onboarding/session_issues/${id}/hide_issue`, {})).status).toBe(404);
    expect((await call(admin, 'POST', `/onboarding/session_issues/${id}/hide_issue`, {})).json).toEqual({ id, hidden: true });
    expect((await call(admin, 'GET', '/onboarding/session_issues')).json.cursor.total_count).toBe(2);
    expect((await call(admin, 'POST', '/onboarding/session_issues/999999/hide_issue', {})).status).toBe(404);
  });

  it('counts an overdue item down as it is answered, and closes its issue when nothing is missing', async () => {
    const detail = async (key: string) => (await t.hearth.services.db.selectFrom('reporting_session_issues').select('detail').where('workspace_id', '=', acme).where('issue_key', '=', key).executeTakeFirst())?.detail;
    expect(await detail('task_overdue:11')).toBe('1 of 2 task assignments not completed');
    expect(await detail('poll_overdue:12')).toBe('3 of 4 poll responses missing');
    const q = await t.hearth.services.people.bySlackId(acme, 'U0DEMO003');
    await t.hearth.services.events.transaction(async (_trx, emit) => {
      emit(event(journeyTaskCompleted, acme, { taskAssignmentId: 2, sessionId: 1, sessionEventId: 11, memberId: q!.id, source: 'site' }));
      emit(event(journeyPollAnswered, acme, { pollResponseId: 2, sessionId: 1, sessionEventId: 12, memberId: q!.id, answerIndex: 1, source: 'slack' }));
    });
    await deliver();
    expect(await detail('poll_overdue:12')).toBe('2 of 4 poll responses missing');
    expect(await detail('task_overdue:11')).toBeUndefined();
  });

  it('aggregates Intros feedback for programs the member can see; another workspace is a 404', async () => {
    const res = await call(admin, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    expect(res.status).toBe(200);
    const programId = res.json.id as number;
    const configs = await call(admin, 'GET', '/coffee_feedbacks/viewable_configurations');
    expect(configs.json.configurations.map((c: { id: number }) => c.id)).toContain(programId);
    for (const [i, rating] of [5, 4, 4].entries()) await reporting.repo.addFeedback(acme, { program_id: programId, meeting_id: 100 + i, member_id: admin.memberId, rating, comment: i === 0 ? 'Great chat' : null }, new Date());
    const stats = await call(admin, 'GET', `/coffee_feedbacks/aggregation_stats?config_ids=${programId}`);
    expect(stats.json).toMatchObject({ date_window: '3m', label: '3 months', total_count: 3, average_rating: 4.33 });
    const comments = await call(admin, 'GET', `/coffee_feedbacks/aggregation_comments?config_ids=${programId}&page=1`);
    expect(comments.json).toMatchObject({ total_count: 1, data: [{ comment: 'Great chat', rating: 5 }] });
    expect((await call(other, 'GET', `/coffee_feedbacks/aggregation_stats?config_ids=${programId}`)).status).toBe(404);
    expect((await call(admin, 'GET', '/coffee_feedbacks/aggregation_stats')).status).toBe(400);
    expect((await call(admin, 'GET', `/coffee_feedbacks/aggregation_stats?config_ids=${programId}&date_window=2y`)).status).toBe(400);
  });

  it('previews strategic connections: whom an Intros program introduced the journeys’ participants to, and who is still waiting', async () => {
    const programId = (await call(admin, 'GET', '/coffee_feedbacks/viewable_configurations')).json.configurations[0].id as number;
    const idOf = async (slackId: string) => (await t.hearth.services.people.bySlackId(acme, slackId))!.id;
    const [ananya, rohan, kai] = [await idOf('U0DEMO007'), await idOf('U0DEMO008'), await idOf('U0DEMO009')];
    await t.hearth.services.events.transaction(async (_trx, emit) => {
      emit(event(journeySessionCreated, acme, { sessionId: 5, tagId: 7, participantMemberId: ananya, startDate: '2026-11-20', source: 'admin', isSandbox: false, flowType: 'onboarding' }));
      emit(event(journeySessionCreated, acme, { sessionId: 6, tagId: 7, participantMemberId: rohan, startDate: '2026-11-20', source: 'admin', isSandbox: false, flowType: 'onboarding' }));
      emit(event(introGroupCreated, acme, { programId, roundId: 900, meetingId: 901, memberIds: [ananya, kai] }));
      emit(event(introGroupCreated, acme, { programId, roundId: 900, meetingId: 902, memberIds: [kai, admin.memberId] }));
      emit(event(introMet, acme, { programId, roundId: 900, meetingId: 901, memberId: ananya, replaces: null }));
    });
    await deliver();
    const path = `/reporting/strategic_connections_preview?id=${programId}`;
    const all = (await call(admin, 'GET', `${path}&tag_id=7`)).json;
    // Journey 7: the admin (session 1), Ananya and Rohan; Ananya met Kai; the admin was grouped with Kai.
    expect(all).toMatchObject({ id: programId, tag_id: 7, batch_id: null, participants: 3, connected: 2 });
    const ananyas = all.connections.find((c: { member: { id: number } }) => c.member.id === ananya);
    expect(ananyas).toMatchObject({ batch_id: 900, met: true, with: [{ id: kai }] });
    expect(all.not_connected.map((p: { id: number }) => p.id)).toEqual([rohan]);
    expect((await call(admin, 'GET', `${path}&tag_id=7&batch_id=999`)).json).toMatchObject({ connected: 0, connections: [] });
    expect((await call(admin, 'GET', `${path}&tag_id=8`)).json).toMatchObject({ participants: 1, connected: 1 });
    expect((await call(admin, 'GET', `${path}&start_date=2020-01-01&end_date=2020-02-01`)).json.connected).toBe(0);
    expect((await call(admin, 'GET', '/reporting/strategic_connections_preview')).status).toBe(400);
    expect((await call(admin, 'GET', `${path}&start_date=2026-13-01`)).status).toBe(400);
    expect((await call(other, 'GET', path)).status).toBe(404);
  });

  it('another workspace sees none of it', async () => {
    expect((await call(other, 'GET', '/onboarding/session_issues')).json.cursor.total_count).toBe(0);
    expect((await call(other, 'GET', '/reporting_module_settings/data?stat_name=onboarding_sessions_created')).json.total).toBe(0);
    expect(globex).toBeGreaterThan(0);
  });
});
