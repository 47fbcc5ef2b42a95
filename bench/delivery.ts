/**
 * Delivery benchmark: a 500-intro round (500 group DMs: conversations.open, then chat.postMessage) sent through
 * the outbox against the sandbox with Slack's rate limits on, scaled down so the run takes about a minute:
 * conversations.open at 50 per 6 s instead of 50 per minute (chat.postMessage stays at 1 a second per channel;
 * each intro has its own DM). Hearth is given the same scaled rates. Prints how long the round took against
 * the floor the limits set, and how many calls Slack answered 429. Runs on the embedded path (PGlite, in-process
 * queue, limits in memory), or on Postgres and Redis when DATABASE_URL and REDIS_URL are set.
 * `npx tsx bench/delivery.ts`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../src/config.js';
import { createHearth } from '../src/hearth.js';
import { ACME, seedData } from '../src/sandbox/seed.js';
import { startSandboxApiServer } from '../src/sandbox/server.js';
import { SandboxState } from '../src/sandbox/state.js';

const INTROS = 500;
const OPEN_LIMIT = 50;
const OPEN_WINDOW_MS = 6_000;

// 1,000 more members in the sandbox's Acme, two to an intro.
const data = seedData();
const template = data.members[ACME.teamId]!['U0DEMO001']!;
const people = Array.from({ length: INTROS * 2 }, (_, i) => `U1BENCH${String(i).padStart(4, '0')}`);
for (const id of people) data.members[ACME.teamId]![id] = { ...template, id, name: id.toLowerCase(), real_name: id };
const state = new SandboxState({ data });
state.rateLimits.enabled = true;
state.rateLimits.setLimit('conversations.open', OPEN_LIMIT, OPEN_WINDOW_MS);
const sandbox = await startSandboxApiServer({ state });

const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  HEARTH_DATA_DIR: dataDir,
  SLACK_SIGNING_SECRET: 'bench',
  SLACK_API_URL: sandbox.url,
  LOG_LEVEL: 'silent',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});
const hearth = await createHearth(config, pino({ level: 'silent' }), {
  slackRates: { 'conversations.open': { limit: OPEN_LIMIT, windowMs: OPEN_WINDOW_MS } },
  redisPrefix: `hearth-bench-${randomBytes(4).toString('hex')}`,
});
await hearth.startWorker();
const s = hearth.services;
await s.installations.storeInstallation({
  team: { id: ACME.teamId, name: 'Acme' },
  enterprise: undefined,
  user: { id: ACME.adminUserId, token: undefined, scopes: undefined },
  bot: { token: ACME.botToken, userId: ACME.botUserId, id: 'B0HEARTH', scopes: ['chat:write', 'im:write', 'mpim:write'] },
  appId: 'A0HEARTH',
  isEnterpriseInstall: false,
});
const workspaceId = (await s.workspaces.byTeamId(ACME.teamId))!.id;

const run = randomBytes(3).toString('hex');
const rows = Array.from({ length: INTROS }, (_, i) => ({
  workspaceId,
  key: `bench:${run}:${i}`,
  kind: 'intro',
  method: 'dm.post',
  args: { users: [people[2 * i]!, people[2 * i + 1]!], text: 'Meet each other!' },
}));
const firstCall = state.calls.length;
const started = performance.now();
const ids = await s.outbox.enqueue(rows);
for (;;) {
  const left = await s.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('id', 'in', ids).where('state', '!=', 'sent').executeTakeFirstOrThrow();
  if (Number(left.n) === 0) break;
  await new Promise((r) => setTimeout(r, 100));
}
const elapsedMs = performance.now() - started;

const calls = state.calls.slice(firstCall);
const limited = calls.filter((c) => c.status === 429);
const opens = calls.filter((c) => c.method === 'conversations.open' && c.status === 200).length;
// The limits allow OPEN_LIMIT opens per window: INTROS of them take INTROS / OPEN_LIMIT windows at that rate;
// a client that spends the first window's allowance at once can finish one window sooner.
const floorMs = (INTROS / OPEN_LIMIT) * OPEN_WINDOW_MS;
const burstFloorMs = (Math.ceil(INTROS / OPEN_LIMIT) - 1) * OPEN_WINDOW_MS;
const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ, limits in Redis' : 'in-process queue, limits in memory'}`;
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)} %`;

console.log(`| Delivery benchmark (${path}) | Result |`);
console.log('| --- | --- |');
console.log(`| ${INTROS}-intro round, conversations.open at ${OPEN_LIMIT} per ${OPEN_WINDOW_MS / 1000} s | ${(elapsedMs / 1000).toFixed(1)} s |`);
console.log(`| Floor at the allowed rate (${INTROS} ÷ ${OPEN_LIMIT} × ${OPEN_WINDOW_MS / 1000} s) | ${(floorMs / 1000).toFixed(1)} s: took ${pct(elapsedMs, floorMs)} of it |`);
console.log(`| Floor with the first window spent at once | ${(burstFloorMs / 1000).toFixed(1)} s: took ${pct(elapsedMs, burstFloorMs)} of it |`);
console.log(`| Calls answered 429 | ${limited.length} of ${calls.length} (${pct(limited.length, calls.length)}) |`);
console.log(`| DMs opened / messages sent | ${opens} / ${calls.filter((c) => c.method === 'chat.postMessage' && c.status === 200).length} |`);

await hearth.close();
await sandbox.close();
rmSync(dataDir, { recursive: true, force: true });
