import { Router } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { body } from '../http/validate.js';
import { WebhookSignatureError } from './provider.js';
import { ticketBody } from './schema.js';
import type { BillingService } from './service.js';

/** The provider's webhooks: no session, the signature over the raw body is the authentication. */
export const WEBHOOK_PATH = '/billing/webhooks/stripe';

/** Billing's calls (programs.md §7 "Billing", the plan-change and support calls of the upgrade dialog). Thin over the service. */
export function billingRoutes(billing: BillingService): Router {
  const router = Router();

  router.post(WEBHOOK_PATH, async (req, res) => {
    const raw = (req as { rawBody?: Buffer }).rawBody;
    const signature = req.get('stripe-signature');
    if (!raw || !signature) throw new HttpError(400, 'Missing webhook signature or body');
    let e;
    try {
      e = billing.provider.verifyWebhook(raw, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw new HttpError(400, 'Webhook signature does not verify');
      throw new HttpError(400, err instanceof Error ? err.message : 'Webhook refused');
    }
    await billing.handleWebhook(e);
    res.json({ received: true });
  });

  router.use(['/billing', '/payment', '/sign_up', '/intercom_tickets'], requireMember);

  // The pages' own reads: the account, its plan, payment method, owner and admins.
  router.get(['/billing', '/billing/payment'], async (req, res) => {
    res.json(await billing.overview(authOf(req)));
  });
  router.post('/billing/payment/setup', async (req, res) => {
    res.json(await billing.startSetup(authOf(req)));
  });
  router.post('/billing/payment/complete', async (req, res) => {
    res.json(await billing.completeSetup(authOf(req), req.body));
  });
  router.post('/billing/payment/portal', async (req, res) => {
    res.json(await billing.portal(authOf(req)));
  });

  router.get('/billing/invoices', async (req, res) => {
    res.json(await billing.invoices(authOf(req), req.query));
  });
  router.put('/billing/update_ownership', async (req, res) => {
    res.json(await billing.updateOwnership(authOf(req), req.body));
  });

  router.get('/payment/paid_coffee_cost_and_quantity', async (req, res) => {
    res.json(await billing.cost(authOf(req), 'paid_coffee', req.query));
  });
  router.get('/payment/premium_cost_and_quantity', async (req, res) => {
    res.json(await billing.cost(authOf(req), 'premium', req.query));
  });
  router.post('/payment/update_admins_as_json', async (req, res) => {
    res.json(await billing.updateAdmins(authOf(req), req.body));
  });
  router.post('/payment/update_own_new_configs', async (req, res) => {
    res.json(await billing.updateOwnNewConfigs(authOf(req), req.body));
  });

  router.post('/sign_up/change_plan', async (req, res) => {
    res.json(await billing.changePlan(authOf(req), req.body));
  });
  router.post('/intercom_tickets', async (req, res) => {
    res.json(await billing.fileTicket(authOf(req), body(req, ticketBody)));
  });
  return router;
}
