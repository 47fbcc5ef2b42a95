import { useQuery } from '@tanstack/react-query';
import { createStore } from '../kit/createStore';
import { api, setCsrfToken } from './client';
import type { CurrentUser } from './types';

/**
 * The signed-in member as last loaded, for code outside React (the 402 handler picks the upgrade variant). It lives
 * here, beside the query that sets it, so that the upgrade dialog (a lazy shell chunk using TanStack Query) imports
 * this module: see layout/layoutApi.ts for why that keeps the query core in the entry.
 */
export const sessionStore = createStore<CurrentUser | null>(null);

export const CURRENT_USER_KEY = ['currentUser'] as const;

export async function fetchCurrentUser(): Promise<CurrentUser> {
  const user = await api.get<CurrentUser>('/users/show_as_json');
  setCsrfToken(user.csrf_token);
  sessionStore.set(user);
  return user;
}

/** The signed-in member (GET /users/show_as_json). A 401 sends the visitor to sign in. */
export function useCurrentUser() {
  return useQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser, staleTime: 5 * 60_000 });
}
