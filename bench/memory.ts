// Resident memory (RSS) of the built server (dist/server, as `npm run serve` runs it), on the embedded path (PGlite, the
// in-process queue) and on Postgres + Redis when DATABASE_URL and REDIS_URL are set:
// - production, idle: NODE_ENV=production with a Slack token (no sandbox), started and quiet, on its first start
//   (a new database: PGlite's initdb and every migration) and again on a restart;
// - sandbox, idle and after a round: bench/support/memory-app.mjs (bundled as the server is) with a 1,000-member channel, before and after
//   its first Intros round has been paired and every intro sent (conversations.open scaled to 50 per 6 s, as in
//   bench/delivery.ts: at Slack's 50 a minute the 500 group DMs alone would take ten minutes).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { buildPages, buildServer, bundle, root, serverMain } from '../scripts/build.mjs';
import { backing, benchPaths, freePort, POSTGRES_HINT, rssMb, type Backing } from './support/backing.js';

await buildServer();
if ((await buildPages()) !== 0) process.exit(1);
await bundle(['bench/support/memory-app.mjs'], 'dist/bench', 'bench/support');

const exited = (child: ChildProcess) => new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', r)));

function commonEnv(port: number): Record<string, string> {
  const { DATABASE_URL: _d, REDIS_URL: _r, ...rest } = process.env as Record<string, string>;
  return {
    ...rest,
    TZ: 'UTC',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: 'https://hearth.bench.invalid',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SLACK_SIGNING_SECRET: 'bench-signing-secret',
    LOG_LEVEL: 'warn',
  };
}

/** The production server with a Slack token, started and quiet for 5 s. */
async function productionIdle(b: Backing): Promise<number> {
  const port = await freePort();
  const env = { ...commonEnv(port), ...b.env, SLACK_BOT_TOKEN: 'xoxb-bench', SLACK_API_URL: 'http://127.0.0.1:9/api/' };
  const child = spawn(process.execPath, [serverMain], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    const started = Date.now();
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (child.exitCode !== null || Date.now() - started > 120_000) throw new Error('the server did not become ready');
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 5000));
    return rssMb(child.pid!);
  } finally {
    child.kill('SIGTERM');
    await exited(child);
  }
}

/** The sandbox app: idle with a 1,000-member directory, and after its first Intros round. */
async function sandboxRound(b: Backing): Promise<{ idle: number; afterRound: number; groups: number; sent: number; unsettled: number; seconds: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'dist', 'bench', 'memory-app.js')], { env: { ...commonEnv(port), ...b.env, SANDBOX: '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  if ((await exited(child)) !== 0) throw new Error(`the sandbox round failed: ${out}`);
  return JSON.parse(out.trim().split('\n').pop()!);
}

const GOAL = '≤ 300 MB';
const rows: string[][] = [];
for (const postgres of benchPaths) {
  for (const run of ['production', 'sandbox'] as const) {
    const b = await backing(postgres);
    // The goal is the embedded defaults' (a newcomer's `npm start`); on Postgres the database's memory is its own.
    const goal = postgres ? '' : GOAL;
    try {
      if (run === 'production') {
        rows.push([b.name, 'production (Slack token, no sandbox), idle after its first start', goal, `${await productionIdle(b)} MB`]);
        rows.push([b.name, 'production (Slack token, no sandbox), idle after a restart', goal, `${await productionIdle(b)} MB`]);
      } else {
        const r = await sandboxRound(b);
        rows.push([b.name, 'sandbox, idle with a 1,000-member directory (first start)', goal, `${r.idle} MB`]);
        rows.push([b.name, `sandbox, after a 1,000-member Intros round (${r.sent} of ${r.groups} intros sent in ${r.seconds.toFixed(1)} s${r.unsettled ? `; ${r.unsettled} with an unknown outcome or failed` : ''})`, '', `${r.afterRound} MB`]);
      }
    } finally {
      await b.close();
    }
  }
}
if (benchPaths.length === 1) console.log(`${POSTGRES_HINT}\n`);
console.log('| Path | Process | Goal | Resident memory |\n| --- | --- | --- | --- |');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
