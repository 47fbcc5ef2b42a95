/**
 * DM benchmark (issue 27): how many one-person DMs a minute Hearth gets out, against the sandbox with Slack's
 * rate limits on (chat.postMessage: 1 a second per channel and about 300 a minute per workspace, the post cap).
 *  - 300 DMs scheduled for one moment to people Hearth has never written to: the tick opens their DMs ahead
 *    (conversations.open, scaled to 50 per 6 s as in bench/delivery.ts, so 300 opens take 36 s), and at the
 *    moment they come due the tick's sweep sends them. Measured: how late each was after its time (floor 0).
 *  - Then 300 DMs to the same people, now known (their DM channels kept): measured in DMs a minute (target at
 *    least 250; the post cap is 300). Without kept channels each DM would first wait for conversations.open,
 *    50 a minute at Tier 3: about 50 DMs a minute.
 * Runs on the embedded path, or on Postgres and Redis when DATABASE_URL and REDIS_URL are set.
 * `npx tsx bench/dms.ts`.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ACME, seedData } from '../src/sandbox/seed.js';
import { startSandboxApiServer } from '../src/sandbox/server.js';
import { SandboxState } from '../src/sandbox/state.js';
import { benchHearth } from './support/backing.js';

const PEOPLE = 300;
const OPEN_LIMIT = 50;
const OPEN_WINDOW_MS = 6_000;
/** The scheduled DMs are due this long after they are written: time for the tick to open 300 DMs ahead. */
const LEAD_MS = 45_000;
/** chat.postMessage's workspace-wide window in the sandbox: waited out between the two runs. */
const POST_CAP_WINDOW_MS = 61_000;

const data = seedData();
const template = data.members[ACME.teamId]!['U0DEMO001']!;
const people = Array.from({ length: PEOPLE }, (_, i) => `U1DMS${String(i).padStart(4, '0')}`);
for (const id of people) data.members[ACME.teamId]![id] = { ...template, id, name: id.toLowerCase(), real_name: id };
const state = new SandboxState({ data });
state.rateLimits.enabled = true;
state.rateLimits.setLimit('conversations.open', OPEN_LIMIT, OPEN_WINDOW_MS);
const sandbox = await startSandboxApiServer({ state });

const bench = await benchHearth({
  postgres: Boolean(process.env.DATABASE_URL && process.env.REDIS_URL),
  slackApiUrl: sandbox.url,
  botScopes: ['chat:write', 'im:write'],
  slackRates: { 'conversations.open': { limit: OPEN_LIMIT, windowMs: OPEN_WINDOW_MS } },
});
const { hearth, workspaceId } = bench;
const s = hearth.services;
const run = randomBytes(3).toString('hex');

async function allSent(ids: number[]): Promise<void> {
  for (;;) {
    const left = await s.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('id', 'in', ids).where('state', '!=', 'sent').executeTakeFirstOrThrow();
    if (Number(left.n) === 0) return;
    await sleep(100);
  }
}
const dms = (phase: string, notBefore?: Date) =>
  people.map((user, i) => ({ workspaceId, key: `bench:${run}:${phase}:${i}`, kind: 'journey', method: 'dm.post', args: { users: [user], text: 'Welcome!' }, ...(notBefore ? { notBefore } : {}) }));

// 1. Scheduled DMs to new recipients: opened ahead by the tick, sent by the tick at their time.
const dueAt = new Date(Date.now() + LEAD_MS);
const scheduled = await s.outbox.enqueue(dms('scheduled', dueAt));
await s.scheduler.tick();
await sleep(Math.max(0, dueAt.getTime() - Date.now()));
const openedAhead = Number((await s.db.selectFrom('member_dm_channels').select((eb) => eb.fn.countAll<string>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow()).n);
await s.scheduler.tick();
await allSent(scheduled);
const late = (await s.db.selectFrom('outbox').select('sent_at').where('id', 'in', scheduled).execute()).map((r) => r.sent_at!.getTime() - dueAt.getTime()).sort((a, b) => a - b);

// 2. The same people again, now known: their DM channels are kept.
await sleep(POST_CAP_WINDOW_MS);
const opensBefore = state.calls.filter((c) => c.method === 'conversations.open').length;
const started = performance.now();
const known = await s.outbox.enqueue(dms('known'));
await allSent(known);
const knownMs = performance.now() - started;
const knownOpens = state.calls.filter((c) => c.method === 'conversations.open').length - opensBefore;
const perMinute = (PEOPLE / knownMs) * 60_000;

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ, limits in Redis' : 'in-process queue, limits in memory'}`;
const limited = state.calls.filter((c) => c.status === 429).length;
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(`| DM benchmark (${path}) | Result |`);
console.log('| --- | --- |');
console.log(`| ${PEOPLE} DMs scheduled ${LEAD_MS / 1000} s ahead to new recipients: DMs opened before their time | ${openedAhead} of ${PEOPLE} |`);
console.log(`| … sent after their time, median / slowest (floor 0 s) | ${sec(late[Math.floor(late.length / 2)]!)} / ${sec(late.at(-1)!)} |`);
console.log(`| ${PEOPLE} DMs to people written to before | ${sec(knownMs)}, ${perMinute.toFixed(0)} DMs a minute (target ≥ 250; post cap 300 a minute) |`);
console.log(`| … conversations.open calls for them (kept channels) | ${knownOpens} |`);
console.log(`| Without kept channels (conversations.open at 50 a minute first) | about 50 DMs a minute |`);
console.log(`| Calls answered 429 | ${limited} of ${state.calls.length} |`);

await bench.close();
await sandbox.close();
const ok = openedAhead === PEOPLE && perMinute >= 250 && knownOpens === 0;
process.exit(ok ? 0 : 1);
