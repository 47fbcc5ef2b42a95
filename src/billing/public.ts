import type { Db } from '../db/index.js';
import type { Entitlements } from '../platform/entitlements/service.js';
import { BillingRepository } from './repository.js';

/** How a workspace pays for extras such as gift cards (journeys.md §6: invoiced teams ask support to enable them). */
export type ExtrasBilling = 'ok' | 'invoiced' | 'no_payment_method';

/** What other capabilities may ask of Billing. */
export class BillingPublic {
  private readonly repo: BillingRepository;

  constructor(
    db: Db,
    private readonly entitlements: Entitlements,
  ) {
    this.repo = new BillingRepository(db);
  }

  /** Invoiced accounts first (they cannot self-enable paid extras); then a card on file, or a paying plan (it has one). */
  async extrasBilling(workspaceId: number): Promise<ExtrasBilling> {
    const customer = await this.repo.customer(workspaceId);
    if (customer?.invoiced) return 'invoiced';
    if (customer?.has_payment_method) return 'ok';
    return (await this.entitlements.plan(workspaceId)).plan === 'premium' ? 'ok' : 'no_payment_method';
  }
}
