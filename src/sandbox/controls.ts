import { Router } from 'express';
import type { PlatformServices } from '../platform/services.js';
import { startSession } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { body, query } from '../http/validate.js';
import type { Sandbox } from './sandbox.js';
import { memberRoutes } from './controls/routes.js';
import { advanceBody, callsQuery, faultBody, outageBody, rateLimitsBody, signInBody, type FaultInput } from './controls/schema.js';
import { SandboxClient } from './controls/service.js';
import type { SandboxFault } from './faults.js';

/**
 * The sandbox's controls, for the sandbox page, tests and scripts (README: "The sandbox"). Only mounted
 * when the sandbox runs; they act as Slack would, through the real endpoints, and answer once the app's
 * resulting work is done.
 */
export function sandboxControls(sandbox: Sandbox, services: PlatformServices): Router {
  const router = Router();
  const session = { secret: services.config.sessionSecret, secure: services.config.publicUrl.startsWith('https://') };
  const client = new SandboxClient(sandbox, services);

  /** Sign in to the admin pages as a sandbox member. */
  router.post('/sandbox/session', async (req, res) => {
    const input = body(req, signInBody);
    const workspace = await services.workspaces.byTeamId(input.team_id);
    const member = workspace && (await services.people.bySlackId(workspace.id, input.user_id));
    if (!workspace || !member) throw new HttpError(404, 'No such member in the sandbox (the directory may still be syncing; try again in a moment)');
    if (member.deleted) throw new HttpError(403, 'This member is deactivated');
    startSession(res, session, workspace.id, member.id);
    res.json({ ok: true, member: { id: member.id, slack_user_id: member.slack_user_id, name: member.real_name || member.name } });
  });

  router.get('/sandbox/clock', (_req, res) => {
    res.json({ now: sandbox.clock.now().toISOString() });
  });

  /** Runs every tick between now and the target, in order, waiting for each tick's work. */
  router.post('/sandbox/clock/advance', async (req, res) => {
    const input = body(req, advanceBody);
    const target = input.to ? new Date(input.to) : new Date(sandbox.clock.now().getTime() + input.minutes! * 60_000);
    if (target < sandbox.clock.now()) throw new HttpError(400, 'The sandbox clock only moves forward', { to: 'must be later than now' });
    const ticks = await services.scheduler.advanceTo(target, sandbox.clock, () => services.queue.idle());
    await services.queue.idle();
    sandbox.state.deliverDueScheduled();
    sandbox.flush();
    res.json({ now: sandbox.clock.now().toISOString(), ticks });
  });

  router.post('/sandbox/reset', async (_req, res) => {
    sandbox.reset();
    client.reset();
    res.json({ ok: true });
  });

  router.get('/sandbox/rate_limits', (_req, res) => {
    res.json({ enabled: sandbox.state.rateLimits.enabled, limits: sandbox.state.rateLimits.custom });
  });

  /** Slack's rate limits on (or off) for the Web API stand-in; per-method overrides for demos and tests. */
  router.post('/sandbox/rate_limits', (req, res) => {
    const input = body(req, rateLimitsBody);
    const limits = sandbox.state.rateLimits;
    limits.enabled = input.enabled;
    for (const [method, rule] of Object.entries(input.limits ?? {})) limits.setLimit(method, rule.limit, rule.window_ms, rule.per_channel ?? false);
    if (input.reset) limits.reset();
    res.json({ enabled: limits.enabled, limits: limits.custom });
  });

  router.get('/sandbox/faults', (_req, res) => {
    res.json({ faults: sandbox.state.faults });
  });

  /** Queues a failure for the next matching Web API call (timeout, dropped connection, HTTP 500, error …). */
  router.post('/sandbox/faults', (req, res) => {
    sandbox.state.injectFault(toFault(body(req, faultBody).fault));
    res.status(201).json({ faults: sandbox.state.faults });
  });

  router.delete('/sandbox/faults', (_req, res) => {
    sandbox.state.faults.length = 0;
    res.json({ faults: [] });
  });

  /** Slack is down from now for `minutes` of the sandbox clock: every call is answered as during an outage. */
  router.post('/sandbox/outage', (req, res) => {
    const input = body(req, outageBody);
    const until = new Date(sandbox.clock.now().getTime() + input.minutes * 60_000);
    sandbox.state.outage = { until, answer: input.answer, ...(input.team_id ? { teamId: input.team_id } : {}) };
    res.status(201).json({ until: until.toISOString() });
  });

  router.delete('/sandbox/outage', (_req, res) => {
    sandbox.state.outage = null;
    res.json({ ok: true });
  });

  /** The Web API calls the app made, oldest first (for demos and tests: "what did the app send?"). */
  router.get('/sandbox/calls', (req, res) => {
    const { method, team, since } = query(req, callsQuery);
    const calls = sandbox.state.calls.filter((c) => (!method || c.method === method) && (!team || c.teamId === team) && (since === undefined || c.seq > since));
    res.json({ calls });
  });

  router.use(memberRoutes(client, sandbox.state));
  return router;
}

function toFault(f: FaultInput): SandboxFault {
  const match = { method: f.method, ...(f.team_id ? { teamId: f.team_id } : {}), ...(f.channel ? { channel: f.channel } : {}) };
  switch (f.kind) {
    case 'delay':
      return { ...match, kind: 'delay', ms: f.ms };
    case 'error':
      return { ...match, kind: 'error', error: f.error };
    case 'ratelimited':
      return { ...match, kind: 'ratelimited', ...(f.retry_after !== undefined ? { retryAfter: f.retry_after } : {}) };
    default:
      return { ...match, kind: f.kind };
  }
}
