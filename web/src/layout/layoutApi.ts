import { api } from '../api/client';

// The shell's calls are plain functions, not useMutation hooks: the user menu loads beside every page, and a shell
// chunk using useMutation makes the build split TanStack Query out of the entry (1 kB over the entry's budget).

/** Ends the session (a failure is the API client's toast). */
export const signOut = () => api.post('/auth/sign_out', undefined);

/** Moves the session to another of the person's workspaces; the answer says where to go. */
export const switchWorkspace = (teamId: string) => api.post<{ redirect_url?: string }>('/auth/switch_workspace', { team_id: teamId });
