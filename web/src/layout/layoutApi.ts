import { useMutation } from '@tanstack/react-query';
import { api } from '../api/client';

// The user menu is a chunk the shell loads lazily. A lazy shell chunk that uses TanStack Query must also import
// api/currentUser (the menu reads the member with useCurrentUser; the upgrade dialog its sessionStore): one that
// reaches the query core without the useQuery modules makes rolldown split that core out of the entry into a chunk
// of its own (measured 99.9 → 100.6 kB gzip for this menu, 100.8 kB with the upgrade dialog too; budget 100 kB).

/** POST /auth/sign_out: ends the session (a failure is the API client's toast). */
export function useSignOut() {
  return useMutation({ mutationFn: () => api.post('/auth/sign_out', undefined) });
}

/** POST /auth/switch_workspace: moves the session to another of the person's workspaces; the answer says where to go. */
export function useSwitchWorkspace() {
  return useMutation({ mutationFn: (teamId: string) => api.post<{ redirect_url?: string }>('/auth/switch_workspace', { team_id: teamId }) });
}
