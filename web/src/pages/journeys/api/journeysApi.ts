import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type {
  ActionItemsAnswer,
  DryRunAnswer,
  DryRunQuery,
  FlowType,
  JourneyHomeAnswer,
  MessagePreviewJson,
  PrebuiltJourneysIndex,
  PresetAnswer,
  PresetBundleAnswer,
  PresetBundlesIndex,
  PresetCategoriesIndex,
  PresetCategoryAnswer,
  PresetEventAnswer,
  PresetsIndex,
  QuickSetupType,
  RouteFlowType,
  ScheduleEventJson,
  SessionsIndex,
  TagDetail,
  TagPresetsIndex,
  TagsIndex,
} from '../../../../../src/journeys/api-types';

/** The shapes of src/journeys/api-types.ts: the server's own types. */
export type * from '../../../../../src/journeys/api-types';

export type Flow = RouteFlowType;

export const journeysKey = ['journeys'] as const;
export const tagsKey = (flow: Flow, showArchived: boolean) => ['journeys', 'tags', flow, showArchived] as const;
export const tagKey = (flow: Flow, id: string | number) => ['journeys', 'tag', flow, String(id)] as const;
export const sessionsKey = (flow: Flow, id: string | number) => ['journeys', 'tag', flow, String(id), 'sessions'] as const;
export const tagPresetsKey = (id: string | number) => ['journeys', 'tag', 'onboarding', String(id), 'presets'] as const;

/** After an upgrade: turns on the messages the free plan held back, in one step (a 402 on the free plan opens the upgrade dialog, which redoes it). */
export function useTurnOnHeldMessages(flow: Flow, tagId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ events: ScheduleEventJson[] }>(`/${flow}/tags/${tagId}/turn_on_held_messages`),
    onSuccess: () => client.invalidateQueries({ queryKey: tagKey(flow, tagId) }),
  });
}

/** GET /onboarding: the journey home (the route table prefetches it). */
export const journeyHomeQuery = queryOptions({ queryKey: ['journeys', 'home'], queryFn: () => api.get<JourneyHomeAnswer>('/onboarding', { toastOnError: false }) });

export function useJourneyHome() {
  return useQuery(journeyHomeQuery);
}

export function useActionItems() {
  return useQuery({ queryKey: ['journeys', 'action_items'], queryFn: () => api.get<ActionItemsAnswer>('/onboarding/action_items', { toastOnError: false }) });
}

/** GET /onboarding/tags or /participants/tags (show_archived_tags). */
export function useTags(flow: Flow, showArchived: boolean) {
  return useQuery({
    queryKey: tagsKey(flow, showArchived),
    queryFn: () => api.get<TagsIndex>(`/${flow}/tags`, { query: { show_archived_tags: showArchived ? 1 : undefined }, toastOnError: false }),
  });
}

export function useTag(flow: Flow, id: string | undefined) {
  return useQuery({
    queryKey: tagKey(flow, id ?? ''),
    queryFn: () => api.get<TagDetail>(`/${flow}/tags/${id}`, { toastOnError: false }),
    enabled: Boolean(id),
  });
}

export function useSessions(flow: Flow, id: string | number) {
  return useQuery({
    queryKey: sessionsKey(flow, id),
    queryFn: () => api.get<SessionsIndex>(`/${flow}/tags/${id}/sessions`, { query: { state: 'all' }, toastOnError: false }),
  });
}

export function useDryRun(flow: Flow, id: string | number, query: DryRunQuery | null) {
  return useQuery({
    queryKey: ['journeys', 'tag', flow, String(id), 'dry_run', query],
    queryFn: () => api.get<DryRunAnswer>(`/${flow}/tags/${id}/dry_run`, { query: { ...query }, toastOnError: false }),
    enabled: query !== null,
  });
}

/** What the editor's form holds: enough to build its message. */
export type EventDraft = Pick<ScheduleEventJson, 'kind' | 'title' | 'text' | 'poll_options'>;

/** An unsaved event's message as the server would send it (the same builder), while the editor's form changes. */
export function useDraftPreview(flow: Flow, tagId: number, draft: EventDraft | null) {
  return useQuery({
    queryKey: ['journeys', 'draft-preview', flow, tagId, draft],
    queryFn: () => api.post<MessagePreviewJson>(`/${flow}/tags/${tagId}/events/preview`, { onboarding_schedule_event: draft }, { toastOnError: false }),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
  });
}

/** The message as the server will send it (Block Kit), for the building-block preview. */
export function useEventPreview(flow: Flow, eventId: number | null) {
  return useQuery({
    queryKey: ['journeys', 'event-preview', flow, eventId],
    queryFn: () => api.get<MessagePreviewJson>(`/${flow}/events/${eventId}/preview`, { toastOnError: false }),
    enabled: eventId !== null,
  });
}

export function usePresetCategories() {
  return useQuery({ queryKey: ['journeys', 'preset_categories'], queryFn: () => api.get<PresetCategoriesIndex>('/onboarding/preset_categories', { toastOnError: false }) });
}
export function usePresetCategory(id: string | undefined) {
  return useQuery({
    queryKey: ['journeys', 'preset_categories', id],
    queryFn: () => api.get<PresetCategoryAnswer>(`/onboarding/preset_categories/${id}`, { toastOnError: false }),
    enabled: Boolean(id),
  });
}
export function usePresets(flowType?: FlowType) {
  return useQuery({
    queryKey: ['journeys', 'presets', flowType ?? 'all'],
    queryFn: () => api.get<PresetsIndex>('/onboarding/presets', { query: { flow_type: flowType }, toastOnError: false }),
  });
}
export function usePreset(id: string | undefined) {
  return useQuery({
    queryKey: ['journeys', 'presets', 'one', id],
    queryFn: () => api.get<PresetAnswer>(`/onboarding/presets/${id}`, { toastOnError: false }),
    enabled: Boolean(id),
  });
}
export function usePresetEvent(presetId: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: ['journeys', 'presets', 'one', presetId, 'events', id],
    queryFn: () => api.get<PresetEventAnswer>(`/onboarding/presets/${presetId}/events/${id}`, { toastOnError: false }),
    enabled: Boolean(presetId && id),
  });
}
export function useTagPresets(id: string | undefined) {
  return useQuery({
    queryKey: tagPresetsKey(id ?? ''),
    queryFn: () => api.get<TagPresetsIndex>(`/onboarding/tags/${id}/presets`, { toastOnError: false }),
    enabled: Boolean(id),
  });
}
export function usePresetBundles(flowType?: FlowType) {
  return useQuery({
    queryKey: ['journeys', 'preset_bundles', flowType ?? 'all'],
    queryFn: () => api.get<PresetBundlesIndex>('/onboarding/preset_bundles', { query: { flow_type: flowType }, toastOnError: false }),
  });
}
export function usePresetBundle(id: string | null) {
  return useQuery({
    queryKey: ['journeys', 'preset_bundles', 'one', id],
    queryFn: () => api.get<PresetBundleAnswer>(`/onboarding/preset_bundles/${id}`, { toastOnError: false }),
    enabled: Boolean(id),
  });
}
export function usePrebuiltJourneys(type: QuickSetupType) {
  return useQuery({
    queryKey: ['journeys', 'prebuilt', type],
    queryFn: () => api.get<PrebuiltJourneysIndex>('/prebuilt_journeys', { query: { quick_setup_type: type }, toastOnError: false }),
  });
}
