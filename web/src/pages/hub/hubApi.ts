import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { useActionItemCalls } from '../journeys/api/journeysApi';
import type { HubFrameData, HubModuleData, HubSiteAnswer, HubSiteJson } from '../../../../src/hub/api-types';
import type { siteBody } from '../../../../src/hub/schema';

/** The shapes of src/hub/api-types.ts: the server's own types. */
export type * from '../../../../src/hub/api-types';
export { HUB_LIMITS, MODULE_LABELS, SITE_SAVE_ERROR } from '../../../../src/hub/api-constants';

export type Flow = 'onboarding' | 'participants';
export type DataModule = keyof HubModuleData;
/** PUT on the site path: the server schema's input type. */
export type HubSiteBody = z.input<typeof siteBody>;

/** Every hub query key, defined once. */
export const hubKeys = {
  session: (sessionId: string) => ['hub', sessionId] as const,
  module: (sessionId: string, module: 'site' | DataModule) => ['hub', sessionId, module] as const,
  site: (flow: Flow, tagId: string) => ['hub', 'site', flow, tagId] as const,
};

/** GET /site/{sessionId}/data?module=…: the frame ('site') or one module's data. */
const data = <T>(sessionId: string, module: 'site' | DataModule) => api.get<T>(`/site/${sessionId}/data`, { query: { module }, toastOnError: false });

export const hubFrameQuery = (sessionId: string) =>
  queryOptions({ queryKey: hubKeys.module(sessionId, 'site'), queryFn: () => data<HubFrameData>(sessionId, 'site'), retry: false });

export const hubModuleQuery = <K extends DataModule>(sessionId: string, module: K, enabled: boolean) =>
  queryOptions({ queryKey: hubKeys.module(sessionId, module), queryFn: () => data<HubModuleData[K]>(sessionId, module), enabled });

/** Completing a task or answering a poll from the hub: Journeys' own calls (source site); the module refreshes. */
export function useHubActions(sessionId: string) {
  const client = useQueryClient();
  return useActionItemCalls((module) => client.invalidateQueries({ queryKey: hubKeys.module(sessionId, module) }));
}

export const siteQuery = (flow: Flow, tagId: string) =>
  queryOptions({ queryKey: hubKeys.site(flow, tagId), queryFn: () => api.get<HubSiteAnswer>(`/${flow}/tags/${tagId}/site`, { toastOnError: false }) });

/** PUT on the site path with the template and the published flag. */
export function useSaveSite(flow: Flow, tagId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HubSiteBody) => api.put<{ site: HubSiteJson }>(`/${flow}/tags/${tagId}/site`, body, { toastOnError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: hubKeys.site(flow, tagId) }),
  });
}
