import '../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';
import { program } from '../testing/fixtures';
import { moveId, visibleItems, type QueueItemJson, type WatercoolerJson } from './watercoolerApi';

const item = (id: number, status: QueueItemJson['status'], position: number | null, text = `Prompt ${id}?`): QueueItemJson => ({
  id,
  text,
  pack_id: 10,
  pack_name: 'Default Dozen',
  pack_emoji: '☕',
  is_custom: false,
  status,
  position,
  next_at: position ? '2026-03-04T16:00:00.000Z' : null,
});

function watercooler(overrides: Partial<WatercoolerJson> = {}): WatercoolerJson {
  const prompts = [item(1, 'queued', 1), item(2, 'queued', 2), item(3, 'queued', 3), item(4, 'sent', null), item(5, 'skipped', null)];
  return {
    id: 9,
    program: program({ id: 9, type: 'Watercooler', channel: '#watercooler', channel_uid: 'C0WATER' }),
    is_active: true,
    hideInactivePrompts: false,
    schedule: { weekdays: [3], hour: 11, minute: 0, tz: 'America/New_York', description: 'Wednesdays at 11:00', next_slots: ['2026-03-04T16:00:00.000Z'] },
    prompts: [],
    packs: [],
    ordered_unsent_prompt_ids: [1, 2, 3],
    topicsQueue: { packs: [], prompts, promptIds: prompts.map((p) => p.id) },
    adjustments: [{ prompt_id: 5, kind: 'skip' }],
    cycle: 1,
    sent: [],
    plan: { plan: 'free', paidFeatureAccess: false, trialAllowed: true },
    can_customize: false,
    ...overrides,
  };
}

function serve(wc: WatercoolerJson) {
  const puts: unknown[] = [];
  let release: () => void = () => undefined;
  /** Reorders wait for this, so the page's optimistic order can be seen before the answer. */
  const gate = new Promise<void>((r) => (release = r));
  const fetch = mockFetch(async (url, init) => {
    if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
    if (url.pathname === '/watercooler/9' && (init.method ?? 'GET') === 'GET') return jsonResponse({ watercooler: wc });
    if (url.pathname === '/watercooler/9/packs_library_as_json') return jsonResponse({ packs: [] });
    if (url.pathname === '/watercooler/9/preview_as_json')
      return jsonResponse({ prompt_id: 1, text: 'Prompt 1? Reply in the thread 👇', blocks: [{ type: 'header', text: { type: 'plain_text', text: 'Prompt 1?' } }] });
    if (url.pathname === '/watercooler/9/update_as_json' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { watercooler: Record<string, unknown> };
      puts.push(body);
      if (body.watercooler.ordered_unsent_prompt_ids) await gate;
      if (body.watercooler.ordered_unsent_prompt_ids) return jsonResponse({ error: 'The queue changed while you were reordering it; reload and try again' }, 400);
      return jsonResponse({ watercooler: { ...wc, ...body.watercooler } });
    }
    return jsonResponse({ error: 'not here' }, 404);
  });
  return { fetch, puts, release };
}

describe('watercooler helpers', () => {
  test('moveId moves one step, and not past either end', () => {
    expect(moveId([1, 2, 3], 3, 'up')).toEqual([1, 3, 2]);
    expect(moveId([1, 2, 3], 1, 'up')).toEqual([1, 2, 3]);
  });

  test('hideInactivePrompts leaves out sent and skipped prompts', () => {
    expect(visibleItems(watercooler()).map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
    expect(visibleItems(watercooler({ hideInactivePrompts: true })).map((p) => p.id)).toEqual([1, 2, 3]);
  });
});

describe('WatercoolerPage', () => {
  test('shows the queue in order with sent and skipped prompts after, and the free-plan notice', async () => {
    serve(watercooler());
    renderApp('/watercooler/9/edit');
    const queue = await screen.findByRole('list', { name: 'Topics queue' }, { timeout: 5000 });
    const rows = within(queue).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Prompt 1?', 'Prompt 2?', 'Prompt 3?', 'Prompt 4?', 'Prompt 5?']);
    expect(within(rows[3]!).getByText('Sent this round')).toBeInTheDocument();
    expect(within(rows[4]!).getByRole('button', { name: 'Unskip' })).toBeInTheDocument();
    // The first queued prompt cannot move up, the last cannot move down.
    expect(within(rows[0]!).getByRole('button', { name: 'Move up' })).toBeDisabled();
    expect(within(rows[2]!).getByRole('button', { name: 'Move down' })).toBeDisabled();
    expect(screen.getByText(/Free plan:/)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Your own prompts are part of Premium')).toBeDisabled();
    // The next post, as the server's builder makes it.
    const next = await screen.findByRole('article', { name: 'Next prompt preview' });
    expect(within(next).getByRole('heading', { level: 3 })).toHaveTextContent('Prompt 1?');
    // The first render loads the page's code: slow on a loaded 2-core machine.
  }, 15_000);

  test('moving a prompt shows the new order at once and puts the old one back when the server refuses', async () => {
    const { puts, release } = serve(watercooler());
    renderApp('/watercooler/9/edit');
    const queue = await screen.findByRole('list', { name: 'Topics queue' }, { timeout: 5000 });
    fireEvent.click(within(within(queue).getAllByRole('listitem')[1]!).getByRole('button', { name: 'Move up' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Topics queue' })).getAllByRole('listitem')[0]).toHaveAttribute('aria-label', 'Prompt 2?'));
    await waitFor(() => expect(puts).toEqual([{ watercooler: { ordered_unsent_prompt_ids: [2, 1, 3] } }]));
    release();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Topics queue' })).getAllByRole('listitem')[0]).toHaveAttribute('aria-label', 'Prompt 1?'));
    expect(await screen.findByText('The queue changed while you were reordering it; reload and try again')).toBeInTheDocument();
  });

  test('a day toggles the schedule; the last day cannot be removed', async () => {
    const { puts } = serve(watercooler());
    renderApp('/watercooler/9/edit');
    fireEvent.click(await screen.findByRole('button', { name: 'Fri' }, { timeout: 5000 }));
    await waitFor(() => expect(puts).toEqual([{ watercooler: { weekdays: [3, 5] } }]));
    fireEvent.click(screen.getByRole('button', { name: 'Wed' }));
    expect(await screen.findByText('Choose at least one day.')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
  });
});
