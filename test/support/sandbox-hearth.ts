import { join } from 'node:path';
import type { HearthOptions } from '../../src/hearth.js';
import type { PlatformServices } from '../../src/platform/services.js';
import { builtPages } from '../../src/http/pages.js';
import { createSandbox } from '../../src/sandbox/app.js';
import type { Sandbox } from '../../src/sandbox/sandbox.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { ControllableClock, type SettableClock } from '../../src/time/clock.js';
import { SIGNING_SECRET, startTestHearth, type TestHearth } from './hearth.js';

export interface SandboxHearth extends TestHearth {
  sandbox: Sandbox;
  services: PlatformServices;
  clock: SettableClock;
  /** JSON to and from the sandbox API (and any other route), failing loudly on an unexpected status. */
  api<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, expectStatus?: number): Promise<T>;
}

/** Monday 2 March 2026, 08:00 UTC: a fixed start, so schedules and screenshots agree run after run. */
export const SANDBOX_START = new Date('2026-03-02T08:00:00Z');

/**
 * A whole Hearth running on the sandbox workspace, as `npm start` runs it with no Slack credentials: the
 * Web API stand-in and the controls mounted in the app, the seeded workspaces installed and their
 * directories synced, the worker running. No data dir: every start is the seed.
 */
export async function startSandboxHearth(
  opts: { clock?: SettableClock; pages?: boolean; capabilities?: HearthOptions['capabilities']; worker?: boolean } & Pick<HearthOptions, 'tickEveryMs' | 'watchdogCron'> = {},
): Promise<SandboxHearth> {
  const clock = opts.clock ?? new ControllableClock(SANDBOX_START);
  const sandbox = createSandbox({ clock, signingSecret: SIGNING_SECRET });
  const options = sandbox.hearthOptions();
  const t = await startTestHearth({
    ...options,
    capabilities: [...(options.capabilities ?? []), ...(opts.capabilities ?? [])],
    slackApiUrl: (url) => `${url}/sandbox/api/`,
    ...(opts.pages ? { pages: builtPages(join(import.meta.dirname, '..', '..', 'dist', 'web'), { devTools: true }) } : {}),
    ...(opts.worker === false ? { worker: false } : {}),
    tickEveryMs: opts.tickEveryMs,
    watchdogCron: opts.watchdogCron,
  });
  sandbox.setAppUrl(t.url);
  const services = t.hearth.services;
  await sandbox.bootstrap(services);
  await services.queue.idle();
  for (const teamId of [ACME.teamId, GLOBEX.teamId]) {
    const ws = await services.workspaces.byTeamId(teamId);
    if (!ws?.members_synced_at) throw new Error(`the sandbox directory of ${teamId} did not sync`);
  }

  async function api<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, expectStatus = 200): Promise<T> {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status !== expectStatus) throw new Error(`${method} ${path}: expected ${expectStatus}, got ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return { ...t, sandbox, services, clock, api };
}
