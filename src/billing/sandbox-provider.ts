import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import {
  ProviderError,
  type InvoicePage,
  type PaymentMethodInfo,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider.js';
import { reduceStripeEvent, verifyStripeSignature } from './stripe-provider.js';
import type { Clock } from '../time/clock.js';

interface SandboxCustomer {
  id: string;
  name: string;
  card: PaymentMethodInfo | null;
  sessions: Set<string>;
  invoices: ProviderInvoice[];
}

/**
 * The offline payment provider (the embedded default): customers, a test card added through a "hosted page"
 * that returns at once, subscriptions that are active immediately, and an invoice per subscription, all in
 * memory. Webhooks use Stripe's signature format with the sandbox secret, so the same endpoint serves both.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private readonly customers = new Map<string, SandboxCustomer>();
  private readonly subscriptions = new Map<string, { customerId: string; status: string }>();
  private seq = 0;
  private readonly stripe = new Stripe('sk_test_hearth_sandbox');

  constructor(
    private readonly opts: { clock: Clock; currency: string; webhookSecret: string; amountFor: (quantity: number) => number },
  ) {}

  /** Ids unique across restarts (the database keeps the customer ids of earlier runs). */
  private readonly run = randomBytes(4).toString('hex');

  private next(prefix: string): string {
    this.seq += 1;
    return `${prefix}_sbx${this.run}${String(this.seq).padStart(6, '0')}`;
  }

  /** A customer of this provider; one made before a restart (its memory is gone) starts again without a card. */
  private customer(id: string): SandboxCustomer {
    let c = this.customers.get(id);
    if (!c && id.startsWith('cus_sbx')) {
      c = { id, name: '', card: null, sessions: new Set(), invoices: [] };
      this.customers.set(id, c);
    }
    if (!c) throw new ProviderError('No such customer.', true);
    return c;
  }

  async createCustomer(input: { workspaceId: number; name: string }) {
    const id = this.next('cus');
    this.customers.set(id, { id, name: input.name, card: null, sessions: new Set(), invoices: [] });
    return { customerId: id };
  }

  async paymentMethod(customerId: string) {
    return this.customers.get(customerId)?.card ?? null;
  }

  async createSetupSession(customerId: string, returnUrl: string) {
    const c = this.customer(customerId);
    const session = this.next('cs');
    c.sessions.add(session);
    return { url: `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}session_id=${session}` };
  }

  async completeSetup(customerId: string, sessionId: string) {
    const c = this.customer(customerId);
    if (!c.sessions.has(sessionId)) throw new ProviderError('That checkout belongs to another customer.', true);
    c.card = { label: 'Visa ending 4242' };
    return c.card;
  }

  async portalSession(customerId: string, returnUrl: string) {
    this.customer(customerId);
    return { url: returnUrl };
  }

  async subscribe(customerId: string, input: { quantity: number; invoiced: boolean; idempotencyKey: string }): Promise<ProviderSubscription> {
    const c = this.customer(customerId);
    const id = this.next('sub');
    this.subscriptions.set(id, { customerId, status: 'active' });
    const amount = this.opts.amountFor(input.quantity);
    const invoiceId = this.next('in');
    c.invoices.unshift({
      id: invoiceId,
      number: `SBX-${String(c.invoices.length + 1).padStart(4, '0')}`,
      status: input.invoiced ? 'open' : 'paid',
      amount_due: amount,
      amount_paid: input.invoiced ? 0 : amount,
      currency: this.opts.currency,
      created: this.opts.clock.now().toISOString(),
      // Hearth's own page stands in for Stripe's hosted invoice page.
      hosted_invoice_url: `/billing/invoices/${invoiceId}`,
      invoice_pdf: null,
    });
    return { subscriptionId: id, status: 'active' };
  }

  async cancel(subscriptionId: string): Promise<void> {
    const sub = this.subscriptions.get(subscriptionId);
    if (sub) sub.status = 'canceled';
  }

  async listInvoices(customerId: string, input: { startingAfter?: string; limit: number }): Promise<InvoicePage> {
    const all = this.customers.get(customerId)?.invoices ?? [];
    const start = input.startingAfter ? all.findIndex((i) => i.id === input.startingAfter) + 1 : 0;
    if (input.startingAfter && start === 0) throw new ProviderError('No such invoice.', true);
    const invoices = all.slice(start, start + input.limit);
    return { invoices, has_more: start + input.limit < all.length };
  }

  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent {
    return reduceStripeEvent(verifyStripeSignature(this.stripe, rawBody, signature, this.opts.webhookSecret));
  }
}

/** No provider configured (production without Stripe): every payment call is refused with a clear message. */
export class DisabledProvider implements PaymentProvider {
  readonly name = 'off' as const;
  private refuse(): never {
    throw new ProviderError('Payments are not set up on this server. Contact support to upgrade.', true);
  }
  createCustomer = async () => this.refuse();
  paymentMethod = async () => null;
  createSetupSession = async () => this.refuse();
  completeSetup = async () => this.refuse();
  portalSession = async () => this.refuse();
  subscribe = async () => this.refuse();
  cancel = async () => undefined;
  listInvoices = async () => ({ invoices: [], has_more: false });
  verifyWebhook(): ProviderEvent {
    throw new ProviderError('Payments are not set up on this server.', true);
  }
}
