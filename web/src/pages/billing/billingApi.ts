import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { formatDay, viewerZone } from '../../kit';
import type { BillingAccountJson, CostJson, InvoiceJson, PlanHistoryJson } from '../../../../src/billing/api-types';

export type { BillingAccountJson, CostJson, InvoiceJson, PlanHistoryJson, PlanJson, PersonJson } from '../../../../src/billing/api-types';
export { COST_ERROR_TEXT, INVOICES_ERROR_TEXT, DOWNGRADE_REASONS, SUPPORT_EMAIL } from '../../../../src/billing/api-constants';

export const BILLING_KEY = ['billing', 'account'] as const;
export const COST_KEY = ['billing', 'premium-cost'] as const;

/** GET /billing: the account's plan (the route table prefetches it). */
export const billingAccountQuery = queryOptions({ queryKey: BILLING_KEY, queryFn: () => api.get<BillingAccountJson>('/billing', { toastOnError: false }) });

export function useBillingAccount() {
  return useQuery(billingAccountQuery);
}

export function usePremiumCost() {
  // Fresh, never the server's cache: this is the number the next invoice bills.
  return useQuery({ queryKey: COST_KEY, queryFn: () => api.get<CostJson>('/payment/premium_cost_and_quantity', { toastOnError: false }), retry: false });
}

export function fetchInvoices(startingAfter?: string) {
  return api.get<{ invoices: InvoiceJson[]; has_more: boolean }>('/billing/invoices', { query: { starting_after: startingAfter }, toastOnError: false });
}

export function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** An invoice's state as people say it (the provider's status codes: Stripe's). */
export function invoiceState(status: string | null): string {
  switch (status) {
    case 'paid':
      return 'Paid';
    case 'open':
      return 'Due';
    case 'draft':
      return 'Draft';
    case 'void':
      return 'Cancelled';
    case 'uncollectible':
      return 'Not collectable';
    default:
      return 'Unknown';
  }
}

export function planLabel(a: Pick<BillingAccountJson['account'], 'state'>): string {
  return a.state === 'premium' ? 'Premium' : a.state === 'trial' ? 'Premium trial' : 'Free';
}

/** "14 days left" / "1 day left". */
export function daysLeftText(days: number): string {
  return days === 1 ? '1 day left' : `${days} days left`;
}

/** A day of the plan's life, in the reader's zone: "Mon, Mar 16, 2026". */
export function planDay(instant: string): string {
  return formatDay(instant, viewerZone(), { year: 'always' });
}

/** A plan change in words: "Premium trial started", "Back to the Free plan" … */
export function planChangeText(h: PlanHistoryJson): string {
  switch (h.reason) {
    case 'trial_started':
      return h.trial_ends_at ? `Premium trial started, ending ${planDay(h.trial_ends_at)}` : 'Premium trial started';
    case 'trial_expired':
      return 'Premium trial ended: back to the Free plan';
    case 'subscribed':
      return 'Upgraded to Premium';
    case 'downgraded':
      return h.from === 'trial' ? 'Premium trial ended early: back to the Free plan' : 'Downgraded to the Free plan';
    case 'provider':
      return h.to === 'premium' ? 'Premium turned on by the payment provider' : 'Subscription ended at the payment provider: back to the Free plan';
  }
}
