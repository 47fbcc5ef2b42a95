import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { browser } from '../../api/browser';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';
import { WORKSPACE_DELETED_PATH } from './settingsApi';

/** The data endpoints the page reads, and the delete call answered as the server does (the name checked). */
function server(user = TEST_USER) {
  const deletes: unknown[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/users/show_as_json') return jsonResponse(user);
    if (url.pathname === '/data/manifest_as_json') return jsonResponse({ tables: [] });
    if (url.pathname === '/uploads_as_json' || url.pathname.startsWith('/uploads')) return jsonResponse({ uploads: [], used_bytes: 0, limit_bytes: 100 });
    if (url.pathname === '/workspace/delete_data_as_json' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { confirm_name: string };
      deletes.push(body);
      const name = user.team.name;
      if (body.confirm_name !== name) return jsonResponse({ error: `Type the workspace's name, ${name}, to delete its data`, fields: { confirm_name: `must be ${name}` } }, 400);
      return jsonResponse({ deleted: true });
    }
    return jsonResponse({ error: 'not here' }, 404);
  });
  return deletes;
}

describe("/settings/data: delete this workspace's data", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('an admin types the workspace’s name in the confirm dialog; a wrong name is refused in the field, the right one deletes and leaves for the done page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const deletes = server();
    const user = userEvent.setup();
    renderApp('/settings/data');
    const section = await screen.findByRole('region', { name: 'Delete this workspace’s data' }, { timeout: 10_000 });
    expect(within(section).getByText(/every uploaded file/)).toBeInTheDocument();
    expect(within(section).getByText(/This cannot be undone/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Delete this workspace’s data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Analytical Engines’s data?' });
    const field = within(dialog).getByRole('textbox', { name: /Type Analytical Engines to confirm/ });
    await user.type(field, 'analytical');
    await user.click(within(dialog).getByRole('button', { name: 'Delete everything' }));
    expect(await within(dialog).findByText("Type the workspace's name, Analytical Engines, to delete its data")).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'Analytical Engines');
    await user.click(within(dialog).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(WORKSPACE_DELETED_PATH));
    expect(deletes).toEqual([{ confirm_name: 'analytical' }, { confirm_name: 'Analytical Engines' }]);
  }, 30_000);

  test('a member who is not an admin sees no such section', async () => {
    server({ ...TEST_USER, is_admin: false, permissions: { ...TEST_USER.permissions, workspace_data: false } });
    renderApp('/settings/data');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your data' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Delete my data' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Delete this workspace’s data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete this workspace’s data' })).toBeNull();
  });

  test('the done page says the data is deleted and needs no sign-in', async () => {
    const fetch = mockFetch(() => jsonResponse({ error: 'Sign in' }, 401));
    renderApp(WORKSPACE_DELETED_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your workspace’s data is deleted' })).toBeInTheDocument();
    expect(screen.getByText(/Remove Hearth from your workspace in Slack/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
