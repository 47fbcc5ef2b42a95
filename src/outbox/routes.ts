import { Router } from 'express';
import { jsonApi, okJson } from '../http/api.js';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { failedDeliveriesPage } from './api-types.js';
import { failedQuery } from './schema.js';
import type { Outbox } from './service.js';

/** The workspace's deliveries that failed or were not confirmed, for admins (the service asks), with a Try again. */
export function outboxRoutes(outbox: Outbox): Router {
  const router = Router();
  router.use('/deliveries', requireMember);
  const api = jsonApi(router, 'Deliveries');

  api.get('/deliveries/failed', { summary: 'The messages Slack refused or did not confirm, newest first (admins)', serviceQuery: failedQuery, response: failedDeliveriesPage }, ({ req }) => outbox.failed(authOf(req), req.query));

  api.post('/deliveries/:id/retry', { summary: 'Try a failed delivery again (admins)', params: idParams, response: okJson }, async ({ params, req }) => {
    await outbox.retry(authOf(req), params.id);
    return { ok: true } as const;
  });

  return router;
}
