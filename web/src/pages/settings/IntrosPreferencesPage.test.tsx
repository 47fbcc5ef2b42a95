import '../../test/setup';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { MemoryRouter } from 'react-router';
import { jsonResponse, mockFetch, renderWithQuery, TEST_USER } from '../../test/utils';
import IntrosPreferencesPage from './IntrosPreferencesPage';

describe('Intros preferences', () => {
  test('a snooze names the day the member is back in words, not as an ISO date', async () => {
    mockFetch((url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname.endsWith('/snooze_intros')) return jsonResponse({ snoozed: true, end_date: '2027-01-20' });
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderWithQuery(
      <MemoryRouter>
        <IntrosPreferencesPage />
      </MemoryRouter>,
    );
    const status = await screen.findByTestId('snooze-status');
    expect(status).toHaveTextContent('Your intros are snoozed; you are back in rounds from Wed, Jan 20, 2027.');
    expect(status).not.toHaveTextContent('2027-01-20');
  });
});
