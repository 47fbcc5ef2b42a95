import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { HrisIdentityJson, IntegrationsOverviewJson } from '../../../../src/integrations/api-types';

export type {
  DirectIdentityJson,
  HrisIdentityJson,
  HrisProgramTypeJson,
  HrisSyncableJson,
  IntegratableProgramJson,
  IntegrationsOverviewJson,
  LinkTokenJson,
  MemberIdentityJson,
  CalendarProviderJson,
} from '../../../../src/integrations/api-types';
export { CALENDAR_NOT_LINKED_TEXT, HRIS_NOT_LINKED_TEXT, VIDEO_NOT_LINKED_TEXT, HRIS_PROGRAM_TYPES } from '../../../../src/integrations/api-constants';

export const OVERVIEW_KEY = ['integrations', 'overview'] as const;
export const hrisKey = (id: number) => ['integrations', 'hris', id] as const;

export function useIntegrationsOverview() {
  return useQuery({ queryKey: OVERVIEW_KEY, queryFn: () => api.get<IntegrationsOverviewJson>('/integrations/overview_as_json', { toastOnError: false }) });
}

export const showHris = (id: number, signal?: AbortSignal) => api.get<{ hris_identity: HrisIdentityJson }>(`/hris/${id}/show_as_json`, { signal, toastOnError: false }).then((r) => r.hris_identity);

/** The HR system's state as the page says it. */
export const HRIS_STATE_TEXT: Record<HrisIdentityJson['state'], string> = {
  pending: 'Syncing…',
  active: 'Connected',
  relink_needed: 'Needs relinking',
  deactivated: 'Disconnected',
};

export const PROVIDER_LABEL = { google: 'Google Calendar', microsoft: 'Microsoft Outlook', zoom: 'Zoom' } as const;
export const PROGRAM_TYPE_LABEL = { celebrations: 'Celebrations', onboarding: 'Onboarding journeys', intros: 'Intros' } as const;
