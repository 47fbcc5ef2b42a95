import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tick } from '../../src/scheduler/jobs.js';
import { ACME } from '../../src/sandbox/seed.js';
import { startTestHearth, type TestHearth } from '../support/hearth.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;

/** One sample's value from Prometheus text (`name{a="b"} 3`), or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const series = Object.keys(labels).length ? `${name}{${Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(',')}}` : name;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe(`/metrics (${path})`, () => {
  let t: SandboxHearth;
  let acme: number;
  const scrape = async () => {
    const res = await fetch(`${t.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  const post = (text: string) =>
    t.services.outbox.enqueue([{ workspaceId: acme, key: `metrics:${text}`, kind: 'test', method: 'chat.postMessage', args: { channel: ACME.channels.general, text } }]).then((ids) => ids[0]!);
  const stateOf = async (id: number) => (await t.services.outbox.repo.byId(id))!.state;

  beforeAll(async () => {
    // The tick is run by hand here: a day between ticks keeps it from sending the rows the outbox test holds back.
    t = await startSandboxHearth({ tickEveryMs: 24 * 3600_000 });
    acme = (await t.services.workspaces.byTeamId(ACME.teamId))!.id;
  });
  afterAll(() => t?.close());

  it('counts Slack calls by method and times jobs by name, and has Node process metrics', async () => {
    const before = await scrape();
    const id = await post('counted');
    await expect.poll(() => stateOf(id), { timeout: 10_000 }).toBe('sent');
    await t.services.queue.idle();
    const after = await scrape();

    const calls = (text: string) => sample(text, 'hearth_slack_calls_total', { method: 'chat.postMessage' }) ?? 0;
    expect(calls(after)).toBe(calls(before) + 1);
    const sends = (text: string) => sample(text, 'hearth_job_duration_seconds_count', { job: 'outbox.send' }) ?? 0;
    expect(sends(after)).toBeGreaterThan(sends(before));
    // The directory sync at start-up made these: every method the app's clients call is counted.
    expect(sample(after, 'hearth_slack_calls_total', { method: 'users.list' })).toBeGreaterThan(0);
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts a 429 under the method Slack answered it for', async () => {
    const limited = (text: string) => sample(text, 'hearth_slack_rate_limited_total', { method: 'chat.postMessage' }) ?? 0;
    const before = limited(await scrape());
    t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: ACME.teamId, kind: 'ratelimited', retryAfter: 1 });
    const id = await post('limited once');
    await expect.poll(() => stateOf(id), { timeout: 15_000 }).toBe('sent');
    const after = await scrape();
    expect(limited(after)).toBe(before + 1);
    expect(sample(after, 'hearth_slack_rate_limited_total', { method: 'conversations.open' }) ?? 0).toBe(0);
  });

  it('reports the tick age once the tick has run', async () => {
    await t.services.queue.enqueue(tick, {}, { jobId: 'metrics-test-tick' });
    await expect.poll(async () => sample(await scrape(), 'hearth_tick_age_seconds'), { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
    expect(sample(await scrape(), 'hearth_job_failures_total', { job: tick.name }) ?? 0).toBe(0);
  });

  it('reports how many events each subscriber is behind', async () => {
    const lag = async () => sample(await scrape(), 'hearth_event_subscriber_lag_events', { subscriber: 'intros.counters' });
    await t.services.queue.idle();
    expect(await lag()).toBe(0);
    // Four events recorded and not yet handled: three of the Intros counters' types and one it does not handle
    // (its deliveries skip that one, so it is not behind on it).
    const { db } = t.services;
    const stream = await db.selectFrom('event_streams').select('last_seq').where('workspace_id', '=', acme).executeTakeFirst();
    if (!stream) await db.insertInto('event_streams').values({ workspace_id: acme, last_seq: 0 }).execute();
    const at = Number(stream?.last_seq ?? 0);
    const types = ['intro.met', 'celebration.posted', 'intro.met', 'intro.not_met'];
    await db
      .insertInto('domain_events')
      .values(types.map((type, i) => ({ workspace_id: acme, seq: at + 1 + i, type, payload: JSON.stringify({}), occurred_at: t.clock.now() })))
      .execute();
    await db.updateTable('event_streams').set({ last_seq: at + types.length }).where('workspace_id', '=', acme).execute();
    try {
      expect(await lag()).toBe(3);
    } finally {
      await db.deleteFrom('domain_events').where('workspace_id', '=', acme).where('seq', '>', at).execute();
      await db.updateTable('event_streams').set({ last_seq: at }).where('workspace_id', '=', acme).execute();
    }
  });

  it('reports outbox rows and the age of the oldest due one by state', async () => {
    const rows = (text: string) => sample(text, 'hearth_outbox_rows', { state: 'pending' });
    const age = (text: string) => sample(text, 'hearth_outbox_oldest_age_seconds', { state: 'pending' });
    await t.services.queue.idle();
    const before = await scrape();
    expect(age(before)).toBe(0);

    // A message for an hour from now, that no job was enqueued for: pending, not yet due.
    const now = t.clock.now();
    await t.services.db.transaction().execute((trx) =>
      t.services.outbox.add(trx, [{ workspaceId: acme, key: 'metrics:later', kind: 'test', method: 'chat.postMessage', args: { channel: ACME.channels.general, text: 'later' }, notBefore: new Date(now.getTime() + 3600_000) }]),
    );
    const waiting = await scrape();
    expect(rows(waiting)).toBe(rows(before)! + 1);
    expect(age(waiting)).toBe(0);

    // Two hours on, with no tick to send it: due for an hour.
    t.clock.set(new Date(now.getTime() + 2 * 3600_000));
    expect(age(await scrape())).toBeGreaterThanOrEqual(3600);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestHearth;
  const token = 'metrics-token-0123456789';
  beforeAll(async () => {
    t = await startTestHearth({ worker: false, env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t?.close());

  it('answers only the bearer of the token', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('hearth_outbox_rows{state="pending"}');
  });
});
