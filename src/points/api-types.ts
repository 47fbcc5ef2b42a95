// The JSON shapes of the points, shoutouts and rewards API (journeys.md §3, §7): the pages import these types.

import type { Delivery } from '../outbox/api-types.js';

export type ShoutoutsState = 'inactive' | 'active';
/** Who takes part in shoutouts: gives and receives, only receives, or neither. */
export type ShoutoutsRole = 'participant' | 'receive_only' | 'excluded';
export const SHOUTOUTS_ROLES: readonly ShoutoutsRole[] = ['participant', 'receive_only', 'excluded'];
export type ShoutoutSource = 'command' | 'shortcut' | 'modal';
export type ListingState = 'active' | 'inactive';
export type RedemptionState = 'unfulfilled' | 'fulfilled' | 'failed';
export type LedgerReason = 'event' | 'shoutout' | 'bonus' | 'redemption' | 'refund';

/** journeys.md §9: gift-card points convert to dollars through these options. */
export interface GiftCardOption {
  points: number;
  dollars: number;
}

/** Leaderboard columns (GET /points/wallets order_col). */
export const LEADERBOARD_COLUMNS = ['name', 'points_received', 'points_given', 'current_redeemable', 'allowance'] as const;
export type LeaderboardColumn = (typeof LEADERBOARD_COLUMNS)[number];
export type OrderDir = 'asc' | 'desc';

/** journeys.md §4: sorting toggles desc/asc on the same column; a new column starts desc. */
export function nextSort(current: { col: LeaderboardColumn; dir: OrderDir }, clicked: LeaderboardColumn): { col: LeaderboardColumn; dir: OrderDir } {
  if (current.col !== clicked) return { col: clicked, dir: 'desc' };
  return { col: clicked, dir: current.dir === 'desc' ? 'asc' : 'desc' };
}


/** A wallet user (journeys.md §3): id, points.allowance, points.is_custom_allowance, shoutouts_role. */
export interface WalletUserJson {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url: string | null;
  shoutouts_role: ShoutoutsRole;
  points: {
    allowance: number;
    is_custom_allowance: boolean;
    /** What is left of this month's allowance to give. */
    allowance_remaining: number;
    current_redeemable: number;
    /** Received (events, shoutouts, bonuses) within the date range. */
    received: number;
    /** Given as shoutouts within the date range. */
    given: number;
  };
}

/** GET /points/wallets. */
export interface WalletsPage {
  list: WalletUserJson[];
  nextPage: number | null;
}

export interface PointsWalletJson {
  current_redeemable: number;
  lifetime_earned: number;
  allowance: number;
  allowance_remaining: number;
}

/** One earning rule of the points program, as the settings show it. */
export interface EarningRuleJson {
  key: string;
  label: string;
  points: number;
  default_points: number;
}

/** GET/PUT /points/settings: the points config (journeys.md §3: points_name_plural) and its rules. */
export interface PointsProgramJson {
  points_name: string;
  points_name_plural: string;
  default_allowance: number;
  daily_cap: number;
  rules: EarningRuleJson[];
}

export interface PointsPageData {
  points_program: PointsProgramJson;
  wallet: PointsWalletJson;
  is_admin: boolean;
}

export interface LedgerEntryJson {
  id: number;
  delta: number;
  balance_after: number;
  reason: LedgerReason;
  rule: string | null;
  note: string | null;
  capped: boolean;
  created_at: string;
}

/** The shoutouts program (journeys.md §3): state, launch_checklist.announced, channels. */
export interface ShoutoutsProgramJson {
  state: ShoutoutsState;
  launch_checklist: { announced: boolean };
  channels: string[];
}

export interface ShoutoutJson {
  id: number;
  giver: { id: number; name: string };
  recipient: { id: number; name: string };
  points: number;
  message: string;
  created_at: string;
  /** Its channel posts' real delivery (the most urgent of them); null when it posts in no channel. */
  delivery: Delivery | null;
}

export interface ShoutoutsPageData {
  program: ShoutoutsProgramJson;
  points_name_plural: string;
  recent: ShoutoutJson[];
  default_announcement: string;
}

/** A reward listing (journeys.md §3). */
export interface ListingJson {
  id: number;
  name: string;
  short_description: string;
  description: string;
  points_cost: number;
  quantity_available: number | null;
  state: ListingState;
  is_gift_card: boolean;
  preset_id: string | null;
  image_url: string | null;
  image_id: string | null;
  gift_card_options: GiftCardOption[];
}

export interface RewardPresetJson {
  preset_id: string;
  name: string;
  short_description: string;
  description: string;
  points_cost: number;
  is_gift_card: boolean;
  image_url: string | null;
}

/** The rewards program (journeys.md §3): redemption_fulfillment_channel_id. */
export interface RewardsProgramJson {
  redemption_fulfillment_channel_id: string | null;
  /** That channel's name (without #), for the page to show; null when Hearth has not synced the channel. */
  redemption_fulfillment_channel_name: string | null;
  gift_card_options: GiftCardOption[];
  gift_cards_enabled: boolean;
}

export interface RewardsPageData {
  listings: ListingJson[];
  points_wallet: { current_redeemable: number };
  points_name_plural: string;
  rewards_program: RewardsProgramJson;
  presets: RewardPresetJson[];
  is_admin: boolean;
}

/** POST /rewards/{id}/redeem. */
export interface RedeemAnswer {
  listings: ListingJson[];
  points_wallet: { current_redeemable: number };
  gift_card_link: string | null;
}

/** A redemption (journeys.md §3): id, fulfiller, fulfilled_at. */
export interface RedemptionJson {
  id: number;
  listing: { id: number; name: string; is_gift_card: boolean };
  member: { id: number; name: string };
  points_cost: number;
  gift_card_dollars: number | null;
  gift_card_link: string | null;
  state: RedemptionState;
  fulfiller: { id: number; name: string } | null;
  fulfilled_at: string | null;
  created_at: string;
  /** The notice in the fulfilment channel, as Slack took it; null when there is no fulfilment channel. */
  notice_delivery: Delivery | null;
  /** The member's "on its way" DM once fulfilled, as Slack took it; null before. */
  fulfilled_delivery: Delivery | null;
}

export interface RedemptionsPage {
  list: RedemptionJson[];
  nextPage: number | null;
}

/** Errors the gift-card switch reacts to (journeys.md §8). */
export const GIFT_CARD_ERRORS = { billing: 'redirect_to_billing', invoiced: 'invoiced' } as const;
