import '../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ModalHost } from '../kit/modal/Modal';
import { openUpgradeModal } from '../kit/modal/UpgradeModal';
import { toastStore } from '../kit/toast/store';
import { jsonResponse, mockFetch, renderWithQuery, TEST_USER } from '../test/utils';
import { browser } from './browser';
import { api, ApiError, buildUrl, csrfToken, errorText, onPaymentRequired, readCookie, request, setCsrfToken, signInUrl } from './client';
import { sessionStore } from './currentUser';

// As the shell does (router.tsx).
onPaymentRequired(openUpgradeModal);

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return (init?.headers ?? {}) as Record<string, string>;
}

describe('requests', () => {
  test('GET sends credentials and Accept JSON, no CSRF header, and parses JSON', async () => {
    document.cookie = 'hearth_csrf=tok123';
    const fetch = mockFetch(() => jsonResponse({ hello: 'world' }));
    await expect(api.get('/users/show_as_json')).resolves.toEqual({ hello: 'world' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/users/show_as_json');
    expect(init?.credentials).toBe('same-origin');
    expect(headersOf(init).Accept).toBe('application/json');
    expect(headersOf(init)['X-CSRF-Token']).toBeUndefined();
  });

  test('non-GET requests send X-CSRF-Token from the hearth_csrf cookie and a JSON body', async () => {
    document.cookie = 'other=1';
    document.cookie = 'hearth_csrf=tok%2B123';
    const fetch = mockFetch(() => jsonResponse({ ok: true }));
    for (const call of [
      () => api.post('/rewards', { listing: { name: 'Mug' } }),
      () => api.put('/rewards/1', { listing: {} }),
      () => api.patch('/users/U1/update_work_hours', {}),
      () => api.delete('/onboarding/session_events/9'),
    ]) {
      await call();
    }
    for (const [, init] of fetch.mock.calls) {
      expect(headersOf(init)['X-CSRF-Token']).toBe('tok+123');
    }
    expect(fetch.mock.calls[0]![1]?.body).toBe('{"listing":{"name":"Mug"}}');
    expect(headersOf(fetch.mock.calls[0]![1])['Content-Type']).toBe('application/json');
  });

  test('without the cookie the token from /users/show_as_json is used', async () => {
    setCsrfToken('from-json');
    expect(csrfToken()).toBe('from-json');
    const fetch = mockFetch(() => jsonResponse({}));
    await api.post('/x');
    expect(headersOf(fetch.mock.calls[0]![1])['X-CSRF-Token']).toBe('from-json');
  });

  test('FormData goes as multipart (no JSON content type)', async () => {
    const fetch = mockFetch(() => jsonResponse({ id: 1 }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.csv');
    await api.post('/onboarding/assets', form);
    const [, init] = fetch.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect(headersOf(init)['Content-Type']).toBeUndefined();
  });

  test('query parameters are encoded; null and undefined are left out; arrays repeat', () => {
    expect(buildUrl('/points/wallets', { page: 2, user_search: 'a b&c', skip: undefined, none: null, ids: [1, 2] })).toBe(
      '/points/wallets?page=2&user_search=a+b%26c&ids=1&ids=2',
    );
    expect(buildUrl('/x?a=1', { b: 2 })).toBe('/x?a=1&b=2');
  });

  test('204 and empty bodies resolve to undefined', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/x')).resolves.toBeUndefined();
  });

  test('readCookie', () => {
    expect(readCookie('b', 'a=1; b=two%20words; c=3')).toBe('two words');
    expect(readCookie('zz', 'a=1')).toBeUndefined();
  });
});

describe('failures', () => {
  test("a failure toasts the server's error", async () => {
    mockFetch(() => jsonResponse({ error: 'Name is too long', fields: { name: 'too long' } }, 400));
    const error = await api.post('/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fields).toEqual({ name: 'too long' });
    expect(toastStore.get()).toEqual([expect.objectContaining({ type: 'error', text: 'Name is too long' })]);
  });

  test('without a server error the default text is shown', async () => {
    mockFetch(() => new Response('<html>oops</html>', { status: 500, headers: { 'Content-Type': 'text/html' } }));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(toastStore.get().map((t) => t.text)).toEqual(['Uh oh, something went wrong. Try again?']);
  });

  test('a network failure shows the default text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0 });
    expect(toastStore.get().map((t) => t.text)).toEqual(['Uh oh, something went wrong. Try again?']);
  });

  test('errorText fallback and toastOnError: false', async () => {
    mockFetch(() => jsonResponse({}, 500));
    await api.patch('/users/U1/user_profile_entries/bulk_upsert', {}, { errorText: 'Failed to update profile' }).catch(() => undefined);
    expect(toastStore.get().map((t) => t.text)).toEqual(['Failed to update profile']);
    await api.get('/quiet', { toastOnError: false }).catch(() => undefined);
    expect(toastStore.get()).toHaveLength(1);
    expect(errorText(new Error('x'))).toBe('Uh oh, something went wrong. Try again?');
  });

  test('401 goes to Sign in with Slack with the current path and query, once, without a toast', async () => {
    window.history.pushState({}, '', '/reporting?start_date=2024-01-01&end_date=2024-02-01');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse({ error: 'Not signed in' }, 401));
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    await expect(api.get('/b')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/auth/slack?return_to=%2Freporting%3Fstart_date%3D2024-01-01%26end_date%3D2024-02-01');
    expect(toastStore.get()).toEqual([]);
    expect(signInUrl({ pathname: '/coffee/1', search: '?tab=members' })).toBe('/auth/slack?return_to=%2Fcoffee%2F1%3Ftab%3Dmembers');
  });

  test('402 opens the matching upgrade modal instead of a toast', async () => {
    sessionStore.set({ ...TEST_USER, can_change_plan: true });
    renderWithQuery(<ModalHost />);
    mockFetch(() => jsonResponse({ error: 'Upgrade to include more celebrations', feature: 'unlimited_celebrations', trial_available: true }, 402));
    await expect(request('/celebration_schedules/1/update_included_programs_as_json', { method: 'PUT', body: {} })).rejects.toMatchObject({
      status: 402,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Unlock unlimited celebrations' });
    expect(dialog).toHaveClass('upgrade-trial');
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeInTheDocument();
    expect(toastStore.get()).toEqual([]);
  });

  test('after the trial starts from a 402, the refused change is sent again and the success says so', async () => {
    sessionStore.set({ ...TEST_USER, can_change_plan: true });
    renderWithQuery(<ModalHost />);
    let plan: 'free' | 'trial' = 'free';
    const fetch = mockFetch((url) => {
      if (url.pathname === '/sign_up/change_plan') {
        plan = 'trial';
        return jsonResponse({ plan: { state: 'trial' } });
      }
      return plan === 'trial' ? jsonResponse({ ok: true }) : jsonResponse({ error: 'Lottery needs the paid plan.', feature: 'pairing_types', trial_available: true }, 402);
    });
    await api.put('/coffee/7/update_as_json', { pairing_type: 'lottery' }).catch(() => undefined);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByRole('dialog', { name: "You're all set!" })).toHaveTextContent('Your free trial has started. The change you were making is saved too.');
    const saves = fetch.mock.calls.filter(([u]) => String(u).includes('/coffee/7/update_as_json'));
    expect(saves.map(([, init]) => [init?.method, init?.body])).toEqual([
      ['PUT', JSON.stringify({ pairing_type: 'lottery' })],
      ['PUT', JSON.stringify({ pairing_type: 'lottery' })],
    ]);
  });

  test('402 for someone who cannot change the plan offers support', async () => {
    sessionStore.set({ ...TEST_USER, can_change_plan: false });
    renderWithQuery(<ModalHost />);
    mockFetch(() => jsonResponse({ error: 'Premium only' }, 402));
    await api.post('/x').catch(() => undefined);
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Premium' })).toHaveClass('upgrade-contact_support');
    expect(screen.getByRole('button', { name: 'Contact support' })).toBeInTheDocument();
  });
});
