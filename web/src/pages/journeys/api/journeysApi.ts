import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import type {
  ActionItemsAnswer,
  CreateTagAnswer,
  DeleteRoleAnswer,
  DryRunAnswer,
  DryRunQuery,
  EventAnswer,
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
  RoleAnswer,
  RouteFlowType,
  ScheduleEventJson,
  SendTestAnswer,
  SessionsIndex,
  TagDetail,
  TagPresetsIndex,
  TagsIndex,
  TogglePresetAnswer,
  TryInSandboxAnswer,
} from '../../../../../src/journeys/api-types';
import type { addEventBody, createPresetBody, createRoleBody, createTagBody, eventBody, pollBody, rescheduleBody, taskBody, togglePresetBody, updateTagBody } from '../../../../../src/journeys/schema';

/** The shapes of src/journeys/api-types.ts: the server's own types. */
export type * from '../../../../../src/journeys/api-types';

export type Flow = RouteFlowType;

// Request bodies: the input types of the server's route schemas (src/journeys/schema.ts).
/** POST /onboarding/tags (sent as multipart); the page sends preset ids as numbers. */
export type CreateTagBody = z.input<typeof createTagBody> & { onboarding_tag: { preset_ids?: number[] } };
export type UpdateTagBody = z.input<typeof updateTagBody>;
/** PUT /{flow}/events/{id} and POST /{flow}/tags/{id}/events: some of an event's fields. */
export type UpdateEventBody = z.input<typeof eventBody>;
export type EventPatch = UpdateEventBody['onboarding_schedule_event'];
export type CreateRoleBody = z.input<typeof createRoleBody>;
export type TogglePresetBody = z.input<typeof togglePresetBody>;
export type AddPresetEventBody = z.input<typeof addEventBody>;
export type CreatePresetBody = z.input<typeof createPresetBody>;
export type RescheduleBody = z.input<typeof rescheduleBody>;
export type TaskBody = z.input<typeof taskBody>;
export type PollBody = z.input<typeof pollBody>;

const quiet = { toastOnError: false } as const;

/** Every journeys query key, defined once; each starts with journeysKey, so invalidating it refreshes them all. */
export const journeysKey = ['journeys'] as const;
export const journeysKeys = {
  home: ['journeys', 'home'] as const,
  actionItems: ['journeys', 'action_items'] as const,
  tagLists: ['journeys', 'tags'] as const,
  tags: (flow: Flow, showArchived: boolean) => ['journeys', 'tags', flow, showArchived] as const,
  allTags: ['journeys', 'tags', 'all'] as const,
  tag: (flow: Flow, id: string | number) => ['journeys', 'tag', flow, String(id)] as const,
  sessions: (flow: Flow, id: string | number) => ['journeys', 'tag', flow, String(id), 'sessions'] as const,
  tagPresets: (id: string | number) => ['journeys', 'tag', 'onboarding', String(id), 'presets'] as const,
  dryRun: (flow: Flow, id: string | number, query: DryRunQuery | null) => ['journeys', 'tag', flow, String(id), 'dry_run', query] as const,
  draftPreview: (flow: Flow, tagId: number, draft: EventDraft | null) => ['journeys', 'draft-preview', flow, tagId, draft] as const,
  eventPreview: (flow: Flow, eventId: number | null) => ['journeys', 'event-preview', flow, eventId] as const,
  presetCategories: ['journeys', 'preset_categories'] as const,
  presetCategory: (id: string | undefined) => ['journeys', 'preset_categories', id] as const,
  presets: ['journeys', 'presets'] as const,
  presetList: (flowType: FlowType | undefined) => ['journeys', 'presets', flowType ?? 'all'] as const,
  preset: (id: string | undefined) => ['journeys', 'presets', 'one', id] as const,
  presetEvent: (presetId: string | undefined, id: string | undefined) => ['journeys', 'presets', 'one', presetId, 'events', id] as const,
  bundles: (flowType: FlowType | undefined) => ['journeys', 'preset_bundles', flowType ?? 'all'] as const,
  bundle: (id: string | null) => ['journeys', 'preset_bundles', 'one', id] as const,
  prebuilt: (type: QuickSetupType) => ['journeys', 'prebuilt', type] as const,
};
export const tagKey = journeysKeys.tag;
export const sessionsKey = journeysKeys.sessions;

/** GET /onboarding: the journey home (the route table prefetches it). */
export const journeyHomeQuery = queryOptions({ queryKey: journeysKeys.home, queryFn: () => api.get<JourneyHomeAnswer>('/onboarding', quiet) });

/**
 * The journey home's data, as the route table prefetched it. (This module is that prefetch's own chunk: while it
 * uses useQuery too, the bundler keeps TanStack Query's core whole in the entry; without it the core splits into a
 * chunk of its own and the entry goes past its budget by 0.8 kB, see `npm run build`.)
 */
export function useJourneyHome() {
  return useQuery(journeyHomeQuery);
}

export const actionItemsQuery = queryOptions({ queryKey: journeysKeys.actionItems, queryFn: () => api.get<ActionItemsAnswer>('/onboarding/action_items', quiet) });

/** GET /onboarding/tags or /participants/tags (show_archived_tags). */
export const tagsQuery = (flow: Flow, showArchived: boolean) =>
  queryOptions({
    queryKey: journeysKeys.tags(flow, showArchived),
    queryFn: () => api.get<TagsIndex>(`/${flow}/tags`, { query: { show_archived_tags: showArchived ? 1 : undefined }, ...quiet }),
  });

/** Every journey of every flow type (ignore_flow_typable_scope): what enrollment rules can enroll in. */
export const allTagsQuery = queryOptions({
  queryKey: journeysKeys.allTags,
  queryFn: () => api.get<TagsIndex>('/onboarding/tags', { query: { ignore_flow_typable_scope: 1 }, ...quiet }),
});

export const tagQuery = (flow: Flow, id: string | undefined) =>
  queryOptions({
    queryKey: journeysKeys.tag(flow, id ?? ''),
    queryFn: () => api.get<TagDetail>(`/${flow}/tags/${id}`, quiet),
    enabled: Boolean(id),
    // People join and move on in Slack (and the sandbox clock moves) while this page sits in another tab.
    refetchOnWindowFocus: 'always',
  });

export const sessionsQuery = (flow: Flow, id: string | number) =>
  queryOptions({
    queryKey: journeysKeys.sessions(flow, id),
    queryFn: () => api.get<SessionsIndex>(`/${flow}/tags/${id}/sessions`, { query: { state: 'all' }, ...quiet }),
    refetchOnWindowFocus: 'always',
  });

export const dryRunQuery = (flow: Flow, id: string | number, query: DryRunQuery | null) =>
  queryOptions({
    queryKey: journeysKeys.dryRun(flow, id, query),
    queryFn: () => api.get<DryRunAnswer>(`/${flow}/tags/${id}/dry_run`, { query: { ...query }, ...quiet }),
    enabled: query !== null,
  });

/** What the editor's form holds: enough to build its message. */
export type EventDraft = Pick<ScheduleEventJson, 'kind' | 'title' | 'text' | 'poll_options'>;

/** An unsaved event's message as the server would send it (the same builder), while the editor's form changes. */
export const draftPreviewQuery = (flow: Flow, tagId: number, draft: EventDraft | null) =>
  queryOptions({
    queryKey: journeysKeys.draftPreview(flow, tagId, draft),
    queryFn: () => api.post<MessagePreviewJson>(`/${flow}/tags/${tagId}/events/preview`, { onboarding_schedule_event: draft }, quiet),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
  });

/** The message as the server will send it (Block Kit), for the building-block preview. */
export const eventPreviewQuery = (flow: Flow, eventId: number | null) =>
  queryOptions({
    queryKey: journeysKeys.eventPreview(flow, eventId),
    queryFn: () => api.get<MessagePreviewJson>(`/${flow}/events/${eventId}/preview`, quiet),
    enabled: eventId !== null,
  });

export const presetCategoriesQuery = queryOptions({
  queryKey: journeysKeys.presetCategories,
  queryFn: () => api.get<PresetCategoriesIndex>('/onboarding/preset_categories', quiet),
});
export const presetCategoryQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: journeysKeys.presetCategory(id),
    queryFn: () => api.get<PresetCategoryAnswer>(`/onboarding/preset_categories/${id}`, quiet),
    enabled: Boolean(id),
  });
export const presetsQuery = (flowType?: FlowType) =>
  queryOptions({
    queryKey: journeysKeys.presetList(flowType),
    queryFn: () => api.get<PresetsIndex>('/onboarding/presets', { query: { flow_type: flowType }, ...quiet }),
  });
export const presetQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: journeysKeys.preset(id),
    queryFn: () => api.get<PresetAnswer>(`/onboarding/presets/${id}`, quiet),
    enabled: Boolean(id),
  });
export const presetEventQuery = (presetId: string | undefined, id: string | undefined) =>
  queryOptions({
    queryKey: journeysKeys.presetEvent(presetId, id),
    queryFn: () => api.get<PresetEventAnswer>(`/onboarding/presets/${presetId}/events/${id}`, quiet),
    enabled: Boolean(presetId && id),
  });
export const tagPresetsQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: journeysKeys.tagPresets(id ?? ''),
    queryFn: () => api.get<TagPresetsIndex>(`/onboarding/tags/${id}/presets`, quiet),
    enabled: Boolean(id),
  });
export const presetBundlesQuery = (flowType?: FlowType) =>
  queryOptions({
    queryKey: journeysKeys.bundles(flowType),
    queryFn: () => api.get<PresetBundlesIndex>('/onboarding/preset_bundles', { query: { flow_type: flowType }, ...quiet }),
  });
export const presetBundleQuery = (id: string | null) =>
  queryOptions({
    queryKey: journeysKeys.bundle(id),
    queryFn: () => api.get<PresetBundleAnswer>(`/onboarding/preset_bundles/${id}`, quiet),
    enabled: Boolean(id),
  });
export const prebuiltJourneysQuery = (type: QuickSetupType) =>
  queryOptions({
    queryKey: journeysKeys.prebuilt(type),
    queryFn: () => api.get<PrebuiltJourneysIndex>('/prebuilt_journeys', { query: { quick_setup_type: type }, ...quiet }),
  });

// ---------------------------------------------------------------------------------------------------------------
// Mutations

/** POST /onboarding/tags is multipart (programs.md §7): channel_id, onboarding_tag[…] and source. */
function createTagForm(body: CreateTagBody): FormData {
  const form = new FormData();
  if (body.channel_id) form.append('channel_id', body.channel_id);
  const tag = body.onboarding_tag;
  form.append('onboarding_tag[name]', tag.name);
  form.append('onboarding_tag[flow_type]', tag.flow_type);
  if (tag.preset_bundle_id) form.append('onboarding_tag[preset_bundle_id]', String(tag.preset_bundle_id));
  for (const id of tag.preset_ids ?? []) form.append('onboarding_tag[preset_ids][]', String(id));
  if (tag.auto_enroll !== undefined) form.append('onboarding_tag[auto_enroll]', tag.auto_enroll ? 'true' : 'false');
  if (body.source) form.append('source', body.source);
  return form;
}

/** Creates a journey (one click, a template, or the bundle wizard); the journey lists and the home refresh. */
export function useCreateJourney() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTagBody) => api.post<CreateTagAnswer>('/onboarding/tags', createTagForm(body)),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: journeysKeys.tagLists }), client.invalidateQueries({ queryKey: journeysKeys.home })]),
  });
}

/** Changes a journey's settings (archiving among them). */
export function useUpdateTag(flow: Flow, tagId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTagBody) => api.put(`/${flow}/tags/${tagId}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: journeysKey }),
  });
}

/** After an upgrade: turns on the messages the free plan held back, in one step (a 402 on the free plan opens the upgrade dialog, which redoes it). */
export function useTurnOnHeldMessages(flow: Flow, tagId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ events: ScheduleEventJson[] }>(`/${flow}/tags/${tagId}/turn_on_held_messages`),
    onSuccess: () => client.invalidateQueries({ queryKey: tagKey(flow, tagId) }),
  });
}

/** One event's calls: PUT a patch, and (for the journey's events) duplicate, add and send a test. Errors are the caller's to tell. */
export const eventCalls = {
  update: (flow: Flow, id: number, patch: EventPatch) => api.put<EventAnswer>(`/${flow}/events/${id}`, { onboarding_schedule_event: patch }, quiet),
  duplicate: (flow: Flow, tagId: string | number, id: number) => api.post<EventAnswer>(`/${flow}/tags/${tagId}/events/${id}/duplicate_as_json`, undefined, quiet),
  add: (flow: Flow, tagId: string | number, event: EventPatch) => api.post<EventAnswer>(`/${flow}/tags/${tagId}/events`, { onboarding_schedule_event: event }, quiet),
  sendTest: (flow: Flow, tagId: string | number, id: number) => api.post<SendTestAnswer>(`/${flow}/tags/${tagId}/events/${id}/send_test`, undefined, quiet),
};

/** One person's session events: turn one off, move it, send it now. */
export const sessionEventCalls = {
  remove: (flow: Flow, id: number) => api.delete(`/${flow}/session_events/${id}`, quiet),
  reschedule: (flow: Flow, id: number, body: RescheduleBody) => api.put(`/${flow}/session_events/${id}`, body, quiet),
  trigger: (flow: Flow, id: number) => api.post(`/${flow}/session_events/${id}/trigger`),
};

/** Sends events now, one after the other (journeys.md §4: trigger sequentially); stops at the first failure. */
export function useTriggerSessionEvents(flow: Flow) {
  return useMutation({
    mutationFn: async ({ ids, onEach }: { ids: number[]; onEach?: (id: number) => void }) => {
      for (const id of ids) {
        onEach?.(id);
        await sessionEventCalls.trigger(flow, id);
      }
    },
  });
}

/** Adds a new role to a journey (tag_id). */
export function useCreateRole() {
  return useMutation({ mutationFn: (body: CreateRoleBody) => api.post<RoleAnswer>('/onboarding/roles', body, quiet) });
}

/** Removes a role from a journey; the journey refreshes. */
export function useDeleteRole(flow: Flow, tagId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roleId: number) => api.delete<DeleteRoleAnswer>(`/onboarding/roles/${roleId}`, { query: { tag_id: tagId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: tagKey(flow, tagId) }),
  });
}

/** Adds a preset to a journey, or takes it out (its events are deactivated); the journeys refresh either way. */
export function useTogglePreset(tagId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ presetId, body }: { presetId: number; body: TogglePresetBody }) => api.put<TogglePresetAnswer>(`/onboarding/tags/${tagId}/presets/${presetId}`, body, quiet),
    onSettled: () => client.invalidateQueries({ queryKey: journeysKey }),
  });
}

/** Adds one item of a preset to a journey. */
export function useAddPresetEvent(tagId: string, presetId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPresetEventBody) => api.post<EventAnswer>(`/onboarding/tags/${tagId}/presets/${presetId}/add_event`, body, quiet),
    onSettled: () => client.invalidateQueries({ queryKey: journeysKey }),
  });
}

/** Creates a workspace's own preset; the preset lists refresh. */
export function useCreatePreset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePresetBody) => api.post<PresetAnswer>('/onboarding/presets', body, quiet),
    onSuccess: () => client.invalidateQueries({ queryKey: journeysKeys.presets }),
  });
}

/** Puts a sandbox person on the journey (the sandbox then plays it). */
export function useTryInSandbox(flow: Flow, tagId: number) {
  return useMutation({ mutationFn: () => api.post<TryInSandboxAnswer>(`/${flow}/tags/${tagId}/try_in_sandbox`, {}) });
}

/**
 * A participant completing a task or answering a poll (source site): My action items and the journey hub (which
 * passes `refresh` for what it shows too). My action items refresh either way: a failure may mean it had changed.
 */
export function useActionItemCalls(refresh?: (what: 'tasks' | 'polls') => Promise<unknown>) {
  const client = useQueryClient();
  const settled = (what: 'tasks' | 'polls') => Promise.all([client.invalidateQueries({ queryKey: journeysKeys.actionItems }), refresh?.(what)]);
  const completeTask = useMutation({
    mutationFn: (id: number) => api.put(`/onboarding/task_assignments/${id}`, { task_assignment: { state: 'complete' }, source: 'site' } satisfies TaskBody),
    onSettled: () => settled('tasks'),
  });
  const answerPoll = useMutation({
    mutationFn: ({ id, index }: { id: number; index: number }) => api.post(`/onboarding/poll_responses/${id}/answer`, { answer_index: index, source: 'site' } satisfies PollBody),
    onSettled: () => settled('polls'),
  });
  return { completeTask, answerPoll };
}
