import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { celebrationPosted } from '../../src/celebrations/events.js';
import { celebrationsRun } from '../../src/celebrations/jobs.js';
import { CelebrationRepository } from '../../src/celebrations/repository.js';
import { isReachableHuman } from '../../src/people/service.js';
import { defineCapability } from '../../src/platform/capability.js';
import type { DomainEvent } from '../../src/platform/events/define.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { call as callApp } from '../support/http.js';

const TEAM = ACME.teamId;
const CELEB = ACME.channels.celebrations;

type Posted = DomainEvent<ReturnType<typeof celebrationPosted.parse>>;

/** A subscriber as a points or reporting capability would declare it: what it sees, in order. */
const seen: Posted[] = [];
const listener = defineCapability({
  name: 'test-celebration-listener',
  needs: [],
  setup: () => ({
    subscribers: [
      {
        name: 'test-celebration-listener',
        events: [celebrationPosted],
        handle: async (e) => {
          if (celebrationPosted.is(e)) seen.push(e);
        },
      },
    ],
  }),
});

/**
 * `celebration.posted`: one event per kind in each posted message, written with the post (ledger, outbox row,
 * run state) and delivered once to subscribers; a retried run posts nothing and emits nothing. Another
 * workspace's import is not found, and the repository never touches another workspace's program.
 */
describe('Celebrations domain events and tenant boundary', () => {
  let t: SandboxHearth;
  let workspaceId: number;
  let programId: number;
  let session: { cookie: string; csrf: string };

  const call = <T>(method: string, url: string, body?: unknown) => callApp<T>(t, session, method, url, body);

  beforeAll(async () => {
    t = await startSandboxHearth({ capabilities: [listener] });
    session = await signIn(t, TEAM, ACME.adminUserId);
    workspaceId = (await t.services.workspaces.byTeamId(TEAM))!.id;
  });
  afterAll(() => t?.close());

  it('records one celebration.posted per kind with the post, and none when a retried run posts nothing', async () => {
    programId = (await call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'celebrations-birthdays-anniversaries', channel_id: CELEB })).id;
    // Monday 2 March 2026, 08:00 UTC: today's post is at 09:00 UTC.
    await call('PUT', `/celebrations/${programId}/update_as_json`, { time_zone: 'UTC', posting_hour: 9, weekend_policy: 'on_the_day' });

    const people = [];
    for (const slackId of t.sandbox.state.channel(TEAM, CELEB)!.members) {
      const m = await t.services.people.bySlackId(workspaceId, slackId);
      if (m && isReachableHuman(m)) people.push(m);
    }
    const [ana, ben, cleo] = people;
    const save = (body: Record<string, unknown>) => call<{ schedule: { celebration_schedule_id: number } }>('PUT', '/celebration_schedules/create_or_update_as_json', { celebration_program_id: programId, ...body });
    const birthdays = [(await save({ schedule_type: 'birthday', user_id: ana!.id, date: '03-02' })).schedule, (await save({ schedule_type: 'birthday', user_id: ben!.id, date: '1990-03-02' })).schedule];
    const anniversary = (await save({ schedule_type: 'anniversary', user_id: cleo!.id, date: '2021-03-02' })).schedule;
    const custom = (await save({ schedule_type: 'custom', title: 'Founders day', date: '03-02' })).schedule;

    await t.api('POST', '/sandbox/clock/advance', { to: '2026-03-02T09:01:00Z' });
    await t.services.queue.idle();

    const outbox = (await t.services.outbox.repo.byKey(workspaceId, `celebration:${programId}:2026-03-02`))!;
    const rows = await t.services.db.selectFrom('domain_events').selectAll().where('workspace_id', '=', workspaceId).where('type', '=', 'celebration.posted').orderBy('seq').execute();
    const payloads = rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload));
    expect(payloads).toEqual([
      { programId, kind: 'birthday', scheduleIds: birthdays.map((b) => b.celebration_schedule_id).sort((a, b) => a - b), memberIds: expect.arrayContaining([ana!.id, ben!.id]), runOn: '2026-03-02', outboxId: outbox.id },
      { programId, kind: 'anniversary', scheduleIds: [anniversary.celebration_schedule_id], memberIds: [cleo!.id], runOn: '2026-03-02', outboxId: outbox.id },
      { programId, kind: 'custom', scheduleIds: [custom.celebration_schedule_id], memberIds: [], runOn: '2026-03-02', outboxId: outbox.id },
    ]);
    expect(payloads[0].memberIds).toHaveLength(2);
    // The post and its events share the transaction: the run is posted with this outbox row.
    const run = await t.services.db.selectFrom('celebration_runs').selectAll().where('program_id', '=', programId).where('run_on', '=', '2026-03-02').executeTakeFirstOrThrow();
    expect(run).toMatchObject({ state: 'posted', outbox_id: outbox.id });

    // The subscriber saw each once, in order.
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(3);
    expect(seen.map((e) => e.payload.kind)).toEqual(['birthday', 'anniversary', 'custom']);

    // A retried run of the same day posts nothing new and records nothing.
    await t.services.queue.enqueue(celebrationsRun, { workspaceId, programId, runOn: '2026-03-02' }, { jobId: 'events-again' });
    await t.services.queue.idle();
    expect(await t.services.db.selectFrom('domain_events').select('id').where('type', '=', 'celebration.posted').execute()).toHaveLength(3);
    expect(seen).toHaveLength(3);
  });

  it("answers 404 for another workspace's dates import", async () => {
    const form = new FormData();
    form.set('celebration_program_id', String(programId));
    form.set('file', new Blob(['Email,Birthday (MM/DD/YYYY)\n'], { type: 'text/csv' }), 'dates.csv');
    const res = await fetch(`${t.url}/celebrations/import_dates_as_json`, { method: 'POST', headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, accept: 'application/json' }, body: form });
    const { id } = (await res.json()) as { id: number };
    const path = `/asset_imports/${id}/show_as_json?program_id=${programId}&program_type=CelebrationProgram`;
    const show = async (who: { cookie: string; csrf: string }) => (await fetch(`${t.url}${path}`, { headers: { cookie: who.cookie, accept: 'application/json' } })).status;
    expect(await show(session)).toBe(200);
    expect(await show(await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId))).toBe(404);
  });

  it("never reads or writes another workspace's program through the repository", async () => {
    const globex = (await t.services.workspaces.byTeamId(GLOBEX.teamId))!.id;
    const repo = new CelebrationRepository(t.services.db);
    expect(await repo.run(globex, programId, '2026-03-02')).toBeUndefined();
    expect(await repo.config(globex, programId)).toBeUndefined();
    expect(await repo.program(globex, programId)).toBeUndefined();
    await expect(repo.claimRun(globex, programId, '2026-03-09', t.clock.now(), false)).rejects.toThrow();
    expect(await repo.run(workspaceId, programId, '2026-03-09')).toBeUndefined();
  });
});
