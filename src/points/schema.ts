import { z } from 'zod';
import { channelId as slackChannelId, localDate } from '../http/fields.js';
import { id } from '../http/ids.js';
import { LEADERBOARD_COLUMNS, SHOUTOUTS_ROLES } from './api-types.js';

const page = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(100_000, 'is too large').default(1);
const points = z.number({ error: 'must be a number' }).int('must be a whole number');
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .default(false);
const channelId = slackChannelId('is not a channel');
const text = (max: number) => z.string({ error: 'must be text' }).max(max, `must be at most ${max} characters`);

/** GET /points/wallets (journeys.md §7). */
export const walletsQuery = z.object({
  page,
  order_col: z.enum(LEADERBOARD_COLUMNS, { error: `must be one of ${LEADERBOARD_COLUMNS.join(', ')}` }).default('points_received'),
  order_dir: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  page_view_key: z.string().max(100).optional(),
  start_date: localDate.optional(),
  end_date: localDate.optional(),
  user_search: z.string().max(200).default(''),
  for_people_page: flag,
});

export const walletBody = z.object({
  allowance: points.min(0, 'must be 0 or more').max(1_000_000, 'is too large').nullable().optional(),
  shoutouts_role: z.enum(SHOUTOUTS_ROLES, { error: `must be one of ${SHOUTOUTS_ROLES.join(', ')}` }).optional(),
});

export const bonusBody = z.object({
  member_id: id,
  points: points.min(1, 'must be at least 1').max(100_000, 'is too large'),
  note: text(500).default(''),
  request_id: z.string().min(1).max(100),
});

export const pointsSettingsBody = z.object({
  points_program: z.object({
    points_name: text(40).trim().min(1, 'is required').optional(),
    points_name_plural: text(40).trim().min(1, 'is required').optional(),
    default_allowance: points.min(0, 'must be 0 or more').max(1_000_000, 'is too large').optional(),
    daily_cap: points.min(0, 'must be 0 or more').max(1_000_000, 'is too large').optional(),
    rules: z.record(z.string().regex(/^[a-z_]{1,40}$/), points.min(0, 'must be 0 or more').max(100_000, 'is too large')).optional(),
  }),
});

export const announceBody = z.object({
  channels: z.array(channelId, { error: 'choose at least one channel' }).min(1, 'choose at least one channel').max(20, 'at most 20 channels'),
  text: text(3000).trim().min(1, 'is required'),
});

export const shoutoutBody = z.object({
  recipient_id: id,
  points: points.min(1, 'must be at least 1').max(1_000_000, 'is too large'),
  message: text(1000).trim().min(1, 'is required'),
  channels: z.array(channelId).max(20).optional(),
  request_id: z.string().min(1).max(100),
});
export type ShoutoutBody = z.infer<typeof shoutoutBody>;

const listing = z.object({
  name: text(120).trim().min(1, 'is required').optional(),
  short_description: text(200).optional(),
  description: text(5000).optional(),
  points_cost: points.min(0, 'must be 0 or more').max(10_000_000, 'is too large').optional(),
  quantity_available: points.min(0, 'must be 0 or more').max(1_000_000, 'is too large').nullable().optional(),
  state: z.enum(['active', 'inactive'], { error: 'must be active or inactive' }).optional(),
  is_gift_card: z.boolean().optional(),
  preset_id: z.string().max(60).nullable().optional(),
  image_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).max(2000).nullable().optional(),
  image_id: z.string().max(200).nullable().optional(),
});

/** POST /rewards and PUT /rewards/{id}: { listing }. */
export const listingBody = z.object({ listing });

export const redeemBody = z.object({ gift_card_points_cost: points.min(1, 'must be at least 1').optional() });

export const redemptionsQuery = z.object({ page, start_date: localDate.optional(), end_date: localDate.optional() });
export type RedemptionsQuery = z.infer<typeof redemptionsQuery>;

const giftCardOption = z.object({ points: points.min(1, 'must be at least 1').max(10_000_000), dollars: z.number({ error: 'must be a number' }).positive('must be more than 0').max(10_000) });

/** PUT /rewards/settings: { rewards_program }. */
export const rewardsSettingsBody = z.object({
  rewards_program: z.object({
    redemption_fulfillment_channel_id: channelId.nullable().optional(),
    gift_card_options: z
      .array(giftCardOption)
      .max(10, 'at most 10 options')
      .refine((o) => new Set(o.map((x) => x.points)).size === o.length, 'each option needs its own points')
      .optional(),
  }),
});

