import '../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';
import type { PairingReport } from '../intros/introsApi';
import { program } from '../testing/fixtures';
import { fairnessSummary, metHint, metValue } from './PairingReportPage';

const REPORT: PairingReport = {
  batches: [
    {
      id: 12,
      number: 4,
      date: '2026-03-09',
      groups: [
        { id: 88, members: [{ id: 41, name: 'Ananya Iyer', slack_user_id: 'U41' }, { id: 42, name: 'Rohan Gupta', slack_user_id: 'U42' }], state: 'met', reason: 'First time meeting' },
        { id: 89, members: [{ id: 43, name: 'Kai Nakamura', slack_user_id: 'U43' }, { id: 44, name: 'Maya Goldberg', slack_user_id: 'U44' }], state: 'pending', reason: 'First time meeting' },
      ],
    },
  ],
  stats: { rounds: 4, groups: 52, met_rate: 0.61, met: 30, answered: 49, unanswered: 3, repeat_rate: 0.02, lowest_repeat_rate: 0, coverage: 0.18, longest_wait_rounds: 2, participants: 30 },
  fairness: {
    waits: [
      { member: { id: 45, name: 'Noor Haddad', slack_user_id: 'U45' }, rounds_waiting: null },
      { member: { id: 41, name: 'Ananya Iyer', slack_user_id: 'U41' }, rounds_waiting: 0 },
    ],
    never_paired: [{ member: { id: 45, name: 'Noor Haddad', slack_user_id: 'U45' }, code: 'free_plan_cap', why: 'Free plan rounds include up to 50 people' }],
    left_out_by_cap: [{ member: { id: 45, name: 'Noor Haddad', slack_user_id: 'U45' }, rounds: 3 }],
    cross_team: { mixed: 1, same_group: 1, unknown: 0, by_group: [{ id: 1, name: 'Engineering', intros: 2, mixed: 1 }] },
  },
  maxPairsInBatch: 14,
  start: '2025-12-09',
  end: '2026-03-09',
};

describe('/reporting/{id}', () => {
  test('stats, fairness and batches; changing the dates reloads', { timeout: 20_000 }, async () => {
    const asked: Array<{ start: string | null; end: string | null }> = [];
    const strategic: Array<Record<string, string>> = [];
    mockFetch((url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/channel_programs/editable_programs_as_json') return jsonResponse({ programs: [program({ id: 7 })] });
      if (url.pathname === '/reporting/7/pairing_show') {
        asked.push({ start: url.searchParams.get('start_date'), end: url.searchParams.get('end_date') });
        return jsonResponse(REPORT);
      }
      if (url.pathname === '/onboarding') return jsonResponse({ tags: [{ id: 3, name: 'New hires' }] });
      if (url.pathname === '/reporting/strategic_connections_preview') {
        strategic.push(Object.fromEntries(url.searchParams));
        return jsonResponse({
          id: 7,
          tag_id: null,
          batch_id: null,
          start_date: '2025-12-09',
          end_date: '2026-03-09',
          participants: 2,
          connected: 1,
          connections: [{ member: { id: 45, name: 'Noor Haddad', slack_user_id: 'U45' }, batch_id: 12, date: '2026-03-09', with: [{ id: 42, name: 'Rohan Gupta', slack_user_id: 'U42' }], met: true }],
          not_connected: [{ id: 46, name: 'Lena Vogel', slack_user_id: 'U46' }],
        });
      }
      return jsonResponse({ error: 'not here' }, 404);
    });
    const user = userEvent.setup();
    const { router } = renderApp('/reporting/7?start_date=2026-01-01&end_date=2026-03-31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pairing report · #intros' })).toBeInTheDocument();
    expect(await screen.findByText('30 of 52')).toBeInTheDocument();
    expect(screen.getByText('58% of groups · 3 have not answered yet')).toBeInTheDocument();
    expect(screen.getByText('2.0%')).toBeInTheDocument();
    expect(screen.getByText('18.0%')).toBeInTheDocument();
    expect(screen.getByText('2 rounds')).toBeInTheDocument();
    expect(screen.getByText('at most 14 in a round')).toBeInTheDocument();
    expect(screen.getByText(/the lowest possible here was 0\.0%/)).toBeInTheDocument();
    const waits = screen.getByRole('table', { name: 'Wait since their last intro' });
    expect(within(waits).getByRole('row', { name: 'Noor Haddad Never had an intro' })).toBeInTheDocument();
    expect(within(waits).getByRole('row', { name: 'Ananya Iyer 0 rounds' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Never paired' })).getByText(/Free plan rounds include up to 50 people/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Left out by the plan’s cap' })).getByText(/3 rounds/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /Cross-group mix: 1 of 2 intros mixed groups/ })).toBeInTheDocument();
    expect(asked).toEqual([{ start: '2026-01-01', end: '2026-03-31' }]);
    // Strategic connections for the report's dates; choosing a journey and a round asks again.
    expect(await screen.findByTestId('strategic-summary')).toHaveTextContent('1 of 2 journey participants had an intro.');
    expect(screen.getByRole('row', { name: /Noor Haddad Rohan Gupta .* Yes/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Still waiting for an intro' })).getByText('Lena Vogel')).toBeInTheDocument();
    expect(strategic[0]).toEqual({ id: '7', start_date: '2025-12-09', end_date: '2026-03-09' });
    await user.click(await screen.findByRole('combobox', { name: 'Journey' }));
    await user.click(await screen.findByRole('option', { name: 'New hires' }));
    await user.click(screen.getByRole('combobox', { name: 'Round' }));
    await user.click(await screen.findByRole('option', { name: /Mar 9, 2026/ }));
    await waitFor(() => expect(strategic.at(-1)).toEqual({ id: '7', tag_id: '3', batch_id: '12', start_date: '2025-12-09', end_date: '2026-03-09' }));

    await user.click(screen.getByRole('button', { name: /Mon, Mar 9, 2026/ }));
    expect(within(screen.getByRole('region', { name: 'Rounds' })).getByText('Rohan Gupta')).toBeInTheDocument();
    expect(screen.getAllByText('First time meeting')).toHaveLength(2);

    // The dates are typed in the kit's date field (mm/dd/yyyy), taken when it loses focus.
    const from = screen.getByRole('textbox', { name: 'From' });
    fireEvent.change(from, { target: { value: '02/01/2026' } });
    fireEvent.blur(from);
    expect(new URLSearchParams(router.state.location.search).get('start_date')).toBe('2026-02-01');
    await waitFor(() => expect(asked).toContainEqual({ start: '2026-02-01', end: '2026-03-31' }));
  });

  test('fairnessSummary', () => {
    expect(fairnessSummary(REPORT.stats)).toBe('Almost no one was paired with someone they had met before, and the longest anyone waited was 2 rounds.');
    expect(fairnessSummary({ ...REPORT.stats, repeat_rate: 0.25, longest_wait_rounds: 1 })).toBe('25% of pairs had met before, and nobody waited more than a round.');
    expect(fairnessSummary({ ...REPORT.stats, groups: 0 })).toBe('No intros in these dates yet.');
    expect(fairnessSummary({ ...REPORT.stats, repeat_rate: 0 })).toMatch(/^No one was paired with someone they had met before/);
  });

  test('the met rate shows its denominator and who has not answered (2 of 24 met is not "100%")', () => {
    const stats = { ...REPORT.stats, groups: 24, met: 2, answered: 2, unanswered: 22, met_rate: 1 };
    expect(metValue(stats)).toBe('2 of 24');
    expect(metHint(stats)).toBe('8% of groups · 22 have not answered yet');
    expect(metHint({ ...stats, unanswered: 0 })).toBe('8% of groups');
  });
});
