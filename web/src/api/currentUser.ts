import { useQuery } from '@tanstack/react-query';
import { api, setCsrfToken } from './client';
import { sessionStore } from './session';
import type { CurrentUser } from './types';

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
