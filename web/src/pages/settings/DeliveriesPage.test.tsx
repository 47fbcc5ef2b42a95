import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { FailedDelivery } from '../../../../src/outbox/api-types';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';

const removed: FailedDelivery = {
  id: 7,
  kind: 'watercooler',
  method: 'chat.postMessage',
  channel: { id: 'C0DEMOGEN', name: 'general' },
  updated_at: '2026-11-26T09:30:00Z',
  label: 'Not sent',
  code: 'not_in_channel',
  reason: 'Hearth was removed from #general. Add Hearth back to the channel, then try again.',
  canRetry: true,
};
const gone: FailedDelivery = { ...removed, id: 8, kind: 'journey', method: 'dm.post', channel: null, code: 'user_not_found', reason: 'Slack can’t find this person.', canRetry: false };

/** The failed list as the server answers it; a retry takes the row off (it is sending again). */
function server(user = TEST_USER) {
  let rows = [removed, gone];
  const retries: string[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/users/show_as_json') return jsonResponse(user);
    if (url.pathname === '/deliveries/failed') return jsonResponse({ deliveries: rows, page: 1, per: 100, next_page: null });
    const retry = /^\/deliveries\/(\d+)\/retry$/.exec(url.pathname);
    if (retry && init.method === 'POST') {
      retries.push(retry[1]!);
      rows = rows.filter((r) => r.id !== Number(retry[1]));
      return jsonResponse({ ok: true });
    }
    return jsonResponse({ error: 'not here' }, 404);
  });
  return retries;
}

describe('/settings/deliveries: failed deliveries', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('lists what failed, where, and why in words; Try again only where it can work, and the row leaves once it is sending again', async () => {
    const retries = server();
    const user = userEvent.setup();
    renderApp('/settings/deliveries');
    const table = await screen.findByRole('table', { name: 'Failed deliveries' }, { timeout: 10_000 });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Watercooler prompt')).toBeInTheDocument();
    expect(within(first!).getByText('#general')).toBeInTheDocument();
    expect(within(first!).getByText(/Hearth was removed from #general/)).toBeInTheDocument();
    expect(within(second!).getByText('Journey message')).toBeInTheDocument();
    expect(within(second!).getByText('Direct message')).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(table.textContent).not.toContain('C0DEMOGEN');
    expect(table.textContent).not.toContain('2026-11-26');

    await user.click(within(first!).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(retries).toEqual(['7']));
    await waitFor(() => expect(within(table).queryByText('Watercooler prompt')).toBeNull());
  }, 30_000);

  test('is in the admins’ navigation, and not in a plain member’s', async () => {
    server();
    const { unmount } = renderApp('/settings/profile');
    expect(await screen.findByRole('link', { name: 'Failed deliveries' }, { timeout: 10_000 })).toHaveAttribute('href', '/settings/deliveries');
    unmount();
    server({ ...TEST_USER, is_admin: false, permissions: { ...TEST_USER.permissions, deliveries: false } });
    renderApp('/settings/profile');
    await screen.findByRole('link', { name: 'Profile' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Failed deliveries' })).toBeNull();
  }, 30_000);
});
