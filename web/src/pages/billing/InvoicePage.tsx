import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatDay, PageState } from '../../kit';
import { PageHeader, useDocumentTitle } from '../PageHeader';
import { invoiceQuery, invoiceState, money } from './billingApi';
import '../programs/programs.css';
import './billing.css';

/**
 * /billing/invoices/{id}: the sandbox provider's invoice page, where its hosted_invoice_url leads (Stripe's
 * invoices open Stripe's own page). No money moves in the sandbox.
 */
export default function InvoicePage() {
  const { id = '' } = useParams();
  const invoice = useQuery(invoiceQuery(id));
  useDocumentTitle(invoice.data?.number ? `Invoice ${invoice.data.number}` : 'Invoice');
  return (
    <>
      <PageHeader title={invoice.data?.number ? `Invoice ${invoice.data.number}` : 'Invoice'} subtitle="A sandbox invoice: no money moves." />
      <PageState query={invoice} what="invoice" backTo="/billing" backLabel="Back to billing">
        {(i) => (
          <section className="card billing-card" aria-label="Invoice">
            <dl>
              <dt>State</dt>
              <dd>{invoiceState(i.status)}</dd>
              <dt>Date</dt>
              <dd>{formatDay(i.created, 'UTC', { weekday: false, year: 'always' })}</dd>
              <dt>Amount due</dt>
              <dd>{money(i.amount_due, i.currency)}</dd>
              <dt>Amount paid</dt>
              <dd>{money(i.amount_paid, i.currency)}</dd>
            </dl>
          </section>
        )}
      </PageState>
    </>
  );
}
