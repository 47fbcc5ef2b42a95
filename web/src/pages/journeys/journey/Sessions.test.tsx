import '../../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { toastStore } from '../../../kit/toast/store';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../../test/utils';
import type { SessionsIndex } from '../api/journeysApi';
import { tagDetail } from '../testing/fixtures';

const SESSIONS: SessionsIndex = {
  sessions: [
    {
      id: 1,
      tag_id: 7,
      start_date: '2026-03-09',
      time_zone: 'America/New_York',
      time_zone_source: 'sync',
      state: 'active',
      past_start_policy: 'catch_up',
      participant: { id: 41, slack_user_id: 'U41', name: 'Ananya Iyer', avatar_url: null, tz: 'America/New_York' },
      memberships: [],
      cohort_id: null,
      is_sandbox: false,
      created_at: '2026-03-01T00:00:00Z',
      session_events: [
        { id: 501, session_id: 1, event_id: 11, kind: 'message', title: 'Welcome aboard', active: true, state: 'sent', occurs_on: '2026-03-09', minute_in_day: 540, occurs_at: '2026-03-09T13:00:00Z', rescheduled: false, triggering: false, sent_at: '2026-03-09T13:00:05Z', skip_reason: null, delivery: { id: 90, label: 'Sent', code: null, reason: null, canRetry: false } },
        { id: 502, session_id: 1, event_id: 13, kind: 'intro', title: 'Meet your buddy', active: true, state: 'pending', occurs_on: '2026-03-11', minute_in_day: 540, occurs_at: '2026-03-11T13:00:00Z', rescheduled: false, triggering: false, sent_at: null, skip_reason: null, delivery: null },
        { id: 503, session_id: 1, event_id: 14, kind: 'poll', title: 'How is week two going?', active: true, state: 'pending', occurs_on: '2026-03-16', minute_in_day: 540, occurs_at: '2026-03-16T13:00:00Z', rescheduled: false, triggering: false, sent_at: null, skip_reason: null, delivery: null },
      ],
    },
  ],
};

/** Opens the People tab of journey 7 on these sessions (read only: every other call is a 404). */
function showPeople(sessions: SessionsIndex, detail = tagDetail()) {
  mockFetch((url) => {
    if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
    if (url.pathname === '/onboarding/tags/7') return jsonResponse(detail);
    if (url.pathname === '/onboarding/tags/7/sessions') return jsonResponse(sessions);
    return jsonResponse({ error: 'not here' }, 404);
  });
  renderApp('/onboarding/tags/7?tab=people');
}

/** Types a date into the kit's date field (mm/dd/yyyy) and leaves it, as a person does. */
function typeDate(field: HTMLElement, mmddyyyy: string) {
  fireEvent.change(field, { target: { value: mmddyyyy } });
  fireEvent.blur(field);
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  return { promise: new Promise<T>((r) => (resolve = r)), resolve };
}

describe('people on a journey', { timeout: 20_000 }, () => {
  test('removing and moving a person\'s event show at once and are reverted on error; send now goes one by one', async () => {
    const del = deferred<Response>();
    const put = deferred<Response>();
    const calls: string[] = [];
    let sessionGets = 0;
    mockFetch((url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/onboarding/tags/7') return jsonResponse(tagDetail());
      if (url.pathname === '/onboarding/tags/7/sessions') {
        sessionGets++;
        // Later reloads never answer: what shows after a failure is the revert, not a refetch.
        return sessionGets === 1 ? jsonResponse(SESSIONS) : new Promise<Response>(() => undefined);
      }
      calls.push(`${method} ${url.pathname}`);
      if (url.pathname === '/onboarding/session_events/502' && method === 'DELETE') return del.promise;
      if (url.pathname === '/onboarding/session_events/503' && method === 'PUT') return put.promise;
      if (url.pathname.endsWith('/trigger')) return jsonResponse({ session_event: {} });
      return jsonResponse({ error: 'not here' }, 404);
    });
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7?tab=people');
    await user.click(await screen.findByRole('button', { name: /Ananya Iyer/ }, { timeout: 15_000 }));
    const schedule = screen.getByRole('list', { name: 'Schedule of Ananya Iyer' });
    const row = (title: string) => within(schedule).getByText(title).closest('li')!;
    // Dates through the kit's date field, never the browser's own date input.
    expect(schedule.querySelector('input[type="date"]')).toBeNull();
    // States in words, never the stored value.
    expect(within(screen.getByRole('button', { name: /Ananya Iyer/ })).getByText('Active')).toBeInTheDocument();
    expect(within(row('How is week two going?')).getByText('Scheduled')).toBeInTheDocument();
    expect(screen.queryByText(/^(active|pending)$/)).toBeNull();

    await user.click(within(schedule).getByRole('button', { name: 'Remove Meet your buddy for this person' }));
    await waitFor(() => expect(within(row('Meet your buddy')).getByText('Off')).toBeInTheDocument());
    del.resolve(jsonResponse({ error: 'no' }, 500));
    await waitFor(() => expect(within(row('Meet your buddy')).getByText('Scheduled')).toBeInTheDocument());
    expect(toastStore.get().map((t) => t.text)).toContain('Uh oh, something went wrong deleting that message!');

    typeDate(within(row('How is week two going?')).getByLabelText('Date of How is week two going?'), '03/18/2026');
    await waitFor(() => expect(within(row('How is week two going?')).getByLabelText('Date of How is week two going?')).toHaveValue('03/18/2026'));
    expect(calls).toContain('PUT /onboarding/session_events/503');
    put.resolve(jsonResponse({ error: 'no' }, 500));
    await waitFor(() => expect(within(row('How is week two going?')).getByLabelText('Date of How is week two going?')).toHaveValue('03/16/2026'));
    expect(toastStore.get().map((t) => t.text)).toContain('Uh oh, something went wrong moving that message!');

    expect(within(row('Welcome aboard')).queryByRole('button', { name: /Send/ })).toBeNull();
    await user.click(within(schedule).getByRole('button', { name: 'Send Meet your buddy now' }));
    await waitFor(() => expect(calls).toContain('POST /onboarding/session_events/502/trigger'));
  });

  test('a message Slack refused says Not sent and why, and does not count as sent', async () => {
    const failed = { id: 91, label: 'Not sent' as const, code: 'user_not_found', reason: "Slack can't find this person.", canRetry: false };
    const session = SESSIONS.sessions[0]!;
    const withFailure: SessionsIndex = { sessions: [{ ...session, session_events: session.session_events.map((e) => (e.id === 501 ? { ...e, delivery: failed } : e)) }] };
    showPeople(withFailure);
    const user = userEvent.setup();
    const head = await screen.findByRole('button', { name: /Ananya Iyer/ }, { timeout: 15_000 });
    expect(within(head).getByLabelText('0 of 3 done')).toBeInTheDocument();
    await user.click(head);
    const welcome = within(screen.getByRole('list', { name: 'Schedule of Ananya Iyer' })).getByText('Welcome aboard').closest('li')!;
    expect(within(welcome).getByText('Not sent')).toBeInTheDocument();
    expect(within(welcome).getByText("Slack can't find this person.")).toBeInTheDocument();
    expect(within(welcome).queryByText('sent')).toBeNull();
  });

  test('a finished session whose manager messages were skipped reads 3/3 and says why: 1 sent, 2 skipped: no manager', async () => {
    const session = SESSIONS.sessions[0]!;
    const skipped = { state: 'skipped' as const, skip_reason: 'no manager', delivery: null };
    const finished: SessionsIndex = { sessions: [{ ...session, state: 'finished', session_events: session.session_events.map((e) => (e.id === 501 ? e : { ...e, ...skipped })) }] };
    showPeople(finished);
    const user = userEvent.setup();
    const head = await screen.findByRole('button', { name: /Ananya Iyer/ }, { timeout: 15_000 });
    expect(within(head).getByText('Finished')).toBeInTheDocument();
    expect(within(head).getByLabelText('3 of 3 done')).toHaveTextContent('3/3');
    expect(within(head).getByText('1 sent · 2 skipped: no manager')).toBeInTheDocument();
    await user.click(head);
    const buddy = within(screen.getByRole('list', { name: 'Schedule of Ananya Iyer' })).getByText('Meet your buddy').closest('li')!;
    expect(within(buddy).getByText('Skipped')).toBeInTheDocument();
    expect(within(buddy).getByText('no manager')).toBeInTheDocument();
  });

  test('a new session with nothing sent yet says so and when its first message goes, not "0 sent"; a message off for them is not it', async () => {
    const session = SESSIONS.sessions[0]!;
    const fresh: SessionsIndex = {
      sessions: [{ ...session, session_events: session.session_events.map((e) => (e.id === 501 ? { ...e, active: false, state: 'skipped' as const, sent_at: null, delivery: null } : e)) }],
    };
    showPeople(fresh);
    const head = await screen.findByRole('button', { name: /Ananya Iyer/ }, { timeout: 15_000 });
    expect(within(head).getByLabelText('0 of 2 done')).toHaveTextContent('0/2');
    expect(within(head).getByText(/^Nothing sent yet · first message Wed, Mar 11/)).toBeInTheDocument();
    expect(within(head).queryByText(/0 sent/)).toBeNull();
  });

  test('the People tab counts who is on it now as the header does: active sessions (a later start too), not the finished one', async () => {
    const session = SESSIONS.sessions[0]!;
    const three: SessionsIndex = {
      sessions: [
        { ...session, id: 1, participant: { ...session.participant!, name: 'Starts today' } },
        { ...session, id: 2, start_date: '2026-04-06', participant: { ...session.participant!, id: 42, name: 'Starts next month' } },
        { ...session, id: 3, state: 'finished', participant: { ...session.participant!, id: 43, name: 'All done' } },
      ],
    };
    const detail = tagDetail();
    showPeople(three, { ...detail, tag: { ...detail.tag, num_sessions: 3, num_active_sessions: 2 } });
    await screen.findByRole('button', { name: /All done/ }, { timeout: 15_000 });
    expect(screen.getAllByText(/^2 people on it now/).map((e) => e.textContent)).toEqual(['2 people on it now', '2 people on it now · 1 finished']);
  });

  test('a weekend day is confirmed first, then sent with allow_weekend; a skipped wall time is refused with the reason; the hub opens in a new tab', async () => {
    const puts: unknown[] = [];
    mockFetch((url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/onboarding/tags/7') return jsonResponse(tagDetail());
      if (url.pathname === '/onboarding/tags/7/sessions') return jsonResponse(SESSIONS);
      if (url.pathname === '/onboarding/session_events/503' && method === 'PUT') {
        const sent = JSON.parse(String(init.body)) as { onboarding_session_event: { occurs_at: string; allow_weekend?: boolean } };
        puts.push(sent.onboarding_session_event);
        if (sent.onboarding_session_event.occurs_at === '2026-03-08') return jsonResponse({ error: 'occurs_at: 02:30 does not exist', fields: { occurs_at: '09:00 does not exist on Sunday, March 8 in Nowhere (the clocks go forward); choose 10:00 or later' } }, 400);
        if (!sent.onboarding_session_event.allow_weekend)
          return jsonResponse({ error: 'occurs_at: weekend', fields: { occurs_at: 'Saturday, March 21 is a weekend day: journeys send on work days', allow_weekend: 'confirm to send on a weekend day' } }, 400);
        return jsonResponse({ session_event: { ...SESSIONS.sessions[0]!.session_events[2], occurs_on: '2026-03-21', rescheduled: true } });
      }
      return jsonResponse({ error: 'not here' }, 404);
    });
    const user = userEvent.setup();
    renderApp('/onboarding/tags/7?tab=people');
    await user.click(await screen.findByRole('button', { name: /Ananya Iyer/ }, { timeout: 15_000 }));
    expect(screen.getByRole('link', { name: 'Open their hub' })).toHaveAttribute('href', '/site/1');
    expect(screen.getByRole('link', { name: 'Open their hub' })).toHaveAttribute('target', '_blank');
    const schedule = screen.getByRole('list', { name: 'Schedule of Ananya Iyer' });
    typeDate(within(schedule).getByLabelText('Date of How is week two going?'), '03/21/2026');
    const dialog = await screen.findByRole('dialog', { name: 'Send on a weekend day?' });
    expect(dialog).toHaveTextContent('Saturday, March 21 is a weekend day');
    await user.click(within(dialog).getByRole('button', { name: 'Send on that day' }));
    await waitFor(() => expect(puts).toEqual([{ occurs_at: '2026-03-21' }, { occurs_at: '2026-03-21', allow_weekend: true }]));
    typeDate(within(schedule).getByLabelText('Date of How is week two going?'), '03/08/2026');
    await waitFor(() => expect(toastStore.get().map((t) => t.text)).toContain('Not moved: 09:00 does not exist on Sunday, March 8 in Nowhere (the clocks go forward); choose 10:00 or later'));
  });
});
