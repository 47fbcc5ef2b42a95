import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';
import { program } from '../testing/fixtures';
import { INTROS_LOAD_ERROR } from '../../kit';
import { filterPrograms } from './AllChannelsPage';
import type { ProgramJson } from './programsApi';

const PROGRAMS: ProgramJson[] = [
  program({ id: 1, channel: '#intros', num_participants: 28, next_occurrence_on_days_from_now: 3, next_occurrence_on: '2026-03-09' }),
  program({ id: 2, type: 'Watercooler', channel: '#watercooler', num_participants: 40, next_occurrence_on_days_from_now: 1, owner: { id: 9, name: 'Grace Kim' } }),
  program({
    id: 3,
    type: 'CelebrationProgram',
    channel: '#celebrations',
    is_active: false,
    next_occurrence_on: null,
    next_occurrence_on_days_from_now: null,
    send_now_data: { allow_send_now: false, slack_url: '', isLoading: false },
  }),
  program({ id: 4, channel: '#engineering', num_participants: 9, next_occurrence_on_days_from_now: 0 }),
];

function serve(programs: ProgramJson[] | 'fail') {
  return mockFetch((url) => {
    if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
    if (url.pathname === '/channel_programs/editable_programs_as_json')
      return programs === 'fail' ? jsonResponse({ error: 'boom' }, 500) : jsonResponse({ programs });
    return jsonResponse({ error: 'not here' }, 404);
  });
}

function rowNames(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('rowheader')
    .map((th) => th.textContent ?? '');
}

describe('/all_channels', () => {
  test('lists every program with its type, state, participants, next occurrence and owner', async () => {
    serve(PROGRAMS);
    renderApp('/all_channels');
    expect(await screen.findByRole('heading', { level: 1, name: 'All channel programs' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(rowNames()).toEqual(['#celebrations', '#engineering', '#intros', '#watercooler']);
    const intros = screen.getByRole('rowheader', { name: '#intros' }).closest('tr')!;
    expect(within(intros).getByText('Intros')).toBeInTheDocument();
    expect(within(intros).getByText('Active')).toBeInTheDocument();
    expect(within(intros).getByText('28')).toBeInTheDocument();
    expect(within(intros).getByText('in 3 days')).toBeInTheDocument();
    expect(within(intros).getByText('Mon, Mar 9')).toBeInTheDocument();
    expect(within(intros).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(intros).getByRole('link', { name: '#intros' })).toHaveAttribute('href', '/coffee/1');
    const celebrations = screen.getByRole('rowheader', { name: '#celebrations' }).closest('tr')!;
    expect(within(celebrations).getAllByText('Paused').length).toBeGreaterThan(0);
    expect(within(celebrations).getByRole('button', { name: 'Send now: #celebrations' })).toBeDisabled();
    const eng = screen.getByRole('rowheader', { name: '#engineering' }).closest('tr')!;
    expect(within(eng).getByText('today')).toBeInTheDocument();
  });

  test('?type=intros shows only Intros; the filter buttons change the address', async () => {
    serve(PROGRAMS);
    const user = userEvent.setup();
    const { router } = renderApp('/all_channels?type=intros');
    expect(await screen.findByRole('heading', { level: 1, name: 'Intros programs' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(rowNames()).toEqual(['#engineering', '#intros']);
    expect(screen.getByRole('radio', { name: /^Intros 2$/ })).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('radio', { name: /^Watercooler 1$/ }));
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('watercooler');
    expect(rowNames()).toEqual(['#watercooler']);
    expect(screen.getByRole('heading', { level: 1, name: 'Watercooler programs' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /^All 4$/ }));
    expect(router.state.location.search).toBe('');
    expect(rowNames()).toHaveLength(4);
  });

  test('the nav link Intros lands on the filtered list', async () => {
    serve(PROGRAMS);
    const user = userEvent.setup();
    const { router } = renderApp('/all_channels');
    await screen.findByRole('table');
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Intros' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=intros'));
    expect(rowNames()).toEqual(['#engineering', '#intros']);
  });

  test('searching by channel or owner narrows the list', async () => {
    serve(PROGRAMS);
    const user = userEvent.setup();
    renderApp('/all_channels');
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search by channel or owner' }), 'grace');
    expect(rowNames()).toEqual(['#watercooler']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search by channel or owner' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by channel or owner' }), '#eng');
    expect(rowNames()).toEqual(['#engineering']);
  });

  test('an empty list leads to creating a program of that type', async () => {
    serve([PROGRAMS[1]!]);
    renderApp('/all_channels?type=intros');
    expect(await screen.findByRole('heading', { name: 'No Intros programs yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start an Intros program' })).toHaveAttribute('href', '/channel_programs/new?preview=intros');
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('a failed load says "Error loading Intros programs" and offers a retry', async () => {
    const fetch = serve('fail');
    const user = userEvent.setup();
    renderApp('/all_channels?type=intros');
    expect(await screen.findByRole('alert')).toHaveTextContent(INTROS_LOAD_ERROR);
    expect(INTROS_LOAD_ERROR).toBe('Error loading Intros programs');
    const before = fetch.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(before));
  });

  test('filterPrograms', () => {
    expect(filterPrograms(PROGRAMS, 'celebrations').map((p) => p.id)).toEqual([3]);
    expect(filterPrograms(PROGRAMS, null, 'INTRO').map((p) => p.id)).toEqual([1]);
    expect(filterPrograms(PROGRAMS, 'watercooler', 'intros')).toEqual([]);
  });
});
