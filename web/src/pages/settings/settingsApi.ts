import { api, ApiError } from '../../api/client';
import { INTROS_LOAD_ERROR, toastError } from '../../kit';

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

export interface PersonJson {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url: string | null;
}

export interface ProfileField {
  id: number;
  label: string;
  placeholder: string;
  category: { machine_name: string; name: string };
}

export interface MyPreferences {
  profile_fields: ProfileField[];
  user_profile_entries: Array<{ field: number; text: string; category: string }>;
  manager: PersonJson | null;
  work_hours: { beginning_time: string; end_time: string } | null;
}

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

/** journeys.md §9: "Channels list page size 10". */
export const CHANNELS_PER_PAGE = 10;

/** A refused value says why (the server's 400); anything else gets the spec's words. */
export function failed(error: unknown, text: string): void {
  if (error instanceof ApiError && error.status === 401) return;
  toastError(error instanceof ApiError && error.status === 400 && error.serverError ? error.serverError : text);
}

export const prefsKey = (memberId: number | string) => ['myPreferences', String(memberId)] as const;

export const loadPreferences = (memberId: number | string) => api.get<MyPreferences>(`/users/${memberId}/preferences_as_json`, { toastOnError: false });

/** "Delete my data" (docs/privacy.md): the server ends the session with it. */
export const deleteMyData = () => api.post<{ deleted: boolean }>('/data/delete_mine_as_json', { confirm: true }, { toastOnError: false });

/**
 * "Delete this workspace's data" (docs/privacy.md), for a workspace admin who typed the workspace's name: the server
 * checks the name, deletes everything and ends the session.
 */
export const deleteWorkspaceData = (confirmName: string) => api.post<{ deleted: boolean }>('/workspace/delete_data_as_json', { confirm_name: confirmName }, { toastOnError: false });

/** Where a person lands once their workspace's data is deleted (signed out). */
export const WORKSPACE_DELETED_PATH = '/workspace_deleted';
