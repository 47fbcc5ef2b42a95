import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { install, startTestHearth, type TestHearth } from '../support/hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ, limits in Redis' : 'in-process queue, limits in memory'}`;

/** Intros open a DM for each group: those opens keep within Slack's window for conversations.open too, and reads keep within theirs. */
describe(`outbox pacing (${path})`, () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  // Slack's Tier 3 scaled down so the test is quick; Hearth is told the same rate.
  const OPEN = { limit: 3, windowMs: 1500 };
  const INFO = { limit: 4, windowMs: 1000 };

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    sandbox.state.rateLimits.enabled = true;
    sandbox.state.rateLimits.setLimit('conversations.open', OPEN.limit, OPEN.windowMs);
    sandbox.state.rateLimits.setLimit('users.info', INFO.limit, INFO.windowMs);
    t = await startTestHearth({ slackApiUrl: sandbox.url, slackRates: { 'conversations.open': OPEN, 'users.info': INFO } });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('opens group DMs within the conversations.open window: every intro sent, none answered 429', async () => {
    const acme = await install(t.hearth, ACME.teamId, ACME.botToken);
    const people = Array.from({ length: 16 }, (_, i) => `U0DEMO${String(i + 1).padStart(3, '0')}`);
    const ids = await t.hearth.services.outbox.enqueue(
      Array.from({ length: 8 }, (_, i) => ({ workspaceId: acme, key: `pace:${i}`, kind: 'intro', method: 'dm.post', args: { users: [people[2 * i]!, people[2 * i + 1]!], text: 'Meet!' } })),
    );
    await expect.poll(async () => (await Promise.all(ids.map(async (id) => (await t.hearth.services.outbox.repo.byId(id))!.state))).every((s) => s === 'sent'), { timeout: 30_000 }).toBe(true);
    const opens = sandbox.state.callsTo('conversations.open', ACME.teamId);
    expect(opens.filter((c) => c.status === 200)).toHaveLength(8);
    expect(opens.filter((c) => c.status === 429)).toEqual([]);
  });

  it('paces reads outside the outbox in the same windows: a burst of users.info waits its turn, none answered 429', async () => {
    const acme = await install(t.hearth, ACME.teamId, ACME.botToken);
    const users = Array.from({ length: 10 }, (_, i) => `U0DEMO${String(i + 1).padStart(3, '0')}`);
    const before = sandbox.state.callsTo('users.info', ACME.teamId).length;
    const paced = await t.hearth.services.clients.forWorkspace(acme);
    const answers = await Promise.all(users.map((user) => paced.users.info({ user })));
    expect(answers.map((a) => a.user?.id)).toEqual(users);
    const calls = sandbox.state.callsTo('users.info', ACME.teamId).slice(before);
    expect(calls.filter((c) => c.status === 429)).toEqual([]);

    // The same burst unpaced (as the outbox's client is: it takes its places itself) is refused by Slack.
    const unpaced = await t.hearth.services.clients.forWorkspace(acme, { unpaced: true });
    const results = await Promise.allSettled(users.map((user) => unpaced.users.info({ user })));
    expect(results.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0);
  });

  it('retries a read Slack answered 429 after its Retry-After', async () => {
    const acme = await install(t.hearth, ACME.teamId, ACME.botToken);
    // Slack forgets the last test's refused burst; the app's own window for users.info paces this call as usual.
    sandbox.state.rateLimits.reset();
    sandbox.state.injectFault({ method: 'users.info', teamId: ACME.teamId, kind: 'ratelimited', retryAfter: 1 });
    const client = await t.hearth.services.clients.forWorkspace(acme);
    const started = Date.now();
    const answer = await client.users.info({ user: 'U0DEMO001' });
    expect(answer.user?.id).toBe('U0DEMO001');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(sandbox.state.callsTo('users.info', ACME.teamId).slice(-2).map((c) => c.status)).toEqual([429, 200]);
  });
});
