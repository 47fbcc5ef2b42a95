import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
  formatDay,
  InlineError,
  Modal,
  PageState,
  PersonName,
  type PlanChangeRequest,
  PlanChangeStatus,
  Select,
  Spinner,
  Switch,
  TextAreaField,
  usePlanChange,
} from '../../kit';
import { PageHeader, useDocumentTitle } from '../PageHeader';
import {
  COST_ERROR_TEXT,
  DOWNGRADE_REASONS,
  invoicesQuery,
  invoiceState,
  INVOICES_ERROR_TEXT,
  money,
  daysLeftText,
  planChangeText,
  planDay,
  planLabel,
  useBillingAccount,
  useChangeOwner,
  useOwnNewConfigs,
  usePremiumCost,
  useUpdateAdmins,
  type BillingAccountJson,
  type DowngradeReason,
  type InvoiceJson,
  type PersonJson,
} from './billingApi';
import { FREE_PLAN_STOPS } from '../../../../src/platform/entitlements/features';
import '../programs/programs.css';
import './billing.css';

const PEOPLE_SEARCH = { path: '/people/search' };

/** The downgrade survey (programs.md §2 "downgrade survey"): a reason is required, a comment optional. */
export function DowngradeSurveyModal({ onSubmit, onClose }: { onSubmit: (survey: { reason: DowngradeReason; comment?: string }) => void; onClose: () => void }) {
  const [reason, setReason] = useState<DowngradeReason | ''>('');
  const [comment, setComment] = useState('');
  return (
    <Modal
      title="Before you downgrade"
      onClose={onClose}
      className="billing-survey"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Keep Premium
          </button>
          <button type="button" className="button button-danger" disabled={!reason} onClick={() => reason && onSubmit({ reason, ...(comment.trim() ? { comment: comment.trim() } : {}) })}>
            Downgrade to Free
          </button>
        </>
      }
    >
      <p>Your programs and settings are kept: paid features pause on the Free plan and come back when you upgrade. Why are you downgrading?</p>
      <fieldset className="plain-fieldset">
        <legend className="visually-hidden">Reason</legend>
        {(Object.entries(DOWNGRADE_REASONS) as Array<[DowngradeReason, string]>).map(([key, text]) => (
          <label key={key} className="billing-check">
            <input type="radio" name="downgrade-reason" value={key} checked={reason === key} onChange={() => setReason(key)} />
            {text}
          </label>
        ))}
      </fieldset>
      <TextAreaField label="Anything else we should know?" optional value={comment} maxLength={2000} counter onChange={setComment} />
    </Modal>
  );
}

function PlanCard({ data }: { data: BillingAccountJson }) {
  const a = data.account;
  const { change, run, reset } = usePlanChange();
  const [survey, setSurvey] = useState(false);
  const go = (request: PlanChangeRequest) => {
    setSurvey(false);
    void run(request);
  };
  return (
    <section className="card billing-card" aria-labelledby="billing-plan">
      <h2 id="billing-plan" className="card-title">Your plan</h2>
      <p className="figure-text" data-testid="plan-name">
        {planLabel(a)}
      </p>
      {a.state === 'trial' && a.trial_days_left !== null && a.trial_ends_at && (
        <p data-testid="trial-left">
          <strong>{daysLeftText(a.trial_days_left)}</strong>: your trial ends {planDay(a.trial_ends_at)}.
        </p>
      )}
      {a.state === 'free' && a.trial_ends_at && <p data-testid="trial-ended">Your Premium trial ended {planDay(a.trial_ends_at)}.</p>}
      {a.state === 'premium' ? (
        <p className="muted">Every paid feature is on: all pairing types, as many programs and people as you like, custom prompts and unlimited celebrations.</p>
      ) : (
        <>
          <p className="muted">{a.state === 'trial' ? 'Every paid feature is on until then. After that, on the Free plan:' : 'On the Free plan:'}</p>
          <ul className="billing-stops" data-testid="free-plan-stops">
            {FREE_PLAN_STOPS.map((stop) => (
              <li key={stop}>{stop}</li>
            ))}
          </ul>
          <p className="muted">Your programs, settings and history are kept, and paid features resume when you upgrade.</p>
        </>
      )}
      {data.can_change_plan ? (
        <div className="button-row">
          {a.trial_allowed && (
            <button type="button" className="button button-secondary" onClick={() => go({ plan: 'premium', trial: true })}>
              Start {data.trial_days}-day free trial
            </button>
          )}
          {a.state !== 'premium' && (
            <button type="button" className="button button-primary" onClick={() => go({ plan: 'premium' })}>
              Upgrade to Premium
            </button>
          )}
          {a.state !== 'free' && (
            <button type="button" className="button button-secondary" onClick={() => setSurvey(true)}>
              Downgrade to Free
            </button>
          )}
        </div>
      ) : (
        <p className="muted">Only the Hearth account's owner or admins can change the plan.</p>
      )}
      {change.state === 'error' && (
        <InlineError
          variant="text"
          action={
            <button type="button" className="text-link" onClick={reset}>
              Dismiss
            </button>
          }
        >
          {change.text}
        </InlineError>
      )}
      <PlanChangeStatus change={change} />
      {survey && <DowngradeSurveyModal onClose={() => setSurvey(false)} onSubmit={(s) => go({ plan: 'free', survey: s })} />}
    </section>
  );
}

function CostCard({ data }: { data: BillingAccountJson }) {
  const cost = usePremiumCost();
  return (
    <section className="card billing-card" aria-labelledby="billing-cost">
      <h2 id="billing-cost" className="card-title">{data.account.state === 'premium' ? 'Your Premium cost' : 'What Premium would cost'}</h2>
      {cost.isPending ? (
        <p className="page-loading" role="status">
          <Spinner /> Calculating…
        </p>
      ) : cost.isError ? (
        <InlineError>{COST_ERROR_TEXT}</InlineError>
      ) : (
        <>
          <p className="figure-text" data-testid="premium-cost">
            {cost.data.cost_formatted}
            <span className="muted"> a month</span>
          </p>
          <p className="muted">
            {cost.data.quantity} {cost.data.quantity === 1 ? 'person' : 'people'} in your programs and on journeys at {money(cost.data.unit_amount, cost.data.currency)} each
            {cost.data.quantity === 0 ? ' (billed for at least one)' : ''}.
          </p>
          <p className="muted" data-testid="seat-rule">
            Each person counts once: everyone in the channel of an active Intros, Watercooler or Celebrations program, and everyone on a running journey. Bots, deactivated and external people never count.
          </p>
        </>
      )}
      <p>
        Payment method: <strong>{data.account.invoiced ? 'Paid by invoice' : (data.account.payment_method?.label ?? 'None yet')}</strong>{' '}
        <a className="text-link" href="/billing/payment">
          {data.account.payment_method ? 'Manage' : 'Add a payment method'}
        </a>
      </p>
    </section>
  );
}

function PersonRow({ p, action }: { p: PersonJson; action?: React.ReactNode }) {
  return (
    <li>
      <PersonName person={p} />
      {action}
    </li>
  );
}

function AccountCard({ data }: { data: BillingAccountJson }) {
  const a = data.account;
  const [newAdmin, setNewAdmin] = useState('');
  const [newOwner, setNewOwner] = useState('');
  const updateAdmins = useUpdateAdmins();
  const changeOwner = useChangeOwner();
  const ownNewConfigs = useOwnNewConfigs();
  const busy = updateAdmins.isPending || changeOwner.isPending || ownNewConfigs.isPending;
  const admins = (user_id: number, action_type: 'add' | 'remove', then?: () => void) => updateAdmins.mutate({ service_account: a.id, user_id, action_type }, { onSuccess: then });
  return (
    <section className="card billing-card" aria-labelledby="billing-account">
      <h2 id="billing-account" className="card-title">Account</h2>
      <p>
        Owner: <strong data-testid="account-owner">{a.owner?.name ?? 'No owner'}</strong>
      </p>
      {data.can_change_owner && (
        <div className="button-row">
          <Select label="New owner" remote={PEOPLE_SEARCH} valueKey="id" labelKey="name" value={newOwner} placeholder="Search people…" disabled={busy} onChange={(v) => setNewOwner(v[0] ?? '')} />
          <button
            type="button"
            className="button button-secondary"
            disabled={busy || !newOwner}
            onClick={() => changeOwner.mutate({ new_owner_id: Number(newOwner) }, { onSuccess: () => setNewOwner('') })}
          >
            Make owner
          </button>
        </div>
      )}
      <h3 className="subsection-title">Admins</h3>
      <p className="muted">Admins manage the plan, the payment method and other admins.</p>
      <ul className="billing-people" aria-label="Account admins">
        {a.admins.length === 0 && <li className="muted">No admins yet.</li>}
        {a.admins.map((p) => (
          <PersonRow
            key={p.id}
            p={p}
            action={
              data.can_change_plan && (
                <button type="button" className="text-link" disabled={busy} onClick={() => admins(p.id, 'remove')}>
                  Remove
                </button>
              )
            }
          />
        ))}
      </ul>
      {data.can_change_plan && (
        <div className="button-row">
          <Select label="Add an admin" remote={PEOPLE_SEARCH} valueKey="id" labelKey="name" value={newAdmin} placeholder="Search people…" disabled={busy} onChange={(v) => setNewAdmin(v[0] ?? '')} />
          <button type="button" className="button button-secondary" disabled={busy || !newAdmin} onClick={() => admins(Number(newAdmin), 'add', () => setNewAdmin(''))}>
            Add admin
          </button>
        </div>
      )}
      <Switch
        label="Cover new programs"
        description="On: anyone may add a channel program, and this account covers it. Off: on a paid plan or a trial, only admins add programs."
        checked={a.own_new_configs}
        disabled={!data.can_change_plan}
        busy={ownNewConfigs.isPending}
        onChange={(on) => ownNewConfigs.mutate({ own_new_configs: on })}
      />
    </section>
  );
}

const col = dataTableColumns<InvoiceJson>();
const INVOICE_COLUMNS: DataTableColumn<InvoiceJson>[] = [
  col.accessor('created', { header: 'Date', cell: (c) => formatDay(c.getValue(), 'UTC', { weekday: false, year: 'always' }) }),
  col.accessor((i) => i.number ?? '—', { id: 'number', header: 'Number' }),
  col.accessor((i) => invoiceState(i.status), { id: 'status', header: 'Status' }),
  col.accessor('amount_due', { header: 'Amount', cell: (c) => money(c.getValue(), c.row.original.currency) }),
  col.display({
    id: 'links',
    header: () => <span className="visually-hidden">Links</span>,
    cell: (c) => {
      const { hosted_invoice_url: view, invoice_pdf: pdf, number } = c.row.original;
      return (
        <span className="billing-links">
          {view && (
            <a className="text-link" href={view} target="_blank" rel="noreferrer">
              View<span className="visually-hidden"> invoice {number} (opens in a new tab)</span>
            </a>
          )}
          {pdf && (
            <a className="text-link" href={pdf} target="_blank" rel="noreferrer">
              PDF<span className="visually-hidden"> of invoice {number} (opens in a new tab)</span>
            </a>
          )}
        </span>
      );
    },
  }),
];

/** The plan's changes, newest first: what happened, when, and who did it. */
function HistoryCard({ data }: { data: BillingAccountJson }) {
  return (
    <section className="card billing-card" aria-labelledby="billing-history">
      <h2 id="billing-history" className="card-title">Plan history</h2>
      {data.history.length === 0 ? (
        <p className="muted">No changes yet: your workspace has been on the {planLabel(data.account)} plan since it installed Hearth.</p>
      ) : (
        <ol className="billing-history" data-testid="plan-history">
          {data.history.map((h) => (
            <li key={`${h.at}-${h.reason}`}>
              <span>{planChangeText(h)}</span>
              <span className="muted">
                {planDay(h.at)}
                {h.by ? ` · ${h.by.name}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function InvoicesCard() {
  const invoices = useInfiniteQuery(invoicesQuery);
  const rows = invoices.data?.pages.flatMap((p) => p.invoices) ?? [];
  return (
    <section className="card billing-card billing-wide" aria-labelledby="billing-invoices">
      <h2 id="billing-invoices" className="card-title">Invoices</h2>
      {invoices.isPending ? (
        <p className="page-loading" role="status">
          <Spinner /> Loading invoices…
        </p>
      ) : invoices.isError && rows.length === 0 ? (
        <InlineError onRetry={() => void invoices.refetch()}>{INVOICES_ERROR_TEXT}</InlineError>
      ) : rows.length === 0 ? (
        <p className="muted">No invoices yet.</p>
      ) : (
        <DataTable label="Invoices" data={rows} columns={INVOICE_COLUMNS} getRowId={(i) => i.id} searchPlaceholder={false} pageSize={100} unsearchable={['links']} />
      )}
      {invoices.isFetchNextPageError && (
        <InlineError variant="text">{INVOICES_ERROR_TEXT}</InlineError>
      )}
      {invoices.hasNextPage && (
        <button type="button" className="button button-secondary" disabled={invoices.isFetchingNextPage} onClick={() => void invoices.fetchNextPage()}>
          {invoices.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}

/** /billing: the plan (trial, upgrade, downgrade with the survey), its cost, the payment method, the account's owner and admins, invoices. */
export default function BillingPage() {
  useDocumentTitle('Billing');
  const account = useBillingAccount();
  return (
    <div className="billing-page">
      <PageHeader title="Billing" subtitle="Your plan, its cost, who manages it, and your invoices." />
      <PageState query={account}>
        {(data) => (
          <div className="billing-grid">
            <PlanCard data={data} />
            <CostCard data={data} />
            <AccountCard data={data} />
            <HistoryCard data={data} />
            <InvoicesCard />
          </div>
        )}
      </PageState>
    </div>
  );
}
