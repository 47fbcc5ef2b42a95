import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { celebrationPosted } from '../../src/celebrations/events.js';
import { introGroupCreated, introMet, introNotMet } from '../../src/intros/events.js';
import { journeyMessageSent, journeyPollAnswered, journeySessionCreated, journeySessionFinished, journeyTaskCompleted } from '../../src/journeys/events.js';
import { event, type PendingEvent } from '../../src/platform/events/define.js';
import { rewardRedeemed, shoutoutGiven } from '../../src/points/events.js';
import { programCreated, programPaused } from '../../src/programs/events.js';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { ControllableClock } from '../../src/time/clock.js';
import { promptPosted, replied } from '../../src/watercooler/events.js';
import { installAndSync, signIn, startTestHearth, type TestHearth } from '../support/hearth.js';
import { request, type SignedIn } from '../support/http.js';

/**
 * A known month of activity (November 2026) and each of the ten stat modules against a count made by hand: the
 * definitions in src/reporting/API.md, "The stats". The events are the ones the capabilities record; each day's
 * are recorded at that day's noon.
 */
describe(`reporting: a month counted by hand (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  const clock = new ControllableClock(new Date('2026-11-01T12:00:00Z'));
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let acme: number;
  let admin: SignedIn & { memberId: number };
  /** Eight Acme members: their member ids and Slack ids. */
  type Person = { id: number; slack: string };
  const people: Person[] = [];

  const on = async (day: number, ...events: PendingEvent[]) => {
    clock.set(new Date(Date.UTC(2026, 10, day, 12)));
    await t.hearth.services.events.transaction(async (_trx, emit) => emit(...events));
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = async (stat: string, extra = '', aggregation = 'weekly'): Promise<any> => {
    const r = await request<Record<string, unknown>>(t, admin, 'GET', `/reporting_module_settings/data?stat_name=${stat}&date_window=30d&aggregation=${aggregation}${extra}`);
    expect(r.status).toBe(200);
    return r.body;
  };

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    t = await startTestHearth({ slackApiUrl: sandbox.url, worker: false, clock });
    acme = await installAndSync(t, ACME.teamId, ACME.botToken);
    admin = await signIn(t, ACME.teamId, ACME.adminUserId);
    for (const slack of ['U0DEMO001', 'U0DEMO002', 'U0DEMO003', 'U0DEMO004', 'U0DEMO005', 'U0DEMO006', 'U0DEMO007', 'U0DEMO008']) {
      const m = await t.hearth.services.people.bySlackId(acme, slack);
      people.push({ id: m!.id, slack });
    }
    const [p1, p2, p3, m4, m5, m6, m7, m8] = people as [Person, Person, Person, Person, Person, Person, Person, Person];
    const journey = (sessionId: number, tagId: number, participant: number, flowType: 'onboarding' | 'mentorship', isSandbox = false) =>
      event(journeySessionCreated, acme, { sessionId, tagId, participantMemberId: participant, startDate: '2026-11-02', source: 'admin', isSandbox, flowType });

    // 2 Nov: an Intros program starts; onboarding journey 7 gets two new hires (p1, p2); the admin tries journey 7 out (a test run).
    await on(
      2,
      event(programCreated, acme, { programId: 501, type: 'CoffeeConfiguration', channelId: ACME.channels.intros, creatorMemberId: admin.memberId }),
      journey(1, 7, p1.id, 'onboarding'),
      journey(2, 7, p2.id, 'onboarding'),
      journey(3, 7, admin.memberId, 'onboarding', true),
    );
    // 5 Nov: mentorship journey 9 starts for p3; p1 gets a welcome message and a task; the test run's message reaches the admin.
    await on(
      5,
      journey(4, 9, p3.id, 'mentorship'),
      event(journeyMessageSent, acme, { sessionId: 1, sessionEventId: 10, eventId: 1, tagId: 7, kind: 'message', recipients: [p1.slack], manual: false }),
      event(journeyMessageSent, acme, { sessionId: 1, sessionEventId: 11, eventId: 2, tagId: 7, kind: 'task', recipients: [p1.slack], manual: false }),
      event(journeyMessageSent, acme, { sessionId: 3, sessionEventId: 30, eventId: 1, tagId: 7, kind: 'task', recipients: [ACME.adminUserId], manual: false }),
    );
    // 10 Nov: p1 does the task (and the admin "does" the test run's); a poll goes to p2 and m8 (p2's manager), p2 answers it; two celebration posts.
    await on(
      10,
      event(journeyTaskCompleted, acme, { taskAssignmentId: 1, sessionId: 1, sessionEventId: 11, memberId: p1.id, source: 'slack' }),
      event(journeyTaskCompleted, acme, { taskAssignmentId: 2, sessionId: 3, sessionEventId: 30, memberId: admin.memberId, source: 'slack' }),
      event(journeyMessageSent, acme, { sessionId: 2, sessionEventId: 12, eventId: 3, tagId: 7, kind: 'poll', recipients: [p2.slack, m8.slack], manual: false }),
      event(journeyPollAnswered, acme, { pollResponseId: 1, sessionId: 2, sessionEventId: 12, memberId: p2.id, answerIndex: 0, source: 'slack' }),
      event(celebrationPosted, acme, { programId: 502, kind: 'birthday', scheduleIds: [1], memberIds: [m7.id], runOn: '2026-11-10' }),
      event(celebrationPosted, acme, { programId: 502, kind: 'anniversary', scheduleIds: [2, 3], memberIds: [m4.id, m5.id], runOn: '2026-11-10' }),
    );
    // 12 Nov: a Watercooler prompt, m4 replies twice; an intro of m5 and m6: m5 says they met, m6 (later) that they did not.
    await on(
      12,
      event(promptPosted, acme, { programId: 503, postId: 1, promptId: 1 }),
      event(replied, acme, { programId: 503, postId: 1, slackUserId: m4.slack }),
      event(replied, acme, { programId: 503, postId: 1, slackUserId: m4.slack }),
      event(introGroupCreated, acme, { programId: 501, roundId: 1, meetingId: 1, memberIds: [m5.id, m6.id] }),
      event(introMet, acme, { programId: 501, roundId: 1, meetingId: 1, memberId: m5.id, replaces: null }),
    );
    // 16 Nov: p2's session ends (journey 7 still runs p1's); the Intros program is paused.
    await on(16, event(journeySessionFinished, acme, { sessionId: 2, tagId: 7, participantMemberId: p2.id }), event(programPaused, acme, { programId: 501, type: 'CoffeeConfiguration' }));
    // 20 Nov: p3's session ends (journey 9 has none left); m6 gives a shoutout to m7; m7 redeems a reward; the test run ends.
    await on(
      20,
      event(journeySessionFinished, acme, { sessionId: 4, tagId: 9, participantMemberId: p3.id }),
      event(journeySessionFinished, acme, { sessionId: 3, tagId: 7, participantMemberId: admin.memberId }),
      event(shoutoutGiven, acme, { shoutoutId: 1, giverId: m6.id, recipientId: m7.id, points: 10 }),
      event(rewardRedeemed, acme, { redemptionId: 1, listingId: 1, memberId: m7.id, points: 10, giftCard: false }),
    );
    // 23 Nov: m6 answers the intro's check-in: not met (it does not take m5's "met" back: one meeting, one "met").
    await on(23, event(introNotMet, acme, { programId: 501, roundId: 1, meetingId: 1, memberId: m6.id, replaces: null }));
    clock.set(new Date('2026-11-30T12:00:00Z'));
    await t.hearth.services.events.deliver('reporting.aggregates', acme);
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('active users: p1 (their messages, their task), p2 (their poll), m4 (a reply), m5 (met), m6 (a shoutout), m7 (a redemption) — not p3 (nothing reached them), m8 (a manager who did not answer) or the admin (a test run)', async () => {
    expect((await data('active_users')).total).toBe(6);
  });

  it('active users by week: each week counts the different people active in it, so p1 (5 and 10 Nov) counts in two weeks and the weeks add up to more than the total', async () => {
    const weeks = (await data('active_users')).series.filter((p: { value: number }) => p.value > 0).map((p: { date: string; value: number }) => [p.date, p.value]);
    // Weeks start on Monday: p1 (2 Nov); p1, p2, m4, m5 (9 Nov); m6, m7 (16 Nov).
    expect(weeks).toEqual([
      ['2026-11-02', 1],
      ['2026-11-09', 4],
      ['2026-11-16', 2],
    ]);
  });

  it('sessions created: 2 onboarding (the test run not among them) and 1 other; with a journey, its own', async () => {
    expect((await data('onboarding_sessions_created')).total).toBe(2);
    expect((await data('nonboarding_sessions_created')).total).toBe(1);
    expect((await data('nonboarding_sessions_created', '&tag_id=9')).total).toBe(1);
    expect((await data('onboarding_sessions_created', '&tag_id=9')).total).toBe(0);
  });

  it('sessions running with a participant at the end: p1 only; 3 on 10 Nov', async () => {
    const s = await data('active_session_members', '', 'daily');
    expect(s.total).toBe(1);
    expect(s.series.find((p: { date: string }) => p.date === '2026-11-10').value).toBe(3);
  });

  it('tasks: 1 done of 1 assigned (the test run’s not counted); polls: 1 answer of 2 sent', async () => {
    expect(await data('task_assignments_completed')).toMatchObject({ total: 1, sent: 1, rate: 100 });
    expect(await data('poll_interactions_completed')).toMatchObject({ total: 1, sent: 2, rate: 50 });
  });

  it('Intros meetings: 1 (m5 said they met; m6’s "not met" is theirs, not a retraction)', async () => {
    expect((await data('coffee_meetings_completed')).total).toBe(1);
  });

  it('active programs: 3 on 10 Nov (Intros, journeys 7 and 9); 1 at the end (journey 7 running p1)', async () => {
    const s = await data('active_programs', '', 'daily');
    expect(s.series.find((p: { date: string }) => p.date === '2026-11-10').value).toBe(3);
    expect(s.series.find((p: { date: string }) => p.date === '2026-11-17').value).toBe(2);
    expect(s.total).toBe(1);
  });

  it('celebration posts: 2; Watercooler prompts: 1', async () => {
    expect((await data('celebration_events_sent')).total).toBe(2);
    expect((await data('watercooler_prompt_events_sent')).total).toBe(1);
  });
});
