import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { formatDay, toastSuccess, viewerZone } from '../../kit';
import type { BillingAccountJson, CostJson, InvoiceJson, PlanHistoryJson } from '../../../../src/billing/api-types';
import type { adminsBody, completeSetupBody, ownershipBody, ownNewConfigsBody } from '../../../../src/billing/schema';

export type { BillingAccountJson, CostJson, InvoiceJson, PlanHistoryJson, PersonJson } from '../../../../src/billing/api-types';
export { COST_ERROR_TEXT, INVOICES_ERROR_TEXT, DOWNGRADE_REASONS } from '../../../../src/billing/api-constants';
export type { DowngradeReason } from '../../../../src/billing/api-constants';

/** The billing pages' query keys, in one place. */
export const billingKeys = {
  account: ['billing', 'account'] as const,
  cost: ['billing', 'premium-cost'] as const,
  invoices: ['billing', 'invoices'] as const,
  invoice: (id: string) => ['billing', 'invoice', id] as const,
};

/** GET /billing: the account's plan (the route table prefetches it). */
export const billingAccountQuery = queryOptions({ queryKey: billingKeys.account, queryFn: () => api.get<BillingAccountJson>('/billing', { toastOnError: false }) });

export function useBillingAccount() {
  return useQuery(billingAccountQuery);
}

// Fresh, never the server's cache: this is the number the next invoice bills.
export const premiumCostQuery = queryOptions({ queryKey: billingKeys.cost, queryFn: () => api.get<CostJson>('/payment/premium_cost_and_quantity', { toastOnError: false }), retry: false });

export function usePremiumCost() {
  return useQuery(premiumCostQuery);
}

/** The invoices, newest first, a page at a time (the provider's cursor: the last invoice's id). */
export const invoicesQuery = infiniteQueryOptions({
  queryKey: billingKeys.invoices,
  queryFn: ({ pageParam }) => api.get<{ invoices: InvoiceJson[]; has_more: boolean }>('/billing/invoices', { query: { starting_after: pageParam }, toastOnError: false }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => (last.has_more ? last.invoices[last.invoices.length - 1]?.id : undefined),
  retry: false,
});

/** A change to the account whose answer is the account: stored, then `done` as a toast (a refusal is the API client's toast). */
function useAccountChange<V>(call: (v: V) => Promise<BillingAccountJson>, done: (v: V, account: BillingAccountJson) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (account, v) => {
      client.setQueryData(billingKeys.account, account);
      // Who counts and what it costs may follow the account (an admin's programs are covered).
      void client.invalidateQueries({ queryKey: billingKeys.cost });
      toastSuccess(done(v, account));
    },
  });
}

export const useUpdateAdmins = () =>
  useAccountChange((body: z.input<typeof adminsBody>) => api.post<BillingAccountJson>('/payment/update_admins_as_json', body), (body) => (body.action_type === 'add' ? 'Admin added' : 'Admin removed'));

export const useChangeOwner = () => useAccountChange((body: z.input<typeof ownershipBody>) => api.put<BillingAccountJson>('/billing/update_ownership', body), () => 'Owner changed');

export const useOwnNewConfigs = () => useAccountChange((body: z.input<typeof ownNewConfigsBody>) => api.post<BillingAccountJson>('/payment/update_own_new_configs', body), () => 'Saved');

/** Back from the provider's hosted page with ?session_id=: the card is saved. The page shows a failure where it is. */
export function useCompletePayment() {
  return useAccountChange(
    (body: z.input<typeof completeSetupBody>) => api.post<BillingAccountJson>('/billing/payment/complete', body, { toastOnError: false }),
    (_body, { account }) => (account.payment_method ? `Payment method saved: ${account.payment_method.label}.` : 'Payment details saved.'),
  );
}

/** The provider's hosted page to go to: adding a card (setup) or managing it (portal). */
export function usePaymentRedirect() {
  return useMutation({ mutationFn: (path: '/billing/payment/setup' | '/billing/payment/portal') => api.post<{ url: string }>(path, undefined, { toastOnError: false }).then((r) => r.url) });
}

/** GET /billing/invoices/{id}: one invoice (the sandbox provider's hosted invoice page). */
export const invoiceQuery = (id: string) =>
  queryOptions({ queryKey: billingKeys.invoice(id), queryFn: () => api.get<{ invoice: InvoiceJson }>(`/billing/invoices/${id}`, { toastOnError: false }).then((r) => r.invoice), retry: false });

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
