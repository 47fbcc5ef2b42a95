import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { browser } from '../../api/browser';
import { InlineError, PlanChangeStatus, Spinner, usePlanChange } from '../../kit';
import { PageHeader, useDocumentTitle } from '../PageHeader';
import { planLabel, useBillingAccount, useCompletePayment, usePaymentRedirect } from './billingApi';
import '../programs/programs.css';
import './billing.css';

/**
 * /billing/payment: the payment method. "Add a payment method" opens the provider's hosted page (Stripe
 * Checkout, or the sandbox's, which returns at once); coming back with ?session_id= saves the card.
 * Teams without a payment method are sent here when they upgrade.
 */
export default function PaymentPage() {
  useDocumentTitle('Payment');
  const account = useBillingAccount();
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session_id');
  const complete = useCompletePayment();
  const redirect = usePaymentRedirect();
  // Leaving for the provider's page: the buttons stay off until the page goes.
  const busy = complete.isPending || redirect.isPending || redirect.isSuccess;
  const failure = complete.error ?? redirect.error;
  const error = failure ? errorText(failure) : null;
  const completing = useRef(false);
  const { change, run } = usePlanChange();

  useEffect(() => {
    if (!sessionId || completing.current) return;
    completing.current = true;
    complete.mutate(
      { session_id: sessionId },
      {
        onSettled: () =>
          setParams((prev) => {
            const copy = new URLSearchParams(prev);
            copy.delete('session_id');
            return copy;
          }, { replace: true }),
      },
    );
  }, [sessionId, complete, setParams]);

  const go = (path: '/billing/payment/setup' | '/billing/payment/portal') => redirect.mutate(path, { onSuccess: (url) => browser.assign(url) });

  let body: React.ReactNode;
  if (account.isPending || complete.isPending) {
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
        <h2 id="payment-method" className="card-title">Payment method</h2>
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
              <button type="button" className="button button-primary" disabled={busy} onClick={() => go('/billing/payment/setup')}>
                {a.payment_method ? 'Replace payment method' : 'Add a payment method'}
              </button>
            )}
            {a.provider === 'stripe' && a.payment_method && (
              <button type="button" className="button button-secondary" disabled={busy} onClick={() => go('/billing/payment/portal')}>
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
