import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/index.js';
import { HttpError } from '../../src/http/errors.js';
import { FEATURES, FREE_LIMITS } from '../../src/platform/entitlements/features.js';
import { Entitlements } from '../../src/platform/entitlements/service.js';
import { ControllableClock } from '../../src/time/clock.js';
import { testDatabase } from '../support/db.js';

describe(`entitlements (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let h: DbHandle;
  const clock = new ControllableClock(new Date('2026-05-01T12:00:00Z'));
  let entitlements: Entitlements;
  const ws: Record<'free' | 'premium' | 'trial', number> = { free: 0, premium: 0, trial: 0 };

  beforeAll(async () => {
    h = await testDatabase();
    entitlements = new Entitlements(h.db, clock);
    const now = clock.now();
    for (const [name, plan, trial] of [
      ['free', 'free', null],
      ['premium', 'premium', null],
      ['trial', 'free', new Date('2026-05-15T00:00:00Z')],
    ] as const) {
      const [row] = await h.db.insertInto('workspaces').values({ team_id: `T0ENT${name}`, enterprise_id: null, created_at: now, updated_at: now }).returning('id').execute();
      ws[name] = row!.id;
      await h.db.insertInto('accounts').values({ workspace_id: row!.id, plan, trial_ends_at: trial, created_at: now, updated_at: now }).execute();
    }
  });
  afterAll(() => h.close());

  it('reads the plan: premium and a running trial have paid access; a trial is offered once', async () => {
    expect(await entitlements.plan(ws.free)).toMatchObject({ plan: 'free', paidFeatureAccess: false, trialAllowed: true, paidCoffeeTrialAllowed: true });
    expect(await entitlements.plan(ws.premium)).toMatchObject({ plan: 'premium', paidFeatureAccess: true, trialAllowed: false });
    expect(await entitlements.plan(ws.trial)).toMatchObject({ plan: 'free', paidFeatureAccess: true, trialAllowed: false });
  });

  it('a trial that has ended is the free plan again', async () => {
    const later = new Entitlements(h.db, new ControllableClock(new Date('2026-05-15T00:00:01Z')));
    expect(await later.plan(ws.trial)).toMatchObject({ paidFeatureAccess: false, trialAllowed: false });
    await expect(later.require(ws.trial, { feature: 'pairing_types', pairingType: 'lottery', claimingAllowed: false })).rejects.toMatchObject({ status: 402 });
  });

  it('follows programs.md §9 on pairing types: interests are free, cross-group, within-group and lottery are paid, claiming_allowed lifts the gate', async () => {
    const free = await entitlements.plan(ws.free);
    const allowed = (pairingType: string, claimingAllowed = false) => entitlements.decide(free, { feature: 'pairing_types', pairingType, claimingAllowed }).allowed;
    expect(allowed('standard')).toBe(true);
    expect(allowed('topic_based')).toBe(true);
    for (const paid of ['cross_group_pairing', 'within_group_pairing', 'lottery']) {
      expect(allowed(paid)).toBe(false);
      expect(allowed(paid, true)).toBe(true);
    }
  });

  it('counts usage against the free limits and lifts them on premium', async () => {
    const free = await entitlements.plan(ws.free);
    const premium = await entitlements.plan(ws.premium);
    expect(entitlements.decide(free, { feature: 'intros_channels', introsChannels: FREE_LIMITS.introsChannels }).allowed).toBe(true);
    expect(entitlements.decide(free, { feature: 'intros_channels', introsChannels: FREE_LIMITS.introsChannels + 1 })).toMatchObject({ allowed: false, feature: 'intros_channels' });
    expect(entitlements.decide(free, { feature: 'unlimited_celebrations', customCelebrations: FREE_LIMITS.customCelebrations + 1 }).allowed).toBe(false);
    expect(entitlements.decide(free, { feature: 'journeys', journeys: 2 }).allowed).toBe(false);
    expect(entitlements.decide(premium, { feature: 'journeys', journeys: 50 }).allowed).toBe(true);
    expect(entitlements.limits(free).introsParticipants).toBe(24);
    expect(entitlements.limits(premium).introsParticipants).toBeNull();
  });

  it('refuses with a 402 whose body names a feature the upgrade dialog knows, and whether a trial is on offer', async () => {
    const err = await entitlements.require(ws.free, { feature: 'custom_prompts', what: 'Custom prompts' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    const http = err as HttpError;
    expect(http.status).toBe(402);
    expect(http.message).toBe('Custom prompts are part of the Premium plan.');
    expect(http.extra).toEqual({ feature: 'custom_prompts', trial_available: true, paid_coffee_trial_available: true });
    expect(Object.keys(FEATURES)).toContain(http.extra!.feature);
    await expect(entitlements.require(ws.premium, { feature: 'custom_prompts' })).resolves.toMatchObject({ plan: 'premium' });
  });
});
