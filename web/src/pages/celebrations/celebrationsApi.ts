import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../api/client';
import { POLL_PRESETS, usePollingQuery, type PollEnd } from '../../api/polling';
import { formatLongPlainDate, formatPlainDate, formatTime, toastError } from '../../kit';
import type { z } from 'zod';
import type { createOrUpdateBody, updateBody, upsertMyBody } from '../../../../src/celebrations/schema';

/** The shapes of GET /celebrations/{id} and friends: the server's own types. */
export type * from '../../../../src/celebrations/api-types';
import type {
  CelebrationAnswer,
  CelebrationPreviewJson,
  EventsJson,
  ImportJson,
  MyScheduleJson,
  NewHiresJson,
  ScheduleIndex,
  ScheduleType,
  LeapPolicy,
  WeekendPolicy,
} from '../../../../src/celebrations/api-types';

/** Everything of one program (its page, dates, events and previews) is under its key. */
export const celebrationKey = (id: string) => ['celebrations', id] as const;
const allSchedulesKey = (id: string) => [...celebrationKey(id), 'schedules'] as const;
export const schedulesKey = (id: string, type: ScheduleType) => [...allSchedulesKey(id), type] as const;
const allEventsKey = (id: string) => [...celebrationKey(id), 'events'] as const;
export const eventsKey = (id: string, days: number) => [...allEventsKey(id), days] as const;
const previewKey = (id: string, settings: string) => [...celebrationKey(id), 'preview', settings] as const;
export const MY_SCHEDULES_KEY = ['celebration_schedules', 'mine'] as const;
const NEW_HIRES_KEY = ['upcoming_new_hires'] as const;

/** programs.md §8. */
export const SAVE_ERROR_TEXT = 'Error saving settings. Please try again.';
/** journeys.md §8, word for word. */
export const FETCH_ERROR_TEXT = 'Failed to fetch celebration preferences';

export function useCelebration(id: string) {
  return useQuery({ queryKey: celebrationKey(id), queryFn: () => api.get<CelebrationAnswer>(`/celebrations/${id}`, { toastOnError: false }) });
}

export function useSchedules(id: string, type: ScheduleType) {
  return useQuery({
    queryKey: schedulesKey(id, type),
    queryFn: () => api.get<ScheduleIndex>('/celebration_schedules/index_as_json', { query: { celebration_program_id: id, schedule_type: type }, toastOnError: false }),
  });
}

export function useEvents(id: string, days: 30 | 60) {
  return useQuery({ queryKey: eventsKey(id, days), queryFn: () => api.get<EventsJson>(`/celebrations/${id}/events/index_as_json`, { query: { days }, toastOnError: false }) });
}

/**
 * POST /celebrations/{id}/preview_as_json: the messages the server's own builder makes from these (unsaved)
 * settings, fetched a moment after the last keystroke; the last good preview stays up meanwhile.
 */
export function usePreview(id: string, settings: Record<string, unknown>) {
  const key = JSON.stringify(settings);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), 300);
    return () => clearTimeout(timer);
  }, [key]);
  return useQuery({
    queryKey: previewKey(id, settled),
    queryFn: ({ signal }) => api.post<CelebrationPreviewJson>(`/celebrations/${id}/preview_as_json`, JSON.parse(settled), { signal, toastOnError: false }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useNewHires() {
  return useQuery({ queryKey: NEW_HIRES_KEY, queryFn: () => api.get<NewHiresJson>('/upcoming_new_hires', { query: { days: 90 }, toastOnError: false }) });
}

/** Reloads what a change touched: everything, the program, or one kind's dates (and what is coming up). */
export function useRefresh(id: string) {
  const client = useQueryClient();
  return (what: 'all' | 'program' | ScheduleType = 'all') => {
    if (what === 'all') return client.invalidateQueries({ queryKey: celebrationKey(id) });
    if (what === 'program') return client.invalidateQueries({ queryKey: celebrationKey(id), exact: true });
    void client.invalidateQueries({ queryKey: allEventsKey(id) });
    return client.invalidateQueries({ queryKey: schedulesKey(id, what) });
  };
}

/**
 * PUT /celebrations/{id}/update_as_json: the answer is the page's data; what is coming up is refetched.
 * `toastOnError: false` when the page shows the errors at their fields (else SAVE_ERROR_TEXT is the toast).
 */
export function useUpdateCelebration(id: string, options: { toastOnError?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CelebrationChange) =>
      api.put<CelebrationAnswer>(`/celebrations/${id}/update_as_json`, change, options.toastOnError === false ? { toastOnError: false } : { errorText: SAVE_ERROR_TEXT }),
    onSuccess: (answer) => {
      client.setQueryData(celebrationKey(id), answer);
      void client.invalidateQueries({ queryKey: allEventsKey(id) });
    },
  });
}

/** The request bodies: the inputs of src/celebrations/schema.ts's schemas (the program id is the page's). */
type CelebrationChange = z.input<typeof updateBody>;
type ScheduleBody = Omit<z.input<typeof createOrUpdateBody>, 'celebration_program_id'>;

/**
 * PUT /celebration_schedules/create_or_update_as_json: a person's or a custom date (null date removes it); that
 * kind's dates are refetched either way. `toastOnError: false` when the page shows the errors at their fields.
 */
export function useSaveSchedule(id: string, options: { toastOnError?: boolean } = {}) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: ScheduleBody) =>
      api.put('/celebration_schedules/create_or_update_as_json', { celebration_program_id: Number(id), ...body }, options.toastOnError === false ? { toastOnError: false } : { errorText: SAVE_ERROR_TEXT }),
    onSettled: (_answer, _error, body) => refresh(body.schedule_type),
  });
}

/** PUT /celebration_schedules/{id}/update_included_programs_as_json: celebrated in this channel or not; that kind's dates are refetched. */
export function useIncludeSchedule(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ scheduleId, activate }: { scheduleId: number; activate: boolean; type: ScheduleType }) =>
      api.put(`/celebration_schedules/${scheduleId}/update_included_programs_as_json`, { celebration_program_id: Number(id), activate }),
    onSettled: (_answer, _error, { type }) => refresh(type),
  });
}

/** POST /celebration_schedules/send_ask_for_dates_dms → how many DMs went out. */
export function useAskForDates(id: string) {
  return useMutation({
    mutationFn: (user_ids: number[]) =>
      api.post<{ num_sent: number }>('/celebration_schedules/send_ask_for_dates_dms', { celebration_program_id: Number(id), user_ids }),
  });
}

/** POST /celebrations/import_dates_as_json (a CSV file): the import, processed in the background (importStatus). */
export function useImportDates(id: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('celebration_program_id', id);
      form.set('file', file);
      return api.post<ImportJson>('/celebrations/import_dates_as_json', form, { errorText: 'Failed to upload file.' });
    },
  });
}

/** GET /asset_imports/{id}/show_as_json: one poll of a dates import. */
/**
 * GET /asset_imports/{id}/show_as_json: a dates import, polled from the answer of its upload (POLL_PRESETS.datesImport:
 * every 3 s, 40 times at most, then the timeout toast) until it is processed; onEnd once it ends.
 */
export function useImportStatus(id: string, started: ImportJson | null, onEnd: (end: PollEnd<ImportJson>) => void) {
  return usePollingQuery({
    queryKey: ['asset_imports', started?.id ?? 0],
    queryFn: ({ signal }) => api.get<ImportJson>(`/asset_imports/${started?.id}/show_as_json`, { query: { program_id: id, program_type: 'CelebrationProgram' }, signal, toastOnError: false }),
    initialData: started ?? undefined,
    enabled: started !== null,
    retry: false,
    preset: POLL_PRESETS.datesImport,
    isDone: (a) => a.state !== 'needs_processing',
    onEnd,
  });
}

/** GET /celebration_schedules/my_schedules: the member's own dates (a failure says FETCH_ERROR_TEXT). */
export const mySchedulesQuery = queryOptions({
  queryKey: MY_SCHEDULES_KEY,
  queryFn: async () => {
    try {
      return await api.get<{ schedules: MyScheduleJson[] }>('/celebration_schedules/my_schedules', { toastOnError: false });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) toastError(FETCH_ERROR_TEXT);
      throw error;
    }
  },
});

/** PATCH /celebration_schedules/upsert_my_schedule: one of the member's dates or its channels; the answer replaces it in the cache. */
export function useUpsertMySchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof upsertMyBody>) => api.patch<{ schedule: MyScheduleJson }>('/celebration_schedules/upsert_my_schedule', body, { toastOnError: false }),
    onSuccess: (res, body) =>
      client.setQueryData<{ schedules: MyScheduleJson[] }>(MY_SCHEDULES_KEY, (old) => old && { schedules: old.schedules.map((x) => (x.celebration_type === body.celebration_type ? res.schedule : x)) }),
  });
}

// ---- wording shared by the pages ----------------------------------------------------------------------------------

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysIn(month: number): number {
  return DAYS_IN_MONTH[month - 1] ?? 31;
}

export const WEEKEND_POLICY_TEXT: Record<WeekendPolicy, { label: string; help: string }> = {
  friday_before: { label: 'The Friday before', help: 'Saturday and Sunday dates are celebrated on Friday, with a note saying so.' },
  on_the_day: { label: 'On the day', help: 'Weekend dates are posted on Saturday or Sunday.' },
  monday_after: { label: 'The Monday after', help: 'Saturday and Sunday dates are celebrated on Monday, with a note saying so.' },
};

export const LEAP_POLICY_TEXT: Record<LeapPolicy, string> = {
  feb28: 'February 28',
  mar1: 'March 1',
};

export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "Friday, March 6" from YYYY-MM-DD (a plain date: no zone), the kit's house style. */
export function longDate(iso: string): string {
  return formatLongPlainDate(iso);
}

/** "Fri, Mar 6". */
export function shortDate(iso: string): string {
  return formatPlainDate(iso);
}

/** "9:00 AM" in the program's zone. */
export function timeIn(instant: string, tz: string): string {
  return formatTime(instant, tz);
}

export function yearsText(n: number): string {
  return `${n} ${n === 1 ? 'year' : 'years'}`;
}

export function initials(name: string | null): string {
  return (name ?? '?')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
