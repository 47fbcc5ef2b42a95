import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FailedDeliveriesPage } from '../../../../src/outbox/api-types';
import type { AssetJson, MyPreferencesJson } from '../../../../src/members/api-types';
import type { managerBody, profileEntriesBody, workHoursBody } from '../../../../src/members/schema';
import type { avoidListBody, snoozeBulkUpdateBody, updateUsersStatusBody } from '../../../../src/intros/schema';
import type { deleteWorkspaceBody } from '../../../../src/workspaces/schema';
import { api, ApiError } from '../../api/client';
import { DEFAULT_SUCCESS_TEXT, INTROS_LOAD_ERROR, toastError, toastSuccess } from '../../kit';

export type { AssetJson } from '../../../../src/members/api-types';
export type MyPreferences = MyPreferencesJson;

/** journeys.md §8, word for word. */
export const TEXT = {
  profile: 'Failed to update profile',
  manager: 'Failed to update manager',
  loadSnooze: 'Failed to load snooze status',
  snooze: 'Failed to snooze intros',
  unsnooze: 'Failed to unsnooze intros',
  loadAvoid: 'Failed to fetch avoid list',
  avoid: 'Failed to update avoid list',
  workHours: 'Failed to update working hours',
  loadPrograms: INTROS_LOAD_ERROR,
} as const;

export interface SnoozeStatus {
  snoozed: boolean;
  end_date: string | null;
}

export interface AvoidList {
  invalid_partner_uids: string[];
  partners: Array<{ uid: string; name: string; avatar_url: string | null }>;
}

export interface ChannelRow {
  program_id: number;
  type: string;
  uid: string;
  name: string;
  is_active: boolean;
}

export interface DataManifest {
  tables: Array<{ table: string; capability: string; description: string }>;
}

/** The parts of the OpenAPI 3.1 document (GET /api/openapi.json) the reference page reads. */
export interface OpenApiSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  items?: OpenApiSchema;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  description?: string;
}
export interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: OpenApiSchema; description?: string }>;
  requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
}
export interface OpenApiDoc {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

/** journeys.md §9: "Channels list page size 10". */
export const CHANNELS_PER_PAGE = 10;
/** The newest failed deliveries the page lists (the server pages them; a workspace with more sees the newest). */
export const NEWEST_DELIVERIES = 100;

/** A refused value says why (the server's 400); anything else gets the spec's words. */
export function failed(error: unknown, text: string): void {
  if (error instanceof ApiError && error.status === 401) return;
  toastError(error instanceof ApiError && error.status === 400 && error.serverError ? error.serverError : text);
}

/** Reads whose failure the page tells in the spec's words (a toast), then shows its own state. */
const orToast = <T>(text: string, call: () => Promise<T>) => async () => {
  try {
    return await call();
  } catch (error) {
    failed(error, text);
    throw error;
  }
};

/** The settings pages' query keys, in one place. */
export const settingsKeys = {
  all: ['settings'] as const,
  preferences: (memberId: number | string) => ['settings', 'preferences', String(memberId)] as const,
  snooze: (memberId: number | string) => ['settings', 'snooze', String(memberId)] as const,
  avoid: (memberId: number | string) => ['settings', 'avoid', String(memberId)] as const,
  channels: (page: number) => ['settings', 'channels', page] as const,
  manifest: ['settings', 'data-manifest'] as const,
  deliveries: ['settings', 'deliveries'] as const,
  openapi: ['settings', 'openapi'] as const,
  uploadLimits: ['settings', 'upload-limits'] as const,
  asset: (id: number) => ['settings', 'asset', id] as const,
};

export const preferencesQuery = (memberId: number | string) =>
  queryOptions({ queryKey: settingsKeys.preferences(memberId), queryFn: () => api.get<MyPreferences>(`/users/${memberId}/preferences_as_json`, { toastOnError: false }) });

export const snoozeQuery = (memberId: string) =>
  queryOptions({ queryKey: settingsKeys.snooze(memberId), queryFn: orToast(TEXT.loadSnooze, () => api.get<SnoozeStatus>(`/users/${memberId}/snooze_intros`, { toastOnError: false })) });

export const avoidListQuery = (memberId: string) =>
  queryOptions({ queryKey: settingsKeys.avoid(memberId), queryFn: orToast(TEXT.loadAvoid, () => api.get<AvoidList>(`/users/${memberId}/incompatible_pairs`, { toastOnError: false })) });

export const myChannelsQuery = (page: number) =>
  queryOptions({
    queryKey: settingsKeys.channels(page),
    queryFn: async () => {
      try {
        return await api.get<{ channels: ChannelRow[]; next_page: number | null }>('/users/channels.json', { query: { page, per: CHANNELS_PER_PAGE }, toastOnError: false });
      } catch (error) {
        toastError(TEXT.loadPrograms);
        throw error;
      }
    },
  });

export const manifestQuery = queryOptions({ queryKey: settingsKeys.manifest, queryFn: () => api.get<DataManifest>('/data/manifest_as_json') });

export const failedDeliveriesQuery = queryOptions({ queryKey: settingsKeys.deliveries, queryFn: () => api.get<FailedDeliveriesPage>('/deliveries/failed', { query: { per: NEWEST_DELIVERIES } }) });

export const openApiQuery = queryOptions({ queryKey: settingsKeys.openapi, queryFn: () => api.get<OpenApiDoc>('/api/openapi.json') });

/** The configured per-file limit (GET /onboarding/assets/limits), so every uploader checks with it. */
export const uploadLimitsQuery = queryOptions({
  queryKey: settingsKeys.uploadLimits,
  queryFn: () => api.get<{ max_file_mb: number | null; total_mb: number }>('/onboarding/assets/limits', { toastOnError: false }),
  staleTime: Infinity,
});

export const assetQuery = (id: number) => queryOptions({ queryKey: settingsKeys.asset(id), queryFn: () => api.get<AssetJson>(`/onboarding/assets/${id}`, { toastOnError: false }) });

/** A write whose answer is the cached value under `key`: stored, the house success toast, the spec's words on failure. */
function useStoringMutation<V, T>(key: readonly unknown[], call: (v: V) => Promise<T>, errorText: string | ((v: V) => string)) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      client.setQueryData(key, answer);
      toastSuccess(DEFAULT_SUCCESS_TEXT);
    },
    onError: (error, v) => failed(error, typeof errorText === 'function' ? errorText(v) : errorText),
  });
}

type ProfileEntries = z.input<typeof profileEntriesBody>;
type ManagerBody = z.input<typeof managerBody>;
type WorkHoursBody = z.input<typeof workHoursBody>;

export const useSaveProfile = (memberId: string) =>
  useStoringMutation(settingsKeys.preferences(memberId), (body: ProfileEntries) => api.patch<MyPreferences>(`/users/${memberId}/user_profile_entries/bulk_upsert`, body, { toastOnError: false }), TEXT.profile);

export const useSaveManager = (memberId: string) =>
  useStoringMutation(settingsKeys.preferences(memberId), (body: ManagerBody) => api.patch<MyPreferences>(`/users/${memberId}/user_relationships/upsert`, body, { toastOnError: false }), TEXT.manager);

export const useSaveWorkHours = (memberId: string) =>
  useStoringMutation(settingsKeys.preferences(memberId), (body: WorkHoursBody) => api.patch<MyPreferences>(`/users/${memberId}/update_work_hours`, body, { toastOnError: false }), TEXT.workHours);

/** Snooze until a day (end_date), or unsnooze (null). */
export const useSnooze = (memberId: string) =>
  useStoringMutation(
    settingsKeys.snooze(memberId),
    (body: z.input<typeof snoozeBulkUpdateBody> | null) =>
      body ? api.patch<SnoozeStatus>(`/users/${memberId}/snooze_intros/bulk_update`, body, { toastOnError: false }) : api.delete<SnoozeStatus>(`/users/${memberId}/snooze_intros/destroy_all`, { toastOnError: false }),
    (body) => (body ? TEXT.snooze : TEXT.unsnooze),
  );

export const useSaveAvoidList = (memberId: string) =>
  useStoringMutation(settingsKeys.avoid(memberId), (body: z.input<typeof avoidListBody>) => api.patch<AvoidList>(`/users/${memberId}/incompatible_pairs/bulk_upsert`, body, { toastOnError: false }), TEXT.avoid);

/** The member's own status in one Intros program (snooze a week, leave, back in). */
export function useSetIntrosStatus() {
  return useMutation({
    mutationFn: ({ programId, body }: { programId: number; body: z.input<typeof updateUsersStatusBody> }) => api.post(`/coffee/${programId}/update_users_status`, body, { toastOnError: false }),
    onSuccess: () => toastSuccess(DEFAULT_SUCCESS_TEXT),
    onError: (error) => failed(error, 'Uh oh, something went wrong. Try again?'),
  });
}

/** An import (POST multipart to `path`): the server's answer, which the page sums up. */
export function useImportData(path: string) {
  return useMutation({
    mutationFn: (form: FormData) => api.post<Record<string, unknown>>(path, form, { toastOnError: false }),
    onSuccess: () => toastSuccess('Imported.'),
    onError: (error) => toastError(error instanceof ApiError && error.serverError ? error.serverError : undefined),
  });
}

export function useRetryDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/deliveries/${id}/retry`, {}, { toastOnError: false }),
    onSuccess: () => {
      toastSuccess('Sending it again. It leaves this list once Slack accepts it.');
      void client.invalidateQueries({ queryKey: settingsKeys.deliveries });
    },
    onError: (error) => toastError(error instanceof ApiError && error.serverError ? error.serverError : undefined),
  });
}

/** POST /onboarding/assets (multipart): the new assets, each then polled until processed. */
export function useUploadAssets(timeoutMs: number) {
  return useMutation({ mutationFn: (form: FormData) => api.post<{ assets: AssetJson[] }>('/onboarding/assets', form, { toastOnError: false, signal: AbortSignal.timeout(timeoutMs) }) });
}

/** "Delete my data" (docs/privacy.md): the server ends the session with it. */
export function useDeleteMyData() {
  return useMutation({ mutationFn: () => api.post<{ deleted: boolean }>('/data/delete_mine_as_json', { confirm: true }, { toastOnError: false }) });
}

/**
 * "Delete this workspace's data" (docs/privacy.md), for a workspace admin who typed the workspace's name: the server
 * checks the name, deletes everything and ends the session.
 */
export function useDeleteWorkspaceData() {
  return useMutation({ mutationFn: (body: z.input<typeof deleteWorkspaceBody>) => api.post<{ deleted: boolean }>('/workspace/delete_data_as_json', body, { toastOnError: false }) });
}

/** Where a person lands once their workspace's data is deleted (signed out). */
export const WORKSPACE_DELETED_PATH = '/workspace_deleted';
