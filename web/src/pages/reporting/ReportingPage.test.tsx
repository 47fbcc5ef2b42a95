import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { toastStore } from '../../kit/toast/store';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';
import { CSV_REPORT_TOAST } from './reportingApi';

const MODULE = { stat_name: 'task_assignments_completed', date_window: '7d', start_date: null, end_date: null, tag_id: null, aggregation: 'daily' } as const;

describe('/reporting', () => {
  test('each module as a chart with its numbers in a table; the CSV report goes to Slack with a 10 s toast', async () => {
    const posted: string[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === `/reporting_module_settings/${TEST_USER.id}`) return jsonResponse({ user_id: 1, show_all_tags: false, template: [MODULE] });
      if (url.pathname === '/onboarding') return jsonResponse({ tags: [] });
      if (url.pathname === '/reporting_module_settings/data')
        return jsonResponse({
          status: 'ready',
          stat_name: 'task_assignments_completed',
          start_date: '2026-11-18',
          end_date: '2026-11-19',
          aggregation: 'daily',
          total: 3,
          sent: 4,
          rate: 75,
          series: [
            { date: '2026-11-18', value: 1, sent: 2, rate: 50 },
            { date: '2026-11-19', value: 2, sent: 2, rate: 100 },
          ],
        });
      if (url.pathname === '/reporting/csv_report' && init.method === 'POST') {
        posted.push(String(init.body));
        return jsonResponse({ status: 'queued' }, 202);
      }
      return jsonResponse({ error: 'not here' }, 404);
    });
    const user = userEvent.setup();
    renderApp('/reporting');
    const module = await screen.findByRole('region', { name: 'Task assignments completed' });
    expect(await within(module).findByText('75%')).toBeInTheDocument();
    expect(within(module).getByText('3 of 4 completed')).toBeInTheDocument();
    const table = within(module).getByRole('table', { name: 'Task assignments completed, daily' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('row', { name: /100%/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send CSV to Slack' }));
    await waitFor(() => expect(toastStore.get().find((t) => t.text === CSV_REPORT_TOAST)).toMatchObject({ type: 'success', duration: 10_000 }));
    expect(posted).toEqual([JSON.stringify({ tag_id: null })]);
  }, 30_000);
});
