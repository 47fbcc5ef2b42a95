import { Router } from 'express';
import { z } from 'zod';
import type { Services } from '../hearth.js';
import { startSession } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { body } from '../http/validate.js';
import type { Sandbox } from './app.js';

const signInBody = z.object({ team_id: z.string().min(1), user_id: z.string().min(1) });
const advanceBody = z
  .object({ to: z.iso.datetime({ offset: true }).optional(), minutes: z.number().int().positive().max(60 * 24 * 400).optional() })
  .refine((b) => (b.to === undefined) !== (b.minutes === undefined), 'give either to or minutes');

/**
 * The sandbox's controls, for the sandbox page, tests and scripts (README: "The sandbox API"). Only mounted
 * when the sandbox runs; they act as Slack would, through the real endpoints.
 */
export function sandboxControls(sandbox: Sandbox, services: Services): Router {
  const router = Router();
  const session = { secret: services.config.sessionSecret, secure: services.config.publicUrl.startsWith('https://') };

  /** Sign in to the admin pages as a sandbox member. */
  router.post('/sandbox/session', async (req, res) => {
    const input = body(req, signInBody);
    const workspace = await services.workspaces.byTeamId(input.team_id);
    const member = workspace && (await services.people.bySlackId(workspace.id, input.user_id));
    if (!workspace || !member) throw new HttpError(404, 'No such member in the sandbox (the directory may still be syncing; try again in a moment)');
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
    res.json({ now: sandbox.clock.now().toISOString(), ticks });
  });

  router.post('/sandbox/reset', async (_req, res) => {
    sandbox.reset();
    res.json({ ok: true });
  });

  return router;
}
