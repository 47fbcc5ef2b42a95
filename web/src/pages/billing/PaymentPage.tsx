import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, errorText } from '../../api/client';
import { browser } from '../../api/browser';
import { InlineError, PlanChangeStatus, Spinner, toastSuccess, usePlanChange } from '../../kit';
import { PageHeader, useDocumentTitle } from '../PageHeader';
import { BILLING_KEY, planLabel, useBillingAccount, type BillingAccountJson } from './billingApi';
import '../programs/programs.css';
import './billing.css';

/**
 * /billing/payment: the payment method. "Add a payment method" opens the provider's hosted page (Stripe
 * Checkout, or the sandbox's, which returns at once); coming back with ?session_id= saves the card.
 * Teams without a payment method are sent here when they upgrade.
 */
export default function PaymentPage() {
  useDocumentTitle('Payment');
  const client = useQueryClient();
  const account = useBillingAccount();
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session_id');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const completing = useRef(false);
  const { change, run } = usePlanChange();

  useEffect(() => {
    if (!sessionId || completing.current) return;
    completing.current = true;
    setBusy(true);
    api
      .post<BillingAccountJson>('/billing/payment/complete', { session_id: sessionId }, { toastOnError: false })
      .then((data) => {
        client.setQueryData(BILLING_KEY, data);
        toastSuccess(data.account.payment_method ? `Payment method saved: ${data.account.payment_method.label}.` : 'Payment details saved.');
      })
      .catch((e: unknown) => setError(errorText(e)))
      .finally(() => {
        setBusy(false);
        setParams((prev) => {
          const copy = new URLSearchParams(prev);
          copy.delete('session_id');
          return copy;
        }, { replace: true });
      });
  }, [sessionId, client, setParams]);

  const go = async (path: '/billing/payment/setup' | '/billing/payment/portal') => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await api.post<{ url: string }>(path, undefined, { toastOnError: false });
      browser.assign(url);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  if (account.isPending || (busy && sessionId)) {
    body = (
      <div className="page-loading" role="status">
        <Spinner /> Loading…
      </div>
    );
  } else if (account.isError) {
    body = (
      <InlineError>{errorText(account.error)}</InlineError>
    );
  } else {
    const a = account.data.account;
    body = (
      <section className="card billing-card" aria-labelledby="payment-method">
        <h2 id="payment-method">Payment method</h2>
        {a.invoiced ? (
          <p>Your team pays by invoice: invoices are emailed to the account owner, due in 30 days.</p>
        ) : (
          <p>
            <strong data-testid="payment-method">{a.payment_method?.label ?? 'No payment method yet'}</strong>
          </p>
        )}
        <p className="muted">Plan: {planLabel(a)}</p>
        {account.data.can_change_plan ? (
          <div className="button-row">
            {!a.invoiced && (
              <button type="button" className="button button-primary" disabled={busy} onClick={() => void go('/billing/payment/setup')}>
                {a.payment_method ? 'Replace payment method' : 'Add a payment method'}
              </button>
            )}
            {a.provider === 'stripe' && a.payment_method && (
              <button type="button" className="button button-secondary" disabled={busy} onClick={() => void go('/billing/payment/portal')}>
                Open billing portal
              </button>
            )}
            {a.state !== 'premium' && (a.payment_method || a.invoiced) && (
              <button type="button" className="button button-secondary" disabled={busy} onClick={() => void run({ plan: 'premium' })}>
                Upgrade to Premium
              </button>
            )}
            <a className="button button-secondary" href="/billing">
              Back to billing
            </a>
          </div>
        ) : (
          <p className="muted">Only the Hearth account's owner or admins can change the payment method.</p>
        )}
        {(error ?? (change.state === 'error' ? change.text : null)) && (
          <InlineError variant="text">{error ?? (change.state === 'error' ? change.text : '')}</InlineError>
        )}
        <PlanChangeStatus change={change} />
      </section>
    );
  }
  return (
    <div className="billing-page">
      <PageHeader title="Payment" subtitle="How your workspace pays for Premium." />
      {body}
    </div>
  );
}
