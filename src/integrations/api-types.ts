/** The JSON the integrations routes answer and the pages read (shared by server and web). */
import type { PendingHire } from '../platform/ports.js';

export type HrisStateJson = 'pending' | 'active' | 'relink_needed' | 'deactivated';
export type HrisProgramTypeJson = 'celebrations' | 'onboarding' | 'intros';
export const HRIS_PROGRAM_TYPES: readonly HrisProgramTypeJson[] = ['celebrations', 'onboarding', 'intros'];

export interface PersonRefJson {
  id: number;
  name: string;
}

export interface HrisSyncableJson {
  program_type: HrisProgramTypeJson;
  program_id: number;
}

/** programs.md §3 "HRIS identity": id, state, creator, hris_sync_data flags per program; never the account token. */
export interface HrisIdentityJson {
  id: number;
  state: HrisStateJson;
  integration_name: string;
  creator: PersonRefJson | null;
  owner: PersonRefJson | null;
  hris_sync_data: Record<HrisProgramTypeJson, boolean>;
  syncables: HrisSyncableJson[];
  people_count: number;
  matched_count: number;
  last_synced_at: string | null;
  last_error: string | null;
  /** Fully synced: the page stops polling. */
  fully_synced: boolean;
}

export interface LinkTokenJson {
  link_token: string;
  /** How to open the link dialog: Merge Link's script, or the sandbox stand-in's dialog. */
  link: { kind: 'merge'; script_url: string } | { kind: 'sandbox' };
}

export interface IntegratableProgramJson {
  program_type: HrisProgramTypeJson;
  id: number;
  name: string;
}

/** journeys.md §3 "Direct integration identity": the key is masked (its last four characters), never returned. */
export interface DirectIdentityJson {
  id: number;
  integration_name: string;
  api_key: { key: string };
  state: 'pending' | 'validated' | 'active' | 'error';
  errors: string[];
  people_count: number;
  last_synced_at: string | null;
}

export type CalendarProviderJson = 'google' | 'microsoft' | 'zoom';

export interface MemberIdentityJson {
  provider: CalendarProviderJson;
  valid: boolean;
  email: string | null;
  /** Whether this deployment can link it (an OAuth app, or the sandbox stand-in). */
  available: boolean;
}

/** GET /integrations/overview_as_json: what the Integrations page shows. */
export interface IntegrationsOverviewJson {
  hris: { available: boolean; identity: HrisIdentityJson | null };
  ats: { identities: DirectIdentityJson[]; permission_groups: readonly string[] };
  identities: MemberIdentityJson[];
}

/** Someone starting soon as the HR system or applicant tracking reports them, with their member when in Slack. */
export type NewHireJson = PendingHire & { member_id: number | null };

/** Messages the pages show word for word. */
export const HRIS_OWNER_NOT_MEMBER = "That person isn't in this workspace.";
export const VIDEO_NOT_LINKED_TEXT = "Your video account hasn't been linked yet. Try linking it again.";
export const CALENDAR_NOT_LINKED_TEXT = "Your calendar hasn't been linked yet. Try linking it again.";
/** The same for a setting that needs the HR system (Intros groups by department or location). */
export const HRIS_NOT_LINKED_TEXT = "Your HR system hasn't been linked yet. Try linking it again.";
