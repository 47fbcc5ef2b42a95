import '../../test/setup';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';

describe('/reporting/intros_feedback', () => {
  test('a failed load of the Intros programs says so in the spec\'s words, with a retry', async () => {
    mockFetch((url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/coffee_feedbacks/viewable_configurations') return jsonResponse({ error: 'Something broke' }, 500);
      return jsonResponse({ error: 'Not found' }, 404);
    });
    renderApp('/reporting/intros_feedback');
    expect(await screen.findByText('Error loading Intros programs', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Something broke')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // The lazy page loads first: slow on a loaded 2-core machine.
  }, 15_000);
});
