import { api } from '../api/client';

// The shell's calls are plain functions, not useMutation hooks: the user menu loads beside every page, and a shell
// chunk importing TanStack Query at all (even useQueryClient alone, even behind a further lazy()) makes rolldown move
// the query core the entry already holds (QueryClientProvider, utils, notifyManager…, 3.0 kB gzip) into a shared
// chunk the entry imports: measured 99.8 → 100.65 kB for this menu on useMutation (budget 100 kB).

/** Ends the session (a failure is the API client's toast). */
export const signOut = () => api.post('/auth/sign_out', undefined);

/** Moves the session to another of the person's workspaces; the answer says where to go. */
export const switchWorkspace = (teamId: string) => api.post<{ redirect_url?: string }>('/auth/switch_workspace', { team_id: teamId });
