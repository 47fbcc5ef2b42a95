import { describe, expect, it } from 'vitest';
import { parseTiers, ConfigError, loadConfig } from '../../../src/config.js';
import { quote } from '../../../src/billing/pricing.js';
import { FEATURES, FREE_LIMITS } from '../../../src/platform/entitlements/features.js';
import { Entitlements, type Entitlement, type PlanAccess } from '../../../src/platform/entitlements/service.js';
import { ControllableClock } from '../../../src/time/clock.js';

const ent = new Entitlements(null as never, new ControllableClock(new Date('2026-03-02T08:00:00Z')));
const access = (over: Partial<PlanAccess>): PlanAccess => ({ plan: 'free', paidFeatureAccess: false, trialAllowed: true, paidCoffeeTrialAllowed: true, trialEndsAt: null, ...over });
const FREE = access({});
const TRIAL = access({ paidFeatureAccess: true, trialAllowed: false, paidCoffeeTrialAllowed: false, trialEndsAt: new Date('2026-03-16T08:00:00Z') });
const ENDED = access({ trialAllowed: false, paidCoffeeTrialAllowed: false, trialEndsAt: new Date('2026-03-01T08:00:00Z') });
const PREMIUM = access({ plan: 'premium', paidFeatureAccess: true, trialAllowed: false, paidCoffeeTrialAllowed: false });

/** Every gate the programs ask, each at the edge of the free plan and one step past it. */
const GATES: Array<{ name: string; within: Entitlement; beyond: Entitlement }> = [
  { name: 'paid pairing types', within: { feature: 'pairing_types', pairingType: 'topic_based', claimingAllowed: false }, beyond: { feature: 'pairing_types', pairingType: 'lottery', claimingAllowed: false } },
  { name: 'one Intros program', within: { feature: 'intros_channels', introsChannels: 1 }, beyond: { feature: 'intros_channels', introsChannels: 2 } },
  { name: 'one Watercooler', within: { feature: 'programs_per_kind', programs: 1, label: 'Watercooler' }, beyond: { feature: 'programs_per_kind', programs: 2, label: 'Watercooler' } },
  { name: 'custom celebrations', within: { feature: 'unlimited_celebrations', customCelebrations: FREE_LIMITS.customCelebrations }, beyond: { feature: 'unlimited_celebrations', customCelebrations: FREE_LIMITS.customCelebrations + 1 } },
  { name: 'journeys', within: { feature: 'journeys', journeys: 1 }, beyond: { feature: 'journeys', journeys: 2 } },
  { name: 'custom watercooler prompts', within: { feature: 'pairing_types', pairingType: 'standard', claimingAllowed: false }, beyond: { feature: 'custom_prompts', what: 'Custom prompts' } },
  { name: 'premium prompt packs', within: { feature: 'pairing_types', pairingType: 'standard', claimingAllowed: false }, beyond: { feature: 'premium_packs' } },
];

describe('entitlement decisions', () => {
  for (const g of GATES) {
    it(`${g.name}: allowed within the free plan, refused past it naming the feature; a trial or premium lifts it, an ended trial does not`, () => {
      expect(ent.decide(FREE, g.within)).toEqual({ allowed: true });
      const refused = ent.decide(FREE, g.beyond);
      expect(refused).toMatchObject({ allowed: false, feature: g.beyond.feature });
      expect(Object.keys(FEATURES)).toContain(refused.allowed ? '' : refused.feature);
      expect(ent.decide(ENDED, g.beyond).allowed).toBe(false);
      expect(ent.decide(TRIAL, g.beyond)).toEqual({ allowed: true });
      expect(ent.decide(PREMIUM, g.beyond)).toEqual({ allowed: true });
    });
  }

  it('claiming_allowed lifts the pairing-type gate on the free plan; standard and interests are always free', () => {
    for (const t of ['cross_group_pairing', 'within_group_pairing', 'lottery']) {
      expect(ent.decide(FREE, { feature: 'pairing_types', pairingType: t, claimingAllowed: false }).allowed).toBe(false);
      expect(ent.decide(FREE, { feature: 'pairing_types', pairingType: t, claimingAllowed: true }).allowed).toBe(true);
    }
    expect(ent.decide(FREE, { feature: 'pairing_types', pairingType: 'standard', claimingAllowed: false }).allowed).toBe(true);
  });

  it('limits: 24 people a round and one Intros channel on free, none with paid access', () => {
    expect(ent.limits(FREE)).toMatchObject({ introsParticipants: 24, introsChannels: 1, customCelebrations: FREE_LIMITS.customCelebrations });
    expect(Object.values(ent.limits(TRIAL)).every((v) => v === null)).toBe(true);
    expect(Object.values(ent.limits(PREMIUM)).every((v) => v === null)).toBe(true);
    expect(ent.limits(ENDED).introsParticipants).toBe(24);
  });

  it('names the state: free, trial, premium (an ended trial is free)', () => {
    expect([FREE, TRIAL, ENDED, PREMIUM].map((a) => Entitlements.state(a))).toEqual(['free', 'trial', 'free', 'premium']);
  });
});

describe('price tiers', () => {
  const tiers = parseTiers('50:400,250:300,*:200', 'X');

  it('parses the operator\'s tiers and prices every active person at their tier (volume)', () => {
    expect(tiers).toEqual([
      { upTo: 50, unitAmount: 400 },
      { upTo: 250, unitAmount: 300 },
      { upTo: null, unitAmount: 200 },
    ]);
    // A subscription is billed for at least one seat (src/billing/API.md, "Seats").
    expect(quote(tiers, 0, 'usd')).toMatchObject({ quantity: 0, cost: 400, unit_amount: 400 });
    expect(quote(tiers, 50, 'usd')).toMatchObject({ cost: 20_000, unit_amount: 400 });
    expect(quote(tiers, 51, 'usd')).toMatchObject({ cost: 15_300, unit_amount: 300 });
    expect(quote(tiers, 1000, 'eur')).toMatchObject({ cost: 200_000, unit_amount: 200, currency: 'eur', interval: 'month' });
  });

  it('refuses tiers that are malformed, out of order or without a last * tier', () => {
    for (const bad of ['50:400', '50:400,20:300,*:100', 'fifty:400,*:1', '*:100,50:200', ''])
      expect(() => parseTiers(bad, 'BILLING_PREMIUM_TIERS')).toThrow(ConfigError);
  });

  it('configures billing: the sandbox provider without Stripe keys, Stripe with them, none in production without either', () => {
    const base = { NODE_ENV: 'test', HEARTH_DATA_DIR: '/tmp/hearth-billing-config-test' } as const;
    expect(loadConfig(base).billing).toMatchObject({ provider: 'sandbox', currency: 'usd', trialDays: 14 });
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_API_URL: 'http://127.0.0.1:12111' }).billing).toMatchObject({
      provider: 'stripe',
      stripe: { secretKey: 'sk_test_abc', apiUrl: 'http://127.0.0.1:12111' },
    });
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...base, BILLING_PREMIUM_TIERS: '10:1' })).toThrow(/BILLING_PREMIUM_TIERS/);
    expect(() => loadConfig({ ...base, BILLING_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
