import '../../test/setup';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';

const issue = (id: number, issue_type: string, detail: string, fix: { label: string; path: string } | null) => ({ id, issue_type, session_event_id: id * 10, detail, fix, occurred_at: '2026-11-20T10:00:00Z' });

describe('/reporting/attention_required', () => {
  test('each issue says what is missing and links to where to fix it', async () => {
    mockFetch((url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/onboarding') return jsonResponse({ tags: [{ id: 7, name: 'Support onboarding' }] });
      if (url.pathname === '/onboarding/session_issues')
        return jsonResponse({
          data: [
            {
              user: { id: 3, name: 'Jonas Weber', slack_user_id: 'U3', avatar_url: null },
              sessions: [
                {
                  session_id: 5,
                  tag_id: 7,
                  issues: [
                    issue(1, 'strategic_connections_not_selected', '“Meet your buddy” in Support onboarding was not sent: no strategic connections selected (nobody is the Buddy)', { label: 'Choose whom to introduce', path: '/onboarding/tags/7?tab=people' }),
                    issue(2, 'channels_not_selected', '“Welcome Jonas” in Support onboarding was not posted: no channel selected', { label: 'Choose a channel', path: '/onboarding/tags/7?tab=schedule' }),
                    issue(3, 'task_overdue', '1 of 1 task assignments not completed', null),
                  ],
                },
              ],
            },
          ],
          cursor: { page: 1, per_page: 10, total_count: 3, total_pages: 1, next_page: null, prev_page: null },
        });
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderApp('/reporting/attention_required');
    const session = await screen.findByRole('region', { name: 'Support onboarding session 5' });
    const items = within(session).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Strategic connections not selected')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Choose whom to introduce' })).toHaveAttribute('href', '/onboarding/tags/7?tab=people');
    expect(within(items[1]!).getByText(/no channel selected/)).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Choose a channel' })).toHaveAttribute('href', '/onboarding/tags/7?tab=schedule');
    expect(within(items[2]!).queryByRole('link')).toBeNull();
  }, 30_000);
});
