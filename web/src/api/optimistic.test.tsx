import '../test/setup';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { toastStore } from '../kit/toast/store';
import { jsonResponse, mockFetch, testQueryClient } from '../test/utils';
import { api } from './client';
import { useOptimisticMutation } from './optimistic';

type Events = { id: number; active: boolean }[];

function setup(status: number) {
  const client = testQueryClient();
  client.setQueryData<Events>(['events'], [{ id: 1, active: true }]);
  mockFetch(() => jsonResponse(status < 300 ? { ok: true } : { error: 'Could not deactivate' }, status));
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(
    () =>
      useOptimisticMutation<number, unknown, Events>({
        queryKey: ['events'],
        mutationFn: (id) => api.delete(`/onboarding/session_events/${id}`),
        apply: (old, id) => old?.map((e) => (e.id === id ? { ...e, active: false } : e)),
        invalidate: false,
      }),
    { wrapper },
  );
  return { client, result };
}

describe('useOptimisticMutation', () => {
  test('applies the change at once and keeps it on success', async () => {
    const { client, result } = setup(200);
    act(() => result.current.mutate(1));
    await waitFor(() => expect(client.getQueryData(['events'])).toEqual([{ id: 1, active: false }]));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(client.getQueryData(['events'])).toEqual([{ id: 1, active: false }]);
  });

  test('reverts on failure and the server error is toasted', async () => {
    const { client, result } = setup(500);
    act(() => result.current.mutate(1));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(client.getQueryData(['events'])).toEqual([{ id: 1, active: true }]);
    expect(toastStore.get().map((t) => t.text)).toEqual(['Could not deactivate']);
  });
});
