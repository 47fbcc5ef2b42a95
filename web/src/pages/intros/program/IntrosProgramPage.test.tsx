import '../../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { toastStore } from '../../../kit/toast/store';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '../../../test/utils';
import { coffeePage, member } from '../../testing/fixtures';
import type { CoffeePageData, MembersPage, RoundPreview } from '../introsApi';

const PREVIEW: RoundPreview = {
  scheduled_for: '2026-03-09T13:00:00.000Z',
  round_number: 5,
  groups: [
    { members: [{ id: 41, slack_user_id: 'U41', name: 'Ananya Iyer', avatar_url: null }, { id: 42, slack_user_id: 'U42', name: 'Rohan Gupta', avatar_url: null }], reason: 'First time meeting' },
    { members: [{ id: 45, slack_user_id: 'U45', name: 'Kai Nakamura', avatar_url: null }, { id: 46, slack_user_id: 'U46', name: 'Maya Goldberg', avatar_url: null }], reason: 'Last met 6 rounds ago' },
  ],
  left_out: [{ member: { id: 50, slack_user_id: 'U50', name: 'Fatima Al-Sayed', avatar_url: null }, code: 'odd', why: 'Odd one out this round' }],
  excluded: [{ member: { id: 43, slack_user_id: 'U43', name: 'Lena Fischer', avatar_url: null }, reason: 'snoozed', why: 'Snoozed until Fri, Mar 20' }],
  problem: null,
  stats: { candidates: 5, grouped: 4, pairs: 2, repeatPairs: 1, method: 'exact' },
};

function serve(page: CoffeePageData, extra?: (url: URL, init: RequestInit) => Response | undefined) {
  return mockFetch((url, init) => {
    if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
    if (url.pathname === '/coffee/7') return jsonResponse(page);
    if (url.pathname === '/coffee/7/preview_next_round') return jsonResponse(PREVIEW);
    return extra?.(url, init) ?? jsonResponse({ error: 'not here' }, 404);
  });
}

describe('/coffee/{id}', () => {
  test('members tab: who is in, snoozed until, ghosts and interests', async () => {
    serve(coffeePage());
    renderApp('/coffee/7');
    expect(await screen.findByRole('heading', { level: 1, name: /#intros/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    const table = screen.getByRole('table', { name: 'Members of #intros' });
    const lena = within(table).getByRole('rowheader', { name: /Lena Fischer/ }).closest('tr')!;
    expect(within(lena).getByText('Snoozed until Fri, Mar 20')).toBeInTheDocument();
    const ananya = within(table).getByRole('rowheader', { name: /Ananya Iyer/ }).closest('tr')!;
    expect(within(ananya).getByText('Hiking')).toBeInTheDocument();
    const jonas = within(table).getByRole('rowheader', { name: /Jonas Weber/ }).closest('tr')!;
    expect(within(jonas).getByText('Ghost')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove ghosts (1)' })).toBeInTheDocument();
  });

  test('remind to pick interests shows how many people were messaged', async () => {
    serve(coffeePage(), (url, init) =>
      url.pathname === '/coffee/7/remind_users_to_pick_category_options' && init.method === 'POST' ? jsonResponse({ num_users_messaged: 5 }) : undefined,
    );
    const user = userEvent.setup();
    renderApp('/coffee/7');
    await user.click(await screen.findByRole('button', { name: 'Remind to pick interests (1)' }));
    expect(await screen.findByText('We sent 5 people a DM to pick their interests.')).toBeInTheDocument();
    expect(toastStore.get().map((t) => t.text)).toContain('Reminded 5 people to pick their interests.');
  });

  test('removing ghosts asks first, then deletes page by page', async () => {
    const pages: number[] = [];
    serve(coffeePage(), (url, init) => {
      if (url.pathname === '/coffee/7/destroy_ghosts_as_json' && init.method === 'DELETE') {
        const { page } = JSON.parse(String(init.body)) as { page: number };
        pages.push(page);
        return jsonResponse({ removed: page === 1 ? 50 : 3, next_page: page === 1 ? 2 : null });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/coffee/7');
    await user.click(await screen.findByRole('button', { name: 'Remove ghosts (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove ghosts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove ghosts' }));
    await waitFor(() => expect(toastStore.get().map((t) => t.text)).toContain('Removed 53 ghosts from Intros.'));
    expect(pages).toEqual([1, 2]);
  });

  test('preview next round: groups, names and reasons', async () => {
    serve(coffeePage());
    const user = userEvent.setup();
    const { router } = renderApp('/coffee/7');
    await user.click(await screen.findByRole('tab', { name: 'Preview next round' }));
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('preview');
    const groups = await screen.findByRole('list', { name: 'Groups in the next round' });
    const items = within(groups).getAllByRole('listitem').filter((li) => li.classList.contains('group-card'));
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Ananya Iyer');
    expect(items[0]).toHaveTextContent('Rohan Gupta');
    expect(items[0]).toHaveTextContent('First time meeting');
    expect(items[1]).toHaveTextContent('Last met 6 rounds ago');
    expect(within(screen.getByRole('list', { name: 'Odd one out this round' })).getByText('Fatima Al-Sayed')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Snoozed until Fri, Mar 20' })).getByText('Lena Fischer')).toBeInTheDocument();
  });

  test('tabs follow the keyboard', async () => {
    serve(coffeePage());
    const user = userEvent.setup();
    const { router } = renderApp('/coffee/7?tab=rounds');
    const rounds = await screen.findByRole('tab', { name: 'Rounds' });
    expect(rounds).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'No rounds yet' })).toBeInTheDocument();
    rounds.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Preview next round' })).toHaveFocus();
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('preview');
  });

  test('pause calls update_as_json with is_active false', async () => {
    const page = coffeePage();
    let body: unknown;
    serve(page, (url, init) => {
      if (url.pathname === '/coffee/7/update_as_json' && init.method === 'PUT') {
        body = JSON.parse(String(init.body));
        return jsonResponse({ ...page, program: { ...page.program, is_active: false }, adjusted: {} });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/coffee/7');
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(body).toEqual({ coffee_configuration: { is_active: false } });
  });

  test('searching asks the server and shows the people who match', async () => {
    const searched: string[] = [];
    serve(coffeePage({ members_page: { page: 1, per: 50, total: 4, next_page: null } }), (url) => {
      if (url.pathname !== '/coffee/7/members') return undefined;
      searched.push(url.search);
      const answer: MembersPage = { members: [member({ id: 88, name: 'Zora Whitfield' })], page: 1, per: 50, total: 1, next_page: null };
      return jsonResponse(url.searchParams.get('query') === 'zora@' ? answer : { ...answer, members: [], total: 0 });
    });
    const user = userEvent.setup();
    renderApp('/coffee/7');
    const table = await screen.findByRole('table', { name: 'Members of #intros' });
    expect(within(table).getByRole('rowheader', { name: /Ananya Iyer/ })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'zora@');
    expect(await within(table).findByRole('rowheader', { name: /Zora Whitfield/ })).toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: /Ananya Iyer/ })).not.toBeInTheDocument();
    // Typing is debounced: one search for the whole text, not one a keystroke.
    expect(searched).toEqual(['?status=all&query=zora%40&page=1']);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'x');
    expect(await screen.findByRole('heading', { name: 'No one matches “zora@x”' })).toBeInTheDocument();
  });

  test('members come a page at a time: next and previous, and a status filter starts again at page 1', async () => {
    const asked: string[] = [];
    const page2: MembersPage = { members: [member({ id: 43, name: 'Lena Fischer' }), member({ id: 44, name: 'Jonas Weber' })], page: 2, per: 2, total: 4, next_page: null };
    serve(coffeePage({ members: [member({ id: 41, name: 'Ananya Iyer' }), member({ id: 42, name: 'Rohan Gupta' })], members_page: { page: 1, per: 2, total: 4, next_page: 2 } }), (url) => {
      if (url.pathname !== '/coffee/7/members') return undefined;
      asked.push(url.search);
      if (url.searchParams.get('status') === 'ghost') return jsonResponse({ members: [member({ id: 44, name: 'Jonas Weber', status: 'ghost' })], page: 1, per: 2, total: 1, next_page: null });
      return jsonResponse(url.searchParams.get('page') === '2' ? page2 : { ...page2, members: [], page: Number(url.searchParams.get('page')) });
    });
    const user = userEvent.setup();
    renderApp('/coffee/7');
    const pager = await screen.findByRole('navigation', { name: 'Pages of members' });
    expect(screen.getByText('1–2 of 4')).toBeInTheDocument();
    expect(pager).toHaveTextContent('Page 1 of 2');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    const table = screen.getByRole('table', { name: 'Members of #intros' });
    expect(await within(table).findByRole('rowheader', { name: /Lena Fischer/ })).toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: /Ananya Iyer/ })).not.toBeInTheDocument();
    expect(screen.getByText('3–4 of 4')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages of members' })).toHaveTextContent('Page 2 of 2');
    expect(within(screen.getByRole('navigation', { name: 'Pages of members' })).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(screen.getByRole('navigation', { name: 'Pages of members' })).getByRole('button', { name: 'Previous' }));
    expect(await within(table).findByRole('rowheader', { name: /Ananya Iyer/ })).toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Pages of members' })).getByRole('button', { name: 'Next' }));
    await within(table).findByRole('rowheader', { name: /Lena Fischer/ });
    await user.click(screen.getByRole('radio', { name: /^Ghost/ }));
    expect(await within(table).findByRole('rowheader', { name: /Jonas Weber/ })).toBeInTheDocument();
    expect(asked.at(-1)).toBe('?status=ghost&query=&page=1');
    expect(screen.queryByRole('navigation', { name: 'Pages of members' })).not.toBeInTheDocument();
  });
});
