import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';
import type { HubFrameData, HubModuleSettings } from './hubApi';

const module = (type: HubModuleSettings['type'], title: string, text = ''): HubFrameData['modules'][number] => ({ type, enabled: true, title, text, image_asset_id: null, links: [], channel_ids: [], image_url: null });
const person = (id: number, name: string) => ({ id, slack_user_id: `U${id}`, name, avatar_url: null, tz: 'Europe/Berlin', slack_url: `https://slack.com/app_redirect?team=T1&channel=U${id}` });

const FRAME: HubFrameData = {
  session: { id: 7, journey_name: 'Engineering onboarding', start_date: '2026-03-03', time_zone: 'Europe/Berlin', state: 'active', participant: person(1, 'Jonas Weber') },
  viewer: { member_id: 1, is_participant: true, is_journey_admin: false },
  published: true,
  modules: [module('welcome', 'Welcome, {first_name}!', 'Glad you are *here*.'), module('people', 'Your people'), module('tasks', 'Tasks')],
};
const task = (state: 'incomplete' | 'complete') => ({ id: 31, session_id: 7, session_event_id: 5, title: 'Complete your Slack profile', text: '', state, assignee: person(1, 'Jonas Weber'), completed_at: null, source: null, reminders_sent: 0, mine: true });

afterEach(() => vi.unstubAllGlobals());

describe('/site/{sessionId}', () => {
  test('shows the modules in order with texts filled in; a task is completed with source site', async () => {
    let state: 'incomplete' | 'complete' = 'incomplete';
    const fetch = mockFetch((url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/site/7/data') {
        const m = url.searchParams.get('module');
        if (m === 'site') return jsonResponse(FRAME);
        if (m === 'people') return jsonResponse({ people: [{ role_id: 1, role_name: 'New hire', purpose: 'primary', primary: true, person: person(1, 'Jonas Weber') }, { role_id: 2, role_name: 'Manager', purpose: 'manager', primary: false, person: null }] });
        if (m === 'tasks') return jsonResponse({ tasks: [task(state)] });
      }
      if (url.pathname === '/onboarding/task_assignments/31' && init.method === 'PUT') {
        state = 'complete';
        return jsonResponse({ task_assignment: task('complete') });
      }
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderApp('/site/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Engineering onboarding' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Welcome, Jonas!', 'Your people', 'Tasks']);
    const people = screen.getByRole('region', { name: 'Your people' });
    expect(await within(people).findByText('Not assigned yet')).toBeInTheDocument();
    expect(within(people).getByRole('link', { name: 'Message in Slack: Jonas Weber' })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Mark as done: “Complete your Slack profile”' }));
    expect(await screen.findByText('Done')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ task_assignment: { state: 'complete' }, source: 'site' });
  });

  test('refused: says why, without the hub', async () => {
    mockFetch((url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      return jsonResponse({ error: "This journey's hub isn't published yet." }, 403);
    });
    renderApp('/site/7');
    expect(await screen.findByRole('heading', { level: 1, name: "You can't open this journey hub" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("This journey's hub isn't published yet.")).toBeInTheDocument());
  });
});
