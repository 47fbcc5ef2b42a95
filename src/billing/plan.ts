import type { Db } from '../db/index.js';
import { HttpError } from '../http/errors.js';

export interface PlanAccess {
  plan: 'free' | 'premium';
  /** Premium, or a trial still running. */
  paidFeatureAccess: boolean;
  /** A workspace may try premium once. */
  trialAllowed: boolean;
}

export async function planAccess(db: Db, workspaceId: number, now: Date): Promise<PlanAccess> {
  const account = await db.selectFrom('accounts').select(['plan', 'trial_ends_at']).where('workspace_id', '=', workspaceId).executeTakeFirst();
  const plan = account?.plan ?? 'free';
  const onTrial = account?.trial_ends_at ? account.trial_ends_at > now : false;
  return { plan, paidFeatureAccess: plan === 'premium' || onTrial, trialAllowed: plan === 'free' && !account?.trial_ends_at };
}

/** HTTP 402: the page opens the matching upgrade modal (`feature` picks its wording). */
export function paymentRequired(feature: 'premium' | 'pairing_types' | 'unlimited_celebrations' | 'intros_channels' | 'custom_prompts', message: string, access: PlanAccess): HttpError {
  return new HttpError(402, message, undefined, { feature, trial_available: access.trialAllowed });
}
