import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { install, startTestHearth, type TestHearth } from '../support/hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ, limits in Redis' : 'in-process queue, limits in memory'}`;

/** Intros open a DM for each group: those opens keep within Slack's window for conversations.open too. */
describe(`outbox pacing (${path})`, () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  // Slack's Tier 3 scaled down so the test is quick; Hearth is told the same rate.
  const OPEN = { limit: 3, windowMs: 1500 };

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    sandbox.state.rateLimits.enabled = true;
    sandbox.state.rateLimits.setLimit('conversations.open', OPEN.limit, OPEN.windowMs);
    t = await startTestHearth({ slackApiUrl: sandbox.url, slackRates: { 'conversations.open': OPEN } });
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
});
