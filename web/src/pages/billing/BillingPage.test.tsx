import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockFetch, renderWithQuery } from '../../test/utils';
import { FREE_PLAN_STOPS } from '../../../../src/platform/entitlements/features';
import { MemoryRouter, Route, Routes } from 'react-router';
import BillingPage from './BillingPage';
import InvoicePage from './InvoicePage';
import { COST_ERROR_TEXT, INVOICES_ERROR_TEXT, type BillingAccountJson } from './billingApi';

const ACCOUNT: BillingAccountJson = {
  account: {
    id: 3,
    plan: 'premium',
    state: 'premium',
    paid_feature_access: true,
    trial_allowed: false,
    paid_coffee_trial_allowed: false,
    trial_ends_at: null,
    trial_days_left: null,
    card_required: false,
    own_new_configs: false,
    invoiced: false,
    payment_method: { label: 'Visa ending 4242' },
    subscription_status: 'active',
    provider: 'sandbox',
    owner: { id: 1, slack_user_id: 'U1', name: 'Ada', avatar_url: null },
    admins: [{ id: 2, slack_user_id: 'U2', name: 'Grace Hopper', avatar_url: 'https://avatars.example/grace.png' }, { id: 4, slack_user_id: 'U4', name: 'Alan Turing', avatar_url: null }],
  },
  history: [],
  can_change_plan: true,
  can_change_owner: true,
  trial_days: 14,
  support_email: 'support@hearth.example',
};

const invoice = (n: number) => ({ id: `in_${n}`, number: `SBX-000${n}`, status: 'paid', amount_due: 12000, amount_paid: 12000, currency: 'usd', created: '2026-03-02T08:00:00.000Z', hosted_invoice_url: null, invoice_pdf: null });

afterEach(() => vi.unstubAllGlobals());

describe('/billing', () => {
  test('shows the plan, the spec\'s texts when cost and invoices fail, and pages invoices with starting_after', async () => {
    let invoiceCalls = 0;
    const fetch = mockFetch((url) => {
      if (url.pathname === '/billing') return jsonResponse(ACCOUNT);
      if (url.pathname === '/payment/premium_cost_and_quantity') return jsonResponse({ error: 'boom' }, 503);
      if (url.pathname === '/billing/invoices') {
        invoiceCalls += 1;
        if (!url.searchParams.get('starting_after')) return jsonResponse({ invoices: [invoice(2)], has_more: true });
        return jsonResponse({ error: 'nope' }, 502);
      }
      return jsonResponse({ error: 'Not found' }, 404);
    });
    const user = userEvent.setup();
    renderWithQuery(<BillingPage />);
    expect(await screen.findByTestId('plan-name')).toHaveTextContent('Premium');
    expect(await screen.findByText(COST_ERROR_TEXT)).toBeInTheDocument();
    // No plan changes recorded: the history names the plan the workspace is on, not 'Free' whatever it is.
    expect(screen.getByText(/^No changes yet/)).toHaveTextContent('No changes yet: your workspace has been on the Premium plan since it installed Hearth.');
    expect(await screen.findByText('SBX-0002')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(INVOICES_ERROR_TEXT)).toBeInTheDocument();
    expect(invoiceCalls).toBe(2);
    // Admins by full name with their picture (or initials), as people show everywhere.
    const admins = screen.getByRole('list', { name: 'Account admins' });
    expect(within(admins).getByText('Grace Hopper').previousElementSibling).toHaveAttribute('src', 'https://avatars.example/grace.png');
    expect(within(admins).getByText('Alan Turing').previousElementSibling).toHaveTextContent('AT');
    const paged = fetch.mock.calls.map(([u]) => String(u)).find((u) => u.includes('starting_after'));
    expect(paged).toContain('starting_after=in_2');
  });

  test('a running trial shows its days left, what stops after it, and the plan history in words', async () => {
    const trial: BillingAccountJson = {
      ...ACCOUNT,
      account: { ...ACCOUNT.account, plan: 'free', state: 'trial', trial_ends_at: '2026-03-16T12:00:00.000Z', trial_days_left: 3 },
      history: [{ at: '2026-03-02T12:00:00.000Z', from: 'free', to: 'trial', reason: 'trial_started', trial_ends_at: '2026-03-16T12:00:00.000Z', by: { id: 1, slack_user_id: 'U1', name: 'Ada Lovelace', avatar_url: null } }],
    };
    mockFetch((url) => {
      if (url.pathname === '/billing') return jsonResponse(trial);
      if (url.pathname === '/payment/premium_cost_and_quantity') return jsonResponse({ error: 'boom' }, 503);
      if (url.pathname === '/billing/invoices') return jsonResponse({ invoices: [], has_more: false });
      return jsonResponse({ error: 'Not found' }, 404);
    });
    renderWithQuery(<BillingPage />);
    expect(await screen.findByTestId('plan-name')).toHaveTextContent('Premium trial');
    expect(screen.getByTestId('trial-left')).toHaveTextContent('3 days left: your trial ends Mon, Mar 16, 2026.');
    expect(screen.getByTestId('free-plan-stops').querySelectorAll('li')).toHaveLength(FREE_PLAN_STOPS.length);
    expect(screen.getByTestId('plan-history')).toHaveTextContent('Premium trial started, ending Mon, Mar 16, 2026');
    expect(screen.getByTestId('plan-history')).toHaveTextContent('Ada Lovelace');
  });

  test('downgrading asks the survey first; the reason is required and sent with the plan change', async () => {
    const fetch = mockFetch((url) => {
      if (url.pathname === '/billing') return jsonResponse(ACCOUNT);
      if (url.pathname === '/payment/premium_cost_and_quantity') return jsonResponse({ quantity: 3, cost: 1200, cost_formatted: '$12.00', unit_amount: 400, currency: 'usd', interval: 'month', tiers: [], cached: false });
      if (url.pathname === '/billing/invoices') return jsonResponse({ invoices: [], has_more: false });
      if (url.pathname === '/sign_up/change_plan') return jsonResponse({ error: 'The payment provider did not answer. Try again?' }, 502);
      return jsonResponse({ error: 'Not found' }, 404);
    });
    const user = userEvent.setup();
    renderWithQuery(<BillingPage />);
    await user.click(await screen.findByRole('button', { name: 'Downgrade to Free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Before you downgrade' });
    const submit = screen.getAllByRole('button', { name: 'Downgrade to Free' }).find((b) => dialog.contains(b))!;
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'We are not using it enough' }));
    await user.click(submit);
    // The server's error text is shown.
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment provider did not answer. Try again?');
    const call = fetch.mock.calls.find(([u]) => String(u).includes('/sign_up/change_plan'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ plan: 'free', survey: { reason: 'not_using' } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Before you downgrade' })).not.toBeInTheDocument());
  });
});

describe('/billing/invoices/{id} (the sandbox invoice page)', () => {
  test('shows the invoice its link names: number, state in words, date and amounts', async () => {
    mockFetch((url) => {
      if (url.pathname === '/billing/invoices/in_sbx1') return jsonResponse({ invoice: { id: 'in_sbx1', number: 'SBX-0001', status: 'paid', amount_due: 400, amount_paid: 400, currency: 'usd', created: '2026-03-02T08:00:00.000Z', hosted_invoice_url: '/billing/invoices/in_sbx1', invoice_pdf: null } });
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderWithQuery(
      <MemoryRouter initialEntries={['/billing/invoices/in_sbx1']}>
        <Routes>
          <Route path="/billing/invoices/:id" element={<InvoicePage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice SBX-0001' })).toBeInTheDocument();
    const invoice = screen.getByRole('region', { name: 'Invoice' });
    expect(within(invoice).getByText('Paid')).toBeInTheDocument();
    expect(within(invoice).getAllByText('$4.00')).toHaveLength(2);
    expect(within(invoice).getByText(/2 March 2026|March 2, 2026|Mar 2, 2026|2 Mar 2026/)).toBeInTheDocument();
  });
});
