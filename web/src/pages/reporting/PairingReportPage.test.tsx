import '../../test/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
  stats: { rounds: 4, groups: 52, met_rate: 0.61, met: 30, answered: 49, unanswered: 3, repeat_rate: 0.02, coverage: 0.18, longest_wait_rounds: 2, participants: 30 },
  maxPairsInBatch: 14,
  start: '2025-12-09',
  end: '2026-03-09',
};

describe('/reporting/{id}', () => {
  test('stats, fairness and batches; changing the dates reloads', async () => {
    const asked: Array<{ start: string | null; end: string | null }> = [];
    mockFetch((url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/channel_programs/editable_programs_as_json') return jsonResponse({ programs: [program({ id: 7 })] });
      if (url.pathname === '/reporting/7/pairing_show') {
        asked.push({ start: url.searchParams.get('start_date'), end: url.searchParams.get('end_date') });
        return jsonResponse(REPORT);
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
    expect(asked).toEqual([{ start: '2026-01-01', end: '2026-03-31' }]);

    await user.click(screen.getByRole('button', { name: /Mon, Mar 9, 2026/ }));
    expect(screen.getByText('Ananya Iyer')).toBeInTheDocument();
    expect(screen.getAllByText('First time meeting')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
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
