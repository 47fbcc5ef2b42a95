import Stripe from 'stripe';
import {
  ProviderError,
  WebhookSignatureError,
  type InvoicePage,
  type PaymentMethodInfo,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from './provider.js';
import { billedSeats } from './pricing.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret?: string;
  premiumPriceId?: string;
  currency: string;
  /** Another API base (a local stand-in in tests): http://127.0.0.1:PORT. */
  apiUrl?: string;
  /** Network retries (the SDK's own, with idempotency keys); 0 in tests. */
  maxNetworkRetries?: number;
}

const label = (pm: Stripe.PaymentMethod | string | null | undefined): PaymentMethodInfo | null => {
  if (!pm || typeof pm === 'string') return pm ? { label: 'Payment method on file' } : null;
  if (pm.card) return { label: `${pm.card.brand.charAt(0).toUpperCase()}${pm.card.brand.slice(1)} ending ${pm.card.last4}` };
  return { label: pm.type.replace(/_/g, ' ') };
};

/** Runs a Stripe call; any failure becomes a ProviderError whose message can be shown. */
async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      const declined = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500;
      throw new ProviderError(declined ? err.message : `Stripe did not answer (${what}). Try again?`, declined);
    }
    throw new ProviderError(`Stripe did not answer (${what}). Try again?`);
  }
}

/** Payments through Stripe, with the official SDK. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly opts: StripeProviderOptions) {
    const base = opts.apiUrl ? new URL(opts.apiUrl) : undefined;
    this.stripe = new Stripe(opts.secretKey, {
      maxNetworkRetries: opts.maxNetworkRetries ?? 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Hearth' },
      ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  }

  async createCustomer(input: { workspaceId: number; name: string; email: string | null }) {
    const customer = await call('create customer', () =>
      this.stripe.customers.create(
        { name: input.name, ...(input.email ? { email: input.email } : {}), metadata: { workspace_id: String(input.workspaceId) } },
        { idempotencyKey: `hearth-customer-${input.workspaceId}` },
      ),
    );
    return { customerId: customer.id };
  }

  async paymentMethod(customerId: string): Promise<PaymentMethodInfo | null> {
    const customer = await call('read customer', () => this.stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] }));
    if (customer.deleted) return null;
    return label(customer.invoice_settings?.default_payment_method);
  }

  async createSetupSession(customerId: string, returnUrl: string) {
    const sep = returnUrl.includes('?') ? '&' : '?';
    const session = await call('start checkout', () =>
      this.stripe.checkout.sessions.create({
        mode: 'setup',
        customer: customerId,
        currency: this.opts.currency,
        success_url: `${returnUrl}${sep}session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: returnUrl,
      }),
    );
    if (!session.url) throw new ProviderError('Stripe gave no checkout address. Try again?');
    return { url: session.url };
  }

  async completeSetup(customerId: string, sessionId: string): Promise<PaymentMethodInfo | null> {
    const session = await call('read checkout', () => this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent'] }));
    const sessionCustomer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
    if (sessionCustomer !== customerId) throw new ProviderError('That checkout belongs to another customer.', true);
    const intent = session.setup_intent;
    const pm = intent && typeof intent !== 'string' ? intent.payment_method : null;
    const pmId = typeof pm === 'string' ? pm : pm?.id;
    if (!pmId) return this.paymentMethod(customerId);
    await call('save card', () => this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pmId } }));
    return this.paymentMethod(customerId);
  }

  async portalSession(customerId: string, returnUrl: string) {
    const session = await call('open portal', () => this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
    return { url: session.url };
  }

  async subscribe(customerId: string, input: { quantity: number; invoiced: boolean; idempotencyKey: string }): Promise<ProviderSubscription> {
    const price = this.opts.premiumPriceId;
    if (!price) throw new ProviderError('Payments are not fully set up: the premium price is missing (STRIPE_PREMIUM_PRICE_ID).');
    const sub = await call('subscribe', () =>
      this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price, quantity: billedSeats(input.quantity) }],
          ...(input.invoiced ? { collection_method: 'send_invoice' as const, days_until_due: 30 } : { collection_method: 'charge_automatically' as const }),
          metadata: { plan: 'premium' },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { subscriptionId: sub.id, status: sub.status };
  }

  async cancel(subscriptionId: string): Promise<void> {
    await call('cancel', () => this.stripe.subscriptions.cancel(subscriptionId));
  }

  async listInvoices(customerId: string, input: { startingAfter?: string; limit: number }): Promise<InvoicePage> {
    const page = await call('list invoices', () =>
      this.stripe.invoices.list({ customer: customerId, limit: input.limit, ...(input.startingAfter ? { starting_after: input.startingAfter } : {}) }),
    );
    return {
      has_more: page.has_more,
      invoices: page.data.map((i) => ({
        id: i.id!,
        number: i.number ?? null,
        status: i.status ?? null,
        amount_due: i.amount_due,
        amount_paid: i.amount_paid,
        currency: i.currency,
        created: new Date(i.created * 1000).toISOString(),
        hosted_invoice_url: i.hosted_invoice_url ?? null,
        invoice_pdf: i.invoice_pdf ?? null,
      })),
    };
  }

  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent {
    if (!this.opts.webhookSecret) throw new WebhookSignatureError('No webhook secret is configured (STRIPE_WEBHOOK_SECRET).');
    return reduceStripeEvent(verifyStripeSignature(this.stripe, rawBody, signature, this.opts.webhookSecret));
  }
}

/** stripe.webhooks.constructEvent: the signature over the raw body, within Stripe's tolerance. */
export function verifyStripeSignature(stripe: Stripe, rawBody: Buffer, signature: string, secret: string): Stripe.Event {
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (err) {
    throw new WebhookSignatureError(err instanceof Error ? err.message : 'Bad signature');
  }
}

/** The Stripe events Billing acts on; everything else is acknowledged and ignored. */
export function reduceStripeEvent(e: Stripe.Event): ProviderEvent {
  const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? ''));
  switch (e.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = e.data.object;
      return { id: e.id, kind: 'subscription', customerId: idOf(sub.customer), subscriptionId: sub.id, status: e.type === 'customer.subscription.deleted' ? 'canceled' : sub.status };
    }
    case 'checkout.session.completed': {
      const session = e.data.object;
      if (session.mode !== 'setup') return { id: e.id, kind: 'ignored', type: e.type };
      return { id: e.id, kind: 'setup_completed', customerId: idOf(session.customer), sessionId: session.id };
    }
    default:
      return { id: e.id, kind: 'ignored', type: e.type };
  }
}
