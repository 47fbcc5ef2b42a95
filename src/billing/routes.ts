import { Router } from 'express';
import { z } from 'zod';
import { jsonApi } from '../http/api.js';
import { authOf, requireMember } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { WebhookSignatureError } from './provider.js';
import { billingAccountJson, costJson, invoiceJson, invoicesPage, planJson } from './api-types.js';
import { adminsBody, changePlanBody, completeSetupBody, costQuery, invoiceParams, invoicesQuery, ownNewConfigsBody, ownershipBody, ticketBody } from './schema.js';
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
  const api = jsonApi(router, 'Billing');
  const url = z.object({ url: z.string() });

  // The pages' own reads: the account, its plan, payment method, owner and admins.
  for (const path of ['/billing', '/billing/payment'])
    api.get(path, { summary: 'The Hearth account: its plan, payment method, owner and admins', response: billingAccountJson }, ({ req }) => billing.overview(authOf(req)));
  api.post('/billing/payment/setup', { summary: 'Start adding a payment method: the provider’s page to go to', response: url }, ({ req }) => billing.startSetup(authOf(req)));
  api.post('/billing/payment/complete', { summary: 'Save the payment method the provider’s page took', serviceBody: completeSetupBody, response: billingAccountJson }, ({ req }) => billing.completeSetup(authOf(req), req.body));
  api.post('/billing/payment/portal', { summary: 'The provider’s billing portal to go to', response: url }, ({ req }) => billing.portal(authOf(req)));

  api.get('/billing/invoices', { summary: 'The account’s invoices, newest first', serviceQuery: invoicesQuery, response: invoicesPage }, ({ req }) => billing.invoices(authOf(req), req.query));
  api.get('/billing/invoices/:id', { summary: 'One invoice (the sandbox provider’s hosted invoice page)', params: invoiceParams, response: z.object({ invoice: invoiceJson }) }, async ({ params, req }) => ({ invoice: await billing.sandboxInvoice(authOf(req), params.id) }));
  api.put('/billing/update_ownership', { summary: 'Make another admin the account’s owner', serviceBody: ownershipBody, response: billingAccountJson }, ({ req }) => billing.updateOwnership(authOf(req), req.body));

  api.get('/payment/paid_coffee_cost_and_quantity', { summary: 'What paid Intros would cost now', serviceQuery: costQuery, response: costJson }, ({ req }) => billing.cost(authOf(req), 'paid_coffee', req.query));
  api.get('/payment/premium_cost_and_quantity', { summary: 'What Premium would cost now', serviceQuery: costQuery, response: costJson }, ({ req }) => billing.cost(authOf(req), 'premium', req.query));
  api.post('/payment/update_admins_as_json', { summary: 'Add or remove a billing admin', serviceBody: adminsBody, response: billingAccountJson }, ({ req }) => billing.updateAdmins(authOf(req), req.body));
  api.post('/payment/update_own_new_configs', { summary: 'Whether new programs join the paid account', serviceBody: ownNewConfigsBody, response: billingAccountJson }, ({ req }) => billing.updateOwnNewConfigs(authOf(req), req.body));

  api.post('/sign_up/change_plan', { summary: 'Change the plan: start a trial, upgrade, or downgrade with the survey', serviceBody: changePlanBody, response: z.object({ plan: planJson }) }, ({ req }) => billing.changePlan(authOf(req), req.body));
  api.post('/intercom_tickets', { summary: 'Ask Hearth’s support (an upgrade, an invoice, gift cards, help)', body: ticketBody, response: z.object({ ok: z.literal(true), id: z.number().int(), email: z.string() }) }, ({ body, req }) => billing.fileTicket(authOf(req), body));
  return router;
}
