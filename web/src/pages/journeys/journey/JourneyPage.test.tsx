import '../../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { createQueryClient } from '../../../api/queryClient';
import { toastStore } from '../../../kit/toast/store';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../../test/utils';
import { DRY_RUN, event, tagDetail } from '../testing/fixtures';
import type { TagDetail } from '../api/journeysApi';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The journey's GET answers `detail` the first time; later GETs (the refetch after a change) wait on `refetch`,
 * so what the page shows in between comes from the optimistic change or its revert, not from the server.
 */
function serve(detail: TagDetail, extra?: (url: URL, init: RequestInit) => Response | Promise<Response> | undefined, opts: { holdRefetch?: boolean } = {}) {
  let gets = 0;
  const never = new Promise<Response>(() => undefined);
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
    if (url.pathname === '/onboarding/tags/7' && method === 'GET') {
      gets++;
      return gets > 1 && opts.holdRefetch ? never : jsonResponse(detail);
    }
    if (/^\/onboarding\/events\/1[13]\/preview$/.test(url.pathname)) return jsonResponse({ text: 'Welcome!', blocks: [{ type: 'section', block_id: 'b1', text: { type: 'mrkdwn', text: '*Welcome, Ada!*' } }] });
    return extra?.(url, init) ?? jsonResponse({ error: 'not here' }, 404);
  });
}

const toasts = () => toastStore.get().map((t) => t.text);

// The first test pays for loading the page's modules; a loaded 2-core machine needs more than the default 5 s.
describe('/onboarding/tags/{id}', { timeout: 20_000 }, () => {
  test("a member who doesn't run the journey sees its name and why, and no tab or button that would be refused", async () => {
    serve({ ...tagDetail(), can_edit: false });
    renderApp('/onboarding/tags/7');
    expect(await screen.findByRole('heading', { level: 1, name: /Engineering onboarding/ }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Only admins and the people who run this journey see its schedule, people and dry run.');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Archive/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Enroll people' })).not.toBeInTheDocument();
  });

  test('events sit on a calendar of 5-day weeks, and the same events show as a list', async () => {
    serve(tagDetail());
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7');
    expect(await screen.findByRole('heading', { level: 1, name: /Engineering onboarding/ }, { timeout: 15_000 })).toBeInTheDocument();
    const week1 = screen.getByRole('region', { name: 'Week 1' });
    const day1 = within(week1).getByRole('group', { name: 'Day 1' });
    const chips = within(day1).getAllByRole('button').filter((b) => b.classList.contains('event-chip'));
    expect(within(day1).getByRole('button', { name: 'Add a message on Day 1' })).toBeInTheDocument();
    expect(chips.map((c) => c.textContent?.replace(/\s+/g, ' ').trim())).toEqual(['Message: 9:00 AM Welcome aboard New hire · Day 1', 'Task: 10:00 AM Set up first name\'s laptop New hire · Day 1']);
    // A placeholder reads as what it will be filled with, on a chip: never the raw {first_name}.
    expect(within(chips[1]!).getByTitle("Filled in with each person's first name")).toHaveTextContent(/^first name$/);
    expect(screen.getByRole('region', { name: 'Week 1' })).not.toHaveTextContent('{');
    expect(within(week1).getByRole('group', { name: 'Day 2' })).toHaveTextContent('Old checklist');
    expect(within(week1).getByRole('group', { name: 'Day 2' })).toHaveTextContent('Off');
    expect(within(screen.getByRole('region', { name: 'Week 2' })).getByRole('group', { name: 'Day 6' })).toHaveTextContent('How is week two going?');

    await user.click(screen.getByRole('radio', { name: 'List' }));
    const table = screen.getByRole('table', { name: 'Messages of this journey' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      expect.stringContaining('Welcome aboard'),
      expect.stringContaining("Set up first name's laptop"),
      expect.stringContaining('Old checklist'),
      expect.stringContaining('Meet your buddy'),
      expect.stringContaining('How is week two going?'),
    ]);
  });

  test('deactivating shows at once and goes back, with the spec\'s text, when the server says no', async () => {
    const put = deferred<Response>();
    let body: unknown;
    serve(
      tagDetail(),
      (url, init) => {
        if (url.pathname === '/onboarding/events/11' && init.method === 'PUT') {
          body = JSON.parse(String(init.body));
          return put.promise;
        }
        return undefined;
      },
      { holdRefetch: true },
    );
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7?view=list');
    await user.click(await screen.findByRole('button', { name: 'Deactivate Welcome aboard' }));
    const row = () => screen.getByRole('rowheader', { name: /Welcome aboard/ }).closest('tr')!;
    expect(within(row()).getByText('Inactive')).toBeInTheDocument();
    expect(body).toEqual({ onboarding_schedule_event: { active: false } });
    put.resolve(jsonResponse({ error: 'boom' }, 500));
    await waitFor(() => expect(within(row()).getByText('Active')).toBeInTheDocument());
    expect(toasts()).toContain('Uh oh, something went wrong deleting that message!');
  });

  test('the move modal reschedules at once; a failure moves it back with the moving text', async () => {
    const put = deferred<Response>();
    let body: unknown;
    serve(
      tagDetail(),
      (url, init) => {
        if (url.pathname === '/onboarding/events/12' && init.method === 'PUT') {
          body = JSON.parse(String(init.body));
          return put.promise;
        }
        return undefined;
      },
      { holdRefetch: true },
    );
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7?view=list');
    await user.click(await screen.findByRole('button', { name: "Move Set up first name's laptop" }));
    const dialog = await screen.findByRole('dialog', { name: /Move “Set up first name's laptop”/ });
    const day = within(dialog).getByRole('spinbutton', { name: 'Day' });
    await user.clear(day);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByText('Enter a whole number of work days.')).toBeInTheDocument();
    await user.type(day, '5');
    const time = within(dialog).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '10:30');
    expect(within(dialog).getByText('Day 5 · Week 1, Friday')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(body).toEqual({ onboarding_schedule_event: { days_later: 4, minute_in_day: 630 } });
    const row = () => screen.getByRole('rowheader', { name: /Set up first name's laptop/ }).closest('tr')!;
    expect(row()).toHaveTextContent('Day 5');
    expect(row()).toHaveTextContent('10:30 AM');
    put.resolve(jsonResponse({ error: 'nope' }, 422));
    await waitFor(() => expect(row()).toHaveTextContent('Day 1'));
    expect(row()).toHaveTextContent('10:00 AM');
    expect(toasts()).toContain('Uh oh, something went wrong moving that message!');
  });

  test('duplicating and adding say which went wrong', async () => {
    serve(tagDetail(), (url, init) => {
      if (url.pathname === '/onboarding/tags/7/events/13/duplicate_as_json' && init.method === 'POST') return jsonResponse({ error: 'x' }, 500);
      if (url.pathname === '/onboarding/tags/7/events' && init.method === 'POST') return jsonResponse({ error: 'x' }, 500);
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7?view=list');
    await user.click(await screen.findByRole('button', { name: 'Duplicate Meet your buddy' }));
    await waitFor(() => expect(toasts()).toContain('Uh oh, something went wrong duplicating that message!'));

    await user.click(screen.getByRole('button', { name: 'Add message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a message' });
    await user.click(within(dialog).getByRole('button', { name: 'Add message' }));
    expect(within(dialog).getByText('Give it a title.')).toBeInTheDocument();
    expect(within(dialog).getByText('Write the message.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'Lunch plans');
    await user.type(within(dialog).getByLabelText('Message'), 'Where shall we eat?');
    await user.click(within(dialog).getByRole('button', { name: 'Add message' }));
    await waitFor(() => expect(toasts()).toContain('Uh oh, something went wrong adding that message!'));
    expect(screen.getByRole('dialog', { name: 'Add a message' })).toBeInTheDocument();
  });

  test('an event opens with the server\'s Block Kit preview, and sends a test to me', async () => {
    let tested = false;
    serve(tagDetail(), (url, init) => {
      if (url.pathname === '/onboarding/tags/7/events/11/send_test' && init.method === 'POST') {
        tested = true;
        return jsonResponse({ ok: true, sent_to: 'U1', preview: { text: '', blocks: [{ type: 'section', block_id: 's', text: { type: 'mrkdwn', text: 'Sent to *Ada*' } }] } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7');
    await user.click(await screen.findByRole('button', { name: /^Message:.*Welcome aboard/ }));
    const dialog = await screen.findByRole('dialog', { name: /Welcome aboard/ });
    const preview = await within(dialog).findByRole('article', { name: 'Message preview' });
    expect(within(preview).getByText('Welcome, Ada!').tagName).toBe('STRONG');
    await user.click(within(dialog).getByRole('button', { name: 'Send a test to me' }));
    await waitFor(() => expect(tested).toBe(true));
    expect(toasts()).toContain('Sent! Check your DMs from Hearth in Slack.');
    // What was sent replaces the preview: the real message.
    const sent = await within(dialog).findByRole('article', { name: 'Message preview (as sent to you)' });
    expect(within(sent).getByText('Ada').tagName).toBe('STRONG');
  });

  test('while the message is edited, the preview is the server\'s message for the form as it stands', async () => {
    let asked: unknown;
    serve(tagDetail(), (url, init) => {
      if (url.pathname === '/onboarding/tags/7/events/preview' && init.method === 'POST') {
        asked = JSON.parse(String(init.body));
        return jsonResponse({ text: '', blocks: [{ type: 'section', block_id: 'd', text: { type: 'mrkdwn', text: 'Hello *Alex*, edited' } }] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7');
    await user.click(await screen.findByRole('button', { name: /^Message:.*Welcome aboard/ }));
    const dialog = await screen.findByRole('dialog', { name: /Welcome aboard/ });
    const text = within(dialog).getByLabelText('Message');
    await user.clear(text);
    await user.type(text, 'Hello {{first_name}, edited');
    const preview = await within(dialog).findByText('Alex');
    expect(preview.tagName).toBe('STRONG');
    expect(asked).toEqual({ onboarding_schedule_event: { kind: 'message', title: 'Welcome aboard', text: 'Hello {first_name}, edited', poll_options: [] } });
  });

  test('the dry run shows each item on its local date and time', async () => {
    let asked: URLSearchParams | undefined;
    serve(tagDetail(), (url) => {
      if (url.pathname === '/onboarding/tags/7/dry_run') {
        asked = url.searchParams;
        return jsonResponse(DRY_RUN);
      }
      if (url.pathname === '/onboarding/tags/7/try_in_sandbox') return jsonResponse({ session: { start_date: '2026-03-03', participant: { id: 1, slack_user_id: 'U1', name: 'Alex Rivera', avatar_url: null, tz: null } }, sandbox_url: '/sandbox' });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7?tab=dry_run');
    const start = await screen.findByLabelText('Start date');
    await user.clear(start);
    await user.type(start, '03/09/2026');
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.keyboard('Tokyo');
    await user.click(await screen.findByRole('option', { name: /Tokyo/ }));
    const calendar = await screen.findByRole('region', { name: 'Dry run calendar' });
    await waitFor(() => expect(asked?.get('time_zone')).toBe('Asia/Tokyo'));
    expect(asked?.get('start_date')).toBe('2026-03-09');
    const monday = within(calendar).getByRole('list', { name: 'Monday, March 9' });
    expect(within(monday).getByRole('button', { name: 'Message: 9:00 AM Welcome aboard to New hire' })).toHaveAttribute('aria-pressed', 'true');
    // The chosen item's Slack message, as the server builds it to send.
    expect(within(within(calendar).getByRole('article', { name: 'Message preview' })).getByText('Welcome').tagName).toBe('STRONG');
    const week2 = within(calendar).getByRole('list', { name: 'Monday, March 16' });
    await user.click(within(week2).getByRole('button', { name: /How is week two going\?/ }));
    expect(within(calendar).getByRole('article', { name: 'Message preview' })).toHaveTextContent('How is week two going?');
    await user.click(screen.getByRole('button', { name: 'Try it in the sandbox' }));
    const callout = await screen.findByText(/is on the journey/);
    expect(callout.closest('[role="status"]')).toHaveTextContent('Alex Rivera is on the journey, starting Tue, Mar 3.');
    expect(screen.getByRole('link', { name: 'Open the sandbox' })).toHaveAttribute('href', '/sandbox');
  });

  test('the dry run says why a message is skipped in the People tab\'s words (the server\'s skip_reason)', async () => {
    const skipped = { ...DRY_RUN.items[1]!, event_id: 15, kind: 'intro' as const, title: 'Meet your manager', state: 'skipped' as const, note: 'missing_role', skip_reason: 'no manager', days_later: 20, occurs_on: '2026-04-06', at: '2026-04-06T03:30:00.000Z' };
    serve(tagDetail(), (url) => (url.pathname === '/onboarding/tags/7/dry_run' ? jsonResponse({ ...DRY_RUN, items: [...DRY_RUN.items, skipped] }) : undefined));
    renderApp('/onboarding/tags/7?tab=dry_run');
    const calendar = await screen.findByRole('region', { name: 'Dry run calendar' });
    const day = within(calendar).getByRole('list', { name: 'Monday, April 6' });
    expect(within(day).getByRole('button', { name: 'Intro: 9:00 AM Meet your manager to New hire · skipped: no manager' })).toBeInTheDocument();
    // The two weeks with nothing on them read as one line.
    expect(within(calendar).getByText('Weeks of March 23 to March 30: nothing scheduled')).toBeInTheDocument();
  });

  test('the Enrollment tab: self-enrollment switched on gives the link and shows who joined; each survey with its share state and answers', async () => {
    const puts: unknown[] = [];
    serve(tagDetail(), (url, init) => {
      if (url.pathname === '/onboarding/tags/7/self_enroll_settings' && init.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return jsonResponse({ enabled: true, link: 'http://hearth.test/onboarding/tags/7/join', joined: [{ id: 3, name: 'Grace Kim', slack_user_id: 'U3', start_date: '2026-03-02', joined_at: '2026-03-02T09:00:00.000Z' }] });
      }
      if (url.pathname === '/onboarding/tags/7/self_enroll_settings') return jsonResponse({ enabled: false, link: 'http://hearth.test/onboarding/tags/7/join', joined: [] });
      if (url.pathname === '/onboarding/tags/7/enrollment_surveys')
        return jsonResponse({
          enrollment_surveys: [
            { id: 9, tag_id: 7, name: 'Buddy matching', role_enrollment_surveys: [], shares: 2, last_shared_at: '2026-03-02T09:00:00.000Z', responses: 5 },
            { id: 10, tag_id: 7, name: 'Draft', role_enrollment_surveys: [], shares: 0, last_shared_at: null, responses: 0 },
          ],
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7?tab=enrollment');
    const toggle = await screen.findByRole('switch', { name: 'Members can join this journey themselves' }, { timeout: 15_000 });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Nobody has joined it themselves yet.')).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ enabled: true }]));
    expect(await screen.findByRole('link', { name: 'http://hearth.test/onboarding/tags/7/join' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'People who joined by themselves' })).getByText(/Grace Kim/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Enrollment surveys' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Buddy matching' })).toHaveAttribute('href', '/onboarding/tags/7/enrollment_surveys/9');
    expect(rows[0]).toHaveTextContent(/2 times, last/);
    expect(within(rows[0]!).getByRole('link', { name: '5 answers' })).toHaveAttribute('href', '/onboarding/tags/7/enrollment_surveys/9/responses');
    expect(rows[1]).toHaveTextContent('Not shared yet');
    expect(screen.getByRole('link', { name: 'New survey' })).toHaveAttribute('href', '/onboarding/tags/7/enrollment_surveys/new');
  });

  test('after an upgrade, the messages the free plan held back are turned on in one step', async () => {
    const events = [...tagDetail().events.slice(0, 4), event({ id: 16, title: 'Week two check-in', active: false, held_by_plan: true, days_later: 6 }), event({ id: 17, title: 'Month one', active: false, held_by_plan: true, days_later: 20 })];
    let turnedOn = 0;
    serve({ ...tagDetail(events) }, (url, init) => {
      if (url.pathname === '/onboarding/tags/7/turn_on_held_messages' && init.method === 'POST') {
        turnedOn++;
        return jsonResponse({ events: [] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7');
    const callout = await screen.findByTestId('held-messages', {}, { timeout: 15_000 });
    expect(callout).toHaveTextContent('2 messages of this journey were held back by the Free plan. Your plan sends them now.');
    await user.click(within(callout).getByRole('button', { name: 'Turn them on' }));
    await waitFor(() => expect(turnedOn).toBe(1));
    await waitFor(() => expect(toasts()).toContain('2 messages are on.'));
  });
  test('coming back to the tab refetches the journey, so changes made in Slack meanwhile show without a reload', async () => {
    let gets = 0;
    mockFetch((url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/onboarding/tags/7' && (init.method ?? 'GET') === 'GET') {
        gets++;
        return jsonResponse({ ...tagDetail(), tag: { ...tagDetail().tag, name: gets === 1 ? 'Engineering onboarding' : 'Renamed in Slack' } });
      }
      return jsonResponse({ error: 'not here' }, 404);
    });
    // The app's own defaults (30 s fresh), not the tests' client.
    renderApp('/onboarding/tags/7', createQueryClient());
    expect(await screen.findByRole('heading', { level: 1, name: /Engineering onboarding/ }, { timeout: 15_000 })).toBeInTheDocument();
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    expect(await screen.findByRole('heading', { level: 1, name: /Renamed in Slack/ })).toBeInTheDocument();
    focusManager.setFocused(undefined);
  });
});
