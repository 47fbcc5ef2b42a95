// `npm start` as a newcomer runs it after `npm install`: a new data dir, and what `npm install` leaves (its
// postinstall script, scripts/postinstall.mjs, run again first from nothing: dist/server and the embedded database's
// template removed; its time is printed too; the pages, built after the server listens, are left as they are).
// Three first starts and a restart after each, on the embedded defaults (PGlite, in-process queue, the sandbox) and,
// with DATABASE_URL and REDIS_URL set, on a new Postgres database and Redis. Each start is timed from `npm start` to
// the first 200 from /healthz; the CPU time that took (npm, any bundling, the server and any database child) does not
// depend on what else the machine runs. Then the server is left idle for 10 s (the sandbox's directory sync done) and
// its resident memory read.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { backing, benchPaths, freePort, POSTGRES_HINT, rssMb } from './support/backing.js';

const RUNS = 3;
const IDLE_MS = 10_000;
const GOAL_SECONDS = 5;
const GOAL_MB = 300;
const root = new URL('..', import.meta.url).pathname;
const CLOCK_TICKS = 100;

/** `pid` and every process under it. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree: number[] = [];
  const walk = (p: number) => {
    tree.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return tree;
}

/** CPU seconds of a process and of its children it has waited for (fields 14–17 of /proc/PID/stat). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

interface Start {
  seconds: number;
  cpu: number;
  mb: number;
}

async function start(env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (child.exitCode !== null || performance.now() - started > 120_000) throw new Error('npm start did not answer /healthz');
      await new Promise((r) => setTimeout(r, 25));
    }
    const seconds = (performance.now() - started) / 1000;
    const tree = processTree(child.pid!);
    const cpu = tree.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const server = tree.find((pid) => cmdline(pid).includes('dist/server/main.js'));
    if (!server) throw new Error('no server process under npm start');
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { seconds, cpu, mb: rssMb(server) };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

/** CPU seconds of the children this process has waited for (fields 16–17 of /proc/self/stat). */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

/** What `npm install` ends with, from nothing (scripts/postinstall.mjs): its seconds and CPU seconds. */
function postinstall(): { seconds: number; cpu: number } {
  for (const built of ['server', 'pglite-template']) rmSync(join(root, 'dist', built), { recursive: true, force: true });
  const cpu = childrenCpu();
  const started = performance.now();
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'postinstall.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('scripts/postinstall.mjs failed');
  return { seconds: (performance.now() - started) / 1000, cpu: childrenCpu() - cpu };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[], f: (x: number) => string) => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
const s = (x: number) => `${x.toFixed(1)} s`;
const mb = (x: number) => `${x} MB`;
const rows: string[][] = [];
for (const postgres of benchPaths) {
  const install: { seconds: number; cpu: number }[] = [];
  const first: Start[] = [];
  const restart: Start[] = [];
  let name = '';
  for (let i = 0; i < RUNS; i++) {
    const b = await backing(postgres);
    name = b.name;
    try {
      install.push(postinstall());
      first.push(await start(b.env));
      restart.push(await start(b.env));
    } finally {
      await b.close();
    }
  }
  const at = (xs: Start[], k: keyof Start) => xs.map((x) => x[k]);
  rows.push([name, "`npm install`'s postinstall before it (server bundle, database template)", '', `${spread(install.map((x) => x.seconds), s)}, CPU ${spread(install.map((x) => x.cpu), s)}`]);
  rows.push([name, `first start: /healthz after \`npm start\` (median of ${RUNS}, min–max)`, `≤ ${GOAL_SECONDS} s`, spread(at(first, 'seconds'), s)]);
  rows.push([name, 'first start: CPU time until then', '', spread(at(first, 'cpu'), s)]);
  rows.push([name, `first start: server's resident memory, idle ${IDLE_MS / 1000} s later`, `≤ ${GOAL_MB} MB`, spread(at(first, 'mb'), mb)]);
  rows.push([name, 'restart: /healthz after `npm start`', '', spread(at(restart, 'seconds'), s)]);
  rows.push([name, 'restart: CPU time until then', '', spread(at(restart, 'cpu'), s)]);
  rows.push([name, "restart: server's resident memory, idle", `≤ ${GOAL_MB} MB`, spread(at(restart, 'mb'), mb)]);
}
if (benchPaths.length === 1) console.log(`${POSTGRES_HINT}\n`);
console.log('| Path | Start | Goal | Result |\n| --- | --- | --- | --- |');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
