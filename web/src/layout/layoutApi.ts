import { useMutation } from '@tanstack/react-query';
import { api } from '../api/client';
import { browser } from '../api/browser';

/** Signs out, then to Sign in with Slack (a failure is the API client's toast). */
export function useSignOut() {
  return useMutation({ mutationFn: () => api.post('/auth/sign_out', undefined), onSuccess: () => browser.assign('/auth/slack') });
}

/** Moves the session to another of the person's workspaces, then to where the server says. */
export function useSwitchWorkspace() {
  return useMutation({
    mutationFn: (teamId: string) => api.post<{ redirect_url?: string }>('/auth/switch_workspace', { team_id: teamId }),
    onSuccess: (answer) => browser.assign(answer.redirect_url ?? '/'),
  });
}
