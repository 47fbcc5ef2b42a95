/**
 * The Intros program page at scale: an Intros program on a channel of 1,000 and of 10,000 people with a round
 * that paired them (seeded straight into the database, embedded PGlite, or Postgres with DATABASE_URL), then
 * each call the page makes, 5 requests a second for 10 seconds (as an admin clicking around would, times a
 * few), with each answer's size and p50/p99 latency. Run with `npx tsx bench/intros-page.ts` (a markdown table).
 */
import { gzipSync } from 'node:zlib';
import { ACME } from '../src/sandbox/seed.js';
import { signIn } from '../test/support/hearth.js';
import { rosterEmail, rosterName, seedLargeRoster } from '../test/support/intros-roster.js';
import { startSandboxHearth, type SandboxHearth } from '../test/support/sandbox-hearth.js';

const SIZES = [1_000, 10_000];
const RATE_PER_SECOND = 5;
const REQUESTS = 50;
/** What the issue asks of every answer. */
const BUDGET_BYTES = 100 * 1024;

interface Measured {
  bytes: number;
  gzipBytes: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Fires REQUESTS requests at RATE_PER_SECOND (open loop: a slow answer does not hold the next one back). */
async function measure(t: SandboxHearth, cookie: string, path: string): Promise<Measured> {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(`${t.url}${path}`, { headers: { cookie, accept: 'application/json', 'accept-encoding': 'identity' } });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.toString().slice(0, 300)}`);
    return { ms: performance.now() - started, body };
  };
  const { body } = await once(); // warm up
  const runs: Array<Promise<{ ms: number }>> = [];
  for (let i = 0; i < REQUESTS; i++) {
    runs.push(once());
    await new Promise((r) => setTimeout(r, 1000 / RATE_PER_SECOND));
  }
  const times = (await Promise.all(runs)).map((r) => r.ms).sort((a, b) => a - b);
  return { bytes: body.length, gzipBytes: gzipSync(body).length, p50: percentile(times, 50), p99: percentile(times, 99) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);

async function main(): Promise<void> {
  console.log(`| Members | Call | Size (gzip) | p50 | p99 |\n| --- | --- | --- | --- | --- |`);
  let over = 0;
  for (const size of SIZES) {
    const t = await startSandboxHearth();
    try {
      const { cookie, csrf } = await signIn(t, ACME.teamId, ACME.adminUserId);
      const created = await fetch(`${t.url}/channel_programs/apply_template_as_json`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        body: JSON.stringify({ template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros }),
      });
      const { id } = (await created.json()) as { id: number };
      await fetch(`${t.url}/coffee/${id}`, { headers: { cookie } }); // reads the channel once, as the page does
      await seedLargeRoster(t, id, size);
      const calls: Array<[string, string]> = [
        ['GET /coffee/{id}', `/coffee/${id}`],
        ['members, page 2', `/coffee/${id}/members?page=2`],
        ['members, by name', `/coffee/${id}/members?query=${encodeURIComponent(rosterName(size / 2).slice(0, -1))}`],
        ['members, by email', `/coffee/${id}/members?query=${encodeURIComponent(rosterEmail(size / 2))}`],
        ['members, snoozed only', `/coffee/${id}/members?status=snoozed`],
        ['groups, page 2', `/coffee/${id}/groups?page=2`],
        ['groups, by name', `/coffee/${id}/groups?query=${encodeURIComponent(rosterName(size / 2))}`],
      ];
      for (const [name, path] of calls) {
        const m = await measure(t, cookie, path);
        if (m.bytes > BUDGET_BYTES) over++;
        console.log(`| ${size.toLocaleString('en-US')} | ${name} | ${kb(m.bytes)} (${kb(m.gzipBytes)}) | ${ms(m.p50)} | ${ms(m.p99)} |`);
      }
    } finally {
      await t.close();
    }
  }
  console.log(`\n${RATE_PER_SECOND} requests/s, ${REQUESTS} per call; sizes uncompressed (gzipped). Budget ${kb(BUDGET_BYTES)} per answer: ${over ? `${over} OVER` : 'all within'}.`);
  if (over) process.exit(1);
}

await main();
