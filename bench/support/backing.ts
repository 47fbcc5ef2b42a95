import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { createHearth, type HearthOptions } from '../../src/hearth.js';
import { ACME } from '../../src/sandbox/seed.js';

/** What a benchmarked Hearth process runs on: its environment, and how to clean up after it. */
export interface Backing {
  name: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The paths a benchmark measures: the embedded one, and Postgres + Redis when DATABASE_URL and REDIS_URL are set. */
export const benchPaths: boolean[] = [false, ...(process.env.DATABASE_URL && process.env.REDIS_URL ? [true] : [])];
export const POSTGRES_HINT = '(Postgres + Redis: set DATABASE_URL and REDIS_URL to measure that path too)';

/**
 * A fresh data dir, and with `postgres` a fresh database (dropped after) and a Redis prefix of its own. Without it
 * the environment clears DATABASE_URL and REDIS_URL: the embedded defaults.
 */
export async function backing(postgres: boolean): Promise<Backing> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-'));
  const base = { HEARTH_DATA_DIR: dataDir };
  if (!postgres) return { name: 'embedded (PGlite, in-process queue)', env: { ...base, DATABASE_URL: '', REDIS_URL: '' }, close: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `hearth_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    name: 'Postgres + Redis',
    env: { ...base, DATABASE_URL: url.toString(), REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: name },
    close: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** A process's resident memory, from the kernel's own count. */
export const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);

/**
 * A Hearth in this process on a fresh backing (embedded, or Postgres + Redis with `postgres`), talking to a sandbox
 * Web API at `slackApiUrl`, with Acme installed: the set-up of the delivery benches. `close` stops it and drops
 * its database.
 */
export async function benchHearth(o: { postgres: boolean; slackApiUrl: string; botScopes: string[]; slackRates?: HearthOptions['slackRates'] }) {
  const b = await backing(o.postgres);
  const config = loadConfig({ NODE_ENV: 'test', SLACK_SIGNING_SECRET: 'bench', SLACK_API_URL: o.slackApiUrl, LOG_LEVEL: 'silent', ...b.env });
  const hearth = await createHearth(config, pino({ level: 'silent' }), { slackRates: o.slackRates, redisPrefix: `hearth-bench-${randomBytes(4).toString('hex')}` });
  await hearth.startWorker();
  const s = hearth.services;
  await s.installations.storeInstallation({
    team: { id: ACME.teamId, name: 'Acme' },
    enterprise: undefined,
    user: { id: ACME.adminUserId, token: undefined, scopes: undefined },
    bot: { token: ACME.botToken, userId: ACME.botUserId, id: 'B0HEARTH', scopes: o.botScopes },
    appId: 'A0HEARTH',
    isEnterpriseInstall: false,
  });
  const workspaceId = (await s.workspaces.byTeamId(ACME.teamId))!.id;
  return {
    hearth,
    workspaceId,
    async close() {
      await hearth.close();
      await b.close();
    },
  };
}
