import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { formatDay as kitFormatDay, formatTime } from '../../kit';

/** The shapes of GET /watercooler/{id} and friends: the server's own types. */
export type * from '../../../../src/watercooler/api-types';
import type { PackJson, QueueItemJson, WatercoolerJson } from '../../../../src/watercooler/api-types';

export type WatercoolerAnswer = { watercooler: WatercoolerJson };

export const watercoolerKey = (id: string | number) => ['watercooler', String(id)] as const;
export const packsLibraryKey = (id: string | number) => ['watercooler', String(id), 'packs'] as const;

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
