import { Router } from 'express';
import { authOf } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { params, query } from '../http/validate.js';
import type { FailedDeliveriesPage } from './api-types.js';
import { failedQuery } from './schema.js';
import type { Outbox } from './service.js';

/** The workspace's deliveries that failed or were not confirmed, for admins, with a Try again. */
export function outboxRoutes(outbox: Outbox): Router {
  const router = Router();

  router.get('/deliveries/failed', async (req, res) => {
    const { page, per } = query(req, failedQuery);
    const rows = await outbox.failed(authOf(req), { limit: per + 1, offset: (page - 1) * per });
    const body: FailedDeliveriesPage = { deliveries: rows.slice(0, per), page, per, next_page: rows.length > per ? page + 1 : null };
    res.json(body);
  });

  /** Sends a failed delivery again (another workspace's id, or one that did not fail: 404; one that cannot work: 400). */
  router.post('/deliveries/:id/retry', async (req, res) => {
    const { id } = params(req, idParams);
    await outbox.retry(authOf(req), id);
    res.json({ ok: true });
  });

  return router;
}
