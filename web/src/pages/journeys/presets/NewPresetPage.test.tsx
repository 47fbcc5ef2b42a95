import '../../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../../test/utils';
import type { PresetJson } from '../api/journeysApi';

const CATEGORIES = [
  { id: 1, name: 'Before day one', description: '', flow_types: ['onboarding'], num_presets: 2 },
  { id: 2, name: 'The first day', description: '', flow_types: ['onboarding'], num_presets: 3 },
];

const CREATED: PresetJson = { id: 1000001, category_id: 2, name: 'Security basics', description: '', flow_types: ['onboarding'], involvedRoles: [], events: [], custom: true };

function serve(onCreate: (body: unknown) => Response) {
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
    if (url.pathname === '/onboarding/preset_categories') return jsonResponse({ preset_categories: CATEGORIES });
    if (url.pathname === '/onboarding/presets' && method === 'POST') return onCreate(JSON.parse(init.body as string));
    if (url.pathname === `/onboarding/presets/${CREATED.id}`) return jsonResponse({ preset: CREATED });
    return jsonResponse({ error: 'not here' }, 404);
  });
}

// The first test pays for loading the page's modules.
describe('/onboarding/presets/new', { timeout: 20_000 }, () => {
  test('an admin writes a preset with a message and a poll; it is posted as typed and the preset page opens', async () => {
    let sent: { preset: Record<string, unknown> & { events: Array<Record<string, unknown>> } } | undefined;
    serve((body) => {
      sent = body as typeof sent;
      return jsonResponse({ preset: CREATED });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/onboarding/presets/new');
    await screen.findByRole('heading', { level: 1, name: 'New preset' });
    const form = await screen.findByRole('form', { name: 'New preset' });

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Security basics');
    await user.click(within(form).getByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'The first day' }));

    const first = within(form).getByRole('listitem', { name: 'Item 1' });
    await user.type(within(first).getByRole('textbox', { name: /^Title/ }), 'Hello {{first_name}');
    await user.type(within(first).getByRole('textbox', { name: /^Message/ }), 'Set up your password manager.');

    await user.click(within(form).getByRole('button', { name: /Add an item/ }));
    const second = within(form).getByRole('listitem', { name: 'Item 2' });
    await user.click(within(second).getByRole('radio', { name: 'Poll' }));
    const day = within(second).getByRole('spinbutton', { name: /Work day/ });
    await user.clear(day);
    await user.type(day, '2');
    await user.type(within(second).getByRole('textbox', { name: /^Title/ }), 'Laptop');
    await user.type(within(second).getByRole('textbox', { name: /^Question/ }), 'Was your laptop ready?');
    await user.type(within(second).getByRole('textbox', { name: /^Answers/ }), 'Yes{Enter}No');

    await user.click(within(form).getByRole('button', { name: 'Create preset' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/onboarding/presets/${CREATED.id}`));
    expect(sent!.preset).toMatchObject({ name: 'Security basics', category_id: 2, flow_types: ['onboarding'] });
    expect(sent!.preset.events).toEqual([
      { kind: 'message', days_later: 0, minute_in_day: 540, recipient: 'primary', title: 'Hello {first_name}', text: 'Set up your password manager.', poll_options: [] },
      { kind: 'poll', days_later: 2, minute_in_day: 540, recipient: 'primary', title: 'Laptop', text: 'Was your laptop ready?', poll_options: ['Yes', 'No'] },
    ]);
  });

  test("a blank name is caught before sending, and the server's field errors show at their fields", async () => {
    let posts = 0;
    serve(() => {
      posts++;
      return jsonResponse({ error: 'preset.category_id: is not a known preset category', fields: { 'preset.category_id': 'is not a known preset category', 'preset.events.0.title': "can't be blank" } }, 400);
    });
    const user = userEvent.setup();
    renderApp('/onboarding/presets/new');
    const form = await screen.findByRole('form', { name: 'New preset' });
    await user.click(within(form).getByRole('button', { name: 'Create preset' }));
    expect(await within(form).findByText("Can't be blank")).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Security basics');
    await user.click(within(form).getByRole('button', { name: 'Create preset' }));
    expect(await within(form).findByText('Is not a known preset category')).toBeInTheDocument();
    const first = within(form).getByRole('listitem', { name: 'Item 1' });
    expect(within(first).getByRole('textbox', { name: /^Title/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(first).getByText("Can't be blank")).toBeInTheDocument();
    expect(posts).toBe(1);
  });
});
