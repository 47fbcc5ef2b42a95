import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { useOptimisticMutation } from '../../api/optimistic';
import { formatDay as kitFormatDay, formatTime } from '../../kit';

/** The shapes of GET /watercooler/{id} and friends: the server's own types. */
export type * from '../../../../src/watercooler/api-types';
import type { PackJson, QueueItemJson, SuggestionJson, WatercoolerJson } from '../../../../src/watercooler/api-types';

/** programs.md §8. */
export const SAVE_ERROR_TEXT = 'Error saving settings. Please try again.';

export type WatercoolerAnswer = { watercooler: WatercoolerJson };

export const watercoolerKey = (id: string | number) => ['watercooler', String(id)] as const;
export const packsLibraryKey = (id: string | number) => ['watercooler', String(id), 'packs'] as const;
const suggestionsKey = (path: string, limit: number) => ['watercooler', 'suggestions', path, limit] as const;

export function useWatercooler(id: string) {
  return useQuery({
    queryKey: watercoolerKey(id),
    queryFn: async () => (await api.get<WatercoolerAnswer>(`/watercooler/${id}`, { toastOnError: false })).watercooler,
  });
}

export function usePacksLibrary(id: string) {
  return useQuery({
    queryKey: packsLibraryKey(id),
    queryFn: async () => (await api.get<{ packs: PackJson[] }>(`/watercooler/${id}/packs_library_as_json`, { toastOnError: false })).packs,
  });
}

/** GET …/suggest_prompts_as_json (the watercooler's or a pack's): prompt ideas not in use yet. */
export const suggestionsQuery = (path: string, limit: number) =>
  queryOptions({
    queryKey: suggestionsKey(path, limit),
    queryFn: async () => (await api.get<{ prompts: SuggestionJson[] }>(path, { query: { limit }, toastOnError: false })).prompts,
  });

/** POST /watercooler/{id}/send_prompt_as_json: posts the next prompt now (the page then polls useSendNowStatus). */
export function useSendPromptNow(id: string) {
  return useMutation({ mutationFn: () => api.post(`/watercooler/${id}/send_prompt_as_json`, {}) });
}

/** A write's answer: the whole watercooler (most of them), and the pack for a new pack. */
export type WatercoolerWriteAnswer = Partial<WatercoolerAnswer> & { pack?: PackJson };

/**
 * The writes that answer with the whole watercooler, by name; a component runs one with useWatercoolerWrite
 * (`write.mutate(() => requests.addPrompt(text))`), so the requests stay here.
 */
export function watercoolerRequests(id: string) {
  const watercooler_id = Number(id);
  return {
    /** PUT /watercooler/{id}/update_as_json with part of the settings. */
    update: (watercooler: Record<string, unknown>) => api.put<WatercoolerWriteAnswer>(`/watercooler/${id}/update_as_json`, { watercooler }, { errorText: SAVE_ERROR_TEXT }),
    /** Pin or skip a queued prompt (on), or undo it. */
    adjust: (prompt_id: number, kind: 'skip' | 'pin', on: boolean) =>
      on
        ? api.post<WatercoolerWriteAnswer>(`/watercooler/${id}/prompt_adjustments/create_as_json`, { prompt_id, kind })
        : api.delete<WatercoolerWriteAnswer>(`/watercooler/${id}/prompt_adjustments/destroy_as_json`, { body: { prompt_id, kind } }),
    addPrompt: (text: string) => api.post<WatercoolerWriteAnswer>('/watercooler_prompts/create_as_json', { watercooler_id, watercooler_prompt: { text } }),
    /** Chosen ideas, under their pack when they all come from one. */
    addPrompts: (chosen: SuggestionJson[]) =>
      api.post<WatercoolerWriteAnswer>('/watercooler_prompts/bulk_create_as_json', {
        watercooler_id,
        pack_id: chosen.every((c) => c.pack_id === chosen[0]?.pack_id) ? (chosen[0]?.pack_id ?? null) : null,
        watercooler_prompts: chosen.map((c) => ({ text: c.text })),
      }),
    savePrompt: (promptId: number, text: string) => api.put<WatercoolerWriteAnswer>(`/watercooler_prompts/${promptId}/update_as_json`, { watercooler_id, watercooler_prompt: { text } }),
    deletePrompt: (promptId: number) => api.delete<WatercoolerWriteAnswer>(`/watercooler_prompts/${promptId}/destroy_as_json`, { body: { watercooler_id } }),
    /** Draw from a pack, or stop. */
    subscribe: (pack: Pick<PackJson, 'id' | 'subscribed'>) => {
      const path = `/watercooler/${id}/watercooler_packs_watercoolers/${pack.subscribed ? 'destroy_as_json' : 'create_as_json'}`;
      return pack.subscribed ? api.delete<WatercoolerWriteAnswer>(path, { body: { pack_id: pack.id } }) : api.post<WatercoolerWriteAnswer>(path, { pack_id: pack.id });
    },
    createPack: (watercooler_pack: { name: string; emoji: string; description: string; prompts: string[] }) =>
      api.post<WatercoolerWriteAnswer>('/watercooler_packs/create_as_json', { watercooler_id, watercooler_pack }),
  };
}

/** One mutation for the writes of watercoolerRequests: the answer goes into the cache (see useStoreWatercooler). */
export function useWatercoolerWrite(id: string, options: { library?: boolean } = {}) {
  const store = useStoreWatercooler(id);
  return useMutation({
    mutationFn: (request: () => Promise<WatercoolerWriteAnswer>) => request(),
    onSuccess: (answer) => store(answer, options),
  });
}

/** The writes on one of the workspace's own packs; each answers with the pack. */
export function packRequests(packId: number) {
  const base = `/watercooler_packs/${packId}`;
  return {
    addPrompt: (text: string) => api.post<{ pack: PackJson }>(`${base}/prompts`, { prompt: { text } }),
    movePrompt: (promptId: number, direction: 'up' | 'down') => api.put<{ pack: PackJson }>(`${base}/prompts/${promptId}/reorder`, { direction }),
    deletePrompt: (promptId: number) => api.delete<{ pack: PackJson }>(`${base}/prompts/${promptId}`),
    update: (watercooler_pack: Pick<PackJson, 'name' | 'emoji' | 'description'>) => api.put<{ pack: PackJson }>(`${base}/update_as_json`, { watercooler_pack }),
  };
}

/** One mutation for packRequests: the pack goes into the library's cache, and the queue (which may draw from it) is refetched. */
export function usePackWrite(watercoolerId: string) {
  const client = useQueryClient();
  const store = useStoreWatercooler(watercoolerId);
  return useMutation({
    mutationFn: (request: () => Promise<{ pack: PackJson }>) => request(),
    onSuccess: ({ pack }) => {
      client.setQueryData<PackJson[]>(packsLibraryKey(watercoolerId), (list) => list?.map((p) => (p.id === pack.id ? { ...p, ...pack, subscribed: p.subscribed } : p)));
      store(undefined, { library: false });
    },
  });
}

/** The queue in a new order of its unsent prompt ids (pinned first), as the page shows it before the server answers. */
export function withQueueOrder(wc: WatercoolerJson, unsent: number[]): WatercoolerJson {
  const byId = new Map(wc.topicsQueue.prompts.map((p) => [p.id, p]));
  const rest = wc.topicsQueue.prompts.filter((p) => p.status === 'sent' || p.status === 'skipped');
  const prompts = [...unsent.map((pid, i) => ({ ...byId.get(pid)!, position: i + 1, next_at: wc.schedule.next_slots[i] ?? null })), ...rest];
  return { ...wc, ordered_unsent_prompt_ids: unsent, topicsQueue: { ...wc.topicsQueue, prompts, promptIds: prompts.map((p) => p.id) } };
}

/** The queue's ↑ ↓ buttons: the new order shows at once and is put back if the server refuses. */
export function useReorderQueue(id: string) {
  const store = useStoreWatercooler(id);
  return useOptimisticMutation<number[], WatercoolerWriteAnswer, WatercoolerJson>({
    queryKey: watercoolerKey(id),
    mutationFn: (unsent) => watercoolerRequests(id).update({ ordered_unsent_prompt_ids: unsent }),
    apply: (wc, unsent) => wc && withQueueOrder(wc, unsent),
    invalidate: false,
    onSuccess: (answer) => store(answer, { library: false }),
  });
}

/**
 * Every write answers with the whole watercooler: put it in the cache, and refresh the packs library (its
 * "subscribed" flags and custom packs may have changed).
 */
export function useStoreWatercooler(id: string) {
  const client = useQueryClient();
  return useCallback(
    (answer: Partial<WatercoolerAnswer> | undefined, opts: { library?: boolean } = {}) => {
      if (answer?.watercooler) client.setQueryData(watercoolerKey(id), answer.watercooler);
      else void client.invalidateQueries({ queryKey: watercoolerKey(id), exact: true });
      if (opts.library !== false) void client.invalidateQueries({ queryKey: packsLibraryKey(id) });
    },
    [client, id],
  );
}

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** 0 → "12 AM", 13 → "1 PM". */
export function hourLabel(h: number): string {
  const suffix = h < 12 ? 'AM' : 'PM';
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve} ${suffix}`;
}

/** An instant in the program's zone: "Wed, Mar 4, 11:00 AM". */
export function formatSlot(iso: string, tz: string): string {
  return `${kitFormatDay(iso, tz)}, ${formatTime(iso, tz)}`;
}

/** "Mar 4" in the program's zone. */
export function formatDay(iso: string, tz: string): string {
  return kitFormatDay(iso, tz, { weekday: false, year: 'always' });
}

/** Moves one id a step in a list (the queue's ↑ ↓ buttons). */
export function moveId(list: readonly number[], id: number, direction: 'up' | 'down'): number[] {
  const out = [...list];
  const i = out.indexOf(id);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= out.length) return out;
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** Which queue items the list shows: with hideInactivePrompts, sent and skipped ones are left out. */
export function visibleItems(wc: Pick<WatercoolerJson, 'topicsQueue' | 'hideInactivePrompts'>): QueueItemJson[] {
  return wc.topicsQueue.prompts.filter((p) => !wc.hideInactivePrompts || p.status === 'queued' || p.status === 'pinned');
}
