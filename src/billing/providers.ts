import type { BillingConfig } from '../config.js';
import type { Clock } from '../time/clock.js';
import type { PaymentProvider } from './provider.js';
import { DisabledProvider, SandboxProvider } from './sandbox-provider.js';
import { StripeProvider } from './stripe-provider.js';

/** The provider the configuration names: Stripe with its key, the offline sandbox (the embedded default), or none. */
export function paymentProviderFor(billing: BillingConfig, clock: Clock, amountFor: (quantity: number) => number): PaymentProvider {
  if (billing.provider === 'stripe' && billing.stripe)
    return new StripeProvider({ ...billing.stripe, currency: billing.currency });
  if (billing.provider === 'sandbox') return new SandboxProvider({ clock, currency: billing.currency, webhookSecret: billing.sandboxWebhookSecret, amountFor });
  return new DisabledProvider();
}
