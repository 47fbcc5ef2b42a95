import '../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { browser } from '../../api/browser';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../test/utils';
import type { ListingJson, PointsPageData, RewardsPageData, ShoutoutsPageData, WalletsPage } from './pointsApi';
import { GIFT_CARD_ENABLE_ERROR } from './RewardsPage';
import { ANNOUNCE_ERROR, LAUNCH_ERROR } from './ShoutoutsPage';

const listing = (over: Partial<ListingJson> = {}): ListingJson => ({
  id: 1,
  name: 'Coffee on us',
  short_description: 'A coffee',
  description: 'A coffee or tea',
  points_cost: 100,
  quantity_available: null,
  state: 'active',
  is_gift_card: false,
  preset_id: 'coffee',
  image_url: null,
  image_id: null,
  gift_card_options: [],
  ...over,
});

const rewards = (over: Partial<RewardsPageData> = {}): RewardsPageData => ({
  listings: [listing()],
  points_wallet: { current_redeemable: 50 },
  points_name_plural: 'kudos',
  rewards_program: { redemption_fulfillment_channel_id: null, redemption_fulfillment_channel_name: null, gift_card_options: [{ points: 1000, dollars: 10 }], gift_cards_enabled: false },
  presets: [],
  is_admin: true,
  ...over,
});

describe('/shoutouts', () => {
  const data: ShoutoutsPageData = { program: { state: 'inactive', launch_checklist: { announced: false }, channels: ['C0GEN'] }, points_name_plural: 'points', recent: [], default_announcement: 'Shoutouts are here!' };

  test("says 'There was an error with launch.' when the launch fails, and shows the program live when it works", async () => {
    let fail = true;
    mockFetch(async (url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/shoutouts') return jsonResponse(data);
      if (url.pathname === '/shoutouts/activate' && init.method === 'POST') return fail ? jsonResponse({ error: 'nope' }, 500) : jsonResponse({ program: { ...data.program, state: 'active' } });
      return jsonResponse({}, 404);
    });
    renderApp('/shoutouts');
    fireEvent.click(await screen.findByRole('button', { name: 'Launch' }));
    expect(await screen.findByText(LAUNCH_ERROR)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Launch' }));
    expect(await screen.findByText('Shoutouts are live')).toBeTruthy();
  });

  test("says 'There was an error sending the announcement.' when the announcement fails; sends channels and text", async () => {
    const sent: unknown[] = [];
    let fail = true;
    mockFetch(async (url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/shoutouts') return jsonResponse(data);
      if (url.pathname === '/shoutouts/announce') {
        sent.push(JSON.parse(String(init.body)));
        return fail ? jsonResponse({ error: 'x' }, 400) : jsonResponse({ program: { ...data.program, launch_checklist: { announced: true } } });
      }
      return jsonResponse([], 200);
    });
    renderApp('/shoutouts');
    const send = await screen.findByRole('button', { name: 'Send announcement' });
    fireEvent.click(send);
    expect(await screen.findByText(ANNOUNCE_ERROR)).toBeTruthy();
    expect(sent[0]).toEqual({ channels: ['C0GEN'], text: 'Shoutouts are here!' });
    fail = false;
    fireEvent.click(send);
    expect(await screen.findByText('Announced')).toBeTruthy();
  });
});

describe('/rewards', () => {
  test('the fulfilment channel shows by its name, never its id', async () => {
    const program = { ...rewards().rewards_program, redemption_fulfillment_channel_id: 'C0DEMOGEN', redemption_fulfillment_channel_name: 'rewards-desk' };
    mockFetch(async (url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/rewards') return jsonResponse(rewards({ rewards_program: program }));
      return jsonResponse({}, 404);
    });
    renderApp('/rewards');
    expect(await screen.findByText('#rewards-desk')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reward listings' })).not.toHaveTextContent('C0DEMOGEN');
  });

  test('Redeem is disabled while the wallet holds fewer points than the reward costs', async () => {
    mockFetch(async (url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/rewards') return jsonResponse(rewards({ points_wallet: { current_redeemable: 0 } }));
      return jsonResponse({}, 404);
    });
    renderApp('/rewards');
    const card = await screen.findByRole('article', { name: 'Coffee on us' });
    expect(within(card).getByRole('button', { name: 'Redeem' })).toHaveProperty('disabled', true);
  });

  test("a failed redemption shows the server's error, closes the modal and refreshes the listings", async () => {
    let loads = 0;
    mockFetch(async (url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/rewards') {
        loads++;
        // Enough on the page; spent elsewhere since, so the server refuses.
        return jsonResponse(rewards({ points_wallet: { current_redeemable: 150 } }));
      }
      if (url.pathname === '/rewards/1/redeem') return jsonResponse({ error: "You don't have enough kudos to redeem this." }, 400);
      return jsonResponse({}, 404);
    });
    renderApp('/rewards');
    const card = await screen.findByRole('article', { name: 'Coffee on us' });
    fireEvent.click(within(card).getByRole('button', { name: 'Redeem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem Coffee on us' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem for 100 kudos' }));
    expect(await screen.findByText("You don't have enough kudos to redeem this.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Redeem Coffee on us' })).toBeNull());
    await waitFor(() => expect(loads).toBe(2));
  });

  test('gift cards: redirect_to_billing opens /billing/payment; invoiced files a ticket; no server error says so', async () => {
    const open = vi.spyOn(browser, 'open').mockImplementation(() => undefined);
    let answer: Response = jsonResponse({ error: 'redirect_to_billing' }, 402);
    const tickets: unknown[] = [];
    mockFetch(async (url, init) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/rewards' && (init.method ?? 'GET') === 'GET') return jsonResponse(rewards());
      if (url.pathname === '/rewards' && init.method === 'POST') return answer.clone();
      if (url.pathname === '/intercom_tickets') {
        tickets.push(JSON.parse(String(init.body)));
        return jsonResponse({ ticket: { id: 1 } });
      }
      return jsonResponse({}, 404);
    });
    renderApp('/rewards');
    const toggle = await screen.findByRole('switch', { name: 'Gift cards' });
    fireEvent.click(toggle);
    await waitFor(() => expect(open).toHaveBeenCalledWith('/billing/payment'));
    answer = jsonResponse({ error: 'invoiced' }, 403);
    fireEvent.click(toggle);
    expect(await screen.findByRole('dialog', { name: 'Request submitted' })).toBeTruthy();
    expect(tickets).toEqual([{ kind: 'gift_card_access', message: 'Invoiced team asks to enable gift cards' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    answer = new Response('', { status: 500 });
    fireEvent.click(toggle);
    expect(await screen.findByText(GIFT_CARD_ENABLE_ERROR)).toBeTruthy();
    open.mockRestore();
  });
});

describe('/points', () => {
  test('sorting toggles desc/asc on the same column; a new column starts desc', async () => {
    const asked: string[] = [];
    const page: PointsPageData = { points_program: { points_name: 'point', points_name_plural: 'points', default_allowance: 100, daily_cap: 500, rules: [] }, wallet: { current_redeemable: 5, lifetime_earned: 5, allowance: 100, allowance_remaining: 80 }, is_admin: false };
    const wallets: WalletsPage = { list: [{ id: 1, slack_user_id: 'U1', name: 'Lena', avatar_url: null, shoutouts_role: 'participant', points: { allowance: 100, is_custom_allowance: false, allowance_remaining: 100, current_redeemable: 10, received: 10, given: 0 } }], nextPage: null };
    mockFetch(async (url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/points') return jsonResponse(page);
      if (url.pathname === '/points/wallets') {
        asked.push(`${url.searchParams.get('order_col')}:${url.searchParams.get('order_dir')}`);
        return jsonResponse(wallets);
      }
      return jsonResponse({}, 404);
    });
    renderApp('/points');
    await screen.findByText('Lena');
    expect(screen.getByText('You have 5 points to spend and 80 of 100 left to give this month.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Received/ }));
    await waitFor(() => expect(asked.at(-1)).toBe('points_received:asc'));
    fireEvent.click(screen.getByRole('button', { name: /Received/ }));
    await waitFor(() => expect(asked.at(-1)).toBe('points_received:desc'));
    fireEvent.click(screen.getByRole('button', { name: /Given/ }));
    await waitFor(() => expect(asked.at(-1)).toBe('points_given:desc'));
    expect(asked[0]).toBe('points_received:desc');
  });

  test('the From date filters the leaderboard; Clear sets it back to no date and the leaderboard is asked again unfiltered', async () => {
    const asked: Array<string | null> = [];
    const page: PointsPageData = { points_program: { points_name: 'point', points_name_plural: 'points', default_allowance: 100, daily_cap: 500, rules: [] }, wallet: { current_redeemable: 5, lifetime_earned: 5, allowance: 100, allowance_remaining: 80 }, is_admin: false };
    mockFetch(async (url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/points') return jsonResponse(page);
      if (url.pathname === '/points/wallets') {
        asked.push(url.searchParams.get('start_date'));
        return jsonResponse({ list: [], nextPage: null });
      }
      return jsonResponse({}, 404);
    });
    renderApp('/points');
    const from = await screen.findByRole('textbox', { name: /From date/ });
    expect(screen.queryByRole('button', { name: 'Clear from date' })).toBeNull();
    fireEvent.change(from, { target: { value: '03/02/2026' } });
    fireEvent.blur(from);
    await waitFor(() => expect(asked.at(-1)).toBe('2026-03-02'));
    const askedBefore = asked.length;
    fireEvent.click(screen.getByRole('button', { name: 'Clear from date' }));
    await waitFor(() => expect(asked.length).toBeGreaterThan(askedBefore));
    expect(asked.at(-1)).toBeNull();
    expect(from).toHaveValue('');
    expect(from).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear from date' })).toBeNull();
  });
});

describe('/rewards?tab=redemptions', () => {
  test('the To date filters the redemptions; Clear sets it back to no date and the list is asked again unfiltered', async () => {
    const asked: Array<string | null> = [];
    mockFetch(async (url) => {
      if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
      if (url.pathname === '/rewards') return jsonResponse(rewards());
      if (url.pathname === '/rewards/redemptions/list') {
        asked.push(url.searchParams.get('end_date'));
        return jsonResponse({ list: [], nextPage: null });
      }
      return jsonResponse({}, 404);
    });
    renderApp('/rewards?tab=redemptions');
    const to = await screen.findByRole('textbox', { name: /To date/ });
    fireEvent.change(to, { target: { value: '03/31/2026' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    await waitFor(() => expect(asked.at(-1)).toBe('2026-03-31'));
    const askedBefore = asked.length;
    fireEvent.click(screen.getByRole('button', { name: 'Clear to date' }));
    await waitFor(() => expect(asked.length).toBeGreaterThan(askedBefore));
    expect(asked.at(-1)).toBeNull();
    expect(to).toHaveValue('');
  });
});
