import '../../test/setup';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ModalHost } from '../../kit/modal/Modal';
import { SEND_NOW_TIMEOUT_TEXT } from '../../kit/messages';
import { toastStore } from '../../kit/toast/store';
import { jsonResponse, mockFetch, queryNotificationsInMicrotasks, renderWithQuery } from '../../test/utils';
import { program } from '../testing/fixtures';
import type { ProgramJson } from './programsApi';
import { resultText, SendNowButton } from './sendNow';

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

/** Send now asks first: the dialog says who and where; its "Send now" sends. */
async function confirmInDialog() {
  await flush();
  const dialog = screen.getByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
  await flush();
  await flush();
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function serve(p: ProgramJson, doneAfterPolls: number | null) {
  let polls = 0;
  const fetch = mockFetch((url, init) => {
    if (url.pathname === '/channel_programs/send_now_data_as_json' && init.method === 'PUT') {
      return jsonResponse({ programs: [{ ...p, send_now_data: { ...p.send_now_data, isLoading: true } }] });
    }
    if (url.pathname === `${p.controller_path}/send_now_complete_as_json`) {
      polls += 1;
      const done = doneAfterPolls !== null && polls >= doneAfterPolls;
      return jsonResponse({ done, program: p });
    }
    return jsonResponse({ error: 'not here' }, 404);
  });
  const calls = (path: string) => fetch.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);
  return { fetch, calls, polls: () => polls };
}

describe('Send now', () => {
  queryNotificationsInMicrotasks();

  test('PUTs the program, polls every 3 s until done, then a 10 s success toast', async () => {
    vi.useFakeTimers();
    const p = program({ id: 5, type: 'Watercooler', channel: '#watercooler', controller_path: '/watercooler/5' });
    const server = serve(p, 3);
    renderWithQuery(
      <>
        <SendNowButton program={p} />
        <ModalHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send now: #watercooler' }));
    await confirmInDialog();
    const put = server.calls('/channel_programs/send_now_data_as_json');
    expect(put).toHaveLength(1);
    expect(JSON.parse(String(put[0]![1]!.body))).toEqual({ programs: [{ id: 5 }] });
    expect(screen.getByRole('button', { name: 'Sending… #watercooler' })).toBeDisabled();

    // No poll before the first 3 s have passed.
    await advance(2999);
    expect(server.polls()).toBe(0);
    await advance(1);
    expect(server.polls()).toBe(1);
    await advance(3000);
    expect(server.polls()).toBe(2);
    expect(screen.getByRole('button', { name: 'Sending… #watercooler' })).toBeDisabled();
    await advance(3000);
    expect(server.polls()).toBe(3);
    await flush();

    expect(screen.getByRole('button', { name: 'Send now: #watercooler' })).toBeEnabled();
    await flush();
    // honest: a Watercooler send says the prompt was posted, where
    const toast = toastStore.get().find((t) => t.text === 'Posted the next prompt in #watercooler.');
    expect(toast).toMatchObject({ type: 'success', duration: 10_000 });
    expect(toastStore.get().find((t) => t.text === 'Sending to #watercooler…')).toBeUndefined();
    await advance(30_000);
    expect(server.polls()).toBe(3);
  });

  test('after 40 unfinished polls it stops and shows the timeout text for 10 s', async () => {
    vi.useFakeTimers();
    const p = program({ id: 6 });
    const server = serve(p, null);
    renderWithQuery(
      <>
        <SendNowButton program={p} />
        <ModalHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send now: #intros' }));
    await confirmInDialog();
    for (let i = 0; i < 39; i++) await advance(3000);
    expect(server.polls()).toBe(39);
    expect(toastStore.get().filter((t) => t.type === 'error')).toEqual([]);
    await advance(3000);
    expect(server.polls()).toBe(40);
    await flush();
    const toast = toastStore.get().find((t) => t.text === SEND_NOW_TIMEOUT_TEXT);
    expect(SEND_NOW_TIMEOUT_TEXT).toBe('Uh oh, something is taking a long time. You can go to Slack to see if your event has sent.');
    expect(toast).toMatchObject({ type: 'error', duration: 10_000 });
    await advance(60_000);
    expect(server.polls()).toBe(40);
    expect(screen.getByRole('button', { name: 'Send now: #intros' })).toBeEnabled();
    // The toast goes after its 10 s.
    expect(toastStore.get().find((t) => t.text === SEND_NOW_TIMEOUT_TEXT)).toBeUndefined();
  });

  test('Intros with fewer than 2 participants opens the invite-users modal and sends nothing', async () => {
    const p = program({ id: 8, num_participants: 1, channel: '#tiny-team' });
    const server = serve(p, 1);
    renderWithQuery(
      <>
        <SendNowButton program={p} />
        <ModalHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send now: #tiny-team' }));
    expect(await screen.findByRole('dialog', { name: 'Invite people to #tiny-team' })).toBeInTheDocument();
    expect(server.calls('/channel_programs/send_now_data_as_json')).toHaveLength(0);
  });

  test('a Watercooler with one participant still sends', async () => {
    const p = program({ id: 9, type: 'Watercooler', num_participants: 1, channel: '#wc', controller_path: '/watercooler/9' });
    const server = serve(p, 1);
    renderWithQuery(
      <>
        <SendNowButton program={p} />
        <ModalHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send now: #wc' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send now' }));
    await vi.waitFor(() => expect(server.calls('/channel_programs/send_now_data_as_json')).toHaveLength(1));
  });

  test('a program still sending when the page opens resumes polling', async () => {
    vi.useFakeTimers();
    const p = program({ id: 10, send_now_data: { allow_send_now: true, slack_url: '', isLoading: true } });
    const server = serve(p, 2);
    renderWithQuery(
      <>
        <SendNowButton program={p} />
        <ModalHost />
      </>,
    );
    await flush();
    expect(server.polls()).toBe(1);
    expect(screen.getByRole('button', { name: 'Sending… #intros' })).toBeDisabled();
    await advance(3000);
    expect(server.polls()).toBe(2);
    await flush();
    expect(screen.getByRole('button', { name: 'Send now: #intros' })).toBeEnabled();
    expect(server.calls('/channel_programs/send_now_data_as_json')).toHaveLength(0);
  });

  test('a refused send (server error) re-enables the button and does not poll', async () => {
    vi.useFakeTimers();
    const p = program({ id: 11 });
    mockFetch(() => jsonResponse({ error: 'Only owners can send now' }, 403));
    renderWithQuery(
      <>
        <SendNowButton program={p} />
        <ModalHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send now: #intros' }));
    await confirmInDialog();
    expect(toastStore.get().map((t) => t.text)).toContain('Only owners can send now');
    expect(screen.getByRole('button', { name: 'Send now: #intros' })).toBeEnabled();
  });

  test('asks first, saying who and where: "12 group DMs to 24 people in #intros"; Cancel sends nothing', async () => {
    const p = program({ id: 12, num_participants: 24, channel: '#intros' });
    const fetch = mockFetch((url) => {
      if (url.pathname === '/coffee/12') return jsonResponse({ config: { group_size: 2 }, current_round: null, planned_round: { people: 24, groups: 12 } });
      return jsonResponse({ error: 'not here' }, 404);
    });
    renderWithQuery(
      <>
        <SendNowButton program={p} />
        <ModalHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send now: #intros' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send #intros now?' });
    expect(await within(dialog).findByText('12 group DMs to 24 people in #intros')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch.mock.calls.some(([input]) => String(input).includes('send_now_data_as_json'))).toBe(false);
  });

  test('the result says what happened: the groups made, or why none were', async () => {
    const p = program({ id: 13, num_participants: 24, channel: '#intros' });
    let round: Record<string, unknown> = { num_groups: 12, num_candidates: 24, num_left_out: 0, problem: null };
    mockFetch(() => jsonResponse({ config: { group_size: 2 }, current_round: round }));
    expect(await resultText(p)).toEqual({ ok: true, text: 'Sent 12 group DMs to 24 people in #intros.' });
    round = { num_groups: 0, num_candidates: 1, num_left_out: 1, problem: null };
    expect((await resultText(p)).ok).toBe(false);
  });
});
