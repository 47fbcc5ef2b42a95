import '../../test/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { POLL_PRESETS } from '../../api/polling';
import { DATES_IMPORT_TIMEOUT_TEXT } from '../../kit/messages';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';
import { program } from '../testing/fixtures';
import type { CelebrationAnswer, MyScheduleJson, ScheduleIndex } from './celebrationsApi';
import { BIRTHDAY_CHANNELS_ERROR_TEXT, FETCH_ERROR_TEXT, UPDATE_ERROR_TEXT } from './MyCelebrationsPage';

const answer: CelebrationAnswer = {
  program: program({ id: 5, type: 'CelebrationProgram', channel: '#celebrations', channel_uid: 'C0CELEB' }),
  celebration: {
    id: 5,
    birthdays_enabled: true,
    anniversaries_enabled: true,
    custom_enabled: true,
    posting_hour: 9,
    post_minute: 540,
    time_zone: 'America/New_York',
    weekend_policy: 'friday_before',
    leap_day_policy: 'feb28',
    birthday_template: 'Happy birthday, {name}!',
    anniversary_template: 'Happy work anniversary, {name}! {years} with us.',
    images: { birthday: 'birthday-balloons', anniversary: 'anniversary-medal', custom: null },
    next_run_at: '2026-03-03T14:00:00.000Z',
  },
  default_templates: { birthday: 'Happy birthday, {name}!', anniversary: 'Happy work anniversary, {name}! {years} with us.', custom: ':tada: Today we celebrate {name}!' },
  can_change_leap_day_policy: true,
  plan: { paid: false, custom_limit: 2, custom_active: 2 },
  image_choices: [
    { id: 'birthday-balloons', type: 'birthday', label: 'Balloons', alt: 'Three balloons', url: '/celebration_images/birthday-balloons.png' },
    { id: 'birthday-cake', type: 'birthday', label: 'Cake', alt: 'A cake', url: '/celebration_images/birthday-cake.png' },
    { id: 'anniversary-medal', type: 'anniversary', label: 'Medal', alt: 'A medal', url: '/celebration_images/anniversary-medal.png' },
  ],
};

afterEach(() => {
  vi.useRealTimers();
});

describe('/celebrations/{id}/edit', () => {
  test('polls the dates import every 3 s, 40 times, then says it is taking a long time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    mockFetch(async (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/celebrations/5') return jsonResponse(answer);
      if (url.pathname === '/celebration_schedules/index_as_json') return jsonResponse({ schedules: [], counts: { members: 0, with_date: 0, missing: 0 } } satisfies ScheduleIndex);
      if (url.pathname === '/celebrations/5/events/index_as_json') return jsonResponse({ events: [] });
      if (url.pathname === '/upcoming_new_hires') return jsonResponse({ new_hires: [] });
      if (url.pathname === '/celebrations/import_dates_as_json' && method === 'POST') {
        expect(init.body).toBeInstanceOf(FormData);
        return jsonResponse({ id: 3, state: 'needs_processing', file_name: 'dates.csv', file_size: 20, errors: [], summary: {} });
      }
      if (url.pathname === '/asset_imports/3/show_as_json') {
        expect(url.searchParams.get('program_type')).toBe('CelebrationProgram');
        polls++;
        return jsonResponse({ id: 3, state: 'needs_processing', file_name: 'dates.csv', file_size: 20, errors: [], summary: {} });
      }
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderApp('/celebrations/5/edit');
    await screen.findByRole('heading', { name: /Celebrations in #celebrations/ });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['Email,Birthday\na@b.co,06/18\n'], 'dates.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByRole('button', { name: /Importing/ });
    for (let i = 0; i < POLL_PRESETS.datesImport.maxTries; i++) await act(() => vi.advanceTimersByTimeAsync(POLL_PRESETS.datesImport.intervalMs));
    await waitFor(() => expect(screen.getByText(DATES_IMPORT_TIMEOUT_TEXT)).toBeInTheDocument());
    expect(polls).toBe(40);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(polls).toBe(40);
    // Forty polls each re-render the whole page: on a shared 2-core machine that takes longer than vitest's 5 s.
  }, 20_000);

  test("the messages' previews are the server's, and a template's problem shows at its field, without internal names", async () => {
    const previews: Array<Record<string, unknown>> = [];
    const message = (text: string) => ({ text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }, { type: 'image', image_url: '/celebration_images/birthday-cake.png', alt_text: 'A cake' }] });
    mockFetch(async (url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/celebrations/5') return jsonResponse(answer);
      if (url.pathname === '/celebrations/5/preview_as_json') {
        const body = JSON.parse(String(init.body)) as { birthday_template?: string };
        previews.push(body);
        if (body.birthday_template?.includes('{years}'))
          return jsonResponse({ error: 'birthday_template: Birthday messages never mention age: remove {years}', fields: { birthday_template: 'Birthday messages never mention age: remove {years}' } }, 400);
        const text = (body.birthday_template ?? '').replace('{name}', '<@U1>');
        return jsonResponse({ next: null, samples: { birthday: message(text), anniversary: message('Happy anniversary'), custom: message('Custom') }, ask: message('Hi'), user_names: { U1: 'Alex Rivera' } });
      }
      if (url.pathname === '/celebration_schedules/index_as_json') return jsonResponse({ schedules: [], counts: { members: 0, with_date: 0, missing: 0 } });
      if (url.pathname === '/celebrations/5/events/index_as_json') return jsonResponse({ events: [] });
      if (url.pathname === '/upcoming_new_hires') return jsonResponse({ new_hires: [] });
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderApp('/celebrations/5/edit');
    const preview = await screen.findByRole('article', { name: 'Birthdays preview' });
    await within(preview).findByText('@Alex Rivera');
    expect(within(preview).getByRole('img', { name: 'A cake' })).toBeInTheDocument();
    // The page sends the unsaved settings; the server builds the message.
    expect(previews[0]).toMatchObject({ birthday_template: 'Happy birthday, {name}!', birthday_image: 'birthday-balloons' });

    const template = screen.getByRole('textbox', { name: 'Birthdays message' });
    fireEvent.change(template, { target: { value: 'Happy {years}th, {name}!' } });
    expect(await screen.findByText('Birthday messages never mention age: remove {years}')).toBeInTheDocument();
    expect(template).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/birthday_template/)).toBeNull();
  }, 15_000);

  test('a 402 on including a custom date opens the unlimited-celebrations upgrade and refreshes the list', async () => {
    let indexCalls = 0;
    mockFetch(async (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/celebrations/5') return jsonResponse(answer);
      if (url.pathname === '/celebration_schedules/index_as_json' && url.searchParams.get('schedule_type') === 'custom') {
        indexCalls++;
        return jsonResponse({
          schedules: [{ celebration_schedule_id: 8, celebration_program_id: 5, schedule_type: 'custom', user_id: null, slack_user_id: null, name: null, avatar_url: null, date: '05-25', display_date: '25 May', year: null, title: 'Towel day', message: null, included: false, source: 'admin' }],
          limit: { paid: false, custom_limit: 2, custom_active: 2 },
        });
      }
      if (url.pathname === '/celebration_schedules/index_as_json') return jsonResponse({ schedules: [], counts: { members: 0, with_date: 0, missing: 0 } });
      if (url.pathname === '/celebrations/5/events/index_as_json') return jsonResponse({ events: [] });
      if (url.pathname === '/upcoming_new_hires') return jsonResponse({ new_hires: [] });
      if (url.pathname === '/celebration_schedules/8/update_included_programs_as_json' && method === 'PUT') {
        expect(JSON.parse(String(init.body))).toEqual({ celebration_program_id: 5, activate: true });
        return jsonResponse({ error: 'The free plan celebrates every birthday and work anniversary, plus 2 custom dates.', feature: 'unlimited_celebrations', trial_available: true }, 402);
      }
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderApp('/celebrations/5/edit');
    fireEvent.click(await screen.findByRole('tab', { name: /Custom dates/ }));
    const toggle = await screen.findByRole('switch', { name: 'Celebrate Towel day in this channel' });
    expect(indexCalls).toBe(1);
    fireEvent.click(toggle);
    const upgrade = await screen.findByRole('dialog', { name: 'Unlock unlimited celebrations' });
    expect(within(upgrade).getByText(/plus 2 custom dates/)).toBeInTheDocument();
    await waitFor(() => expect(indexCalls).toBe(2));
    expect(screen.getByRole('switch', { name: 'Celebrate Towel day in this channel' })).toHaveAttribute('aria-checked', 'false');
  });
});

describe('/settings/celebrations', () => {
  const mine: MyScheduleJson[] = [
    { celebration_type: 'birthday', celebration_schedule_id: 4, date: '06-18', display_date: '18 June', has_year: true, available_channels: [{ uid: 'C0CELEB', name: 'celebrations' }], selected_channel_ids: ['C0CELEB'] },
    { celebration_type: 'anniversary', celebration_schedule_id: null, date: null, display_date: null, has_year: false, available_channels: [{ uid: 'C0CELEB', name: 'celebrations' }], selected_channel_ids: ['C0CELEB'] },
  ];

  test('says the spec\'s words when loading or saving fails', async () => {
    let fail = true;
    mockFetch(async (url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/celebration_schedules/my_schedules') return fail ? jsonResponse({ error: 'Uh oh, something went wrong. Try again?' }, 500) : jsonResponse({ schedules: mine });
      if (url.pathname === '/celebration_schedules/upsert_my_schedule' && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        if ('selected_channel_ids' in body) return jsonResponse({ error: 'Uh oh, something went wrong. Try again?' }, 500);
        if (body.date === '06-19') return jsonResponse({ error: 'Uh oh, something went wrong. Try again?' }, 500);
        return jsonResponse({ error: 'date: June has only 30 days', fields: { date: 'June has only 30 days' } }, 400);
      }
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderApp('/settings/celebrations');
    expect(await screen.findAllByText(FETCH_ERROR_TEXT)).not.toHaveLength(0);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    const birthday = await screen.findByRole('region', { name: 'Your birthday' });
    expect(within(birthday).getByRole('combobox', { name: 'Birthday month' })).toHaveValue('6');

    fireEvent.click(within(birthday).getByRole('checkbox', { name: '#celebrations' }));
    expect(await screen.findByText(BIRTHDAY_CHANNELS_ERROR_TEXT)).toBeInTheDocument();

    fireEvent.change(within(birthday).getByRole('combobox', { name: 'Birthday day' }), { target: { value: '19' } });
    fireEvent.click(within(birthday).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(UPDATE_ERROR_TEXT)).toBeInTheDocument();
  });

  test("a member types their start date in the kit's date field: Save with none says what is missing, Save with one sends it", async () => {
    const saved: unknown[] = [];
    mockFetch(async (url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/celebration_schedules/my_schedules') return jsonResponse({ schedules: mine });
      if (url.pathname === '/celebration_schedules/upsert_my_schedule' && init.method === 'PATCH') {
        saved.push(JSON.parse(String(init.body)));
        return jsonResponse({ schedule: { ...mine[1], date: '2024-03-10', display_date: 'March 10, 2024' } });
      }
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderApp('/settings/celebrations');
    const anniversary = await screen.findByRole('region', { name: 'Your work anniversary' });
    expect(anniversary.querySelector('input[type="date"]')).toBeNull();
    fireEvent.click(within(anniversary).getByRole('button', { name: 'Save' }));
    expect(await within(anniversary).findByRole('alert')).toHaveTextContent('Choose the day you started');
    expect(saved).toEqual([]);
    const date = within(anniversary).getByRole('textbox', { name: 'Start date' });
    fireEvent.change(date, { target: { value: '03/10/2024' } });
    fireEvent.blur(date);
    fireEvent.click(within(anniversary).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ celebration_type: 'anniversary', date: '2024-03-10' }]));
  });
});

describe('People and dates', () => {
  test("an admin types a person's start date in the kit's date field and Save sends it (a click on Save takes the typed date first)", async () => {
    const saved: unknown[] = [];
    const riley = { celebration_schedule_id: null, celebration_program_id: 5, schedule_type: 'anniversary' as const, user_id: 7, slack_user_id: 'U7', name: 'Riley Morgan', avatar_url: null, date: null, display_date: null, year: null, title: null, message: null, included: true, source: null };
    mockFetch(async (url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/celebrations/5') return jsonResponse(answer);
      if (url.pathname === '/celebration_schedules/index_as_json' && url.searchParams.get('schedule_type') === 'anniversary') return jsonResponse({ schedules: [riley], counts: { members: 1, with_date: 0, missing: 1 } });
      if (url.pathname === '/celebration_schedules/index_as_json') return jsonResponse({ schedules: [], counts: { members: 0, with_date: 0, missing: 0 } });
      if (url.pathname === '/celebration_schedules/create_or_update_as_json' && init.method === 'PUT') {
        saved.push(JSON.parse(String(init.body)));
        return jsonResponse({ schedule: { ...riley, date: '2026-03-10', display_date: 'Mar 10, 2026' } });
      }
      if (url.pathname === '/celebrations/5/events/index_as_json') return jsonResponse({ events: [] });
      if (url.pathname === '/upcoming_new_hires') return jsonResponse({ new_hires: [] });
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderApp('/celebrations/5/edit');
    fireEvent.click(await screen.findByRole('tab', { name: /Work anniversaries/ }));
    const table = await screen.findByRole('table', { name: 'Start dates' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Add' }));
    expect(table.querySelector('input[type="date"]')).toBeNull();
    const date = within(table).getByRole('textbox', { name: 'Start date' });
    // Save with no date says what is missing, and sends nothing.
    fireEvent.click(within(table).getByRole('button', { name: 'Save' }));
    expect(await within(table).findByRole('alert')).toHaveTextContent('Choose a start date, or Cancel');
    expect(saved).toEqual([]);
    fireEvent.change(date, { target: { value: '03/10/2026' } });
    fireEvent.blur(date);
    fireEvent.click(within(table).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ celebration_program_id: 5, schedule_type: 'anniversary', user_id: 7, date: '2026-03-10' }]));
  });
});

describe('Starting soon', () => {
  test('lists people the HR system reports who are not in Slack yet, with their HR data, beside members', async () => {
    mockFetch(async (url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/celebrations/5') return jsonResponse(answer);
      if (url.pathname === '/celebration_schedules/index_as_json') return jsonResponse({ schedules: [], counts: { members: 0, with_date: 0, missing: 0 } });
      if (url.pathname === '/celebrations/5/events/index_as_json') return jsonResponse({ events: [] });
      if (url.pathname === '/upcoming_new_hires')
        return jsonResponse({
          days: 90,
          new_hires: [
            { user_id: 7, slack_user_id: 'U7', name: 'Riley Morgan', avatar_url: null, start_date: '2026-03-10', days_until: 8, source: 'slack', email: null, department: null, location: null, job_title: null },
            { user_id: null, slack_user_id: null, name: 'Olivia Park', avatar_url: null, start_date: '2026-03-16', days_until: 14, source: 'hris', email: 'olivia.park@acme.example', department: 'Engineering', location: 'New York', job_title: 'Software Engineer' },
            { user_id: null, slack_user_id: null, name: 'Mateo Rossi', avatar_url: null, start_date: '2026-03-23', days_until: 21, source: 'ats', email: 'mateo.rossi@acme.example', department: null, location: null, job_title: 'Designer' },
          ],
        });
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderApp('/celebrations/5/edit');
    const section = await screen.findByRole('region', { name: 'Starting soon' });
    await within(section).findByText('Olivia Park');
    expect(within(section).getByText('Riley Morgan')).toBeInTheDocument();
    expect(within(section).getByText('Not in Slack yet · Software Engineer · Engineering · New York (HR system)')).toBeInTheDocument();
    expect(within(section).getByText('Not in Slack yet · Designer (applicant tracking)')).toBeInTheDocument();
    expect(within(section).getAllByText(/Not in Slack yet/)).toHaveLength(2);
  });
});
