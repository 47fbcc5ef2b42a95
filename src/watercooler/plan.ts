import type { ProgramTemplate } from '../programs/kinds.js';
import type { Trx } from '../db/index.js';
import type { Entitlements, PlanAccess } from '../platform/entitlements/service.js';
import type { Pack } from './tables.js';

/** What the plan allows in Watercooler, asked of the entitlements service with Watercooler's own words. */
export class WatercoolerPlan {
  constructor(private readonly entitlements: Entitlements) {}

  /** The plan now; with paid feature access a queue includes own prompts and premium packs. */
  plan(workspaceId: number): Promise<PlanAccess> {
    return this.entitlements.plan(workspaceId);
  }

  /** Another Watercooler: the free plan runs one (`programs` counts the one being created). */
  async requireAnotherProgram(workspaceId: number, programs: number): Promise<void> {
    await this.entitlements.require(workspaceId, { feature: 'programs_per_kind', programs, label: 'Watercooler' });
  }

  /** Writing prompts or packs of one's own (`what`: "Custom prompts", "Custom prompt packs"). */
  async requireCustomization(workspaceId: number, what: string): Promise<void> {
    await this.entitlements.require(workspaceId, { feature: 'custom_prompts' }, { message: `${what} are part of the Premium plan. The free plan posts the Default Dozen.` });
  }

  /** Adding a pack to a watercooler. A library pack's 402 names `premium`, as the page and its tests expect. */
  async requirePack(workspaceId: number, pack: Pack): Promise<void> {
    if (pack.is_free) return;
    const message = `The ${pack.name} pack is part of the Premium plan. The free plan posts the Default Dozen.`;
    await this.entitlements.require(workspaceId, { feature: pack.library_key ? 'premium' : 'custom_prompts' }, { message });
  }

  /** Creating a watercooler from a template whose packs are not all free, in the creating transaction. */
  async requireTemplatePacks(trx: Trx, workspaceId: number, template: ProgramTemplate, packs: Pack[]): Promise<void> {
    if (packs.every((p) => p.is_free)) return;
    const message = `The ${template.name} template uses Premium prompt packs. The free plan includes the Default Dozen.`;
    await this.entitlements.require(workspaceId, { feature: 'premium_packs' }, { message, ex: trx });
  }
}
