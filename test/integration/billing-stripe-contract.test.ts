import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError, WebhookSignatureError } from '../../src/billing/provider.js';
import { StripeProvider } from '../../src/billing/stripe-provider.js';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
}

/**
 * The Stripe provider, through the official SDK in test mode, against a local stand-in for api.stripe.com on
 * a loopback port: each test pins the request the SDK sends (method, path, form fields, idempotency key) and
 * answers with the response shape Stripe documents, so a change on either side fails here.
 */
describe('Stripe provider contract (loopback stand-in)', () => {
  let server: Server;
  let url: string;
  const seen: Seen[] = [];
  let reply: (s: Seen) => { status: number; body: unknown };
  const WEBHOOK_SECRET = 'whsec_contract_test';
  let provider: StripeProvider;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const u = new URL(req.url ?? '/', 'http://stand-in');
        const s: Seen = { method: req.method ?? 'GET', path: u.pathname, query: u.searchParams, form: new URLSearchParams(raw), headers: req.headers };
        seen.push(s);
        const { status, body } = reply(s);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    provider = new StripeProvider({ secretKey: 'sk_test_contract', webhookSecret: WEBHOOK_SECRET, premiumPriceId: 'price_premium', currency: 'usd', apiUrl: url, maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it('creates a customer: POST /v1/customers with the workspace in metadata, an idempotency key and the test key', async () => {
    reply = () => ({ status: 200, body: { id: 'cus_123', object: 'customer' } });
    expect(await provider.createCustomer({ workspaceId: 7, name: 'Acme Demo', email: 'alex@acme.test' })).toEqual({ customerId: 'cus_123' });
    const [s] = seen;
    expect(s).toMatchObject({ method: 'POST', path: '/v1/customers' });
    expect(Object.fromEntries(s!.form)).toEqual({ name: 'Acme Demo', email: 'alex@acme.test', 'metadata[workspace_id]': '7' });
    expect(s!.headers['idempotency-key']).toBe('hearth-customer-7');
    expect(s!.headers.authorization).toBe('Bearer sk_test_contract');
  });

  it('reads the default payment method with expand', async () => {
    reply = () => ({
      status: 200,
      body: { id: 'cus_123', object: 'customer', invoice_settings: { default_payment_method: { id: 'pm_1', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } } } },
    });
    expect(await provider.paymentMethod('cus_123')).toEqual({ label: 'Visa ending 4242' });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/customers/cus_123' });
    expect(seen[0]!.query.getAll('expand[0]')).toEqual(['invoice_settings.default_payment_method']);
    reply = () => ({ status: 200, body: { id: 'cus_123', object: 'customer', invoice_settings: { default_payment_method: null } } });
    expect(await provider.paymentMethod('cus_123')).toBeNull();
  });

  it('adds a card through Checkout in setup mode, then makes it the default', async () => {
    reply = () => ({ status: 200, body: { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_1' } });
    expect(await provider.createSetupSession('cus_123', 'https://hearth.test/billing/payment')).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(Object.fromEntries(seen[0]!.form)).toEqual({
      mode: 'setup',
      customer: 'cus_123',
      currency: 'usd',
      success_url: 'https://hearth.test/billing/payment?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://hearth.test/billing/payment',
    });
    seen.length = 0;
    reply = (s) => {
      if (s.path === '/v1/checkout/sessions/cs_test_1')
        return { status: 200, body: { id: 'cs_test_1', object: 'checkout.session', customer: 'cus_123', mode: 'setup', setup_intent: { id: 'seti_1', object: 'setup_intent', payment_method: 'pm_9' } } };
      if (s.method === 'POST') return { status: 200, body: { id: 'cus_123', object: 'customer' } };
      return { status: 200, body: { id: 'cus_123', object: 'customer', invoice_settings: { default_payment_method: { id: 'pm_9', type: 'card', card: { brand: 'mastercard', last4: '4444' } } } } };
    };
    expect(await provider.completeSetup('cus_123', 'cs_test_1')).toEqual({ label: 'Mastercard ending 4444' });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /v1/checkout/sessions/cs_test_1', 'POST /v1/customers/cus_123', 'GET /v1/customers/cus_123']);
    expect(seen[0]!.query.getAll('expand[0]')).toEqual(['setup_intent']);
    expect(Object.fromEntries(seen[1]!.form)).toEqual({ 'invoice_settings[default_payment_method]': 'pm_9' });
    // Another customer's session is refused without touching the card.
    reply = () => ({ status: 200, body: { id: 'cs_test_2', object: 'checkout.session', customer: 'cus_other', setup_intent: null } });
    await expect(provider.completeSetup('cus_123', 'cs_test_2')).rejects.toBeInstanceOf(ProviderError);
  });

  it('opens the billing portal', async () => {
    reply = () => ({ status: 200, body: { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/1' } });
    expect(await provider.portalSession('cus_123', 'https://hearth.test/billing/payment')).toEqual({ url: 'https://billing.stripe.com/p/session/1' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions' });
    expect(Object.fromEntries(seen[0]!.form)).toEqual({ customer: 'cus_123', return_url: 'https://hearth.test/billing/payment' });
  });

  it('subscribes by card or by invoice, with the caller\'s idempotency key, and cancels', async () => {
    reply = () => ({ status: 200, body: { id: 'sub_1', object: 'subscription', status: 'active' } });
    expect(await provider.subscribe('cus_123', { quantity: 31, invoiced: false, idempotencyKey: 'hearth-subscribe-7-1' })).toEqual({ subscriptionId: 'sub_1', status: 'active' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/subscriptions' });
    expect(Object.fromEntries(seen[0]!.form)).toEqual({
      customer: 'cus_123',
      'items[0][price]': 'price_premium',
      'items[0][quantity]': '31',
      collection_method: 'charge_automatically',
      'metadata[plan]': 'premium',
    });
    expect(seen[0]!.headers['idempotency-key']).toBe('hearth-subscribe-7-1');
    await provider.subscribe('cus_123', { quantity: 0, invoiced: true, idempotencyKey: 'k2' });
    expect(Object.fromEntries(seen[1]!.form)).toMatchObject({ 'items[0][quantity]': '1', collection_method: 'send_invoice', days_until_due: '30' });
    reply = () => ({ status: 200, body: { id: 'sub_1', object: 'subscription', status: 'canceled' } });
    await provider.cancel('sub_1');
    expect(seen[2]).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_1' });
  });

  it('lists invoices newest first, a page at a time with starting_after', async () => {
    reply = () => ({
      status: 200,
      body: {
        object: 'list',
        url: '/v1/invoices',
        has_more: true,
        data: [
          { id: 'in_2', object: 'invoice', number: 'HRTH-0002', status: 'paid', amount_due: 12400, amount_paid: 12400, currency: 'usd', created: 1772438400, hosted_invoice_url: 'https://invoice.stripe.com/i/2', invoice_pdf: 'https://pay.stripe.com/invoice/2/pdf' },
        ],
      },
    });
    const page = await provider.listInvoices('cus_123', { startingAfter: 'in_3', limit: 10 });
    expect(page).toEqual({
      has_more: true,
      invoices: [
        { id: 'in_2', number: 'HRTH-0002', status: 'paid', amount_due: 12400, amount_paid: 12400, currency: 'usd', created: '2026-03-02T08:00:00.000Z', hosted_invoice_url: 'https://invoice.stripe.com/i/2', invoice_pdf: 'https://pay.stripe.com/invoice/2/pdf' },
      ],
    });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/invoices' });
    expect(Object.fromEntries(seen[0]!.query)).toEqual({ customer: 'cus_123', limit: '10', starting_after: 'in_3' });
  });

  it('turns Stripe\'s errors into ProviderErrors: a refusal keeps Stripe\'s words, an outage does not', async () => {
    reply = () => ({ status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } } });
    const declined = await provider.subscribe('cus_123', { quantity: 3, invoiced: false, idempotencyKey: 'k3' }).catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(ProviderError);
    expect(declined).toMatchObject({ message: 'Your card was declined.', declined: true });
    reply = () => ({ status: 500, body: { error: { type: 'api_error', message: 'internal' } } });
    const down = await provider.listInvoices('cus_123', { limit: 10 }).catch((e: unknown) => e);
    expect(down).toMatchObject({ declined: false, message: 'Stripe did not answer (list invoices). Try again?' });
    const noPrice = new StripeProvider({ secretKey: 'sk_test_contract', currency: 'usd', apiUrl: url, maxNetworkRetries: 0 });
    await expect(noPrice.subscribe('cus_123', { quantity: 1, invoiced: false, idempotencyKey: 'k' })).rejects.toThrow(/STRIPE_PREMIUM_PRICE_ID/);
  });

  it('verifies webhook signatures over the raw body (stripe.webhooks.constructEvent) and reduces the events Billing acts on', () => {
    const sign = (payload: object) => {
      const body = JSON.stringify(payload);
      return { raw: Buffer.from(body), header: new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) };
    };
    const sub = sign({ id: 'evt_1', object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_1', object: 'subscription', customer: 'cus_123', status: 'past_due' } } });
    expect(provider.verifyWebhook(sub.raw, sub.header)).toEqual({ id: 'evt_1', kind: 'subscription', customerId: 'cus_123', subscriptionId: 'sub_1', status: 'past_due' });
    const gone = sign({ id: 'evt_2', object: 'event', type: 'customer.subscription.deleted', data: { object: { id: 'sub_1', object: 'subscription', customer: 'cus_123', status: 'active' } } });
    expect(provider.verifyWebhook(gone.raw, gone.header)).toMatchObject({ kind: 'subscription', status: 'canceled' });
    const setup = sign({ id: 'evt_3', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_1', object: 'checkout.session', mode: 'setup', customer: 'cus_123' } } });
    expect(provider.verifyWebhook(setup.raw, setup.header)).toEqual({ id: 'evt_3', kind: 'setup_completed', customerId: 'cus_123', sessionId: 'cs_1' });
    const other = sign({ id: 'evt_4', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_1' } } });
    expect(provider.verifyWebhook(other.raw, other.header)).toEqual({ id: 'evt_4', kind: 'ignored', type: 'invoice.paid' });
    // Tampered body, wrong secret, missing secret.
    expect(() => provider.verifyWebhook(Buffer.from(sub.raw.toString().replace('past_due', 'active')), sub.header)).toThrow(WebhookSignatureError);
    const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload: sub.raw.toString(), secret: 'whsec_other' });
    expect(() => provider.verifyWebhook(sub.raw, forged)).toThrow(WebhookSignatureError);
    const unsigned = new StripeProvider({ secretKey: 'sk_test_contract', currency: 'usd', apiUrl: url });
    expect(() => unsigned.verifyWebhook(sub.raw, sub.header)).toThrow(WebhookSignatureError);
  });
});
