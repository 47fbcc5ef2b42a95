import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { AppRoutes } from '../router';
import type { CurrentUser } from '../api/types';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/**
 * For tests on fake timers: queries tell React in a microtask instead of a timer of their own, so every step of
 * the fake clock shows what the queries answered in that step. Call it inside a describe.
 */
export function queryNotificationsInMicrotasks() {
  beforeEach(() => notifyManager.setScheduler(queueMicrotask));
  afterEach(() => notifyManager.setScheduler((cb) => setTimeout(cb, 0)));
}

export function renderWithQuery(ui: ReactElement, client: QueryClient = testQueryClient()) {
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

/** The app at `path`; `router.state.location` is the address it is at. */
export function renderApp(path: string, client: QueryClient = testQueryClient()) {
  const router = { state: { location: undefined as unknown as Location } };
  function LocationProbe() {
    router.state.location = useLocation();
    return null;
  }
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { router, client, ...result };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces fetch with a router of (method, path) → handler. Unknown calls answer 404. */
export function mockFetch(handler: (url: URL, init: RequestInit) => Response | Promise<Response>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export const TEST_USER: CurrentUser = {
  id: 1,
  slack_user_id: 'U1',
  name: 'Ada Lovelace',
  avatar_url: null,
  team: { id: 1, slack_team_id: 'T1', name: 'Analytical Engines', domain: 'engines' },
  can_change_plan: true,
  permissions: { journeys: true, run_journeys: true, reporting: true, manage_points: true, billing: true, workspace_data: true, deliveries: true, manage_integrations: true },
  onboarding_unrestricted: false,
  notifications: {},
  progress: { has_used_pairing_announcement: false },
  has_valid_zoom_identity: false,
  has_valid_google_identity: false,
  has_valid_microsoft_identity: false,
  is_admin: true,
  csrf_token: 'csrf-from-json',
  workspaces: [{ team_id: 'T1', name: 'Analytical Engines', current: true }],
  trial: null,
};
