import type { PriceTier } from '../config.js';

export interface CostQuote {
  quantity: number;
  /** Cents a month for all of them. */
  cost: number;
  unit_amount: number;
  currency: string;
  interval: 'month';
}

/** A subscription is billed for at least one seat (the payment provider takes no empty subscription). */
export const billedSeats = (seats: number): number => Math.max(1, seats);

/**
 * Volume pricing: every seat (src/billing/API.md, "Seats") at the unit price of the tier their number falls in,
 * billed for at least one. `quantity` is the seats themselves, as people count them.
 */
export function quote(tiers: readonly PriceTier[], quantity: number, currency: string): CostQuote {
  const billed = billedSeats(quantity);
  const tier = tiers.find((t) => t.upTo === null || billed <= t.upTo) ?? tiers[tiers.length - 1]!;
  return { quantity, cost: billed * tier.unitAmount, unit_amount: tier.unitAmount, currency, interval: 'month' };
}
