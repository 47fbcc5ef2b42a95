/**
 * The payment provider's port: what Billing asks of Stripe (src/billing/stripe-provider.ts) or of the offline
 * sandbox provider (src/billing/sandbox-provider.ts). Amounts are in the currency's smallest unit (cents).
 */
import type { InvoiceJson, InvoicesPage } from './api-types.js';

export interface ProviderCustomer {
  customerId: string;
}

export interface PaymentMethodInfo {
  /** e.g. "Visa ending 4242". */
  label: string;
}

export interface ProviderSubscription {
  subscriptionId: string;
  /** Stripe's subscription status: active, trialing, past_due, incomplete, canceled … */
  status: string;
}

/** The provider's invoices are answered as they are (GET /billing/invoices). */
export type ProviderInvoice = InvoiceJson;
export type InvoicePage = InvoicesPage;

/** A provider's webhook, verified and reduced to what changes Hearth's records. */
export type ProviderEvent =
  | { id: string; kind: 'subscription'; customerId: string; subscriptionId: string; status: string }
  | { id: string; kind: 'setup_completed'; customerId: string; sessionId: string }
  | { id: string; kind: 'ignored'; type: string };

/** A provider call that failed (network, declined, refused): its message is safe to show. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** The provider refused the request itself (4xx), rather than failing to answer. */
    readonly declined = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A webhook whose signature does not verify. */
export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox' | 'off';
  createCustomer(input: { workspaceId: number; name: string; email: string | null }): Promise<ProviderCustomer>;
  /** The customer's default payment method, if any. */
  paymentMethod(customerId: string): Promise<PaymentMethodInfo | null>;
  /** A hosted page where the customer adds a card (Checkout in setup mode); it returns to `returnUrl` with ?session_id=. */
  createSetupSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** After the hosted page: make the card it collected the customer's default. */
  completeSetup(customerId: string, sessionId: string): Promise<PaymentMethodInfo | null>;
  /** The provider's billing portal (update card, download invoices). */
  portalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** Premium for `quantity` people: charged to the card, or invoiced (`invoiced`: sent invoices, net 30). */
  subscribe(customerId: string, input: { quantity: number; invoiced: boolean; idempotencyKey: string }): Promise<ProviderSubscription>;
  cancel(subscriptionId: string): Promise<void>;
  /** Newest first, `limit` a page; `startingAfter` is the last id of the previous page. */
  listInvoices(customerId: string, input: { startingAfter?: string; limit: number }): Promise<InvoicePage>;
  /** Verifies a webhook's signature over the raw body and reduces it; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent;
}
