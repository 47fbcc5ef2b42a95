import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeysDeliver } from '../../src/journeys/jobs.js';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { ControllableClock } from '../../src/time/clock.js';
import { formatLocalDate, instantToZoned } from '../../src/time/zoned.js';
import { installAndSync, killWorker, signIn, startTestHearth, startWorkerProcess, type TestHearth } from '../support/hearth.js';
import { call as callApp } from '../support/http.js';
import { setPlan } from '../support/sandbox-hearth.js';

/** The parts of the API's answers these calls read. */
interface Answer {
  tag: { id: number; roleIds: number[] };
  event: { id: number };
  session: { session_events: Array<{ id: number }> };
}

/**
 * A journey message reaches the new hire exactly once even when workers die: first while its DM is being opened
 * (the session event is claimed, its message queued, nothing sent), then while Slack's answer to the post is on its
 * way (Slack stored it; the outbox reconciles from history instead of sending again). Real BullMQ on Redis and real
 * processes, so only with DATABASE_URL and REDIS_URL.
 */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('Journeys with workers killed mid-send (Postgres + BullMQ)', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  const children: ChildProcess[] = [];
  const clock = new ControllableClock(new Date());

  async function startWorker(): Promise<ChildProcess> {
    const child = await startWorkerProcess(t, sandbox.url);
    children.push(child);
    return child;
  }

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    t = await startTestHearth({ slackApiUrl: sandbox.url, clock, worker: false });
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await t?.close();
    await sandbox?.close();
  });

  it('sends the message once however many workers die', async () => {
    const s = t.hearth.services;
    const db = s.db;
    const workspaceId = await installAndSync(t, ACME.teamId, ACME.botToken, ACME.adminUserId);
    await setPlan(t, ACME.teamId, 'premium');
    const admin = await signIn(t, ACME.teamId, ACME.adminUserId);
    const call = (method: string, path: string, body?: unknown) => callApp<Answer>(t, admin, method, path, body);
    const created = await call('POST', '/onboarding/tags', { onboarding_tag: { name: 'Kill test', flow_type: 'onboarding' } });
    const tagId = created.tag.id as number;
    const primary = created.tag.roleIds[0] as number;
    await call('POST', `/onboarding/tags/${tagId}/events`, { onboarding_schedule_event: { kind: 'message', days_later: 30, minute_in_day: 540, role: primary, title: 'Hello', text: 'Welcome aboard, {first_name}!' } });
    const jonas = (await s.people.bySlackId(workspaceId, 'U0DEMO010'))!;
    const today = instantToZoned(clock.now(), 'UTC');
    const session = (await call('POST', `/onboarding/tags/${tagId}/sessions`, { start_date: formatLocalDate(today.date), time_zone: 'UTC', memberships: [{ role_id: primary, user_id: jonas.id }] })).session;
    const seId = session.session_events[0]!.id;
    // Moved by hand to a minute ago (today, whatever the weekday, so a weekend day is confirmed): due now.
    const minute = Math.max(0, today.minuteOfDay - 1);
    const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    await call('PUT', `/onboarding/session_events/${seId}`, { onboarding_session_event: { occurs_at: `${formatLocalDate(today.date)}T${hhmm}`, allow_weekend: true } });

    const dm = () => sandbox.state.openConversation(ACME.teamId, ACME.botUserId, ['U0DEMO010']).channel.id;
    const posted = () => sandbox.state.messageList(dm()).filter((m) => m.bot_id && (m.text ?? '').includes('Welcome aboard, Jonas'));

    // Worker 1 dies while opening the DM: the session event is sent as far as Hearth goes (its message queued once).
    sandbox.state.injectFault({ method: 'conversations.open', teamId: ACME.teamId, kind: 'delay', ms: 20_000 });
    const first = await startWorker();
    // This tick claims it, or the worker's own first tick does (it ticks as soon as it starts; under load it can win).
    await s.scheduler.tick(clock.now());
    const state = async () => (await db.selectFrom('journey_session_events').select('state').where('id', '=', seId).executeTakeFirstOrThrow()).state;
    await expect.poll(state, { timeout: 20_000 }).not.toBe('pending');
    await expect.poll(() => sandbox.state.faults.length, { timeout: 20_000 }).toBe(0);
    await killWorker(first);
    const se = await db.selectFrom('journey_session_events').selectAll().where('id', '=', seId).executeTakeFirstOrThrow();
    expect(se.state).toBe('sent');
    const key = `journey:se:${seId}:U0DEMO010`;
    expect((await s.outbox.repo.byKey(workspaceId, key))!.state).toBe('sending');
    expect(posted()).toHaveLength(0);

    // Worker 2 takes the row up after the lease, posts, and dies before Slack's answer arrives.
    sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'timeout' });
    const second = await startWorker();
    clock.advance(60_000);
    await s.scheduler.tick(clock.now());
    await expect.poll(() => posted().length, { timeout: 60_000 }).toBe(1);
    await killWorker(second);

    // The parent takes over: the row is reconciled from history, not sent again. Delivering again changes nothing.
    await t.hearth.startWorker();
    clock.advance(3 * 60_000);
    await s.scheduler.tick(clock.now());
    await expect.poll(async () => (await s.outbox.repo.byKey(workspaceId, key))!.state, { timeout: 30_000 }).toBe('sent');
    await db.updateTable('journey_session_events').set({ state: 'sending' }).where('id', '=', seId).execute();
    await s.queue.enqueue(journeysDeliver, { workspaceId, sessionEventId: seId }, { jobId: `again:${seId}` });
    await s.queue.idle();
    await s.scheduler.tick(clock.now());
    await s.queue.idle();

    expect(posted()).toHaveLength(1);
    expect((await db.selectFrom('journey_deliveries').selectAll().where('session_event_id', '=', seId).execute()).length).toBe(1);
    expect((await db.selectFrom('domain_events').select('type').where('type', '=', 'journey.message_sent').execute()).length).toBe(1);
  }, 180_000);
});
