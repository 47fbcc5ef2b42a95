import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { DomainEventTables } from '../platform/events/tables.js';

/** Table types. Business times come from the Clock, so most timestamps are written explicitly. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface WorkspacesTable {
  id: Generated<number>;
  team_id: string;
  enterprise_id: string | null;
  name: Generated<string>;
  domain: Generated<string>;
  default_tz: Generated<string>;
  leap_day_policy: Generated<'feb28' | 'mar1'>;
  is_sandbox: Generated<boolean>;
  paused_at: NullableTimestamp;
  members_synced_at: NullableTimestamp;
  channels_synced_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InstallationsTable {
  id: Generated<number>;
  install_key: string;
  enterprise_id: string | null;
  team_id: string | null;
  is_enterprise_install: Generated<boolean>;
  app_id: string | null;
  bot_user_id: string | null;
  bot_id: string | null;
  bot_scopes: ColumnType<string[], string[] | undefined, string[]>;
  bot_token_expires_at: NullableTimestamp;
  installer_user_id: string | null;
  data_enc: string | null;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MembersTable {
  id: Generated<number>;
  workspace_id: number;
  slack_user_id: string;
  name: Generated<string>;
  real_name: Generated<string>;
  display_name: Generated<string>;
  email: string | null;
  tz: string | null;
  title: string | null;
  avatar_url: string | null;
  is_bot: Generated<boolean>;
  deleted: Generated<boolean>;
  is_external: Generated<boolean>;
  is_admin: Generated<boolean>;
  is_owner: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MemberSettingsTable {
  member_id: number;
  notifications: Json<Record<string, boolean>>;
  progress: Json<Record<string, boolean>>;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: Generated<number>;
  workspace_id: number;
  owner_member_id: number | null;
  plan: Generated<'free' | 'premium'>;
  own_new_configs: Generated<boolean>;
  card_required: Generated<boolean>;
  trial_ends_at: NullableTimestamp;
  /** When the trial's end was recorded (plan.changed, trial_expired): migrations/0010_billing.ts. */
  trial_end_recorded_at: NullableTimestamp;
  /** The last warning sent before the trial's end, in days (3, then 1): migrations/0028_admin_billing_trials.ts. */
  trial_warned_days: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountAdminsTable {
  account_id: number;
  member_id: number;
}

export interface ChannelsTable {
  workspace_id: number;
  channel_id: string;
  name: string;
  is_private: Generated<boolean>;
  is_archived: Generated<boolean>;
  is_shared: Generated<boolean>;
  is_org_shared: Generated<boolean>;
  is_ext_shared: Generated<boolean>;
  bot_is_member: Generated<boolean>;
  /** When Hearth was removed from it (cleared when it is invited back): it posts there no more, chat:write.public or not. */
  bot_removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  num_members: number | null;
  updated_at: Timestamp;
}

export interface ProcessedEventsTable {
  event_id: string;
  team_id: string | null;
  event_type: string | null;
  status: 'processing' | 'done' | 'failed';
  deliveries: Generated<number>;
  first_seen_at: Timestamp;
  updated_at: Timestamp;
}

export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed' | 'unknown';

export interface OutboxTable {
  id: Generated<number>;
  workspace_id: number;
  idempotency_key: string;
  kind: string;
  method: string;
  payload: Json<Record<string, unknown>>;
  state: Generated<OutboxState>;
  attempts: Generated<number>;
  not_before: Timestamp;
  lease_until: NullableTimestamp;
  /** When the current claim's sender handed the write to Slack; null until then (cleared at each claim). */
  calling_at: NullableTimestamp;
  /** When the current streak of transient failures began; retried with backoff until a ceiling from here. */
  retrying_since: NullableTimestamp;
  /** History pages read to settle an unknown outcome (capped per row). */
  reconcile_lookups: Generated<number>;
  /** Looking for an unknown row's message stopped: it stays unknown, shown so, never sent again by itself. */
  reconcile_stopped_at: NullableTimestamp;
  last_error: string | null;
  result: Json<Record<string, unknown> | null> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: NullableTimestamp;
  /** The channel program it was sent for, when it was: its owner is told of a failure once per incident. */
  program_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A member's DM channel with Hearth, kept once opened (forgotten on channel_not_found). */
export interface MemberDmChannelsTable {
  workspace_id: number;
  user_id: string;
  channel_id: string;
  opened_at: Timestamp;
}

import type { ProgramType } from '../programs/api-types.js';

export type { ProgramType };

export interface ChannelProgramsTable {
  id: Generated<number>;
  workspace_id: number;
  type: ProgramType;
  channel_id: string;
  is_active: Generated<boolean>;
  tz: Generated<string>;
  creator_member_id: number | null;
  owner_member_id: number | null;
  send_now_requested_at: NullableTimestamp;
  send_now_completed_at: NullableTimestamp;
  /** Why Hearth paused it when it lost the channel (not_in_channel, is_archived, channel_not_found); null otherwise. */
  paused_for: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A program's run of failures of one reason: its owner is told when one starts, not per message. */
export interface ProgramDeliveryIncidentsTable {
  workspace_id: number;
  program_id: number;
  reason: string;
  started_at: Timestamp;
  last_failed_at: Timestamp;
  failures: number;
}

export interface ChannelProgramMembersTable {
  program_id: number;
  member_id: number;
  role: 'editor' | 'permission_user';
}

export interface ChannelMembersTable {
  workspace_id: number;
  channel_id: string;
  slack_user_id: string;
  joined_at: Timestamp;
}

/** The platform's own tables. */
export interface CoreTables {
  workspaces: WorkspacesTable;
  installations: InstallationsTable;
  members: MembersTable;
  member_settings: MemberSettingsTable;
  accounts: AccountsTable;
  account_admins: AccountAdminsTable;
  channels: ChannelsTable;
  processed_events: ProcessedEventsTable;
  outbox: OutboxTable;
  member_dm_channels: MemberDmChannelsTable;
  channel_programs: ChannelProgramsTable;
  channel_program_members: ChannelProgramMembersTable;
  channel_members: ChannelMembersTable;
  program_delivery_incidents: ProgramDeliveryIncidentsTable;
}

/**
 * The one database type: the platform's tables here, and every capability's added by declaration merging from
 * its own `tables.ts` (`declare module '../db/types.js' { interface Database extends IntrosTables {} }`), so this
 * file imports no capability. One schema, so no query needs a cast.
 */
export interface Database extends CoreTables, DomainEventTables {}

export type ChannelProgram = Selectable<ChannelProgramsTable>;

export type Workspace = Selectable<WorkspacesTable>;
export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type Channel = Selectable<ChannelsTable>;
export type OutboxRow = Selectable<OutboxTable>;
