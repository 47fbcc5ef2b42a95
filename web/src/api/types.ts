import type { Permissions } from '../../../src/users/service';

export type { Permissions };
/** GET /users/show_as_json */
export interface CurrentUser {
  id: string;
  name: string;
  avatar_url: string | null;
  team: { id: string; name: string; domain: string };
  can_change_plan: boolean;
  /** What this member may use (the server's own checks); navigation, home cards and buttons follow it. */
  permissions: Permissions;
  onboarding_unrestricted: boolean;
  notifications: Record<string, unknown> | unknown[] | null;
  progress: { has_used_pairing_announcement: boolean };
  has_valid_zoom_identity: boolean;
  has_valid_google_identity: boolean;
  has_valid_microsoft_identity: boolean;
  is_admin: boolean;
  csrf_token: string;
  /** The workspaces this person is in (by email); more than one shows "Switch workspace" in the user menu. */
  workspaces?: Array<{ team_id: string; name: string; current: boolean }>;
}

/** The error body every failing call answers with. */
export interface ApiErrorBody {
  error?: string;
  fields?: Record<string, string | string[]>;
  /** 402 only: which upgrade modal to open, and whether a free trial is on offer. */
  feature?: string;
  trial_available?: boolean;
  [key: string]: unknown;
}
