import type { ColumnType, Generated, Selectable } from 'kysely';
import type { AdjustmentKind } from './api-types.js';

/** Watercooler tables (migrations/0004_watercooler.ts). Business times are written from the Clock. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type IntArray = ColumnType<number[], number[] | undefined, number[]>;

export interface WatercoolersTable {
  program_id: number;
  workspace_id: number;
  weekdays: IntArray;
  minute_of_day: Generated<number>;
  hide_inactive_prompts: Generated<boolean>;
  queue_order: IntArray;
  cycle: Generated<number>;
  next_run_at: NullableTimestamp;
  /** When the channel's member list was last read (participants, home tab). */
  roster_synced_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WatercoolerPacksTable {
  id: Generated<number>;
  workspace_id: number | null;
  library_key: string | null;
  name: string;
  description: Generated<string>;
  emoji: Generated<string>;
  is_free: Generated<boolean>;
  position: Generated<number>;
  retired: Generated<boolean>;
  creator_member_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WatercoolerPromptsTable {
  id: Generated<number>;
  workspace_id: number | null;
  pack_id: number | null;
  program_id: number | null;
  library_key: string | null;
  text: string;
  position: Generated<number>;
  source_pack_id: number | null;
  retired: Generated<boolean>;
  creator_member_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WatercoolerPackSubscriptionsTable {
  program_id: number;
  pack_id: number;
  created_at: Timestamp;
}

export type { AdjustmentKind };

export interface WatercoolerPromptAdjustmentsTable {
  program_id: number;
  prompt_id: number;
  kind: AdjustmentKind;
  created_at: Timestamp;
}

export type PostState = 'claimed' | 'queued' | 'skipped';
export type PostSource = 'schedule' | 'send_now';

export interface WatercoolerPostsTable {
  id: Generated<number>;
  workspace_id: number;
  program_id: number;
  slot_at: Timestamp;
  source: PostSource;
  state: Generated<PostState>;
  skip_reason: string | null;
  prompt_id: number | null;
  text: string | null;
  cycle: number | null;
  channel_id: string;
  outbox_id: number | null;
  ts: string | null;
  claimed_at: Timestamp;
  queued_at: NullableTimestamp;
}

export interface WatercoolerRepliesTable {
  post_id: number;
  ts: string;
  user_id: string;
  created_at: Timestamp;
}

export interface WatercoolerReactionsTable {
  post_id: number;
  user_id: string;
  name: string;
  created_at: Timestamp;
}

export interface WatercoolerTables {
  watercoolers: WatercoolersTable;
  watercooler_packs: WatercoolerPacksTable;
  watercooler_prompts: WatercoolerPromptsTable;
  watercooler_pack_subscriptions: WatercoolerPackSubscriptionsTable;
  watercooler_prompt_adjustments: WatercoolerPromptAdjustmentsTable;
  watercooler_posts: WatercoolerPostsTable;
  watercooler_replies: WatercoolerRepliesTable;
  watercooler_reactions: WatercoolerReactionsTable;
}

export type Watercooler = Selectable<WatercoolersTable>;
export type Pack = Selectable<WatercoolerPacksTable>;
export type Prompt = Selectable<WatercoolerPromptsTable>;
export type Post = Selectable<WatercoolerPostsTable>;

// Its tables join the one Database type by declaration merging: src/db/types.ts imports no capability.
declare module '../db/types.js' {
  interface Database extends WatercoolerTables {}
}
