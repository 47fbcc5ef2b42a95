import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { formatDay } from '../../kit';
import type { BillingAccountJson, CostJson, InvoiceJson } from '../../../../src/billing/api-types';

export type { BillingAccountJson, CostJson, InvoiceJson, PlanJson, PersonJson } from '../../../../src/billing/api-types';
export { COST_ERROR_TEXT, INVOICES_ERROR_TEXT, DOWNGRADE_REASONS, SUPPORT_EMAIL } from '../../../../src/billing/api-types';

export const BILLING_KEY = ['billing', 'account'] as const;
export const COST_KEY = ['billing', 'premium-cost'] as const;

export function useBillingAccount() {
  return useQuery({ queryKey: BILLING_KEY, queryFn: () => api.get<BillingAccountJson>('/billing', { toastOnError: false }) });
}

export function usePremiumCost() {
  return useQuery({ queryKey: COST_KEY, queryFn: () => api.get<CostJson>('/payment/premium_cost_and_quantity', { query: { use_cache: true }, toastOnError: false }), retry: false });
}

export function fetchInvoices(startingAfter?: string) {
  return api.get<{ invoices: InvoiceJson[]; has_more: boolean }>('/billing/invoices', { query: { starting_after: startingAfter }, toastOnError: false });
}

export function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}


export function planLabel(a: Pick<BillingAccountJson['account'], 'state' | 'trial_ends_at'>): string {
  if (a.state === 'premium') return 'Premium';
  if (a.state === 'trial') return a.trial_ends_at ? `Premium trial (ends ${formatDay(a.trial_ends_at, Intl.DateTimeFormat().resolvedOptions().timeZone, { weekday: false, year: 'always' })})` : 'Premium trial';
  return 'Free';
}
