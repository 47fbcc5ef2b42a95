import { join } from 'node:path';
import { expect } from 'vitest';
import type { HearthOptions } from '../../src/hearth.js';
import type { CreateTagAnswer } from '../../src/journeys/api-types.js';
import type { PlatformServices } from '../../src/platform/services.js';
import { builtPages } from '../../src/http/pages.js';
import { createSandbox } from '../../src/sandbox/app.js';
import type { Sandbox } from '../../src/sandbox/sandbox.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { ControllableClock, type SettableClock } from '../../src/time/clock.js';
import { SIGNING_SECRET, startTestHearth, type TestHearth } from './hearth.js';
import { call, type SignedIn } from './http.js';

export interface SandboxHearth extends TestHearth {
  sandbox: Sandbox;
  services: PlatformServices;
  clock: SettableClock;
  /** JSON to and from the sandbox API (and any other route), failing loudly on an unexpected status. */
  api<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, expectStatus?: number): Promise<T>;
  /** The same as a signed-in member (cookie and CSRF token), or as nobody; a FormData body goes as a form. */
  call<T = Record<string, unknown>>(who: SignedIn | null, method: string, path: string, body?: unknown, expectStatus?: number): Promise<T>;
}

export type { SignedIn };

/** Monday 2 March 2026, 08:00 UTC: a fixed start, so schedules and screenshots agree run after run. */
export const SANDBOX_START = new Date('2026-03-02T08:00:00Z');

/**
 * A whole Hearth running on the sandbox workspace, as `npm start` runs it with no Slack credentials: the
 * Web API stand-in and the controls mounted in the app, the seeded workspaces installed and their
 * directories synced, the worker running. No data dir: every start is the seed.
 */
export async function startSandboxHearth(
  opts: { clock?: SettableClock; pages?: boolean; capabilities?: HearthOptions['capabilities']; worker?: boolean; env?: Record<string, string> } & Pick<HearthOptions, 'tickEveryMs' | 'watchdogCron' | 'slackTimeoutMs'> = {},
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
    ...(opts.env ? { env: opts.env } : {}),
    tickEveryMs: opts.tickEveryMs,
    watchdogCron: opts.watchdogCron,
    ...(opts.slackTimeoutMs ? { slackTimeoutMs: opts.slackTimeoutMs } : {}),
  });
  sandbox.setAppUrl(t.url);
  const services = t.hearth.services;
  await sandbox.bootstrap(services);
  await services.queue.idle();
  for (const teamId of [ACME.teamId, GLOBEX.teamId]) {
    const ws = await services.workspaces.byTeamId(teamId);
    if (!ws?.members_synced_at) throw new Error(`the sandbox directory of ${teamId} did not sync`);
  }

  return {
    ...t,
    sandbox,
    services,
    clock,
    api: (method, path, body, expectStatus) => call(t, null, method, path, body, expectStatus),
    call: (who, method, path, body, expectStatus) => call(t, who, method, path, body, expectStatus),
  };
}

/** Waits until the queue is idle and the outbox has sent everything. */
export async function settle(t: SandboxHearth): Promise<void> {
  await t.services.queue.idle();
  await expect.poll(async () => (await t.services.db.selectFrom('outbox').select('id').where('state', 'in', ['pending', 'sending']).execute()).length, { timeout: 15_000 }).toBe(0);
  await t.services.queue.idle();
}

/** The id of the bot's DM with this ACME member in the sandbox. */
export const dmWith = (t: SandboxHearth, userId: string) => t.sandbox.state.openConversation(ACME.teamId, ACME.botUserId, [userId]).channel.id;

/** Puts a workspace on a plan: Premium for the paid features a test drives, Free to see them refused. */
export async function setPlan(t: TestHearth, teamId: string, plan: 'free' | 'premium'): Promise<void> {
  const { workspaces, db } = t.hearth.services;
  const ws = (await workspaces.byTeamId(teamId))!;
  await db.updateTable('accounts').set({ plan }).where('workspace_id', '=', ws.id).execute();
}

/** Creates the one-click onboarding journey (preset bundle 1, posts in #general) as `who`, as the create dialog does. */
export async function createOnboardingJourney(t: SandboxHearth, who: SignedIn, name = 'Onboarding'): Promise<CreateTagAnswer> {
  const form = new FormData();
  form.set('channel_id', ACME.channels.general);
  form.set('onboarding_tag[name]', name);
  form.set('onboarding_tag[flow_type]', 'onboarding');
  form.set('onboarding_tag[preset_bundle_id]', '1');
  form.set('source', 'one_click');
  return t.call<CreateTagAnswer>(who, 'POST', '/onboarding/tags', form);
}
