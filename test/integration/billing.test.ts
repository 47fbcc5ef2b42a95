import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COST_ERROR_TEXT, CARD_REQUIRED_TEXT, type BillingAccountJson, type CostJson, type InvoiceJson, type PlanJson } from '../../src/billing/api-types.js';
import { WEBHOOK_PATH } from '../../src/billing/routes.js';
import { NOT_COVERED } from '../../src/programs/service.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { call as callApp } from '../support/http.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const TEAM = ACME.teamId;

interface Session {
  cookie: string;
  csrf: string;
  memberId: number;
}

/**
 * Billing through the app's real endpoints on the sandbox workspace with the sandbox payment provider: the
 * account page's data, the free plan's 402s from the program pages and their unlocking by a trial, card
 * required, adding a card, subscribing, invoices, cost from active users, downgrading with the survey
 * (settings kept), the signed webhook, admins, ownership, own_new_configs and support tickets.
 */
describe(`Billing (${path})`, () => {
  let t: SandboxHearth;
  let owner: Session;
  let slackAdmin: Session;
  let member: Session;
  let globex: Session;
  let introsId: number;
  let watercoolerId: number;

  const call = <T = Record<string, unknown>>(who: Session, method: string, url: string, body?: unknown, expectStatus = 200) => callApp<T>(t, who, method, url, body, expectStatus);
  const account = (who = owner) => call<BillingAccountJson>(who, 'GET', '/billing');
  const planEvents = async () => {
    const ws = (await t.services.workspaces.byTeamId(TEAM))!;
    const rows = await t.services.db.selectFrom('domain_events').select(['type', 'payload']).where('workspace_id', '=', ws.id).where('type', '=', 'plan.changed').orderBy('seq').execute();
    return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { from: string; to: string; reason: string });
  };
  const memberId = async (slackUserId: string, team: string = TEAM) => {
    const ws = (await t.services.workspaces.byTeamId(team))!;
    return (await t.services.people.bySlackId(ws.id, slackUserId))!.id;
  };
  const signed = (payload: object) => {
    const body = JSON.stringify(payload);
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload: body, secret: t.services.config.billing.sandboxWebhookSecret });
    return { body, header };
  };
  const postWebhook = async (body: string, signature: string) =>
    fetch(`${t.url}${WEBHOOK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });

  beforeAll(async () => {
    t = await startSandboxHearth();
    owner = await signIn(t, TEAM, ACME.adminUserId);
    slackAdmin = await signIn(t, TEAM, 'U0DEMO002');
    member = await signIn(t, TEAM, 'U0DEMO003');
    globex = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    introsId = (await call<{ id: number }>(owner, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros })).id;
  });
  afterAll(() => t?.close());

  it('shows the account: the free plan with a trial on offer, the installer as owner, who may change what', async () => {
    const a = await account();
    expect(a.account).toMatchObject({ plan: 'free', state: 'free', paid_feature_access: false, trial_allowed: true, payment_method: null, provider: 'sandbox', admins: [] });
    expect(a.account.owner).toMatchObject({ id: owner.memberId, slack_user_id: ACME.adminUserId });
    expect(a).toMatchObject({ can_change_plan: true, can_change_owner: true, trial_days: 14 });
    // A Slack admin who is not on the account sees it but may not change the plan; a member sees nothing.
    expect(await account(slackAdmin)).toMatchObject({ can_change_plan: false, can_change_owner: true });
    await call(slackAdmin, 'POST', '/sign_up/change_plan', { plan: 'premium', trial: true }, 403);
    // Authorised before the body is read: a caller who may not act at all learns no field list.
    for (const [path, bad] of [['/sign_up/change_plan', { plan: 'gold' }], ['/payment/update_admins_as_json', { service_account: 'x' }]] as const) {
      const refused = await call<{ error: string; fields?: unknown }>(member, 'POST', path, bad, 403);
      expect(refused.fields).toBeUndefined();
    }
    await call(member, 'GET', '/billing', undefined, 403);
    await call(member, 'GET', '/billing/invoices', undefined, 403);
    // The user endpoint names the same permission for the upgrade dialog.
    expect(await call(owner, 'GET', '/users/show_as_json')).toMatchObject({ can_change_plan: true });
    expect(await call(slackAdmin, 'GET', '/users/show_as_json')).toMatchObject({ can_change_plan: false });
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const bad = await call<{ fields: Record<string, string> }>(owner, 'POST', '/sign_up/change_plan', { plan: 'gold' }, 400);
    expect(bad.fields).toHaveProperty('plan');
    const noSurvey = await call<{ fields: Record<string, string> }>(owner, 'POST', '/sign_up/change_plan', { plan: 'free' }, 400);
    expect(noSurvey.fields).toEqual({ 'survey.reason': 'Tell us why you are downgrading' });
    const admins = await call<{ fields: Record<string, string> }>(owner, 'POST', '/payment/update_admins_as_json', { service_account: 'x', user_id: 99999999999, action_type: 'promote' }, 400);
    expect(Object.keys(admins.fields).sort()).toEqual(['action_type', 'service_account', 'user_id']);
    await call(owner, 'PUT', '/billing/update_ownership', {}, 400);
    await call(owner, 'POST', '/payment/update_own_new_configs', { own_new_configs: 'yes' }, 400);
    await call(owner, 'GET', '/payment/premium_cost_and_quantity?extra_config_ids=abc', undefined, 400);
    await call(owner, 'GET', '/billing/invoices?starting_after=../../x', undefined, 400);
    await call(owner, 'POST', '/intercom_tickets', { kind: 'bribe' }, 400);
    expect((await account()).account).toMatchObject({ state: 'free', own_new_configs: true, admins: [] });
    expect(await planEvents()).toEqual([]);
  });

  it('the program pages answer 402 on the free plan: paid pairing types, a second Intros channel, custom prompts, the 25th person', async () => {
    const paidType = await call<{ feature: string; trial_available: boolean }>(owner, 'PUT', `/coffee/${introsId}/update_as_json`, { pairing_type: 'lottery' }, 402);
    expect(paidType).toMatchObject({ feature: 'pairing_types', trial_available: true });
    const second = await call<{ feature: string }>(owner, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.general }, 402);
    expect(second.feature).toBe('intros_channels');
    const wc = await call<{ feature: string }>(owner, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-fun-friday', channel_id: ACME.channels.watercooler }, 402);
    expect(wc.feature).toBe('premium_packs');
    const water = await call<{ id: number }>(owner, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.watercooler });
    const secondWater = await call<{ feature: string }>(owner, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.newHires }, 402);
    expect(secondWater.feature).toBe('programs_per_kind');
    const prompt = await call<{ feature: string }>(owner, 'POST', '/watercooler_prompts/create_as_json', { watercooler_id: water.id, watercooler_prompt: { text: 'Cats or dogs?' } }, 402);
    expect(prompt.feature).toBe('custom_prompts');
    watercoolerId = water.id;
    const page = await call<{ config: { max_participants: number | null } }>(owner, 'GET', `/coffee/${introsId}`);
    expect(page.config.max_participants).toBe(24);
  });

  it('costs premium from the active users of active programs, plus the programs about to start; another workspace\'s program is a 404', async () => {
    const cost = await call<CostJson>(owner, 'GET', '/payment/premium_cost_and_quantity');
    const humans = t.sandbox.state
      .channel(TEAM, ACME.channels.intros)!
      .members.filter((u) => u !== ACME.botUserId && u !== ACME.externalUserId && u !== ACME.deactivatedUserId && !(ACME.otherBotUserIds as readonly string[]).includes(u));
    expect(cost.quantity).toBe(humans.length);
    expect(cost).toMatchObject({ unit_amount: 400, cost: humans.length * 400, currency: 'usd', interval: 'month', cached: false });
    expect(cost.cost_formatted).toBe(`$${((humans.length * 400) / 100).toFixed(2)}`);
    expect((await call<CostJson>(owner, 'GET', '/payment/premium_cost_and_quantity?use_cache=true')).cached).toBe(true);
    const coffee = await call<CostJson>(owner, 'GET', `/payment/paid_coffee_cost_and_quantity?extra_config_ids=${introsId}`);
    expect(coffee).toMatchObject({ quantity: humans.length, unit_amount: 200 });
    const globexIntros = (await call<{ id: number }>(globex, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: GLOBEX.channels.intros })).id;
    await call(owner, 'GET', `/payment/premium_cost_and_quantity?extra_config_ids=${globexIntros}`, undefined, 404);
    await call(owner, 'GET', `/payment/paid_coffee_cost_and_quantity?extra_watercooler_ids=${introsId}`, undefined, 404);
    expect(COST_ERROR_TEXT).toBe('Failed to calculate cost based on current usage. Try reloading?');
  });

  it('a trial unlocks every gate at once, is offered once, and is recorded as plan.changed', async () => {
    const started = await call<{ plan: PlanJson }>(owner, 'POST', '/sign_up/change_plan', { plan: 'premium', trial: true });
    expect(started.plan).toMatchObject({ plan: 'free', state: 'trial', paid_feature_access: true, trial_allowed: false, trial_ends_at: '2026-03-16T08:00:00.000Z' });
    await call(owner, 'PUT', `/coffee/${introsId}/update_as_json`, { pairing_type: 'lottery' });
    await call(owner, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.general });
    await call(owner, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.newHires });
    await call(owner, 'POST', '/watercooler_prompts/create_as_json', { watercooler_id: watercoolerId, watercooler_prompt: { text: 'Cats or dogs?' } });
    expect((await call<{ config: { max_participants: number | null } }>(owner, 'GET', `/coffee/${introsId}`)).config.max_participants).toBeNull();
    const preview = await call<{ stats: { method: string } }>(owner, 'GET', `/coffee/${introsId}/preview_next_round`);
    expect(preview.stats.method).toBe('lottery');
    // Asking again while it runs changes nothing (a double click).
    expect((await call<{ plan: PlanJson }>(owner, 'POST', '/sign_up/change_plan', { plan: 'premium', trial: true })).plan.state).toBe('trial');
    expect(await planEvents()).toEqual([expect.objectContaining({ from: 'free', to: 'trial', reason: 'trial_started' })]);
  });

  it('subscribing without a payment method answers card_required and the billing page to go to; nothing changes', async () => {
    const refused = await call<{ error: string; card_required: boolean; redirect_url: string }>(owner, 'POST', '/sign_up/change_plan', { plan: 'premium' }, 409);
    expect(refused).toMatchObject({ error: CARD_REQUIRED_TEXT, card_required: true, redirect_url: '/billing/payment' });
    expect((await account()).account.state).toBe('trial');
  });

  it('adds a card through the provider\'s page, subscribes, and lists the invoice', async () => {
    const { url } = await call<{ url: string }>(owner, 'POST', '/billing/payment/setup');
    const back = new URL(url);
    expect(back.pathname).toBe('/billing/payment');
    const sessionId = back.searchParams.get('session_id')!;
    // Another workspace cannot complete this session (it has no customer: 404).
    await call(globex, 'POST', '/billing/payment/complete', { session_id: sessionId }, 404);
    const done = await call<BillingAccountJson>(owner, 'POST', '/billing/payment/complete', { session_id: sessionId });
    expect(done.account.payment_method).toEqual({ label: 'Visa ending 4242' });
    const sub = await call<{ plan: PlanJson }>(owner, 'POST', '/sign_up/change_plan', { plan: 'premium' });
    expect(sub.plan).toMatchObject({ plan: 'premium', state: 'premium', paid_feature_access: true });
    expect((await account()).account.subscription_status).toBe('active');
    const page = await call<{ invoices: InvoiceJson[]; has_more: boolean }>(owner, 'GET', '/billing/invoices');
    expect(page.has_more).toBe(false);
    expect(page.invoices).toHaveLength(1);
    expect(page.invoices[0]).toMatchObject({ status: 'paid', currency: 'usd', number: 'SBX-0001' });
    // Its link works, as Stripe's hosted_invoice_url does: Hearth's own page for the sandbox's invoice.
    const hosted = page.invoices[0]!.hosted_invoice_url!;
    expect(hosted).toBe(`/billing/invoices/${page.invoices[0]!.id}`);
    expect((await call<{ invoice: InvoiceJson }>(owner, 'GET', hosted)).invoice).toEqual(page.invoices[0]);
    await call(owner, 'GET', '/billing/invoices/in_nope', undefined, 404);
    await call(member, 'GET', hosted, undefined, 403);
    const after = await call<{ invoices: InvoiceJson[] }>(owner, 'GET', `/billing/invoices?starting_after=${page.invoices[0]!.id}`);
    expect(after.invoices).toEqual([]);
    const unknown = await call<{ error: string }>(owner, 'GET', '/billing/invoices?starting_after=in_nope', undefined, 400);
    expect(unknown.error).toBe('Failed to retrieve invoices. Try again?');
    // The trial that became a subscription is never recorded as expired.
    expect((await planEvents()).map((e) => e.reason)).toEqual(['trial_started', 'subscribed']);
  });

  it('downgrades with the survey: back to free, paid settings kept (and gated again), the survey stored', async () => {
    const down = await call<{ plan: PlanJson }>(owner, 'POST', '/sign_up/change_plan', { plan: 'free', survey: { reason: 'too_expensive', comment: 'Budget cuts' } });
    expect(down.plan).toMatchObject({ plan: 'free', state: 'free', paid_feature_access: false, trial_allowed: false });
    const ws = (await t.services.workspaces.byTeamId(TEAM))!;
    const surveys = await t.services.db.selectFrom('downgrade_surveys').select(['reason', 'comment', 'member_id']).where('workspace_id', '=', ws.id).execute();
    expect(surveys).toEqual([{ reason: 'too_expensive', comment: 'Budget cuts', member_id: owner.memberId }]);
    // The lottery setting is still there, but changing to another paid type is refused again.
    expect((await call<{ config: { pairing_type: string } }>(owner, 'GET', `/coffee/${introsId}`)).config.pairing_type).toBe('lottery');
    await call(owner, 'PUT', `/coffee/${introsId}/update_as_json`, { pairing_type: 'cross_group_pairing' }, 402);
    // Meanwhile rounds pair the standard way, at most 24 people; the setting resumes on upgrade.
    const preview = await call<{ stats: { method: string; grouped: number } }>(owner, 'GET', `/coffee/${introsId}/preview_next_round`);
    expect(preview.stats.method).not.toBe('lottery');
    expect(preview.stats.grouped).toBeLessThanOrEqual(24);
    expect((await account()).account.subscription_status).toBe('canceled');
    const again = await call<{ error: string }>(owner, 'POST', '/sign_up/change_plan', { plan: 'premium', trial: true }, 409);
    expect(again.error).toBe('Your workspace has already had its free trial.');
  });

  it('the provider\'s signed webhook sets the plan, once per event; a bad signature is a 400', async () => {
    const ws = (await t.services.workspaces.byTeamId(TEAM))!;
    const customer = (await t.services.db.selectFrom('billing_customers').select('customer_id').where('workspace_id', '=', ws.id).executeTakeFirst())!;
    const evt = {
      id: 'evt_test_1',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_from_portal', object: 'subscription', customer: customer.customer_id, status: 'active' } },
    };
    const { body, header } = signed(evt);
    expect((await postWebhook(body, 't=1,v1=deadbeef')).status).toBe(400);
    expect((await postWebhook(body.replace('active', 'past_due'), header)).status).toBe(400);
    expect((await account()).account.state).toBe('free');
    const ok = await postWebhook(body, header);
    expect(ok.status).toBe(200);
    expect((await account()).account).toMatchObject({ state: 'premium', subscription_status: 'active' });
    await postWebhook(body, header);
    expect((await planEvents()).filter((e) => e.reason === 'provider')).toHaveLength(1);
    const ended = signed({ ...evt, id: 'evt_test_2', type: 'customer.subscription.deleted', data: { object: { ...evt.data.object, status: 'canceled' } } });
    expect((await postWebhook(ended.body, ended.header)).status).toBe(200);
    expect((await account()).account).toMatchObject({ state: 'free', subscription_status: 'canceled' });
  });

  it('adds and removes account admins; another workspace\'s account or member is a 404', async () => {
    const a = await account();
    const marcus = await memberId('U0DEMO003');
    const added = await call<BillingAccountJson>(owner, 'POST', '/payment/update_admins_as_json', { service_account: a.account.id, user_id: marcus, action_type: 'add' });
    expect(added.account.admins.map((x) => x.id)).toEqual([marcus]);
    // By full name, as the pages show people (his Slack display name is only 'Marcus').
    expect(added.account.admins.map((x) => x.name)).toEqual(['Marcus Chen']);
    // Now Marcus manages billing.
    expect(await account(member)).toMatchObject({ can_change_plan: true });
    const globexAccount = await account(globex);
    await call(owner, 'POST', '/payment/update_admins_as_json', { service_account: globexAccount.account.id, user_id: marcus, action_type: 'add' }, 404);
    await call(owner, 'POST', '/payment/update_admins_as_json', { service_account: a.account.id, user_id: await memberId(GLOBEX.adminUserId, GLOBEX.teamId), action_type: 'add' }, 404);
    const owners = await call<{ fields: Record<string, string> }>(owner, 'POST', '/payment/update_admins_as_json', { service_account: a.account.id, user_id: owner.memberId, action_type: 'add' }, 400);
    expect(owners.fields).toHaveProperty('user_id');
    const removed = await call<BillingAccountJson>(owner, 'POST', '/payment/update_admins_as_json', { service_account: a.account.id, user_id: marcus, action_type: 'remove' });
    expect(removed.account.admins).toEqual([]);
    await call(member, 'GET', '/billing', undefined, 403);
  });

  it('changes the owner (the previous one stays an admin) and own_new_configs', async () => {
    const priya = await memberId('U0DEMO002');
    await call(globex, 'PUT', '/billing/update_ownership', { new_owner_id: priya }, 404);
    const moved = await call<BillingAccountJson>(owner, 'PUT', '/billing/update_ownership', { new_owner_id: priya });
    expect(moved.account.owner?.id).toBe(priya);
    expect(moved.account.admins.map((x) => x.id)).toEqual([owner.memberId]);
    const on = await call<BillingAccountJson>(owner, 'POST', '/payment/update_own_new_configs', { own_new_configs: true });
    expect(on.account.own_new_configs).toBe(true);
    await call(member, 'POST', '/payment/update_own_new_configs', { own_new_configs: false }, 403);
  });

  it('own_new_configs: on a paid plan a member adds a program only when the account covers new programs; its admins always may', async () => {
    const ws = (await t.services.workspaces.byTeamId(TEAM))!;
    const customer = (await t.services.db.selectFrom('billing_customers').select('customer_id').where('workspace_id', '=', ws.id).executeTakeFirst())!;
    const paid = signed({ id: 'evt_cover_1', object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_cover', object: 'subscription', customer: customer.customer_id, status: 'active' } } });
    expect((await postWebhook(paid.body, paid.header)).status).toBe(200);
    expect((await call<BillingAccountJson>(owner, 'POST', '/payment/update_own_new_configs', { own_new_configs: false })).account).toMatchObject({ state: 'premium', own_new_configs: false });
    const programs = async () => (await t.services.db.selectFrom('channel_programs').select('id').where('workspace_id', '=', ws.id).execute()).length;
    const before = await programs();
    const intros = { template_id: 'intros-coffee-chats', channel_id: ACME.channels.buddyVolunteers };
    const refused = await call<{ error: string }>(member, 'POST', '/channel_programs/apply_template_as_json', intros, 403);
    expect(refused.error).toBe(NOT_COVERED);
    expect(await programs()).toBe(before);
    // A workspace admin adds one whatever the setting.
    await call(slackAdmin, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.buddyVolunteers });
    expect(await programs()).toBe(before + 1);
    await call(owner, 'POST', '/payment/update_own_new_configs', { own_new_configs: true });
    await call(member, 'POST', '/channel_programs/apply_template_as_json', intros);
    expect(await programs()).toBe(before + 2);
  });

  it('stores a support ticket from any member', async () => {
    const r = await call<{ ok: boolean; id: number }>(member, 'POST', '/intercom_tickets', { kind: 'upgrade_request', feature: 'pairing_types' });
    expect(r.ok).toBe(true);
    const ws = (await t.services.workspaces.byTeamId(TEAM))!;
    const rows = await t.services.db.selectFrom('support_tickets').select(['kind', 'feature', 'member_id']).where('workspace_id', '=', ws.id).execute();
    expect(rows).toEqual([{ kind: 'upgrade_request', feature: 'pairing_types', member_id: member.memberId }]);
  });
});
