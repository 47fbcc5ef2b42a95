import { z } from 'zod';
import { defineEvent } from '../platform/events/define.js';

const id = z.number().int().positive();

/** A member gave another a shoutout: written with the shoutout, the recipient's ledger row and the posts. */
export const shoutoutGiven = defineEvent('points.shoutout_given', z.object({ shoutoutId: id, giverId: id, recipientId: id, points: z.number().int().positive() }));

/** A member redeemed a reward: written with the redemption, the debit and the fulfilment notice. */
export const rewardRedeemed = defineEvent('points.reward_redeemed', z.object({ redemptionId: id, listingId: id, memberId: id, points: z.number().int().nonnegative(), giftCard: z.boolean() }));

/** An admin fulfilled a redemption. */
export const redemptionFulfilled = defineEvent('points.redemption_fulfilled', z.object({ redemptionId: id, fulfillerId: id }));

/** An admin gave a member bonus points. */
export const bonusGiven = defineEvent('points.bonus_given', z.object({ memberId: id, points: z.number().int().positive(), actorId: id }));

/** The shoutouts program was launched, or announced in channels. */
export const shoutoutsLaunched = defineEvent('points.shoutouts_launched', z.object({ actorId: id }));
export const shoutoutsAnnounced = defineEvent('points.shoutouts_announced', z.object({ actorId: id, channels: z.array(z.string()).min(1) }));
