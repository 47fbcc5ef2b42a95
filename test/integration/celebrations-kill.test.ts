import type { ChildProcess } from 'node:child_process';
import { celebrationsRun } from '../../src/celebrations/jobs.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../src/http/auth.js';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { ControllableClock } from '../../src/time/clock.js';
import { formatLocalDate, instantToZoned } from '../../src/time/zoned.js';
import { installAndSync, killWorker, startTestHearth, startWorkerProcess, type TestHearth } from '../support/hearth.js';

/**
 * A birthday is posted exactly once even when workers die: first while the run job reads the channel roster
 * (nothing written yet; BullMQ hands the stalled job to the next worker), then while the message is being
 * sent (Slack stored it, the answer never came; the outbox reconciles from history instead of re-sending).
 * Real BullMQ on Redis and real processes, so only with DATABASE_URL and REDIS_URL.
 */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('Celebrations with workers killed mid-run and mid-send (Postgres + BullMQ)', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  const children: ChildProcess[] = [];
  // The workers in child processes read the system clock: keep this one on real time too.
  const clock = new ControllableClock(new Date());

  async function startWorker(): Promise<ChildProcess> {
    const child = await startWorkerProcess(t, sandbox.url);
    children.push(child);
    return child;
  }
  const kill = killWorker;

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    t = await startTestHearth({ slackApiUrl: sandbox.url, clock, worker: false });
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await t?.close();
    await sandbox?.close();
  });

  it('posts one message however many workers die', async () => {
    const s = t.hearth.services;
    const db = s.db;
    const workspaceId = await installAndSync(t, ACME.teamId, ACME.botToken, ACME.adminUserId);
    const workspace = (await s.workspaces.byId(workspaceId))!;
    const admin = (await s.people.bySlackId(workspaceId, ACME.adminUserId))!;
    const auth: AuthContext = { workspace, member: admin, roles: { workspaceAdmin: true, accountOwner: true, accountAdmin: true }, isAdmin: true, csrfToken: '' };
    const program = await s.programs.create(auth, { templateId: 'celebrations-birthdays-anniversaries', channelId: ACME.channels.celebrations });

    // Lena's birthday is today (UTC) and the program is due now, celebrating on the day whatever the weekday.
    const now = instantToZoned(clock.now(), 'UTC');
    const lena = (await s.people.bySlackId(workspaceId, 'U0DEMO009'))!;
    await db
      .insertInto('celebration_schedules')
      .values({ workspace_id: workspaceId, schedule_type: 'birthday', member_id: lena.id, month: now.date.month, day: now.date.day, year: null, title: null, message: null, created_at: clock.now(), updated_at: clock.now() })
      .execute();
    await s.db.updateTable('channel_programs').set({ tz: 'UTC' }).where('id', '=', program.id).execute();
    await db
      .updateTable('celebration_programs')
      .set({ roster_synced_at: clock.now(), weekend_policy: 'on_the_day', post_minute: Math.max(0, now.minuteOfDay - 1), next_run_on: formatLocalDate(now.date), next_run_at: new Date(clock.now().getTime() - 60_000) })
      .where('program_id', '=', program.id)
      .execute();
    const runOn = formatLocalDate(now.date);

    // Worker 1 dies while the run reads the channel's members from Slack.
    sandbox.state.injectFault({ method: 'conversations.members', teamId: ACME.teamId, kind: 'delay', ms: 20_000 });
    const first = await startWorker();
    await s.scheduler.tick(clock.now());
    // The fault is taken when the call arrives (the call log records it only when answered).
    await expect.poll(() => sandbox.state.faults.length, { timeout: 15_000 }).toBe(0);
    await kill(first);
    expect((await db.selectFrom('celebration_runs').select('state').where('program_id', '=', program.id).where('run_on', '=', runOn).executeTakeFirstOrThrow()).state).toBe('claimed');
    expect(await s.db.selectFrom('outbox').select('id').where('kind', '=', 'celebration').execute()).toEqual([]);

    // Worker 2 takes the stalled job up, queues the message and dies while Slack's answer is on its way.
    sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'timeout' });
    const second = await startWorker();
    const posted = () => sandbox.state.messageList(ACME.channels.celebrations).filter((m) => m.bot_id);
    await expect.poll(() => posted().length, { timeout: 45_000 }).toBe(1);
    await kill(second);
    const row = (await s.outbox.repo.byKey(workspaceId, `celebration:${program.id}:${runOn}`))!;
    expect(row.state).toBe('sending');

    // The parent takes over: the dead worker's lease runs out, the row turns unknown and is found in history.
    await t.hearth.startWorker();
    clock.advance(2 * 60_000);
    await s.scheduler.tick(clock.now());
    await expect.poll(async () => (await s.outbox.repo.byId(row.id))!.state, { timeout: 30_000 }).toBe('sent');
    // Running the day again changes nothing.
    await s.queue.enqueue(celebrationsRun, { workspaceId, programId: program.id, runOn }, { jobId: `again:${program.id}` });
    await s.scheduler.tick(clock.now());
    await s.queue.idle();

    expect(posted()).toHaveLength(1);
    expect(posted()[0]!.text).toContain('Happy birthday, <@U0DEMO009>!');
    expect(sandbox.state.callsTo('chat.postMessage', ACME.teamId).filter((c) => (c.args as { channel?: string }).channel === ACME.channels.celebrations)).toHaveLength(1);
    expect((await db.selectFrom('celebration_runs').select('state').where('program_id', '=', program.id).where('run_on', '=', runOn).executeTakeFirstOrThrow()).state).toBe('posted');
  }, 150_000);
});
