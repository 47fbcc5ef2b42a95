import type { ColumnType, Generated, Selectable } from 'kysely';
import type { GiftCardOption, LedgerReason, ListingState, RedemptionState, ShoutoutSource, ShoutoutsRole, ShoutoutsState } from './api-types.js';

/** Points, shoutouts and rewards tables (migrations/0009_points.ts). Business times are written from the Clock. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string | undefined, string>;

/** Points per earning rule (`intro_met`, `birthday` …): a missing key uses the rule's default; 0 turns it off. */
export type RulePoints = Record<string, number>;

export interface PointsProgramsTable {
  workspace_id: number;
  points_name: Generated<string>;
  points_name_plural: Generated<string>;
  default_allowance: Generated<number>;
  daily_cap: Generated<number>;
  rules: Json<RulePoints>;
  shoutouts_state: Generated<ShoutoutsState>;
  shoutouts_announced: Generated<boolean>;
  shoutouts_channels: Json<string[]>;
  redemption_fulfillment_channel_id: string | null;
  gift_card_options: Json<GiftCardOption[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PointsWalletsTable {
  workspace_id: number;
  member_id: number;
  current_redeemable: Generated<number>;
  lifetime_earned: Generated<number>;
  custom_allowance: number | null;
  shoutouts_role: Generated<ShoutoutsRole>;
  updated_at: Timestamp;
}

export interface PointsLedgerTable {
  id: Generated<number>;
  workspace_id: number;
  member_id: number;
  delta: number;
  balance_after: number;
  reason: LedgerReason;
  rule: string | null;
  source_key: string;
  event_id: number | null;
  shoutout_id: number | null;
  redemption_id: number | null;
  capped: Generated<boolean>;
  local_date: string;
  note: string | null;
  actor_member_id: number | null;
  created_at: Timestamp;
}

export interface PointsIntroGroupsTable {
  workspace_id: number;
  meeting_id: number;
  member_ids: Json<number[]>;
}

export interface ShoutoutsTable {
  id: Generated<number>;
  workspace_id: number;
  giver_member_id: number;
  recipient_member_id: number;
  points: number;
  message: string;
  channel_ids: Json<string[]>;
  source: ShoutoutSource;
  request_key: string;
  giver_local_month: string;
  created_at: Timestamp;
}

export interface RewardListingsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  short_description: Generated<string>;
  description: Generated<string>;
  points_cost: number;
  quantity_available: number | null;
  state: Generated<ListingState>;
  is_gift_card: Generated<boolean>;
  preset_id: string | null;
  image_url: string | null;
  image_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RewardRedemptionsTable {
  id: Generated<number>;
  workspace_id: number;
  listing_id: number;
  member_id: number;
  points_cost: number;
  gift_card_dollars: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  gift_card_link: string | null;
  provider_order_id: string | null;
  state: Generated<RedemptionState>;
  fulfiller_member_id: number | null;
  fulfilled_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PointsTables {
  points_programs: PointsProgramsTable;
  points_wallets: PointsWalletsTable;
  points_ledger: PointsLedgerTable;
  points_intro_groups: PointsIntroGroupsTable;
  shoutouts: ShoutoutsTable;
  reward_listings: RewardListingsTable;
  reward_redemptions: RewardRedemptionsTable;
}

export type PointsProgram = Selectable<PointsProgramsTable>;
export type Wallet = Selectable<PointsWalletsTable>;
export type LedgerRow = Selectable<PointsLedgerTable>;
export type Shoutout = Selectable<ShoutoutsTable>;
export type Listing = Selectable<RewardListingsTable>;
export type Redemption = Selectable<RewardRedemptionsTable>;

// Its tables join the one Database type by declaration merging: src/db/types.ts imports no capability.
declare module '../db/types.js' {
  interface Database extends PointsTables {}
}
