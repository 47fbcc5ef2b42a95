/**
 * Delivery benchmark: a 500-intro round (500 group DMs: conversations.open, then chat.postMessage) sent through
 * the outbox against the sandbox with Slack's rate limits on. conversations.open is scaled down to 50 per 6 s
 * instead of 50 per minute (Hearth is given the same scaled rate); chat.postMessage keeps the sandbox's limits,
 * 1 a second per channel (each intro has its own DM) and 300 a minute per workspace, past which Slack answers
 * HTTP 200 `rate_limited`. Prints how long the round took against its floor, the longest that any one of those
 * limits alone makes it (read from the sandbox's own rules), and how many calls the sandbox turned away: 429s and
 * `rate_limited` answers. Runs on the embedded path (PGlite, in-process queue, limits in memory), or, when
 * DATABASE_URL and REDIS_URL are set, on a new database of that server (dropped after) and Redis.
 * `npx tsx bench/delivery.ts`.
 */
import { randomBytes } from 'node:crypto';
import { WORKSPACE_LIMITS } from '../src/sandbox/rate-limit.js';
import { ACME, seedData } from '../src/sandbox/seed.js';
import { startSandboxApiServer } from '../src/sandbox/server.js';
import { SandboxState } from '../src/sandbox/state.js';
import { benchHearth } from './support/backing.js';
import { scaleOpens, SCALED_SLACK_RATES } from './support/scaled-opens.js';

const INTROS = 500;
/** Generous: the floor is 100 s; a round that has not ended by then is reported as a failure, not waited on. */
const TIME_LIMIT_MS = 10 * 60_000;

// 1,000 more members in the sandbox's Acme, two to an intro.
const data = seedData();
const template = data.members[ACME.teamId]!['U0DEMO001']!;
const people = Array.from({ length: INTROS * 2 }, (_, i) => `U1BENCH${String(i).padStart(4, '0')}`);
for (const id of people) data.members[ACME.teamId]![id] = { ...template, id, name: id.toLowerCase(), real_name: id };
const state = new SandboxState({ data });
state.rateLimits.enabled = true;
scaleOpens(state);
const sandbox = await startSandboxApiServer({ state });

const postgres = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const bench = await benchHearth({ postgres, slackApiUrl: sandbox.url, botScopes: ['chat:write', 'im:write', 'mpim:write'], slackRates: SCALED_SLACK_RATES });
const { hearth, workspaceId } = bench;
const s = hearth.services;

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
  const left = await s.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('id', 'in', ids).where('state', 'not in', ['sent', 'failed']).executeTakeFirstOrThrow();
  if (Number(left.n) === 0) break;
  if (performance.now() - started > TIME_LIMIT_MS) throw new Error(`the round had ${left.n} intros still unsent after ${TIME_LIMIT_MS / 60_000} minutes`);
  await new Promise((r) => setTimeout(r, 100));
}
const elapsedMs = performance.now() - started;
const failed = await s.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('id', 'in', ids).where('state', '=', 'failed').executeTakeFirstOrThrow();

const calls = state.calls.slice(firstCall);
const answered = (method: string) => calls.filter((c) => c.method === method && c.status === 200 && c.outcome === 'ok').length;
const tooMany = calls.filter((c) => c.status === 429).length;
const rateLimited = calls.filter((c) => c.status === 200 && c.error === 'rate_limited').length;

// Every limit the round's calls meet, as the sandbox enforces them. At its allowed rate a limit of L calls a window
// holds N calls for N ÷ L windows; a client that spends the first window's allowance at once saves one window.
const perChannel = state.rateLimits.ruleFor('chat.postMessage');
const limits = [
  { what: 'conversations.open, per workspace', calls: INTROS, rule: state.rateLimits.ruleFor('conversations.open') },
  { what: 'chat.postMessage, per workspace', calls: INTROS, rule: state.rateLimits.workspaceCustom['chat.postMessage'] ?? WORKSPACE_LIMITS['chat.postMessage']! },
  { what: `chat.postMessage, per channel (one message in each DM)`, calls: 1, rule: perChannel },
].map((l) => ({ ...l, floorMs: (l.calls / l.rule.limit) * l.rule.windowMs, burstMs: (Math.ceil(l.calls / l.rule.limit) - 1) * l.rule.windowMs }));
const floor = limits.reduce((a, b) => (b.floorMs > a.floorMs ? b : a));
const path = postgres ? 'Postgres + BullMQ, limits in Redis' : 'PGlite + in-process queue, limits in memory';
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)} %`;
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (r: { limit: number; windowMs: number }) => `${r.limit} per ${r.windowMs >= 60_000 ? `${r.windowMs / 60_000} min` : `${r.windowMs / 1000} s`}`;

console.log(`| Delivery benchmark (${path}) | Goal | Result |`);
console.log('| --- | --- | --- |');
for (const l of limits) console.log(`| Floor of ${l.what}: ${l.calls} ${l.calls === 1 ? 'call' : 'calls'} at ${rate(l.rule)} | | ${sec(l.floorMs)} (${sec(l.burstMs)} with its first window spent at once) |`);
console.log(`| ${INTROS}-intro round against the floor: the longest of those (${floor.what}) | ≤ 110 % of ${sec(floor.floorMs)} | ${sec(elapsedMs)}: ${pct(elapsedMs, floor.floorMs)} |`);
console.log(`| Calls the sandbox turned away: 429 / \`rate_limited\` (HTTP 200) | 0 | ${tooMany} / ${rateLimited} of ${calls.length} (${pct(tooMany + rateLimited, calls.length)}) |`);
console.log(`| DMs opened / messages sent / intros failed | ${INTROS} / ${INTROS} / 0 | ${answered('conversations.open')} / ${answered('chat.postMessage')} / ${failed.n} |`);

await bench.close();
await sandbox.close();
