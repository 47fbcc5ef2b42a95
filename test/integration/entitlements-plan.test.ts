import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/index.js';
import type { PendingEvent } from '../../src/platform/events/define.js';
import { Entitlements, type PlanChange, type PlanChangeReason } from '../../src/platform/entitlements/service.js';
import { ControllableClock } from '../../src/time/clock.js';
import { testDatabase } from '../support/db.js';

/**
 * The plan's one writer (Entitlements.changePlan) and trial expiry under a controllable Clock: a trial runs
 * 14 days, is offered once, reads as the free plan the moment it ends (nothing written, nothing lost), and its
 * end is recorded once as plan.changed by the tick's due source.
 */
describe(`plan changes and trial expiry (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let h: DbHandle;
  const clock = new ControllableClock(new Date('2026-03-02T08:00:00Z'));
  let ent: Entitlements;
  let ws: number;
  let other: number;

  const change = async (workspaceId: number, c: PlanChange, reason: PlanChangeReason) => {
    const events: PendingEvent[] = [];
    const access = await h.db.transaction().execute((trx) => ent.changePlan(trx, (...e) => events.push(...e), workspaceId, c, reason, null));
    return { access, events };
  };
  const recordEnded = async () => {
    const events: PendingEvent[] = [];
    const n = await h.db.transaction().execute((trx) => ent.recordEndedTrials(trx, (...e) => events.push(...e), clock.now()));
    return { n, events };
  };

  beforeAll(async () => {
    h = await testDatabase();
    ent = new Entitlements(h.db, clock);
    const now = clock.now();
    const ids: number[] = [];
    for (const team of ['T0PLAN1', 'T0PLAN2']) {
      const [row] = await h.db.insertInto('workspaces').values({ team_id: team, enterprise_id: null, created_at: now, updated_at: now }).returning('id').execute();
      await h.db.insertInto('accounts').values({ workspace_id: row!.id, created_at: now, updated_at: now }).execute();
      ids.push(row!.id);
    }
    [ws, other] = ids as [number, number];
  });
  afterAll(() => h.close());

  it('starts a 14-day trial with paid access, recorded as plan.changed; a second start while it runs changes nothing', async () => {
    const { access, events } = await change(ws, { to: 'trial', endsAt: new Date('2026-03-16T08:00:00Z') }, 'trial_started');
    expect(access).toMatchObject({ plan: 'free', paidFeatureAccess: true, trialAllowed: false });
    expect(events).toEqual([{ workspaceId: ws, type: 'plan.changed', payload: { from: 'free', to: 'trial', reason: 'trial_started', trialEndsAt: '2026-03-16T08:00:00.000Z', memberId: null } }]);
    expect((await change(ws, { to: 'trial', endsAt: new Date('2026-04-01T00:00:00Z') }, 'trial_started')).events).toEqual([]);
    expect(await ent.nextTrialEnd()).toEqual(new Date('2026-03-16T08:00:00Z'));
    expect(await recordEnded()).toMatchObject({ n: 0 });
  });

  it('at the trial\'s end the workspace is on the free plan again, with no trial on offer; the end is recorded once', async () => {
    clock.set(new Date('2026-03-16T07:59:59Z'));
    expect((await ent.plan(ws)).paidFeatureAccess).toBe(true);
    clock.set(new Date('2026-03-16T08:00:00Z'));
    expect(await ent.plan(ws)).toMatchObject({ plan: 'free', paidFeatureAccess: false, trialAllowed: false, paidCoffeeTrialAllowed: false });
    await expect(ent.require(ws, { feature: 'pairing_types', pairingType: 'lottery', claimingAllowed: false })).rejects.toMatchObject({ status: 402, extra: { trial_available: false } });
    const first = await recordEnded();
    expect(first.n).toBe(1);
    expect(first.events[0]).toMatchObject({ workspaceId: ws, payload: { from: 'trial', to: 'free', reason: 'trial_expired' } });
    expect((await recordEnded()).n).toBe(0);
    expect(await ent.nextTrialEnd()).toBeNull();
    await expect(change(ws, { to: 'trial', endsAt: new Date('2026-04-01T00:00:00Z') }, 'trial_started')).rejects.toMatchObject({ status: 409 });
  });

  it('upgrading afterwards restores paid access; downgrading returns to free', async () => {
    const up = await change(ws, { to: 'premium' }, 'subscribed');
    expect(up.access).toMatchObject({ plan: 'premium', paidFeatureAccess: true });
    expect(up.events[0]!.payload).toMatchObject({ from: 'free', to: 'premium' });
    const down = await change(ws, { to: 'free' }, 'downgraded');
    expect(down.access).toMatchObject({ plan: 'free', paidFeatureAccess: false, trialAllowed: false });
    expect((await change(ws, { to: 'free' }, 'downgraded')).events).toEqual([]);
  });

  it('a trial that becomes a subscription, or is ended early, is never recorded as expired', async () => {
    clock.set(new Date('2026-03-20T08:00:00Z'));
    await change(other, { to: 'trial', endsAt: new Date('2026-04-03T08:00:00Z') }, 'trial_started');
    await change(other, { to: 'premium' }, 'subscribed');
    clock.set(new Date('2026-04-10T08:00:00Z'));
    expect(await recordEnded()).toMatchObject({ n: 0 });
    expect((await ent.plan(other)).plan).toBe('premium');
    const down = await change(other, { to: 'free' }, 'downgraded');
    expect(down.events[0]!.payload).toMatchObject({ from: 'premium', to: 'free' });
    expect(await recordEnded()).toMatchObject({ n: 0 });
  });
});
