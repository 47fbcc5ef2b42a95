import type { Trx } from '../db/index.js';
import { FREE_LIMITS } from '../platform/entitlements/features.js';
import { paymentRequired } from '../platform/entitlements/service.js';
import type { CustomAllowanceJson } from './api-types.js';
import type { CelebrationsDeps } from './deps.js';
import type { ScheduleRepository } from './schedules.repository.js';

const REFUSAL = `The free plan celebrates every birthday and work anniversary, plus ${FREE_LIMITS.customCelebrations} custom dates. Upgrade to Premium for unlimited custom celebrations.`;

/**
 * The free plan celebrates every birthday and work anniversary, in every program, plus FREE_LIMITS.customCelebrations
 * custom dates (a custom date counts once however many programs include it). Premium: unlimited custom dates.
 */
export class CustomAllowance {
  constructor(
    private readonly s: Pick<CelebrationsDeps, 'entitlements'>,
    private readonly schedules: ScheduleRepository,
  ) {}

  /** The allowance as the pages show it. */
  async json(workspaceId: number): Promise<CustomAllowanceJson> {
    const access = await this.s.entitlements.plan(workspaceId);
    const active = await this.schedules.activeCustomCount(workspaceId);
    return { paid: access.paidFeatureAccess, custom_limit: this.s.entitlements.limits(access).customCelebrations, custom_active: active };
  }

  /** 402 (unlimited_celebrations) when including this custom date (or a new one) would go beyond the allowance. */
  async assert(trx: Trx, workspaceId: number, scheduleId?: number): Promise<void> {
    const access = await this.s.entitlements.plan(workspaceId, trx);
    if (access.paidFeatureAccess) return;
    // Serialize allowance checks per workspace so two concurrent requests cannot both take the last slot.
    await this.schedules.lockAllowance(trx, workspaceId);
    if (scheduleId !== undefined && (await this.schedules.includedAnywhere(trx, workspaceId, scheduleId))) return;
    const active = await this.schedules.activeCustomCount(workspaceId, scheduleId, trx);
    const decision = this.s.entitlements.decide(access, { feature: 'unlimited_celebrations', customCelebrations: active + 1 });
    if (!decision.allowed) throw paymentRequired(decision.feature, REFUSAL, access);
  }
}
