import '../../test/setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { api, ApiError } from '../../api/client';
import { jsonResponse, mockFetch } from '../../test/utils';
import { toastStore } from '../toast/store';
import { ModalHost } from './Modal';

const WORDS = 'Hearth needs Slack’s permission to send messages (chat:write) to do this. An admin needs to reinstall Hearth to grant it.';

describe('the Slack permissions modal', () => {
  test("an action answered 424 with a missing scope opens it: the permission in words, Reinstall Hearth and Cancel", async () => {
    const user = userEvent.setup();
    render(<ModalHost />);
    mockFetch(() => jsonResponse({ error: WORDS, missing_scope: 'chat:write' }, 424));

    const failure = await api.post('/journeys/7/send_now', {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);

    const dialog = await screen.findByRole('dialog', { name: 'Hearth needs another Slack permission' });
    expect(dialog).toHaveTextContent(WORDS);
    expect(screen.getByRole('link', { name: 'Reinstall Hearth' })).toHaveAttribute('href', '/slack/reinstall');
    // The modal says it; no toast repeats it.
    expect(toastStore.get()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('any other 424 is an ordinary failure, with its toast', async () => {
    render(<ModalHost />);
    mockFetch(() => jsonResponse({ error: 'Something upstream failed' }, 424));
    await api.post('/somewhere', {}).catch(() => undefined);
    expect(toastStore.get().map((t) => t.text)).toEqual(['Something upstream failed']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
