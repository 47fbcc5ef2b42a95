import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Installation } from '@slack/bolt';
import { pino } from 'pino';
import { inject } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createHearth, type Hearth, type HearthOptions } from '../../src/hearth.js';
import { SlackDriver } from '../../src/sandbox/driver.js';
import { testDatabase } from './db.js';

export const SIGNING_SECRET = 'test-signing-secret';

export interface TestHearth {
  hearth: Hearth;
  url: string;
  /** Shared with child processes so they read the same encryption key. */
  dataDir: string;
  databaseUrl?: string;
  redisPrefix: string;
  driver: SlackDriver;
  close(): Promise<void>;
}

/** A loopback HTTP server listening before the app exists, so the app's config can name its own address. */
export async function listenLoopback(): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export interface TestHearthOptions extends Omit<HearthOptions, 'database'> {
  /** The Web API base; a function receives this app's own URL (the sandbox mounted in the app). */
  slackApiUrl?: string | ((appUrl: string) => string);
  worker?: boolean;
  env?: Record<string, string>;
}

/**
 * A whole Hearth on a loopback port: a fresh database (Postgres with DATABASE_URL, else PGlite), BullMQ with
 * REDIS_URL (keys under a prefix of its own), else the in-process queue. PUBLIC_URL is its loopback address.
 */
export async function startTestHearth(opts: TestHearthOptions = {}): Promise<TestHearth> {
  const listener = await listenLoopback();
  const { url } = listener;
  const database = await testDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-test-'));
  const redisPrefix = `hearth-test-${randomBytes(4).toString('hex')}`;
  const slackApiUrl = typeof opts.slackApiUrl === 'function' ? opts.slackApiUrl(url) : opts.slackApiUrl;
  const config = loadConfig({
    NODE_ENV: 'test',
    HEARTH_DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    ...(slackApiUrl ? { SLACK_API_URL: slackApiUrl } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...opts.env,
  });
  const log = pino({ level: config.logLevel });
  const { slackApiUrl: _api, worker, env: _env, ...hearthOptions } = opts;
  const hearth = await createHearth(config, log, { ...hearthOptions, database, redisPrefix });
  if (worker !== false) await hearth.startWorker();
  listener.server.on('request', hearth.http);
  return {
    hearth,
    url,
    dataDir,
    databaseUrl: database.url,
    redisPrefix,
    driver: new SlackDriver(`${url}/slack/events`, SIGNING_SECRET),
    async close() {
      await listener.close();
      await hearth.close();
      await database.close();
    },
  };
}

/** Records an installation, as OAuth would, for a workspace the test talks to. */
export async function install(h: Hearth, teamId: string, botToken = `xoxb-${teamId}`, name = teamId, installerId = 'U0INSTALLER'): Promise<number> {
  const installation: Installation = {
    team: { id: teamId, name },
    enterprise: undefined,
    user: { id: installerId, token: undefined, scopes: undefined },
    bot: { token: botToken, userId: 'U0HEARTHBOT', id: 'B0HEARTH', scopes: ['chat:write'] },
    appId: 'A0HEARTH',
    isEnterpriseInstall: false,
  };
  await h.services.installations.storeInstallation(installation);
  return (await h.services.workspaces.byTeamId(teamId))!.id;
}

/** A signed-in member's cookies and CSRF token, minted the way sign-in does (startSession). */
export async function signIn(t: TestHearth, teamId: string, slackUserId: string): Promise<{ cookie: string; csrf: string; memberId: number }> {
  const { startSession, CSRF_COOKIE } = await import('../../src/http/auth.js');
  const ws = await t.hearth.services.workspaces.byTeamId(teamId);
  const member = ws && (await t.hearth.services.people.bySlackId(ws.id, slackUserId));
  if (!ws || !member) throw new Error(`no member ${slackUserId} in ${teamId}; sync the directory first`);
  const jar = new Map<string, string>();
  const res = { cookie: (name: string, value: string) => jar.set(name, value) } as unknown as Parameters<typeof startSession>[0];
  startSession(res, { secret: t.hearth.services.config.sessionSecret, secure: false }, ws.id, member.id);
  return { cookie: [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '), csrf: jar.get(CSRF_COOKIE)!, memberId: member.id };
}

/** Installs a sandbox workspace and reads its directory (members and channels), as the install does. */
export async function installAndSync(t: TestHearth, teamId: string, botToken: string, installerId?: string): Promise<number> {
  const id = await install(t.hearth, teamId, botToken, teamId, installerId);
  const s = t.hearth.services;
  const ws = (await s.workspaces.byId(id))!;
  const client = await s.clients.forWorkspace(id);
  await s.people.sync(ws, client);
  await s.channels.sync(ws, client);
  return id;
}

/**
 * A worker in a process of its own on this test app's database, queue and data dir (same encryption key), for
 * the tests that kill one with SIGKILL. Resolves once it takes jobs.
 */
export async function startWorkerProcess(t: TestHearth, slackApiUrl: string): Promise<ChildProcess> {
  // Bundled once per run by the integration project's globalSetup (global-worker.ts).
  const child = fork(inject('workerBundle'), {
    execArgv: ['--enable-source-maps'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: t.databaseUrl,
      HEARTH_DATA_DIR: t.dataDir,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slackApiUrl,
      HEARTH_TEST_REDIS_PREFIX: t.redisPrefix,
    },
    stdio: 'inherit',
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return child;
}

export async function killWorker(child: ChildProcess): Promise<void> {
  child.kill('SIGKILL');
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
}
