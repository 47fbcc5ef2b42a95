import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';
import type { ProgramTemplate } from './programsApi';

const TEMPLATES: ProgramTemplate[] = [
  { id: 'intros-coffee-chats', name: 'Coffee chats', description: 'Pairs every two weeks.', type: 'CoffeeConfiguration', is_default: true },
  { id: 'intros-lunch-trio', name: 'Lunch trio', description: 'Groups of three.', type: 'CoffeeConfiguration', is_default: true },
  { id: 'watercooler-fun', name: 'Just for fun', description: 'Light prompts.', type: 'Watercooler', is_default: true },
];

/** Every preview body the page posted (reset by serve). */
let previewBodies: Array<{ template_id: string | null }> = [];

function serve(apply: (body: Record<string, unknown>) => Response) {
  previewBodies = [];
  const posted: Array<Record<string, unknown>> = [];
  mockFetch((url, init) => {
    if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
    if (url.pathname === '/templates') return jsonResponse({ templates: TEMPLATES });
    if (url.pathname === '/channels/search') return jsonResponse([{ uid: 'C0INTRO', name: 'intros' }]);
    if (url.pathname === '/channel_programs/apply_template_as_json') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push(body);
      return apply(body);
    }
    if (url.pathname === '/coffee/preview_as_json') {
      const body = JSON.parse(String(init.body)) as { template_id: string | null };
      previewBodies.push(body);
      // The server refuses a preview without a template (a 400): the page must never ask for one.
      if (!body.template_id) return jsonResponse({ error: 'template_id: Required', fields: { template_id: 'Required' } }, 400);
      return jsonResponse({ text: 'Intro', blocks: [{ type: 'header', text: { type: 'plain_text', text: `First intro of ${body.template_id}` } }], user_names: {} });
    }
    if (url.pathname === '/coffee/12') return jsonResponse({ error: 'not here' }, 404);
    return jsonResponse({ error: 'not here' }, 404);
  });
  return posted;
}

async function chooseChannel(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: 'Channel' }), 'intro');
  await user.click(await screen.findByRole('option', { name: '#intros' }, { timeout: 2000 }));
}

describe('/channel_programs/new', () => {
  test('preview=intros: Intros templates, a message preview, create → the program page', async () => {
    const posted = serve(() => jsonResponse({ redirect_url: '/coffee/12', id: 12 }));
    const user = userEvent.setup();
    const { router } = renderApp('/channel_programs/new?preview=intros');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Intros program' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Coffee chats/ })).toBeChecked());
    expect(screen.getByRole('radio', { name: /Lunch trio/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Just for fun/ })).toBeNull();
    // The server's builder draws the preview, for the chosen template.
    await waitFor(() => expect(screen.getByRole('article', { name: 'Message preview from Hearth' })).toHaveTextContent('First intro of intros-coffee-chats'));
    await user.click(screen.getByRole('radio', { name: /Lunch trio/ }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Message preview from Hearth' })).toHaveTextContent('First intro of intros-lunch-trio'));
    await chooseChannel(user);
    await user.click(screen.getByRole('button', { name: 'Create Intros program' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coffee/12'));
    expect(posted).toEqual([{ template_id: 'intros-lunch-trio', channel_id: 'C0INTRO' }]);
    expect(previewBodies.length).toBeGreaterThan(0);
    expect(previewBodies.filter((b) => !b.template_id)).toEqual([]);
    // Two debounced previews on top of the create flow: slow on a loaded 2-core machine.
  }, 15_000);

  test('a refused create shows the server’s error and re-enables the form', async () => {
    serve(() => jsonResponse({ error: '#intros already has Intros', fields: { channel_id: 'already has Intros' } }, 400));
    const user = userEvent.setup();
    const { router } = renderApp('/channel_programs/new?preview=intros');
    await screen.findByRole('radio', { name: /Coffee chats/ });
    await chooseChannel(user);
    await user.click(screen.getByRole('button', { name: 'Create Intros program' }));
    expect(await screen.findByText('#intros already has Intros')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Intros program' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: /Coffee chats/ })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/channel_programs/new');
  });

  test('no channel chosen: nothing is sent and the field says so', async () => {
    const posted = serve(() => jsonResponse({ redirect_url: '/coffee/12' }));
    const user = userEvent.setup();
    renderApp('/channel_programs/new?preview=intros');
    await screen.findByRole('radio', { name: /Coffee chats/ });
    await user.click(screen.getByRole('button', { name: 'Create Intros program' }));
    expect(screen.getByText('Choose the channel for this program.')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  test('402 opens the upgrade modal', async () => {
    serve(() => jsonResponse({ error: 'The free plan includes one Intros channel', feature: 'intros_channels', trial_available: true }, 402));
    const user = userEvent.setup();
    renderApp('/channel_programs/new?preview=intros');
    await screen.findByRole('radio', { name: /Coffee chats/ });
    await chooseChannel(user);
    await user.click(screen.getByRole('button', { name: 'Create Intros program' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('The free plan includes one Intros channel');
    expect(screen.getByRole('button', { name: 'Create Intros program' })).toBeEnabled();
  });

  test('preview=watercooler picks the Watercooler templates; switching kind updates the address', async () => {
    serve(() => jsonResponse({ redirect_url: '/watercooler/3/edit' }));
    const user = userEvent.setup();
    const { router } = renderApp('/channel_programs/new?preview=watercooler');
    await waitFor(() => expect(screen.getByRole('radio', { name: /Just for fun/ })).toBeChecked());
    await user.click(screen.getByRole('radio', { name: /^Intros/ }));
    expect(new URLSearchParams(router.state.location.search).get('preview')).toBe('intros');
    await waitFor(() => expect(screen.getByRole('radio', { name: /Coffee chats/ })).toBeChecked());
  });

  test('/templates: "Use template" leads to the new-program flow with that template', async () => {
    serve(() => jsonResponse({}));
    renderApp('/templates');
    const use = await screen.findByRole('link', { name: 'Use template Lunch trio' });
    expect(use).toHaveAttribute('href', '/channel_programs/new?preview=intros&template_id=intros-lunch-trio');
    const user = userEvent.setup();
    await user.click(use);
    await waitFor(() => expect(screen.getByRole('radio', { name: /Lunch trio/ })).toBeChecked());
  });
});
