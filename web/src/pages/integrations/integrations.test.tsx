import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockFetch, renderWithQuery, TEST_USER } from '../../test/utils';
import { HrisManageProgramsModal } from './HrisManageProgramsModal';
import type { HrisIdentityJson, IntegratableProgramJson } from './integrationsApi';

const IDENTITY: HrisIdentityJson = {
  id: 4,
  state: 'active',
  integration_name: 'Sandbox HR',
  creator: { id: 1, name: 'Ada' },
  owner: { id: 1, name: 'Ada' },
  hris_sync_data: { celebrations: false, onboarding: false, intros: false },
  syncables: [],
  people_count: 9,
  matched_count: 6,
  last_synced_at: '2026-03-02T08:00:00.000Z',
  last_error: null,
  fully_synced: true,
};

afterEach(() => vi.unstubAllGlobals());

function serve(programs: IntegratableProgramJson[], user = TEST_USER) {
  return mockFetch((url, init) => {
    if (url.pathname === '/users/show_as_json') return jsonResponse(user);
    if (url.pathname === '/hris/integratable_programs_as_json') return jsonResponse({ programs });
    if (url.pathname === '/hris/4/create_syncables_as_json') {
      const sent = JSON.parse(String(init.body)) as { hris_syncables: unknown[] };
      return jsonResponse({ hris_identity: { ...IDENTITY, syncables: sent.hris_syncables } });
    }
    return jsonResponse({ error: 'Not found' }, 404);
  });
}

describe('HRIS manage-programs modal', () => {
  test('the empty variant when there is nothing to feed yet', async () => {
    serve([]);
    renderWithQuery(<HrisManageProgramsModal identity={IDENTITY} onClose={() => {}} />);
    expect(await screen.findByTestId('hris-programs-empty')).toHaveTextContent('There are no programs for your HR system to feed yet.');
    expect(screen.getByRole('link', { name: 'Create a program' })).toHaveAttribute('href', '/channel_programs/new');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  test('onboarding journeys show only with onboarding unrestricted; saving shows the success variant', async () => {
    const programs: IntegratableProgramJson[] = [
      { program_type: 'celebrations', id: 7, name: '#celebrations' },
      { program_type: 'onboarding', id: 3, name: 'New hire onboarding' },
    ];
    const fetch = serve(programs, { ...TEST_USER, onboarding_unrestricted: false });
    const user = userEvent.setup();
    renderWithQuery(<HrisManageProgramsModal identity={IDENTITY} onClose={() => {}} />);
    await user.click(await screen.findByRole('switch', { name: '#celebrations' }));
    expect(screen.queryByRole('switch', { name: 'New hire onboarding' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Hearth feeds one program from your HR system and syncs it every day.')).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([u]) => String(u).includes('create_syncables'));
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ hris_syncables: [{ program_type: 'celebrations', program_id: 7 }] });
  });
});
