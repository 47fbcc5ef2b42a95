// The JSON shapes of the points, shoutouts and rewards API (journeys.md §3, §7): the pages import these types.

import { z } from 'zod';
import { deliveryJson } from '../outbox/api-types.js';
import { int, personRef as person } from '../http/fields.js';
export * from './api-constants.js';

export const SHOUTOUTS_STATES = ['inactive', 'active'] as const;
export type ShoutoutsState = (typeof SHOUTOUTS_STATES)[number];
/** Who takes part in shoutouts: gives and receives, only receives, or neither. */
export const SHOUTOUTS_ROLES = ['participant', 'receive_only', 'excluded'] as const;
export type ShoutoutsRole = (typeof SHOUTOUTS_ROLES)[number];
export type ShoutoutSource = 'command' | 'shortcut' | 'modal';
export const LISTING_STATES = ['active', 'inactive'] as const;
export type ListingState = (typeof LISTING_STATES)[number];
export const REDEMPTION_STATES = ['unfulfilled', 'fulfilled', 'failed'] as const;
export type RedemptionState = (typeof REDEMPTION_STATES)[number];
export const LEDGER_REASONS = ['event', 'shoutout', 'bonus', 'redemption', 'refund'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** journeys.md §9: gift-card points convert to dollars through these options. */
export const giftCardOptionJson = z.object({ points: int, dollars: z.number() });
export type GiftCardOption = z.infer<typeof giftCardOptionJson>;

/** A wallet user (journeys.md §3): id, points.allowance, points.is_custom_allowance, shoutouts_role. */
export const walletUserJson = z.object({
  id: int,
  slack_user_id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  shoutouts_role: z.enum(SHOUTOUTS_ROLES),
  points: z.object({
    allowance: int,
    is_custom_allowance: z.boolean(),
    /** What is left of this month's allowance to give. */
    allowance_remaining: int,
    current_redeemable: int,
    /** Received (events, shoutouts, bonuses) within the date range. */
    received: int,
    /** Given as shoutouts within the date range. */
    given: int,
  }),
});
export type WalletUserJson = z.infer<typeof walletUserJson>;

/** GET /points/wallets. */
export const walletsPage = z.object({ list: z.array(walletUserJson), nextPage: int.nullable() });
export type WalletsPage = z.infer<typeof walletsPage>;

export const pointsWalletJson = z.object({ current_redeemable: int, lifetime_earned: int, allowance: int, allowance_remaining: int });
export type PointsWalletJson = z.infer<typeof pointsWalletJson>;

/** One earning rule of the points program, as the settings show it. */
export const earningRuleJson = z.object({ key: z.string(), label: z.string(), points: int, default_points: int });

/** GET/PUT /points/settings: the points config (journeys.md §3: points_name_plural) and its rules. */
export const pointsProgramJson = z.object({ points_name: z.string(), points_name_plural: z.string(), default_allowance: int, daily_cap: int, rules: z.array(earningRuleJson) });
export type PointsProgramJson = z.infer<typeof pointsProgramJson>;

/** GET /points. */
export const pointsPageData = z.object({ points_program: pointsProgramJson, wallet: pointsWalletJson, is_admin: z.boolean() });
export type PointsPageData = z.infer<typeof pointsPageData>;

export const ledgerEntryJson = z.object({
  id: int,
  delta: int,
  balance_after: int,
  reason: z.enum(LEDGER_REASONS),
  rule: z.string().nullable(),
  note: z.string().nullable(),
  capped: z.boolean(),
  created_at: z.string(),
});

/** The shoutouts program (journeys.md §3): state, launch_checklist.announced, channels. */
export const shoutoutsProgramJson = z.object({ state: z.enum(SHOUTOUTS_STATES), launch_checklist: z.object({ announced: z.boolean() }), channels: z.array(z.string()) });
export type ShoutoutsProgramJson = z.infer<typeof shoutoutsProgramJson>;

export const shoutoutJson = z.object({
  id: int,
  giver: person,
  recipient: person,
  points: int,
  message: z.string(),
  created_at: z.string(),
  /** Its channel posts' real delivery (the most urgent of them); null when it posts in no channel. */
  delivery: deliveryJson.nullable(),
});
export type ShoutoutJson = z.infer<typeof shoutoutJson>;

/** GET /shoutouts. */
export const shoutoutsPageData = z.object({ program: shoutoutsProgramJson, points_name_plural: z.string(), recent: z.array(shoutoutJson), default_announcement: z.string() });
export type ShoutoutsPageData = z.infer<typeof shoutoutsPageData>;

/** POST /shoutouts: the shoutout given (or the one this request_id already gave), and the giver's allowance left. */
export const shoutoutGivenJson = z.object({ shoutoutId: int, remaining: int, plural: z.string(), duplicate: z.boolean() });

/** A reward listing (journeys.md §3). */
export const listingJson = z.object({
  id: int,
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  points_cost: int,
  quantity_available: int.nullable(),
  state: z.enum(LISTING_STATES),
  is_gift_card: z.boolean(),
  preset_id: z.string().nullable(),
  image_url: z.string().nullable(),
  image_id: z.string().nullable(),
  gift_card_options: z.array(giftCardOptionJson),
});
export type ListingJson = z.infer<typeof listingJson>;

export const rewardPresetJson = z.object({
  preset_id: z.string(),
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  points_cost: int,
  is_gift_card: z.boolean(),
  image_url: z.string().nullable(),
});
export type RewardPresetJson = z.infer<typeof rewardPresetJson>;

/** The rewards program (journeys.md §3): redemption_fulfillment_channel_id. */
export const rewardsProgramJson = z.object({
  redemption_fulfillment_channel_id: z.string().nullable(),
  /** That channel's name (without #), for the page to show; null when Hearth has not synced the channel. */
  redemption_fulfillment_channel_name: z.string().nullable(),
  gift_card_options: z.array(giftCardOptionJson),
  gift_cards_enabled: z.boolean(),
});
export type RewardsProgramJson = z.infer<typeof rewardsProgramJson>;

/** GET /rewards. */
export const rewardsPageData = z.object({
  listings: z.array(listingJson),
  points_wallet: z.object({ current_redeemable: int }),
  points_name_plural: z.string(),
  rewards_program: rewardsProgramJson,
  presets: z.array(rewardPresetJson),
  is_admin: z.boolean(),
});
export type RewardsPageData = z.infer<typeof rewardsPageData>;

/** POST /rewards/{id}/redeem. */
export const redeemAnswer = z.object({ listings: z.array(listingJson), points_wallet: z.object({ current_redeemable: int }), gift_card_link: z.string().nullable() });
export type RedeemAnswer = z.infer<typeof redeemAnswer>;

/** A redemption (journeys.md §3): id, fulfiller, fulfilled_at. */
export const redemptionJson = z.object({
  id: int,
  listing: z.object({ id: int, name: z.string(), is_gift_card: z.boolean() }),
  member: person,
  points_cost: int,
  gift_card_dollars: z.number().nullable(),
  gift_card_link: z.string().nullable(),
  state: z.enum(REDEMPTION_STATES),
  fulfiller: person.nullable(),
  fulfilled_at: z.string().nullable(),
  created_at: z.string(),
  /** The notice in the fulfilment channel, as Slack took it; null when there is no fulfilment channel. */
  notice_delivery: deliveryJson.nullable(),
  /** The member's "on its way" DM once fulfilled, as Slack took it; null before. */
  fulfilled_delivery: deliveryJson.nullable(),
});
export type RedemptionJson = z.infer<typeof redemptionJson>;

/** GET /rewards/redemptions/list. */
export const redemptionsPage = z.object({ list: z.array(redemptionJson), nextPage: int.nullable() });
export type RedemptionsPage = z.infer<typeof redemptionsPage>;

