import type { PriceTier } from '../config.js';

export interface CostQuote {
  quantity: number;
  /** Cents a month for all of them. */
  cost: number;
  unit_amount: number;
  currency: string;
  interval: 'month';
}

/** Volume pricing: every active person at the unit price of the tier their number falls in. */
export function quote(tiers: readonly PriceTier[], quantity: number, currency: string): CostQuote {
  const tier = tiers.find((t) => t.upTo === null || quantity <= t.upTo) ?? tiers[tiers.length - 1]!;
  return { quantity, cost: quantity * tier.unitAmount, unit_amount: tier.unitAmount, currency, interval: 'month' };
}
