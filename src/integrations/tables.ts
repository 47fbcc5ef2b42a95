import type { ColumnType, Generated } from 'kysely';

/** Integrations tables (migrations/0017_integrations.ts). Business times are written from the Clock. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type HrisState = 'pending' | 'active' | 'relink_needed' | 'deactivated';
export type HrisProgramType = 'celebrations' | 'onboarding' | 'intros';
export type DirectIdentityState = 'pending' | 'validated' | 'active' | 'error';
export type PersonSource = 'hris' | 'ats';
export type MemberIdentityProvider = 'google' | 'microsoft' | 'zoom';

export interface HrisIdentitiesTable {
  id: Generated<number>;
  workspace_id: number;
  /** Which HrisProvider holds the linked account: 'merge' (Merge's unified API, or its sandbox stand-in). */
  provider: string;
  integration_name: string;
  integration_slug: string;
  /** Sealed with the app's encryption key (src/crypto.ts); never leaves the server. */
  account_token_enc: string;
  state: Generated<HrisState>;
  creator_id: number | null;
  owner_id: number | null;
  /** Which program types the sync feeds: { celebrations, onboarding, intros }. */
  hris_sync_data: Json<Partial<Record<HrisProgramType, boolean>>>;
  last_error: string | null;
  last_synced_at: NullableTimestamp;
  next_sync_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HrisSyncablesTable {
  identity_id: number;
  program_type: HrisProgramType;
  /** A channel program's id (celebrations, intros) or an onboarding journey's (tag) id. */
  program_id: number;
  created_at: Timestamp;
}

export interface DirectIntegrationIdentitiesTable {
  id: Generated<number>;
  workspace_id: number;
  integration_name: string;
  /** Sealed with the app's encryption key; never leaves the server. */
  api_key_enc: string;
  state: Generated<DirectIdentityState>;
  errors: Json<string[]>;
  creator_id: number | null;
  last_synced_at: NullableTimestamp;
  next_sync_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IntegrationPeopleTable {
  id: Generated<number>;
  workspace_id: number;
  source: PersonSource;
  identity_id: number;
  remote_id: string;
  email: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  /** 'YYYY-MM-DD'. */
  start_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'YYYY-MM-DD', or '--MM-DD' without a year. */
  birthday: string | null;
  department: string | null;
  location: string | null;
  job_title: string | null;
  manager_email: string | null;
  attributes: Json<Record<string, string>>;
  employment_status: string | null;
  /** The Slack member with the same email, when there is one. */
  member_id: number | null;
  /** When `integrations.new_hire` was recorded for this person (once per person per identity). */
  new_hire_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface MemberIdentitiesTable {
  member_id: number;
  workspace_id: number;
  provider: MemberIdentityProvider;
  email: string | null;
  valid: Generated<boolean>;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  expires_at: NullableTimestamp;
  scopes: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What was created at a provider for one of Hearth's keys: claimed (result null) before the call, then its answer. */
export interface IntegrationWritesTable {
  workspace_id: number;
  key: string;
  result: Json<unknown>;
  created_at: Timestamp;
}

export interface IntegrationsTables {
  hris_identities: HrisIdentitiesTable;
  hris_syncables: HrisSyncablesTable;
  direct_integration_identities: DirectIntegrationIdentitiesTable;
  integration_people: IntegrationPeopleTable;
  member_identities: MemberIdentitiesTable;
  integration_writes: IntegrationWritesTable;
}

// Its tables join the one Database type by declaration merging: src/db/types.ts imports no capability.
declare module '../db/types.js' {
  interface Database extends IntegrationsTables {}
}
