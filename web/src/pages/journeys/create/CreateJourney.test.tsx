import '../../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../../test/utils';
import type { CreateTagAnswer, PrebuiltJourneyJson, PresetBundleJson } from '../api/journeysApi';
import { event, ROLES, tag } from '../testing/fixtures';

const PREBUILT: PrebuiltJourneyJson[] = [
  { id: 1, name: 'New hire essentials', description: 'The first 30 days.', flow_type: 'onboarding', quick_setup_types: ['one_click_onboarding'], preset_bundle_id: 5, preset_ids: [21, 22], num_events: 12 },
  { id: 2, name: 'Remote starter', description: 'For remote hires.', flow_type: 'onboarding', quick_setup_types: ['one_click_onboarding'], preset_bundle_id: 6, preset_ids: [23], num_events: 8 },
];

const BUNDLES: PresetBundleJson[] = [5, 6].map((id) => ({
  id,
  name: id === 5 ? 'Engineering bundle' : 'Sales bundle',
  description: 'Presets for a team.',
  flow_type: 'onboarding',
  presets: [
    { id: id * 10 + 1, name: 'First day', active: true, involved_roles: [], earliest_day: 0, latest_day: 0, num_events: 3, events: [{ ...presetEvent(id * 100 + 1), requirements: [] }] },
    { id: id * 10 + 2, name: 'IT setup', active: true, involved_roles: [], earliest_day: -2, latest_day: 4, num_events: 4, events: [{ ...presetEvent(id * 100 + 2), requirements: ['A laptop'] }] },
    { id: id * 10 + 3, name: 'Culture deep dive', active: false, involved_roles: [], earliest_day: 5, latest_day: 20, num_events: 5, events: [] },
  ],
}));

function presetEvent(id: number) {
  return { id, preset_id: 1, kind: 'message' as const, days_later: 0, minute_in_day: 540, recipient_type: 'role' as const, recipient_purpose: 'primary' as const, about_purposes: [], title: `Item ${id}`, text: 'Hi', poll_options: [] };
}

function created(name: string): CreateTagAnswer {
  return { tag: tag({ id: 9, name }), redirect_url: '/onboarding/tags/9', events: [event({ id: 1 }), event({ id: 2 }), event({ id: 3, active: false })], new_roles: [ROLES[2]!] };
}

function serve(onCreate: (form: FormData) => Response) {
  const asked: string[] = [];
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
    if (url.pathname === '/onboarding/tags' && method === 'GET') return jsonResponse({ tags: [tag()], flow_types: [], limits: { paid: true, journeys: null, journeys_active: 1, journey_messages: null } });
    if (url.pathname === '/onboarding/tags' && method === 'POST') return onCreate(init.body as FormData);
    if (url.pathname === '/prebuilt_journeys') {
      asked.push(url.searchParams.get('quick_setup_type') ?? '');
      return jsonResponse({ prebuilt_journeys: PREBUILT });
    }
    if (url.pathname === '/onboarding/preset_bundles') return jsonResponse({ preset_bundles: BUNDLES });
    const bundle = /^\/onboarding\/preset_bundles\/(\d+)$/.exec(url.pathname);
    if (bundle) return jsonResponse({ preset_bundle: BUNDLES.find((b) => b.id === Number(bundle[1])) });
    if (url.pathname === '/onboarding/tags/9') return jsonResponse({ error: 'later' }, 500);
    return jsonResponse({ error: 'not here' }, 404);
  });
  return asked;
}

// The first test pays for loading the page's modules.
describe('creating a journey', { timeout: 20_000 }, () => {
  test('one click: a ready-made journey, its name, multipart POST, then the success modal leads to the journey', async () => {
    let sent: FormData | undefined;
    const asked = serve((form) => {
      sent = form;
      return jsonResponse(created('Remote starter'), 201);
    });
    const user = userEvent.setup();
    const { router } = renderApp('/onboarding/tags');
    expect(await screen.findByRole('link', { name: 'Engineering onboarding' }, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New journey' }));
    const dialog = await screen.findByRole('dialog', { name: 'New onboarding journey' });
    await user.click(await within(dialog).findByRole('radio', { name: /Remote starter/ }));
    expect(within(dialog).getByLabelText('Journey name')).toHaveValue('Remote starter');
    await user.clear(within(dialog).getByLabelText('Journey name'));
    await user.click(within(dialog).getByRole('button', { name: 'Create journey' }));
    expect(within(dialog).getByLabelText('Journey name')).toHaveAccessibleDescription('Give the journey a name.');
    expect(within(dialog).getByLabelText('Journey name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBeUndefined();
    await user.type(within(dialog).getByLabelText('Journey name'), 'Remote starter');
    await user.click(within(dialog).getByRole('button', { name: 'Create journey' }));

    const success = await screen.findByRole('dialog', { name: 'Remote starter is ready' });
    expect(success).toHaveTextContent('2 messages are scheduled, with Buddies added as roles.');
    expect(asked).toEqual(['one_click_onboarding']);
    expect(sent?.get('onboarding_tag[name]')).toBe('Remote starter');
    expect(sent?.get('onboarding_tag[flow_type]')).toBe('onboarding');
    expect(sent?.get('onboarding_tag[preset_bundle_id]')).toBe('6');
    expect(sent?.getAll('onboarding_tag[preset_ids][]')).toEqual(['23']);
    expect(sent?.get('source')).toBe('one_click_onboarding');
    expect(sent?.has('onboarding_tag[auto_enroll]')).toBe(false);
    await user.click(within(success).getByRole('button', { name: 'See the journey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/tags/9'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the HR-system variant asks for the HRIS journeys and enrols automatically', async () => {
    let sent: FormData | undefined;
    const asked = serve((form) => {
      sent = form;
      return jsonResponse(created('New hire essentials'), 201);
    });
    const user = userEvent.setup();
    renderApp('/onboarding/tags');
    await user.click(await screen.findByRole('button', { name: 'From your HR system' }));
    const dialog = await screen.findByRole('dialog', { name: 'Onboarding from your HR system' });
    expect(await within(dialog).findByRole('radio', { name: /New hire essentials/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create journey' }));
    const success = await screen.findByRole('dialog', { name: 'New hire essentials is ready' });
    expect(success).toHaveTextContent('New hires from your HR system are enrolled automatically');
    expect(asked).toEqual(['hris_one_click_onboarding']);
    expect(sent?.get('onboarding_tag[auto_enroll]')).toBe('true');
    expect(sent?.get('source')).toBe('hris_one_click_onboarding');
  });

  test('the bundle wizard keeps the bundle in the address bar and creates with the presets kept', async () => {
    let sent: FormData | undefined;
    serve((form) => {
      sent = form;
      return jsonResponse(created('Engineering bundle'), 201);
    });
    const user = userEvent.setup();
    const { router } = renderApp('/onboarding/tags');
    await user.click(await screen.findByRole('button', { name: 'From a bundle' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=5'));
    const dialog = await screen.findByRole('dialog', { name: 'Build a journey from a bundle' });
    const presets = await within(dialog).findByRole('list', { name: 'Presets in Engineering bundle' });
    expect(within(presets).getByRole('checkbox', { name: /First day/ })).toBeChecked();
    expect(within(presets).getByRole('checkbox', { name: /Culture deep dive/ })).not.toBeChecked();
    expect(within(presets).getByText('Needs: A laptop')).toBeInTheDocument();
    expect(within(presets).getByRole('checkbox', { name: /IT setup/ })).toHaveAccessibleName(/2 days before – Day 5/);

    await user.click(within(dialog).getByRole('radio', { name: /Sales bundle/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=6'));
    await within(dialog).findByRole('list', { name: 'Presets in Sales bundle' });
    await user.click(within(dialog).getByRole('radio', { name: /Engineering bundle/ }));
    const again = await within(dialog).findByRole('list', { name: 'Presets in Engineering bundle' });
    await user.click(within(again).getByRole('checkbox', { name: /IT setup/ }));
    await user.click(within(again).getByRole('checkbox', { name: /Culture deep dive/ }));
    expect(within(dialog).getByText(/2 presets · 8 items/)).toBeInTheDocument();
    // The main action is in the dialog's footer, beside Cancel, where it stays in view (not below a long list).
    const create = within(dialog).getByRole('button', { name: 'Create journey' });
    expect(create.closest('footer')).toContainElement(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(create);
    await screen.findByRole('dialog', { name: 'Engineering bundle is ready' });
    expect(sent?.get('onboarding_tag[preset_bundle_id]')).toBe('5');
    expect(sent?.getAll('onboarding_tag[preset_ids][]')).toEqual(['51', '53']);
    expect(sent?.get('source')).toBe('bundle_wizard');
    expect(router.state.location.search).toBe('');
  });
});
