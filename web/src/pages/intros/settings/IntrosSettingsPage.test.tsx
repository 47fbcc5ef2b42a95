import '../../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { formatLongPlainDate } from '../../../kit/dates';
import { toastStore } from '../../../kit/toast/store';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../../test/utils';
import { coffeePage, config, program } from '../../testing/fixtures';
import type { CoffeePageData } from '../introsApi';
import { CALENDAR_NOT_LINKED_TEXT, HRIS_NOT_LINKED_TEXT, VIDEO_NOT_LINKED_TEXT } from '../../integrations/integrationsApi';
import { SAVE_ERROR_TEXT } from './IntrosSettingsPage';
import { meetingMovedText } from '../settingsRules';

function serve(page: CoffeePageData, onPut?: (body: Record<string, unknown>) => Response, me: typeof TEST_USER = TEST_USER) {
  const puts: Array<Record<string, unknown>> = [];
  mockFetch((url, init) => {
    if (url.pathname === '/users/show_as_json') return jsonResponse(me);
    if (url.pathname === '/coffee/7' && (init.method ?? 'GET') === 'GET') return jsonResponse(page);
    if (url.pathname === '/coffee/7/preview_as_json' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { coffee_configuration: { intro_message: string } };
      const blocks = [{ type: 'header', text: { type: 'plain_text', text: 'Time for a coffee chat ☕' } }, { type: 'section', text: { type: 'mrkdwn', text: body.coffee_configuration.intro_message } }];
      return jsonResponse({ text: 'Coffee chat', blocks, user_names: {} });
    }
    if (url.pathname === '/coffee/7/update_as_json' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      return onPut?.(body) ?? jsonResponse({ ...page, adjusted: {} });
    }
    return jsonResponse({ error: 'not here' }, 404);
  });
  return puts;
}

async function open() {
  renderApp('/coffee/7/edit');
  await screen.findByRole('heading', { level: 1, name: /Settings for #intros/ });
}

const enforce = () => screen.getByRole('checkbox', { name: 'Enforce group size' });
const radio = (name: RegExp | string) => screen.getByRole('radio', { name });

describe('/coffee/{id}/edit rules, live', () => {
  test('lottery turns enforce group size off (and standard too)', async () => {
    serve(coffeePage());
    const user = userEvent.setup();
    await open();
    expect(enforce()).toBeChecked();
    expect(enforce()).toBeEnabled();
    await user.click(radio(/^Lottery/));
    expect(radio(/^Lottery/)).toBeChecked();
    expect(enforce()).not.toBeChecked();
    expect(enforce()).toBeDisabled();
    expect(screen.getByText(/Turned off: Lottery intros do not enforce a group size/)).toBeInTheDocument();

    await user.click(radio(/^Cross-group/));
    expect(enforce()).toBeEnabled();
    await user.click(enforce());
    expect(enforce()).toBeChecked();
    await user.click(radio(/^Standard/));
    expect(enforce()).not.toBeChecked();
    // The intro preview is the server's: the draft's text goes to it.
    const intro = await screen.findByRole('article', { name: 'Intro preview' });
    expect(within(intro).getByRole('heading', { level: 3 })).toHaveTextContent('Time for a coffee chat ☕');
    // The first render loads the page's code: slow on a loaded 2-core machine.
  }, 15_000);

  test('a calendar other than groups-choose-meeting-time resets Meet and Teams to none', async () => {
    serve(coffeePage());
    const user = userEvent.setup();
    await open();
    const video = () => screen.getByRole('combobox', { name: 'Video link' });
    expect(video()).toHaveTextContent('Google Meet or Microsoft Teams');
    await user.click(radio(/^No calendar invite/));
    expect(video()).toHaveTextContent('No video link');
    expect(screen.getByText(/Reset to none: Meet and Teams links need groups to choose their meeting time/)).toBeInTheDocument();
    await user.click(radio(/^Each group picks a time/));
    expect(video()).toHaveTextContent('No video link');
  });

  test('a paid pairing type without paid access opens the plan upgrade modal and keeps the type', async () => {
    const page = coffeePage({
      program: program({ service_account: { paidFeatureAccess: false, paidCoffeeTrialAllowed: true } }),
      config: config({ pairing_type: 'standard', enforce_group_size: false }),
    });
    serve(page);
    const user = userEvent.setup();
    await open();
    expect(within(radio(/^Cross-group/).closest('label')!).getByText('Premium')).toBeInTheDocument();
    await user.click(radio(/^Cross-group/));
    expect(await screen.findByRole('dialog', { name: 'Unlock more ways to pair' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeInTheDocument();
    expect(radio(/^Standard/)).toBeChecked();
    expect(radio(/^Cross-group/)).not.toBeChecked();
  });

  test('claiming_allowed lets a free workspace choose paid pairing types', async () => {
    const page = coffeePage({
      program: program({ service_account: { paidFeatureAccess: false, paidCoffeeTrialAllowed: true } }),
      config: config({ pairing_type: 'standard', enforce_group_size: false, claiming_allowed: true }),
    });
    serve(page);
    const user = userEvent.setup();
    await open();
    await user.click(radio(/^Within-group/));
    expect(radio(/^Within-group/)).toBeChecked();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the fixed meeting date stays within the round, else moves to the day after (Saturday → Monday)', async () => {
    // Next round Friday 2026-03-13, every 2 weeks.
    const page = coffeePage({
      config: config({ calendar_scheduling_selection: 'fixed-meeting', video_platform: 'zoom', next_occurrence_on: '2026-03-13', next_fixed_meeting_on: '2026-03-17', next_fixed_meeting_time: '10:00' }),
    });
    serve(page);
    await open();
    const date = screen.getByRole('textbox', { name: 'Meeting date' });
    expect(date).toHaveValue('03/17/2026');
    fireEvent.change(date, { target: { value: '03/24/2026' } });
    fireEvent.blur(date);
    expect(date).toHaveValue('03/24/2026');
    // 2026-03-27 is past the two-week round: the day after the occurrence is a Saturday → Monday 03/16.
    fireEvent.change(date, { target: { value: '03/27/2026' } });
    fireEvent.blur(date);
    expect(date).toHaveValue('03/16/2026');
    // The note names the date as people read it (2026-03-16 is a Monday), never as YYYY-MM-DD.
    expect(screen.getByText(new RegExp(`^Moved to ${formatLongPlainDate('2026-03-16')}:`))).toBeInTheDocument();
    expect(formatLongPlainDate('2026-03-16')).toMatch(/^Monday, March 16/);
    expect(screen.queryByText(/2026-03-16/)).toBeNull();
  });

  test('period 0 puts the meeting on the occurrence date', async () => {
    const page = coffeePage({
      config: config({ calendar_scheduling_selection: 'fixed-meeting', video_platform: 'zoom', next_occurrence_on: '2026-03-09', next_fixed_meeting_on: '2026-03-11', next_fixed_meeting_time: '10:00' }),
    });
    serve(page);
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('combobox', { name: 'How often' }));
    await user.click(screen.getByRole('option', { name: 'Once (no repeat)' }));
    expect(screen.getByRole('textbox', { name: 'Meeting date' })).toHaveValue('03/09/2026');
  });

  test('the date picker is mm/dd/yyyy, has weekends disabled and closes on pick', async () => {
    const page = coffeePage({
      config: config({ calendar_scheduling_selection: 'fixed-meeting', video_platform: 'zoom', next_occurrence_on: '2026-03-09', next_fixed_meeting_on: '2026-03-10', next_fixed_meeting_time: '10:00' }),
    });
    serve(page);
    const user = userEvent.setup();
    await open();
    const date = screen.getByRole('textbox', { name: 'Meeting date' });
    expect(date).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    await user.click(screen.getByRole('button', { name: 'Choose meeting date' }));
    const calendar = screen.getByRole('dialog', { name: 'Choose meeting date' });
    const saturday = within(calendar).getByRole('button', { name: /Saturday, March 14, 2026/ });
    expect(saturday).toHaveAttribute('aria-disabled', 'true');
    await user.click(saturday);
    expect(screen.getByRole('dialog', { name: 'Choose meeting date' })).toBeInTheDocument();
    expect(date).toHaveValue('03/10/2026');
    await user.click(within(calendar).getByRole('button', { name: /Thursday, March 12, 2026/ }));
    expect(screen.queryByRole('dialog', { name: 'Choose meeting date' })).toBeNull();
    expect(date).toHaveValue('03/12/2026');
    // A typed weekend is refused.
    fireEvent.change(date, { target: { value: '03/15/2026' } });
    fireEvent.blur(date);
    expect(screen.getByText('Choose a weekday: meetings are never on weekends')).toBeInTheDocument();
  });

  test('the fixed time must be at least 30 minutes after the occurrence hour; saving is refused', async () => {
    const page = coffeePage({
      config: config({ calendar_scheduling_selection: 'fixed-meeting', video_platform: 'zoom', next_fixed_meeting_on: '2026-03-10', next_fixed_meeting_time: '10:00' }),
    });
    const puts = serve(page);
    const user = userEvent.setup();
    await open();
    const time = screen.getByLabelText('Meeting time');
    fireEvent.change(time, { target: { value: '09:15' } });
    expect(screen.getByText('Must be at least 30 minutes after the intros go out (09:30 or later)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(puts).toHaveLength(0);
    expect(toastStore.get().map((t) => t.text)).toContain(SAVE_ERROR_TEXT);
    fireEvent.change(time, { target: { value: '09:30' } });
    expect(screen.queryByText(/Must be at least 30 minutes/)).toBeNull();
  });
});

describe('/coffee/{id}/edit saving', () => {
  test('Save sends the settings and shows "Intros settings saved." (not the personal-preferences text)', async () => {
    const page = coffeePage();
    const puts = serve(page, (body) => {
      const sent = body.coffee_configuration as Record<string, unknown>;
      return jsonResponse({ ...page, config: { ...page.config, ...sent, categories: page.config.categories }, adjusted: {} });
    });
    const user = userEvent.setup();
    await open();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await user.click(radio(/^Lottery/));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.coffee_configuration).toMatchObject({ pairing_type: 'lottery', enforce_group_size: false, group_size: 3 });
    expect(puts[0]!.coffee_configuration).not.toHaveProperty('claiming_allowed');
    await waitFor(() => expect(toastStore.get().map((t) => t.text)).toContain('Intros settings saved.'));
    expect(toastStore.get().map((t) => t.text)).not.toContain('Your preferences have been saved.');
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
  });

  test('a failed save says "Error saving settings. Please try again." and keeps the edits', async () => {
    const page = coffeePage();
    serve(page, () => jsonResponse({ error: 'database unavailable' }, 500));
    const user = userEvent.setup();
    await open();
    await user.click(radio(/^Lottery/));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toastStore.get().map((t) => t.text)).toEqual([SAVE_ERROR_TEXT]));
    expect(SAVE_ERROR_TEXT).toBe('Error saving settings. Please try again.');
    expect(radio(/^Lottery/)).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  });

  test('the server’s field errors are shown at the field, marked, with the limit as a counter; no internal names', async () => {
    const page = coffeePage();
    page.config.default_intro_type = 'custom';
    serve(page, () => jsonResponse({ error: 'intro_message: must be at most 2000 characters', fields: { intro_message: 'must be at most 2000 characters' } }, 400));
    const user = userEvent.setup();
    await open();
    const box = screen.getByRole('textbox', { name: 'Text under the intro' });
    expect(box).toHaveAttribute('maxlength', '2000');
    await user.click(radio(/^Lottery/));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
    expect(box).toHaveAccessibleDescription(/Must be at most 2000 characters/);
    expect(screen.queryByText(/intro_message/)).toBeNull();
    expect(toastStore.get().map((t) => t.text)).toEqual([SAVE_ERROR_TEXT]);
  });

  test('a 402 from the server opens the upgrade modal instead of the error toast', async () => {
    const page = coffeePage();
    serve(page, () => jsonResponse({ error: 'Premium', feature: 'pairing_types', trial_available: true }, 402));
    const user = userEvent.setup();
    await open();
    await user.click(radio(/^Lottery/));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('dialog', { name: 'Unlock more ways to pair' })).toBeInTheDocument();
    expect(toastStore.get().map((t) => t.text)).not.toContain(SAVE_ERROR_TEXT);
  });

  test('the server’s adjustments are shown after saving', async () => {
    const page = coffeePage();
    // The server names the new date as YYYY-MM-DD; the toast names it as people read dates.
    serve(page, () =>
      jsonResponse({ ...page, config: { ...page.config, next_fixed_meeting_on: '2026-03-10' }, adjusted: { next_fixed_meeting_on: meetingMovedText('2026-03-10') } }),
    );
    const user = userEvent.setup();
    await open();
    await user.click(radio(/^Lottery/));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toastStore.get().map((t) => t.text)).toContain(`Moved to ${formatLongPlainDate('2026-03-10')}: the meeting must fall on a weekday within the round`));
    expect(toastStore.get().map((t) => t.text).join('\n')).not.toContain('2026-03-10');
  });
});

describe('/coffee/{id}/edit: accounts a setting needs that are not linked', () => {
  const toasts = () => toastStore.get().map((t) => t.text);

  test('with no calendar or video account linked, picking a calendar invite or a video link shows the spec’s error toasts', async () => {
    serve(coffeePage({ config: config({ calendar_scheduling_selection: 'none', video_platform: 'none' }) }));
    const user = userEvent.setup();
    await open();
    expect(screen.queryByRole('note')).toBeNull();
    await user.click(radio(/^A fixed meeting time/));
    expect(toasts()).toEqual([CALENDAR_NOT_LINKED_TEXT]);
    expect(screen.getByRole('note')).toHaveTextContent(CALENDAR_NOT_LINKED_TEXT);
    expect(within(screen.getByRole('note')).getByRole('link', { name: 'Link it in Integrations' })).toHaveAttribute('href', '/integrations');
    await user.click(screen.getByRole('combobox', { name: 'Video link' }));
    await user.click(screen.getByRole('option', { name: 'Zoom' }));
    expect(toasts()).toEqual([CALENDAR_NOT_LINKED_TEXT, VIDEO_NOT_LINKED_TEXT]);
    // Back to no calendar invite and no video: nothing more to say.
    await user.click(radio(/^No calendar invite/));
    await user.click(screen.getByRole('combobox', { name: 'Video link' }));
    await user.click(screen.getByRole('option', { name: 'No video link' }));
    expect(toasts()).toHaveLength(2);
    expect(screen.queryByRole('note')).toBeNull();
  });

  test('with a Google calendar linked: calendar choices and Google Meet are fine, Zoom and Teams are not linked', async () => {
    serve(coffeePage({ config: config({ calendar_scheduling_selection: 'none', video_platform: 'none' }) }), undefined, { ...TEST_USER, has_valid_google_identity: true });
    const user = userEvent.setup();
    await open();
    await user.click(radio(/^Each group picks a time/));
    await user.click(screen.getByRole('combobox', { name: 'Video link' }));
    await user.click(screen.getByRole('option', { name: 'Google Meet' }));
    expect(toasts()).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: 'Video link' }));
    await user.click(screen.getByRole('option', { name: 'Microsoft Teams' }));
    expect(toasts()).toEqual([VIDEO_NOT_LINKED_TEXT]);
  });
});

describe('/coffee/{id}/edit: groups from the HR system', () => {
  const toasts = () => toastStore.get().map((t) => t.text);
  const groupsFrom = () => screen.getByRole('combobox', { name: 'Groups from' });

  test('group pairing can take its groups from the HR system; without one linked, the not-linked toast and notice', async () => {
    const puts = serve(coffeePage({ config: config({ pairing_type: 'within_group_pairing', calendar_scheduling_selection: 'none', video_platform: 'none' }) }));
    const user = userEvent.setup();
    await open();
    expect(groupsFrom()).toHaveTextContent('The groups below (members pick theirs)');
    await user.click(groupsFrom());
    await user.click(screen.getByRole('option', { name: 'Department in the HR system' }));
    expect(toasts()).toEqual([HRIS_NOT_LINKED_TEXT]);
    expect(screen.getByRole('note')).toHaveTextContent(HRIS_NOT_LINKED_TEXT);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ coffee_configuration: { hris_groups: 'department', pairing_type: 'within_group_pairing' } });
  });

  test('with the HR system linked: no toast, and the interest categories give way to its groups; other pairing types do not offer it', async () => {
    serve(coffeePage({ config: config({ pairing_type: 'cross_group_pairing', calendar_scheduling_selection: 'none', video_platform: 'none' }), hris_linked: true }));
    const user = userEvent.setup();
    await open();
    expect(screen.getByRole('textbox', { name: 'Interest 1' })).toBeInTheDocument();
    await user.click(groupsFrom());
    await user.click(screen.getByRole('option', { name: 'Location in the HR system' }));
    expect(toasts()).toEqual([]);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Interest 1' })).toBeNull();
    await user.click(radio(/^Intro by interests/));
    expect(screen.queryByRole('combobox', { name: 'Groups from' })).toBeNull();
  });
});
