import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { CURRENT_USER_KEY } from '../../api/currentUser';
import type { completeBody, createIntegrationBody, directIdentityBody, providerBody, syncablesBody, updateHrisBody } from '../../../../src/integrations/schema';
import type { DirectIdentityJson, HrisIdentityJson, IntegratableProgramJson, IntegrationsOverviewJson, LinkTokenJson } from '../../../../src/integrations/api-types';

export type {
  DirectIdentityJson,
  HrisIdentityJson,
  HrisProgramTypeJson,
  IntegratableProgramJson,
  IntegrationsOverviewJson,
  LinkTokenJson,
  MemberIdentityJson,
  CalendarProviderJson,
} from '../../../../src/integrations/api-types';
export { CALENDAR_NOT_LINKED_TEXT, HRIS_NOT_LINKED_TEXT, VIDEO_NOT_LINKED_TEXT, HRIS_PROGRAM_TYPES } from '../../../../src/integrations/api-constants';

/** The integrations page's query keys, in one place. */
export const integrationsKeys = {
  overview: ['integrations', 'overview'] as const,
  hris: (id: number) => ['integrations', 'hris', id] as const,
  hrisPrograms: ['integrations', 'hris-programs'] as const,
  directIdentity: (id: number) => ['integrations', 'direct', id] as const,
};

type HrisAnswer = { hris_identity: HrisIdentityJson };
type DirectAnswer = { direct_integration_identity: DirectIdentityJson };

export const overviewQuery = queryOptions({ queryKey: integrationsKeys.overview, queryFn: () => api.get<IntegrationsOverviewJson>('/integrations/overview_as_json', { toastOnError: false }) });

export function useIntegrationsOverview() {
  return useQuery(overviewQuery);
}

/** The HR system's identity (polled every 30 s while it syncs). */
export const hrisQuery = (id: number) =>
  queryOptions({ queryKey: integrationsKeys.hris(id), queryFn: ({ signal }) => api.get<HrisAnswer>(`/hris/${id}/show_as_json`, { signal, toastOnError: false }).then((r) => r.hris_identity) });

export const hrisProgramsQuery = queryOptions({
  queryKey: integrationsKeys.hrisPrograms,
  queryFn: () => api.get<{ programs: IntegratableProgramJson[] }>('/hris/integratable_programs_as_json', { toastOnError: false }).then((r) => r.programs),
});

/** An applicant tracking key being checked (polled every 5 s until validated, active or refused). */
export const directIdentityQuery = (id: number) =>
  queryOptions({
    queryKey: integrationsKeys.directIdentity(id),
    queryFn: ({ signal }) => api.get<DirectAnswer>(`/direct_integration_identities/${id}`, { signal, toastOnError: false }).then((r) => r.direct_integration_identity),
  });

/** A new or changed HR identity goes into its query and the overview. */
function useStoreHris() {
  const client = useQueryClient();
  return (identity: HrisIdentityJson) => {
    client.setQueryData(integrationsKeys.hris(identity.id), identity);
    void client.invalidateQueries({ queryKey: integrationsKeys.overview });
  };
}

/** The link token, then (in the page) the provider's link dialog. The page shows the error where the button is. */
export function useCreateLinkToken() {
  return useMutation({ mutationFn: () => api.post<LinkTokenJson>('/hris/create_link_token_as_json', undefined, { toastOnError: false }) });
}

export function useCreateHris() {
  const store = useStoreHris();
  return useMutation({
    mutationFn: (body: z.input<typeof createIntegrationBody>) => api.post<HrisAnswer>('/hris/create_integration_as_json', body, { toastOnError: false }).then((r) => r.hris_identity),
    onSuccess: store,
  });
}

/** A new owner for the HR system (a refusal is the API client's toast). */
export function useUpdateHrisOwner(id: number) {
  const store = useStoreHris();
  return useMutation({ mutationFn: (body: z.input<typeof updateHrisBody>) => api.put<HrisAnswer>(`/hris/${id}/update_as_json`, body).then((r) => r.hris_identity), onSuccess: store });
}

export function useSaveSyncables(id: number) {
  const store = useStoreHris();
  return useMutation({ mutationFn: (body: z.input<typeof syncablesBody>) => api.post<HrisAnswer>(`/hris/${id}/create_syncables_as_json`, body).then((r) => r.hris_identity), onSuccess: store });
}

/** Saves an applicant tracking key and asks for its first check (the answer is the identity as checked so far). */
export function useConnectAts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof directIdentityBody>) => {
      const created = (await api.post<DirectAnswer>('/direct_integration_identities', body, { toastOnError: false })).direct_integration_identity;
      return (await api.get<DirectAnswer>(`/direct_integration_identities/${created.id}/validate`, { toastOnError: false })).direct_integration_identity;
    },
    onSuccess: (identity) => {
      client.setQueryData(integrationsKeys.directIdentity(identity.id), identity);
      void client.invalidateQueries({ queryKey: integrationsKeys.overview });
    },
  });
}

/** The provider's consent page to go to (the page goes there). */
export function useAuthorizeCalendar() {
  return useMutation({ mutationFn: (body: z.input<typeof providerBody>) => api.post<{ authorize_url: string }>('/users/integrations/authorize_as_json', body) });
}

/** Calendars change what the member's own session says (their linked accounts): both are read again. */
function useRefreshLinked() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: integrationsKeys.overview }), client.invalidateQueries({ queryKey: CURRENT_USER_KEY })]);
}

export function useUnlinkCalendar() {
  const refresh = useRefreshLinked();
  return useMutation({ mutationFn: (body: z.input<typeof providerBody>) => api.delete('/users/integrations/destroy_as_json', { body }), onSuccess: refresh });
}

export function useCompleteCalendarLink() {
  const refresh = useRefreshLinked();
  return useMutation({ mutationFn: (body: z.input<typeof completeBody>) => api.post('/users/integrations/complete_as_json', body, { toastOnError: false }), onSuccess: refresh });
}

/** The sandbox's stand-in for Merge Link: "sign in" to Sandbox HR, answered with a public token. */
export function useSandboxHrisLink() {
  return useMutation({ mutationFn: (linkToken: string) => api.post<{ public_token: string }>('/sandbox/merge/api/link', { link_token: linkToken }, { toastOnError: false }).then((r) => r.public_token) });
}

/** The sandbox's stand-in consent page: allow, answered with where the provider would send the member back. */
export function useSandboxOAuthAllow(provider: string) {
  return useMutation({
    mutationFn: (body: { client_id: string | null; redirect_uri: string; state: string }) => api.post<{ redirect_to: string }>(`/sandbox/oauth/${provider}/code`, body, { toastOnError: false }).then((r) => r.redirect_to),
  });
}

/** The HR system's state as the page says it. */
export const HRIS_STATE_TEXT: Record<HrisIdentityJson['state'], string> = {
  pending: 'Syncing…',
  active: 'Connected',
  relink_needed: 'Needs relinking',
  deactivated: 'Disconnected',
};

export const PROVIDER_LABEL = { google: 'Google Calendar', microsoft: 'Microsoft Outlook', zoom: 'Zoom' } as const;
export const PROGRAM_TYPE_LABEL = { celebrations: 'Celebrations', onboarding: 'Onboarding journeys', intros: 'Intros' } as const;
