import '../test/setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { browser } from '../api/browser';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../test/utils';

const IN_TWO = {
  ...TEST_USER,
  workspaces: [
    { team_id: 'T1', name: 'Analytical Engines', current: true },
    { team_id: 'T2', name: 'Difference Engines', current: false },
  ],
};

/** The signed-in member in two workspaces; `answer` answers the menu's own calls. */
function serve(answer: (url: URL) => Promise<Response>) {
  return mockFetch((url) => (url.pathname === '/users/show_as_json' ? jsonResponse(IN_TWO) : answer(url)));
}

async function openMenu() {
  const user = userEvent.setup();
  renderApp('/');
  await user.click(await screen.findByRole('button', { name: 'Ada Lovelace, Analytical Engines: account menu' }));
  return user;
}

describe('user menu', () => {
  test('signing out: every item is disabled while it is under way and stays so as the browser leaves', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let answer!: (response: Response) => void;
    const fetch = serve(() => new Promise((resolve) => (answer = resolve)));
    const user = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(screen.getByRole('button', { name: 'Sign out' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Difference Engines' })).toBeDisabled();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/auth/sign_out'))).toBe(true);
    expect(assign).not.toHaveBeenCalled();

    answer(jsonResponse({}));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/slack'));
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeDisabled();
  });

  test('a refused workspace switch says so, stays on the page and gives the items back', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let answer!: (response: Response) => void;
    serve(() => new Promise((resolve) => (answer = resolve)));
    const user = await openMenu();
    const group = screen.getByRole('group', { name: 'Switch workspace' });
    await user.click(within(group).getByRole('button', { name: 'Difference Engines' }));

    expect(within(group).getByRole('button', { name: 'Difference Engines' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeDisabled();

    answer(jsonResponse({ error: 'You are not in that workspace any more.' }, 403));
    expect(await screen.findByText('You are not in that workspace any more.')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(group).getByRole('button', { name: 'Difference Engines' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  test('a workspace switch goes where the answer says', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    serve(async () => jsonResponse({ redirect_url: '/all_channels' }));
    const user = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Difference Engines' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/all_channels'));
  });
});
