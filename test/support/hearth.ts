import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Installation } from '@slack/bolt';
import { pino } from 'pino';
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

/**
 * A whole Hearth on a loopback port: a fresh database (Postgres with DATABASE_URL, else PGlite), BullMQ with
 * REDIS_URL (keys under a prefix of its own), else the in-process queue.
 */
export async function startTestHearth(
  opts: Omit<HearthOptions, 'database'> & { slackApiUrl?: string; worker?: boolean; env?: Record<string, string> } = {},
): Promise<TestHearth> {
  const database = await testDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-test-'));
  const redisPrefix = `hearth-test-${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    HEARTH_DATA_DIR: dataDir,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    ...(opts.slackApiUrl ? { SLACK_API_URL: opts.slackApiUrl } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...opts.env,
  });
  const log = pino({ level: config.logLevel });
  const hearth = await createHearth(config, log, { ...opts, database, redisPrefix });
  if (opts.worker !== false) await hearth.startWorker();
  const server: Server = createServer(hearth.http);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    hearth,
    url,
    dataDir,
    databaseUrl: database.url,
    redisPrefix,
    driver: new SlackDriver(`${url}/slack/events`, SIGNING_SECRET),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await hearth.close();
      await database.close();
    },
  };
}

/** Records an installation, as OAuth would, for a workspace the test talks to. */
export async function install(h: Hearth, teamId: string, botToken = `xoxb-${teamId}`, name = teamId): Promise<number> {
  const installation: Installation = {
    team: { id: teamId, name },
    enterprise: undefined,
    user: { id: 'U0INSTALLER', token: undefined, scopes: undefined },
    bot: { token: botToken, userId: 'U0HEARTHBOT', id: 'B0HEARTH', scopes: ['chat:write'] },
    appId: 'A0HEARTH',
    isEnterpriseInstall: false,
  };
  await h.services.installations.storeInstallation(installation);
  return (await h.services.workspaces.byTeamId(teamId))!.id;
}
