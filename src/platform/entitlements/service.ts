import type { Db, Executor, Trx } from '../../db/index.js';
import { event, type Emit } from '../events/define.js';
import { HttpError } from '../../http/errors.js';
import type { Clock } from '../../time/clock.js';
import { FEATURES, FREE_LIMITS, pairingTypeAllowed, type Feature } from './features.js';
import { planChanged, type PlanState } from './events.js';
import { EntitlementsRepository } from './repository.js';

/** A plan change: start a trial (ending at `endsAt`), subscribe to premium, or go back to the free plan. */
export type PlanChange = { to: 'trial'; endsAt: Date } | { to: 'premium' } | { to: 'free' };
export type PlanChangeReason = 'trial_started' | 'subscribed' | 'downgraded' | 'provider';

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
  | { feature: 'programs_per_kind'; programs: number; label: string }
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

  /**
   * Whether a new channel program may join the workspace's account (programs.md: "an account can be set to cover
   * newly created channel programs", own_new_configs). The account pays for every program it runs, so on a paid
   * plan or a trial a member who is not an admin adds one only when the account covers new programs; its admins
   * (and the workspace's) always may. On the free plan nothing is paid for, and anyone may.
   */
  async mayAddProgram(workspaceId: number, byAdmin: boolean): Promise<boolean> {
    if (byAdmin || !(await this.plan(workspaceId)).paidFeatureAccess) return true;
    return this.repo.coversNewPrograms(this.db, workspaceId);
  }

  limits(access: PlanAccess): Limits {
    const free = !access.paidFeatureAccess;
    return {
      introsChannels: free ? FREE_LIMITS.introsChannels : null,
      programsPerKind: free ? FREE_LIMITS.programsPerKind : null,
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
      case 'programs_per_kind':
        return e.programs <= FREE_LIMITS.programsPerKind ? { allowed: true } : deny(`The free plan runs one ${e.label} program. Upgrade to run ${e.label} in more channels.`);
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

  /** Whole days left in a running trial, counted up (its last day reads 1), or null when no trial runs. */
  static trialDaysLeft(access: PlanAccess, now: Date): number | null {
    if (Entitlements.state(access) !== 'trial' || !access.trialEndsAt) return null;
    return Math.max(1, Math.ceil((access.trialEndsAt.getTime() - now.getTime()) / 86_400_000));
  }

  /** free, trial or premium, from a plan. */
  static state(access: Pick<PlanAccess, 'plan' | 'paidFeatureAccess'>): PlanState {
    return access.plan === 'premium' ? 'premium' : access.paidFeatureAccess ? 'trial' : 'free';
  }

  /**
   * The one writer of the plan: changes it inside the caller's transaction (the account row locked) and
   * records `plan.changed`. Nothing else is touched: a workspace going back to free keeps every paid setting,
   * which the gates ignore while free and which resume on upgrade. A trial is offered once (409 otherwise);
   * going free during a trial ends it now. A change to the state it is already in records nothing.
   */
  async changePlan(trx: Trx, emit: Emit, workspaceId: number, change: PlanChange, reason: PlanChangeReason, memberId: number | null = null): Promise<PlanAccess> {
    const now = this.clock.now();
    const row = await this.repo.lockAccount(trx, workspaceId);
    if (!row) throw new HttpError(404, 'Not found');
    const before = await this.plan(workspaceId, trx);
    const from = Entitlements.state(before);
    let values: { plan: 'free' | 'premium'; trial_ends_at: Date | null; trial_end_recorded_at: Date | null };
    const trialEndsAt = row.trial_ends_at ? new Date(row.trial_ends_at) : null;
    const recorded = row.trial_end_recorded_at ? new Date(row.trial_end_recorded_at) : null;
    if (change.to === 'trial') {
      if (from === 'trial') return before;
      if (!before.trialAllowed) throw new HttpError(409, 'Your workspace has already had its free trial.', { trial: 'already used' });
      if (change.endsAt <= now) throw new HttpError(400, 'A trial must end in the future.', { trial: 'ends in the past' });
      values = { plan: 'free', trial_ends_at: change.endsAt, trial_end_recorded_at: null };
    } else if (change.to === 'premium') {
      if (from === 'premium') return before;
      // A trial that becomes a subscription ends now, and has no end to record.
      values = { plan: 'premium', trial_ends_at: endedBy(trialEndsAt, now), trial_end_recorded_at: trialEndsAt ? (recorded ?? now) : null };
    } else {
      if (from === 'free') return before;
      // Ending a running trial early: it ends now (and counts as used).
      values = { plan: 'free', trial_ends_at: endedBy(trialEndsAt, now), trial_end_recorded_at: trialEndsAt ? (recorded ?? now) : null };
    }
    await this.repo.savePlan(trx, workspaceId, values, now);
    const after = await this.plan(workspaceId, trx);
    const to = Entitlements.state(after);
    emit(event(planChanged, workspaceId, { from, to, reason, trialEndsAt: after.trialEndsAt?.toISOString() ?? null, memberId }));
    return after;
  }

  /**
   * Trials that ended by `now` go back to the free plan: nothing to change (an ended trial already reads as
   * free), but each end is recorded once as `plan.changed` (trial_expired). Returns how many were recorded.
   */
  async recordEndedTrials(trx: Trx, emit: Emit, now: Date, limit = 100): Promise<number> {
    const rows = await this.repo.claimEndedTrials(trx, now, limit);
    await this.repo.markTrialEndRecorded(trx, rows.map((r) => r.workspace_id), now);
    for (const r of rows)
      emit(event(planChanged, r.workspace_id, { from: 'trial', to: 'free', reason: 'trial_expired', trialEndsAt: new Date(r.trial_ends_at!).toISOString(), memberId: null }));
    return rows.length;
  }

  /** When the next trial ends (for the tick), or null. */
  nextTrialEnd(): Promise<Date | null> {
    return this.repo.nextTrialEnd(this.db);
  }

  /** Throws the 402 for a refused entitlement; `message` replaces the default reason. */
  async require(workspaceId: number, e: Entitlement, opts: { message?: string; ex?: Executor } = {}): Promise<PlanAccess> {
    const access = await this.plan(workspaceId, opts.ex);
    const decision = this.decide(access, e);
    if (!decision.allowed) throw paymentRequired(decision.feature, opts.message ?? decision.reason, access);
    return access;
  }
}

/** A trial end no later than `now` (a trial still running ends now). */
const endedBy = (trialEndsAt: Date | null, now: Date): Date | null => (trialEndsAt && trialEndsAt > now ? now : trialEndsAt);

/** HTTP 402: the body names the feature (the upgrade dialog's copy) and whether a trial is on offer. */
export function paymentRequired(feature: Feature, message: string, access: PlanAccess): HttpError {
  return new HttpError(402, message, undefined, { feature, trial_available: access.trialAllowed, paid_coffee_trial_available: access.paidCoffeeTrialAllowed });
}
