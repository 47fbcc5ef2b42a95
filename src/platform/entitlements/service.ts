import type { Db, Executor } from '../../db/index.js';
import { HttpError } from '../../http/errors.js';
import type { Clock } from '../../time/clock.js';
import { FEATURES, FREE_LIMITS, pairingTypeAllowed, type Feature } from './features.js';
import { EntitlementsRepository } from './repository.js';

export interface PlanAccess {
  plan: 'free' | 'premium';
  /** Premium, or a trial still running. */
  paidFeatureAccess: boolean;
  /** A free workspace that never had a trial may start one. */
  trialAllowed: boolean;
  /** The same offer, as the Intros pages name it (programs.md: paidCoffeeTrialAllowed). */
  paidCoffeeTrialAllowed: boolean;
  /** When a running or past trial ends (a past one is back on the free plan). */
  trialEndsAt: Date | null;
}

/** The free plan's numbers for this workspace: null where the plan sets no limit. */
export type Limits = { [K in keyof typeof FREE_LIMITS]: number | null };

/** A check's answer: allowed, or the feature that would allow it and why not. */
export type Decision = { allowed: true } | { allowed: false; feature: Feature; reason: string };

/** What may be asked: each is one rule of the plan. */
export type Entitlement =
  | { feature: 'pairing_types'; pairingType: string; claimingAllowed: boolean; label?: string }
  | { feature: 'intros_channels'; introsChannels: number }
  | { feature: 'premium_packs' | 'custom_prompts' | 'premium'; what?: string }
  | { feature: 'unlimited_celebrations'; customCelebrations: number }
  | { feature: 'journeys'; journeys: number }
  | { feature: 'journeys'; journeyMessages: number };

/**
 * The one place that answers "may this workspace do X, and if not, why". Routes, jobs and pages ask it; a
 * refusal is a 402 naming the feature (the upgrade dialog's copy comes from the same FEATURES list).
 */
export class Entitlements {
  private readonly repo = new EntitlementsRepository();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The workspace's plan now; a trial that has ended counts as the free plan. `ex` joins a transaction. */
  async plan(workspaceId: number, ex: Executor = this.db): Promise<PlanAccess> {
    const account = await this.repo.account(ex, workspaceId);
    const plan = account?.plan ?? 'free';
    const trialEndsAt = account?.trial_ends_at ? new Date(account.trial_ends_at) : null;
    const onTrial = trialEndsAt ? trialEndsAt > this.clock.now() : false;
    const trialAllowed = plan === 'free' && !trialEndsAt;
    return { plan, paidFeatureAccess: plan === 'premium' || onTrial, trialAllowed, paidCoffeeTrialAllowed: trialAllowed, trialEndsAt };
  }

  limits(access: PlanAccess): Limits {
    const free = !access.paidFeatureAccess;
    return {
      introsChannels: free ? FREE_LIMITS.introsChannels : null,
      introsParticipants: free ? FREE_LIMITS.introsParticipants : null,
      customCelebrations: free ? FREE_LIMITS.customCelebrations : null,
      journeys: free ? FREE_LIMITS.journeys : null,
      journeyMessages: free ? FREE_LIMITS.journeyMessages : null,
    };
  }

  /** Pure: the decision for an entitlement under a known plan. `count` fields are the usage *after* the change. */
  decide(access: PlanAccess, e: Entitlement): Decision {
    if (access.paidFeatureAccess) return { allowed: true };
    const deny = (reason: string): Decision => ({ allowed: false, feature: e.feature, reason });
    switch (e.feature) {
      case 'pairing_types':
        return pairingTypeAllowed(e.pairingType, e.claimingAllowed, false) ? { allowed: true } : deny(`${e.label ?? 'Cross-group, within-group and lottery'} intros need the paid plan.`);
      case 'intros_channels':
        return e.introsChannels <= FREE_LIMITS.introsChannels ? { allowed: true } : deny('The free plan includes one Intros channel. Upgrade to run Intros in more channels.');
      case 'unlimited_celebrations':
        return e.customCelebrations <= FREE_LIMITS.customCelebrations
          ? { allowed: true }
          : deny(`The free plan includes ${FREE_LIMITS.customCelebrations} custom celebrations. Upgrade to add more.`);
      case 'journeys':
        if ('journeyMessages' in e)
          return e.journeyMessages <= FREE_LIMITS.journeyMessages ? { allowed: true } : deny(`The free plan sends up to ${FREE_LIMITS.journeyMessages} messages per journey.`);
        return e.journeys <= FREE_LIMITS.journeys ? { allowed: true } : deny(`The free plan runs ${FREE_LIMITS.journeys} journey at a time.`);
      default:
        return deny(e.what ? `${e.what} ${e.what.endsWith('s') ? 'are' : 'is'} part of the Premium plan.` : FEATURES[e.feature].text);
    }
  }

  /** Throws the 402 for a refused entitlement; `message` replaces the default reason. */
  async require(workspaceId: number, e: Entitlement, opts: { message?: string; ex?: Executor } = {}): Promise<PlanAccess> {
    const access = await this.plan(workspaceId, opts.ex);
    const decision = this.decide(access, e);
    if (!decision.allowed) throw paymentRequired(decision.feature, opts.message ?? decision.reason, access);
    return access;
  }
}

/** HTTP 402: the body names the feature (the upgrade dialog's copy) and whether a trial is on offer. */
export function paymentRequired(feature: Feature, message: string, access: PlanAccess): HttpError {
  return new HttpError(402, message, undefined, { feature, trial_available: access.trialAllowed, paid_coffee_trial_available: access.paidCoffeeTrialAllowed });
}
