import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingAccountJson } from '../../src/billing/api-types.js';
import { FREE_PLAN_STOPS } from '../../src/platform/entitlements/features.js';
import { ACME } from '../../src/sandbox/seed.js';
import type { CurrentUser } from '../../src/users/api-types.js';
import { signIn } from '../support/hearth.js';
import { startSandboxHearth, type SandboxHearth, type SignedIn } from '../support/sandbox-hearth.js';
import { advanceTo, appDm } from './intros-support.js';

const TEAM = ACME.teamId;
const OWNER = ACME.adminUserId;
/** Made an account admin below; Priya is a workspace admin who does not manage billing (hears nothing). */
const DANA = 'U0DEMO001';
const PRIYA = 'U0DEMO002';

/**
 * A trial announces itself (Monday 2 March 2026, a 14-day trial ending Monday 16 March 08:00 UTC): the days
 * left on /billing and in the current user (the shell's notice), a DM to the account's owner and admins 3 days
 * and 1 day before the end and one when it ended, each once, saying what stops; the plan's history is kept.
 */
describe('a trial that announces itself', () => {
  let t: SandboxHearth;
  let owner: SignedIn & { memberId: number };
  const trialTexts = async (userId: string) => ((await appDm(t, TEAM, userId))?.messages ?? []).map((m) => m.text).filter((text) => text.includes('trial'));

  beforeAll(async () => {
    t = await startSandboxHearth();
    owner = await signIn(t, TEAM, OWNER);
    const dana = await signIn(t, TEAM, DANA);
    const account = await t.call<BillingAccountJson>(owner, 'GET', '/billing');
    await t.call(owner, 'POST', '/payment/update_admins_as_json', { service_account: account.account.id, user_id: dana.memberId, action_type: 'add' });
  });
  afterAll(() => t?.close());

  it('shows the days left on the billing page and to the shell, and keeps the start in the history', async () => {
    await t.call(owner, 'POST', '/sign_up/change_plan', { plan: 'premium', trial: true });
    const billing = await t.call<BillingAccountJson>(owner, 'GET', '/billing');
    expect(billing.account).toMatchObject({ state: 'trial', trial_ends_at: '2026-03-16T08:00:00.000Z', trial_days_left: 14 });
    expect(billing.history).toEqual([expect.objectContaining({ from: 'free', to: 'trial', reason: 'trial_started', trial_ends_at: '2026-03-16T08:00:00.000Z', by: expect.objectContaining({ id: owner.memberId }) })]);
    const me = await t.call<CurrentUser>(owner, 'GET', '/users/show_as_json');
    expect(me.trial).toEqual({ ends_at: '2026-03-16T08:00:00.000Z', days_left: 14 });
  });

  it('warns the owner and admins 3 days before the end, once, saying what stops', async () => {
    await advanceTo(t, '2026-03-13T07:58:00Z');
    expect(await trialTexts(OWNER)).toEqual([]);
    expect((await t.call<BillingAccountJson>(owner, 'GET', '/billing')).account.trial_days_left).toBe(4);
    await advanceTo(t, '2026-03-13T09:00:00Z');
    for (const who of [OWNER, DANA]) expect(await trialTexts(who)).toEqual(['Your Hearth Premium trial ends in 3 days.']);
    expect(await trialTexts(PRIYA)).toEqual([]);
    const warning = (await appDm(t, TEAM, OWNER))!.messages.find((m) => m.text.includes('3 days'))!;
    const body = JSON.stringify(warning.blocks);
    for (const stop of FREE_PLAN_STOPS) expect(body).toContain(stop);
    expect(body).toContain('<!date^1773648000^');
  });

  it('warns again 1 day before, and when it has ended; the history keeps both ends of the trial', async () => {
    await advanceTo(t, '2026-03-15T09:00:00Z');
    expect(await trialTexts(DANA)).toEqual(['Your Hearth Premium trial ends in 3 days.', 'Your Hearth Premium trial ends in 1 day.']);
    expect((await t.call<CurrentUser>(owner, 'GET', '/users/show_as_json')).trial?.days_left).toBe(1);

    await advanceTo(t, '2026-03-17T09:00:00Z');
    const ended = 'Your Hearth Premium trial has ended: your workspace is on the Free plan now.';
    for (const who of [OWNER, DANA]) expect(await trialTexts(who)).toEqual(['Your Hearth Premium trial ends in 3 days.', 'Your Hearth Premium trial ends in 1 day.', ended]);
    const billing = await t.call<BillingAccountJson>(owner, 'GET', '/billing');
    expect(billing.account).toMatchObject({ state: 'free', trial_allowed: false, trial_days_left: null, trial_ends_at: '2026-03-16T08:00:00.000Z' });
    expect(billing.history.map((h) => [h.from, h.to, h.reason])).toEqual([
      ['trial', 'free', 'trial_expired'],
      ['free', 'trial', 'trial_started'],
    ]);
    expect((await t.call<CurrentUser>(owner, 'GET', '/users/show_as_json')).trial).toBeNull();

    // Nothing is said twice.
    await advanceTo(t, '2026-03-24T09:00:00Z');
    expect((await trialTexts(OWNER)).length).toBe(3);
  });
});
