import { z } from 'zod';
import { defineEvent } from '../events/define.js';

/** Where a workspace stands: the free plan, a running trial, or premium. */
export const planState = z.enum(['free', 'trial', 'premium']);
export type PlanState = z.infer<typeof planState>;

/**
 * The workspace's plan changed: a trial started or ended, a subscription began, or it went back to the free
 * plan. Recorded in the transaction that writes the account row. Nothing is deleted on the way down: paid
 * settings are kept (and ignored while free), so they resume on upgrade.
 */
export const planChanged = defineEvent(
  'plan.changed',
  z.object({
    from: planState,
    to: planState,
    reason: z.enum(['trial_started', 'subscribed', 'downgraded', 'trial_expired', 'provider']),
    trialEndsAt: z.string().datetime().nullable(),
    memberId: z.number().int().positive().nullable(),
  }),
);

export type PlanChangedPayload = z.infer<typeof planChanged.schema>;
