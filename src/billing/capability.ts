import { JourneysPublic } from '../journeys/public.js';
import { defineCapability } from '../platform/capability.js';
import { planChanged } from '../platform/entitlements/events.js';
import { quote } from './pricing.js';
import { needs } from './deps.js';
import { paymentProviderFor } from './providers.js';
import { BillingRepository } from './repository.js';
import { billingRoutes } from './routes.js';
import { BillingService, PLAN_HISTORY_SUBSCRIBER } from './service.js';

/**
 * Billing and accounts: plan changes (trial, subscribe, downgrade with its survey) through a PaymentProvider
 * (Stripe, or the offline sandbox), the payment method, invoices, cost from active users, the account's
 * admins, owner and own_new_configs, support tickets, the provider's webhooks, the warnings before a trial
 * ends (3 days and 1 day before, a DM to the account's owner and admins) and the tick's record of trials that
 * ended, announced to them with what stops. The plan itself lives in the entitlements module, which every gate asks.
 */
export const billingCapability = defineCapability({
  name: 'billing',
  needs,
  setup(services) {
    const { billing } = services.config;
    const provider = paymentProviderFor(billing, services.clock, (n) => quote(billing.premiumTiers, n, billing.currency).cost);
    const service = new BillingService(services, new BillingRepository(services.db), provider, new JourneysPublic(services));
    return {
      routes: [billingRoutes(service)],
      dueSources: [
        { name: 'billing.trials', collect: (now) => service.collectEndedTrials(now), nextDue: () => services.entitlements.nextTrialEnd() },
        { name: 'billing.trial_warnings', collect: (now) => service.warnEndingTrials(now), nextDue: () => service.nextTrialWarning() },
      ],
      subscribers: [
        {
          // The plan's history for the billing page (backfilled from the first event), and each trial's end
          // announced to the account's owner and admins with what stops.
          name: PLAN_HISTORY_SUBSCRIBER,
          events: [planChanged],
          handle: async (e, trx) => {
            if (planChanged.is(e)) await service.keepPlanChange(trx, e);
          },
        },
      ],
    };
  },
});
