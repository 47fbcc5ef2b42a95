import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostJson, InvoiceJson } from '../../src/billing/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { createOnboardingJourney, startSandboxHearth, type SandboxHearth, type SignedIn } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;
const NOT_COUNTED: readonly string[] = [ACME.botUserId, ACME.externalUserId, ACME.deactivatedUserId, ...ACME.otherBotUserIds];

/**
 * One seat count (src/billing/API.md, "Seats") behind the cost card, the plan change and the invoice: the people
 * of a new Intros program (its roster read at once, not left at 0) together with everyone on a running journey,
 * each counted once; the paid-Intros cost counts Intros alone; the invoice bills what the cost card said.
 */
describe('one seat count', () => {
  let t: SandboxHearth;
  let owner: SignedIn;
  const memberId = async (slackUserId: string) => (await t.services.people.bySlackId((await t.services.workspaces.byTeamId(TEAM))!.id, slackUserId))!.id;

  beforeAll(async () => {
    t = await startSandboxHearth();
    owner = await signIn(t, TEAM, ACME.adminUserId);
  });
  afterAll(() => t?.close());

  it('counts the people in the programs and on running journeys once each, and bills that', async () => {
    await t.call(owner, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    const intros = t.sandbox.state.channel(TEAM, ACME.channels.intros)!.members.filter((u) => !NOT_COUNTED.includes(u));
    const everyone = t.sandbox.state.channel(TEAM, ACME.channels.general)!.members.filter((u) => !NOT_COUNTED.includes(u));
    // Five new hires on a journey: four not in #intros, one who is (counted once).
    const newHires = [...everyone.filter((u) => !intros.includes(u)).slice(0, 4), intros[0]!];
    expect(new Set(newHires).size).toBe(5);

    const created = await createOnboardingJourney(t, owner);
    const primary = created.new_roles.find((r) => r.purpose === 'primary')!.id;
    for (const hire of newHires)
      await t.call(owner, 'POST', `/onboarding/tags/${created.tag.id}/sessions`, { start_date: '2026-03-09', memberships: [{ role_id: primary, user_id: await memberId(hire) }] });

    const cost = await t.call<CostJson>(owner, 'GET', '/payment/premium_cost_and_quantity');
    expect(cost.quantity).toBe(intros.length + 4);
    expect(cost).toMatchObject({ unit_amount: 400, cost: (intros.length + 4) * 400 });
    const coffee = await t.call<CostJson>(owner, 'GET', '/payment/paid_coffee_cost_and_quantity');
    expect(coffee.quantity).toBe(intros.length);

    // The invoice bills the seats the cost card showed.
    const { url } = await t.call<{ url: string }>(owner, 'POST', '/billing/payment/setup');
    await t.call(owner, 'POST', '/billing/payment/complete', { session_id: new URL(url).searchParams.get('session_id') });
    await t.call(owner, 'POST', '/sign_up/change_plan', { plan: 'premium' });
    const { invoices } = await t.call<{ invoices: InvoiceJson[] }>(owner, 'GET', '/billing/invoices');
    expect(invoices.map((i) => i.amount_due)).toEqual([cost.cost]);
  });
});
