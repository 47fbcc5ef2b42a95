import './test/setup';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { browser } from './api/browser';
import { api } from './api/client';
import { createQueryClient } from './api/queryClient';
import { useDateRangeParams, usePresetBundleIdParam } from './api/searchParams';
import { builtNav, currentNavItem, NAV_ITEMS, pageIsBuilt, sectionNavItem } from './layout/nav';
import { PlaceholderPage } from './pages/PlaceholderPage';
import { coffeePage } from './pages/testing/fixtures';
import { flowOf, PAGES } from './routes';
import { jsonResponse, mockFetch, renderApp, TEST_USER, testQueryClient } from './test/utils';

// The PATH column of /work/shared/spec/pages.tsv, word for word.
const SPEC_PATHS = `/onboarding
/onboarding/action_items
/onboarding/preset_categories
/onboarding/preset_categories/{id}
/onboarding/presets
/onboarding/presets/new
/onboarding/presets/{id}
/onboarding/presets/{id}/events
/onboarding/presets/{presetId}/events/{id}
/onboarding/tags/{id}/presets
/onboarding/tags/{tagId}/presets/{presetId}
/onboarding/tags
/participants/tags
/{flow}/tags/{id}
/{flow}/tags/{id}/site
/{flow}/tags/{id}/site/edit
/{flow}/tags/{tagId}/enrollment_surveys/new
/{flow}/batches
/{flow}/tags/{tagId}/batches
/{flow}/manual_enrollment
/{flow}/tags/{tagId}/manual_enrollment
/onboarding/tags/enrollment
/site/{sessionId}
/celebrations/{id}/edit
/templates
/all_channels
/channel_programs/new
/coffee/{id}
/coffee/{id}/edit
/watercooler/{id}/edit
/reporting
/reporting/{id}
/reporting/attention_required
/reporting/intros_feedback
/points
/rewards
/shoutouts
/billing
/billing/payment
/settings/profile
/settings/intros
/settings/celebrations
/integrations`.split('\n');

function concretePaths(): string[] {
  return SPEC_PATHS.flatMap((path) => {
    const filled = path.replace(/\{(?!flow)[^}]+\}/g, '12');
    return filled.includes('{flow}') ? ['onboarding', 'participants'].map((f) => filled.replace('{flow}', f)) : [filled];
  });
}

function signedIn(extra?: (url: URL, init: RequestInit) => Response | undefined) {
  return mockFetch((url, init) => {
    if (url.pathname === '/users/show_as_json') return jsonResponse(TEST_USER);
    return extra?.(url, init) ?? jsonResponse({ error: 'not here' }, 404);
  });
}

describe('routes', () => {
  test('the route table covers every path of pages.tsv', () => {
    const table = new Set(PAGES.map((p) => p.path.replace(/:[A-Za-z]+/g, '12')));
    for (const path of concretePaths()) expect(table, path).toContain(path);
  });

  test.each(concretePaths())('%s shows its page, never a blank page or 404', async (path) => {
    signedIn();
    renderApp(path);
    const page = PAGES.find((p) => p.path.replace(/:[A-Za-z]+/g, '12') === path)!;
    if (page.load) {
      // A built page names itself; its own tests check what it shows.
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    } else {
      expect(await screen.findByRole('heading', { level: 1, name: page.title })).toBeInTheDocument();
      expect(screen.getByText(/is coming soon\./)).toBeInTheDocument();
    }
    expect(screen.queryByText('Page not found')).toBeNull();
    // The title is set once the route's page has rendered; a loaded machine may show the heading first.
    await waitFor(() => expect(document.title).toBe(`${page.title} · Hearth`));
  });

  test('flowOf', () => {
    expect(flowOf('/participants/tags/3')).toBe('participants');
    expect(flowOf('/coffee/3')).toBeUndefined();
  });

  test("a page's data is asked for at once, beside the signed-in member, not after it", async () => {
    let answerUser: () => void = () => undefined;
    const userAnswered = new Promise<void>((resolve) => (answerUser = resolve));
    const fetch = mockFetch(async (url) => {
      if (url.pathname === '/users/show_as_json') return userAnswered.then(() => jsonResponse(TEST_USER));
      if (url.pathname === '/coffee/7') return jsonResponse(coffeePage());
      return jsonResponse({ error: 'not here' }, 404);
    });
    // The app's own client: what it holds stays fresh for a while, as in the browser.
    renderApp('/coffee/7?tab=members', createQueryClient());
    await waitFor(() => expect(fetch.mock.calls.map(([input]) => String(input))).toContain('/coffee/7'));
    answerUser();
    await screen.findByRole('heading', { level: 1, name: /#intros/ });
    // The page's own query found the prefetched one: the program is asked for once.
    expect(fetch.mock.calls.filter(([input]) => String(input) === '/coffee/7')).toHaveLength(1);
  });

  test('pointing at a link starts loading the data of the page it leads to', async () => {
    const fetch = signedIn();
    renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    const billing = screen.getByRole('link', { name: 'Billing' });
    expect(fetch.mock.calls.map(([input]) => String(input))).not.toContain('/billing');
    await userEvent.hover(billing);
    await waitFor(() => expect(fetch.mock.calls.map(([input]) => String(input))).toContain('/billing'));
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  test('unknown routes get the not-found page', async () => {
    signedIn();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  test('/coffee/{id} defaults to tab=members and keeps other parameters', async () => {
    signedIn();
    const { router } = renderApp('/coffee/7?x=1');
    await screen.findByRole('heading', { level: 1, name: /Intros program/ });
    expect(router.state.location.pathname).toBe('/coffee/7');
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('members');
    expect(new URLSearchParams(router.state.location.search).get('x')).toBe('1');
  });

  test('/coffee/{id} keeps a tab that is given', async () => {
    signedIn();
    const { router } = renderApp('/coffee/7?tab=history');
    await screen.findByRole('heading', { level: 1, name: /Intros program/ });
    expect(router.state.location.search).toBe('?tab=history');
  });

  test('a page still being built names itself and says so, never blank', () => {
    render(
      <RouterProvider router={createMemoryRouter([{ path: '*', element: <PlaceholderPage page={{ path: '/onboarding/later', title: 'Later page' }} /> }], { initialEntries: ['/onboarding/later'] })} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Later page' })).toBeInTheDocument();
    expect(screen.getByText('is coming soon.', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('/onboarding/later')).toBeInTheDocument();
  });

  test('a signed-out visitor goes to /auth/slack with return_to', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/reporting?start_date=2024-01-01');
    mockFetch(() => jsonResponse({ error: 'Sign in' }, 401));
    renderApp('/reporting?start_date=2024-01-01');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/slack?return_to=%2Freporting%3Fstart_date%3D2024-01-01'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Reporting' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Sign in with Slack' })).toHaveAttribute(
      'href',
      '/auth/slack?return_to=%2Freporting%3Fstart_date%3D2024-01-01',
    );
  });

  test('a server failure loading the member shows an error with a retry', async () => {
    mockFetch(() => jsonResponse({ error: 'Database is asleep' }, 500));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: "We couldn't load Hearth" })).toBeInTheDocument();
    expect(screen.getAllByText('Database is asleep').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('the journey hub has no admin navigation', async () => {
    const frame = { session: { id: 7, journey_name: 'Engineering onboarding', start_date: '2026-03-03', time_zone: 'Europe/Berlin', state: 'active', participant: null }, viewer: { member_id: 1, is_participant: true, is_journey_admin: false }, published: true, modules: [] };
    signedIn((url) => (url.pathname === '/site/7/data' ? jsonResponse(frame) : undefined));
    renderApp('/site/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Engineering onboarding' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});

describe('layout', () => {
  test('landmarks, skip link, workspace and member, and the main navigation', async () => {
    signedIn();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeInTheDocument();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('banner')).toHaveTextContent('Analytical Engines');
    expect(screen.getByRole('button', { name: 'Ada Lovelace, Analytical Engines: account menu' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    const labels = links.map((a) => a.textContent);
    // issue 14 item 9: the built programs are there; every link leads to a page that exists (no "coming soon")
    for (const label of ['All channels', 'Intros', 'Watercooler', 'Celebrations', 'Templates']) expect(labels).toContain(label);
    for (const a of links) expect(pageIsBuilt(a.getAttribute('href')!, PAGES), a.getAttribute('href')!).toBe(true);
    expect(within(nav).getByRole('link', { name: 'Celebrations' })).toHaveAttribute('href', '/celebrations');
  });

  test('the current page is marked, and its section is highlighted the same way on pages inside it', async () => {
    signedIn();
    const { unmount } = renderApp('/all_channels?type=intros');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const intros = within(nav).getByRole('link', { name: 'Intros' });
    expect(intros).toHaveAttribute('aria-current', 'page');
    expect(intros).toHaveClass('is-current');
    expect(within(nav).getByRole('link', { name: 'All channels' })).not.toHaveClass('is-current');
    unmount();
    renderApp('/coffee/4/edit');
    const nav2 = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav2).getByRole('link', { name: 'Intros' })).toHaveClass('is-current');
    expect(within(nav2).getByRole('link', { name: 'Intros' })).not.toHaveAttribute('aria-current');
  });

  test('builtNav keeps what exists: children without a page go, a parent leads to its first built child', () => {
    const items = [
      { label: 'A', to: '/a' },
      { label: 'B', to: '/b', children: [{ label: 'B1', to: '/b/one' }, { label: 'B2', to: '/b/two' }] },
      { label: 'C', to: '/c', children: [{ label: 'C1', to: '/c/one' }] },
      { label: 'D', to: '/d/4' },
    ];
    const pages = [{ path: '/a', load: 1 }, { path: '/b' }, { path: '/b/one', load: 1 }, { path: '/b/two', load: 1 }, { path: '/c' }, { path: '/c/:id', load: 1 }, { path: '/c/one' }, { path: '/d/:id', load: 1 }];
    const nav = builtNav(items, pages);
    expect(nav.map((i) => [i.label, i.to, i.children?.map((c) => c.label)])).toEqual([
      ['A', '/a', undefined],
      ['B', '/b/one', ['B1', 'B2']],
      ['D', '/d/4', undefined],
    ]);
  });

  test('navigating moves focus to the main area', async () => {
    signedIn();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' });
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Templates' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Template library' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  test('home links to the programs, and only to pages that exist', async () => {
    signedIn();
    renderApp('/');
    const programs = await screen.findByRole('list', { name: 'Programs' });
    expect(within(programs).getByRole('link', { name: 'Start an Intros program' })).toHaveAttribute('href', '/channel_programs/new?preview=intros');
    expect(within(programs).getByRole('link', { name: 'See celebrations' })).toHaveAttribute('href', '/celebrations');
    for (const a of within(screen.getByRole('main')).getAllByRole('link')) expect(pageIsBuilt(a.getAttribute('href')!, PAGES), a.getAttribute('href')!).toBe(true);
  });

  test('nav matching: query-specific items, sections, children', () => {
    expect(currentNavItem(NAV_ITEMS, '/all_channels', '?type=intros')?.label).toBe('Intros');
    expect(currentNavItem(NAV_ITEMS, '/all_channels', '')?.label).toBe('All channels');
    expect(sectionNavItem(NAV_ITEMS, '/coffee/4/edit', '')?.label).toBe('Intros');
    expect(sectionNavItem(NAV_ITEMS, '/participants/tags/3/site', '')?.label).toBe('Journeys');
    expect(sectionNavItem(NAV_ITEMS, '/reporting/intros_feedback', '')?.label).toBe('Reporting');
    expect(sectionNavItem(NAV_ITEMS, '/settings/intros', '')?.label).toBe('Settings');
  });
});

describe('query parameters', () => {
  function DatesProbe() {
    const { range, setRange } = useDateRangeParams();
    const [bundle, setBundle] = usePresetBundleIdParam();
    const data = useQuery({
      queryKey: ['reporting', range],
      queryFn: () => api.get<{ ok: boolean }>('/reporting_module_settings/data', { query: { ...range } }),
    });
    return (
      <div>
        <p>{data.data ? 'loaded' : 'loading'}</p>
        <button type="button" onClick={() => setRange({ start_date: '2024-05-01', end_date: '2024-05-31' })}>
          May
        </button>
        <button type="button" onClick={() => setBundle('42', { replace: true })}>
          Bundle {bundle ?? 'none'}
        </button>
      </div>
    );
  }

  test('changing start_date and end_date changes the query key, so the data reloads', async () => {
    const fetch = mockFetch(() => jsonResponse({ ok: true }));
    const router = createMemoryRouter([{ path: '/reporting', element: <DatesProbe /> }], {
      initialEntries: ['/reporting?start_date=2024-01-01&end_date=2024-01-31'],
    });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByText('loaded');
    expect(String(fetch.mock.calls[0]![0])).toBe('/reporting_module_settings/data?start_date=2024-01-01&end_date=2024-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'May' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(String(fetch.mock.calls[1]![0])).toBe('/reporting_module_settings/data?start_date=2024-05-01&end_date=2024-05-31');
    expect(router.state.location.search).toBe('?start_date=2024-05-01&end_date=2024-05-31');

    await userEvent.click(screen.getByRole('button', { name: 'Bundle none' }));
    expect(screen.getByRole('button', { name: 'Bundle 42' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('id')).toBe('42');
  });
});
