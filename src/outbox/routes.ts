import { Router } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { params } from '../http/validate.js';
import type { Outbox } from './service.js';

/** The workspace's deliveries that failed or were not confirmed, for admins (the service asks), with a Try again. */
export function outboxRoutes(outbox: Outbox): Router {
  const router = Router();
  router.use('/deliveries', requireMember);

  router.get('/deliveries/failed', async (req, res) => {
    res.json(await outbox.failed(authOf(req), req.query));
  });

  router.post('/deliveries/:id/retry', async (req, res) => {
    await outbox.retry(authOf(req), params(req, idParams).id);
    res.json({ ok: true });
  });

  return router;
}
