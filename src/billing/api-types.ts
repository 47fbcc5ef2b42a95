/** What Billing's endpoints answer (the pages in web/src/pages/billing read these shapes). */
import { z } from 'zod';
import { int, personJson } from '../http/fields.js';
export * from './api-constants.js';

const planState = z.enum(['free', 'trial', 'premium']);

export type PersonJson = z.infer<typeof personJson>;

export const planJson = z.object({
  plan: z.enum(['free', 'premium']),
  /** free, trial (a running trial on the free plan) or premium. */
  state: planState,
  paid_feature_access: z.boolean(),
  trial_allowed: z.boolean(),
  paid_coffee_trial_allowed: z.boolean(),
  trial_ends_at: z.string().nullable(),
  /** Whole days left in a running trial, counted up (the last day reads 1); null when no trial runs. */
  trial_days_left: int.nullable(),
});
export type PlanJson = z.infer<typeof planJson>;

/** One change of the plan, newest first on the billing page. */
export const planHistoryJson = z.object({
  at: z.string(),
  from: planState,
  to: planState,
  reason: z.enum(['trial_started', 'subscribed', 'downgraded', 'trial_expired', 'provider']),
  /** When the trial ends (or ended), for trial changes. */
  trial_ends_at: z.string().nullable(),
  /** Who changed it, when a person did. */
  by: personJson.nullable(),
});
export type PlanHistoryJson = z.infer<typeof planHistoryJson>;

/** GET /billing: the account, its plan, payment method, owner and admins. */
export const billingAccountJson = z
  .object({
    account: planJson.extend({
      id: int,
      card_required: z.boolean(),
      own_new_configs: z.boolean(),
      invoiced: z.boolean(),
      payment_method: z.object({ label: z.string() }).nullable(),
      subscription_status: z.string().nullable(),
      provider: z.enum(['stripe', 'sandbox', 'off']),
      owner: personJson.nullable(),
      admins: z.array(personJson),
    }),
    /** The plan's changes, newest first (the last 20). */
    history: z.array(planHistoryJson),
    can_change_plan: z.boolean(),
    can_change_owner: z.boolean(),
    trial_days: int,
    support_email: z.string(),
  })
  .meta({ id: 'BillingAccount' });
export type BillingAccountJson = z.infer<typeof billingAccountJson>;

/** What a plan would cost now, at the operator's tiers. */
export const costJson = z.object({
  quantity: int,
  cost: z.number(),
  cost_formatted: z.string(),
  unit_amount: z.number(),
  currency: z.string(),
  interval: z.literal('month'),
  tiers: z.array(z.object({ up_to: int.nullable(), unit_amount: z.number() })),
  cached: z.boolean(),
});
export type CostJson = z.infer<typeof costJson>;

export const invoiceJson = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  amount_due: z.number(),
  amount_paid: z.number(),
  currency: z.string(),
  created: z.string(),
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
});
export type InvoiceJson = z.infer<typeof invoiceJson>;

/** GET /billing/invoices: a page of the provider's invoices, newest first. */
export const invoicesPage = z.object({ invoices: z.array(invoiceJson), has_more: z.boolean() });
export type InvoicesPage = z.infer<typeof invoicesPage>;

