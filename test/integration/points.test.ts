import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { celebrationPosted } from '../../src/celebrations/events.js';
import { introGroupCreated, introMet } from '../../src/intros/events.js';
import { event } from '../../src/platform/events/define.js';
import { SHOUTOUT_SHORTCUT } from '../../src/points/blocks.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { dmWith, startSandboxHearth, type SandboxHearth, setPlan } from '../support/sandbox-hearth.js';
import { request } from '../support/http.js';

const TEAM = ACME.teamId;
const GENERAL = ACME.channels.general;
const LENA = 'U0DEMO009';
const JONAS = 'U0DEMO010';
const KAI = 'U0DEMO012';

type Session = { cookie: string; csrf: string; memberId: number };

/**
 * Points, shoutouts and rewards over the sandbox workspace: the launch and announcement, shoutouts from
 * `/hearth shoutout`, the message shortcut and its modal (allowance, daily cap, refusals), earning from domain
 * events exactly once (a replay pays nothing), the leaderboard, listings, redemptions with the spec's error,
 * fulfilment, gift cards behind billing, support tickets, and the tenant boundary.
 */
describe('Points, shoutouts and rewards', () => {
  let t: SandboxHearth;
  let ws: number;
  let admin: Session;
  let lena: Session;
  let jonas: Session;

  const call = <T = Record<string, unknown>>(who: Session, method: string, url: string, body?: unknown) => request<T>(t, who, method, url, body);
  async function ok<T = Record<string, unknown>>(who: Session, method: string, url: string, body?: unknown): Promise<T> {
    const res = await call<T>(who, method, url, body);
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const balance = async (who: Session) => (await ok<{ wallet: { current_redeemable: number; allowance_remaining: number } }>(who, 'GET', '/points')).wallet;
  const messages = async (channel: string) =>
    (await t.api<{ messages: Array<{ text: string; user?: string }> }>('GET', `/sandbox/conversations/${channel}/messages?team=${TEAM}&as=${ACME.adminUserId}`)).messages;
  const ledger = (memberId: number) => t.services.db.selectFrom('points_ledger').selectAll().where('workspace_id', '=', ws).where('member_id', '=', memberId).orderBy('id').execute();
  const command = (userId: string, text: string) =>
    t.api<{ response: { text?: string } | string; stored: { text: string } | null }>('POST', '/sandbox/commands', { team_id: TEAM, user_id: userId, channel_id: GENERAL, text });
  const replyOf = (r: Awaited<ReturnType<typeof command>>) => r.stored?.text ?? (typeof r.response === 'string' ? r.response : (r.response?.text ?? ''));

  beforeAll(async () => {
    t = await startSandboxHearth();
    ws = (await t.services.workspaces.byTeamId(TEAM))!.id;
    admin = await signIn(t, TEAM, ACME.adminUserId);
    lena = await signIn(t, TEAM, LENA);
    jonas = await signIn(t, TEAM, JONAS);
  });
  afterAll(() => t?.close());

  it('refuses shoutouts before launch; an admin launches and announces (launch_checklist.announced)', async () => {
    expect(replyOf(await command(ACME.adminUserId, `shoutout @lena.fischer 10 for the demo`))).toMatch(/Shoutouts haven't launched yet/);
    expect((await call(lena, 'POST', '/shoutouts/activate')).status).toBe(403);
    const before = await ok<{ program: { state: string; launch_checklist: { announced: boolean } } }>(admin, 'GET', '/shoutouts');
    expect(before.program).toEqual({ state: 'inactive', launch_checklist: { announced: false }, channels: [] });
    expect((await ok<{ program: { state: string } }>(admin, 'POST', '/shoutouts/activate')).program.state).toBe('active');
    const bad = await call<{ error: string; fields: Record<string, string> }>(admin, 'POST', '/shoutouts/announce', { channels: [], text: 'hi' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.channels).toBe('choose at least one channel');
    const announced = await ok<{ program: { launch_checklist: { announced: boolean }; channels: string[] } }>(admin, 'POST', '/shoutouts/announce', { channels: [GENERAL], text: 'Shoutouts are here!' });
    expect(announced.program).toMatchObject({ launch_checklist: { announced: true }, channels: [GENERAL] });
    await t.services.queue.idle();
    await expect.poll(async () => (await messages(GENERAL)).some((m) => m.text === 'Shoutouts are here!'), { timeout: 10_000 }).toBe(true);
  });

  it('/hearth shoutout gives points from the allowance, posts in the channel and DMs the recipient', async () => {
    const reply = replyOf(await command(ACME.adminUserId, 'shoutout @lena.fischer 10 for the great demo'));
    expect(reply).toBe(`:tada: Shoutout given to <@${LENA}>: 10 points. You have 90 left to give this month.`);
    expect(await balance(lena)).toMatchObject({ current_redeemable: 10 });
    expect((await balance(admin)).allowance_remaining).toBe(90);
    const rows = await ledger(lena.memberId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: 10, balance_after: 10, reason: 'shoutout' });
    await t.services.queue.idle();
    await expect
      .poll(async () => (await messages(GENERAL)).some((m) => m.text.includes(`<@${ACME.adminUserId}> gave <@${LENA}> 10 points for the great demo`)), { timeout: 10_000 })
      .toBe(true);
    // An escaped mention works too.
    expect(replyOf(await command(ACME.adminUserId, `shoutout <@${JONAS}|jonas> 5 thanks for the review`))).toMatch(/Shoutout given to <@U0DEMO010>: 5 points/);
    // The Shoutouts page names both people as every page does (personName: full name first), not by display name.
    const page = await ok<{ recent: Array<{ giver: { name: string }; recipient: { name: string } }> }>(admin, 'GET', '/shoutouts');
    expect(page.recent.map((r) => [r.giver.name, r.recipient.name])).toEqual([
      ['Alex Rivera', 'Jonas Weber'],
      ['Alex Rivera', 'Lena Fischer'],
    ]);
  });

  it('refuses a shoutout to yourself, beyond the allowance, and beyond the recipient\'s daily cap', async () => {
    expect(replyOf(await command(LENA, 'shoutout @lena.fischer 5 for me'))).toBe("You can't give yourself a shoutout.");
    expect(replyOf(await command(LENA, 'shoutout @jonas.weber 101 for everything'))).toBe('You have 100 points left to give this month.');
    expect(replyOf(await command(LENA, 'shoutout @nobody.here 1 for x'))).toBe("I couldn't find @nobody.here in this workspace.");
    expect(replyOf(await command(LENA, 'shoutout'))).toBe('Say thanks in the window that just opened.');
    await t.api('POST', '/sandbox/views/close', { team_id: TEAM, user_id: LENA, all: true });
    expect(replyOf(await command(LENA, 'shoutout lena'))).toMatch(/^Try `\/hearth shoutout @someone 10/);
    await ok(admin, 'PUT', '/points/settings', { points_program: { daily_cap: 30 } });
    // Jonas has 5 today; 26 more would pass 30.
    expect(replyOf(await command(LENA, 'shoutout @jonas.weber 26 for the cap'))).toBe('Jonas Weber can receive 25 more points today.');
    await ok(admin, 'PUT', '/points/settings', { points_program: { daily_cap: 500 } });
    expect((await ledger(jonas.memberId)).map((r) => r.delta)).toEqual([5]);
  });

  it('the message shortcut opens the modal for the message\'s author; its submission gives the shoutout', async () => {
    const { message: posted } = await t.api<{ message: { ts: string } }>('POST', '/sandbox/messages', { team_id: TEAM, user_id: KAI, channel_id: GENERAL, text: 'I fixed the deploy pipeline' });
    const res = await t.api<{ status: number }>('POST', '/sandbox/shortcuts', { team_id: TEAM, user_id: JONAS, channel_id: GENERAL, message_ts: posted.ts, callback_id: SHOUTOUT_SHORTCUT });
    expect(res.status).toBe(200);
    let modals: Array<{ title: string; blocks: unknown[] }> = [];
    await expect
      .poll(async () => {
        modals = (await t.api<{ modals: typeof modals }>('GET', `/sandbox/views?team=${TEAM}&user=${JONAS}`)).modals;
        return modals.length;
      }, { timeout: 10_000 })
      .toBe(1);
    expect(JSON.stringify(modals[0])).toContain(KAI);
    const invalid = await t.api<{ errors: Record<string, string> }>('POST', '/sandbox/views/submit', {
      team_id: TEAM,
      user_id: JONAS,
      values: { shoutout_points: { value: '0' }, shoutout_message: { value: 'For: "I fixed the deploy pipeline"' } },
    });
    expect(Object.keys(invalid.errors)).toEqual(['shoutout_points']);
    const done = await t.api<{ response_action: string }>('POST', '/sandbox/views/submit', { team_id: TEAM, user_id: JONAS, values: { shoutout_points: { value: '15' } } });
    expect(done.response_action).toBe('close');
    await t.services.queue.idle();
    const kai = (await t.services.people.bySlackId(ws, KAI))!;
    await expect.poll(async () => (await ledger(kai.id)).map((r) => [r.delta, r.reason]), { timeout: 10_000 }).toEqual([[15, 'shoutout']]);
    const shoutout = await t.services.db.selectFrom('shoutouts').selectAll().where('recipient_member_id', '=', kai.id).executeTakeFirstOrThrow();
    expect(shoutout).toMatchObject({ source: 'shortcut', points: 15, message: 'For: "I fixed the deploy pipeline"' });
  });

  it('earns from domain events once: a replayed or repeated event never pays twice; the daily cap clamps in the local day', async () => {
    const members = [lena.memberId, jonas.memberId];
    await t.services.events.transaction(async (_trx, emit) => {
      emit(event(introGroupCreated, ws, { programId: 1, roundId: 1, meetingId: 77, memberIds: members }));
      emit(event(introMet, ws, { programId: 1, roundId: 1, meetingId: 77, memberId: lena.memberId, replaces: null }));
      // The other member answers too: the meeting still pays each member once.
      emit(event(introMet, ws, { programId: 1, roundId: 1, meetingId: 77, memberId: jonas.memberId, replaces: null }));
      emit(event(celebrationPosted, ws, { programId: 2, kind: 'birthday', scheduleIds: [1], memberIds: [lena.memberId], runOn: '2026-03-03' }));
      emit(event(celebrationPosted, ws, { programId: 2, kind: 'custom', scheduleIds: [2], memberIds: [lena.memberId], runOn: '2026-03-03' }));
    });
    await t.services.queue.idle();
    const earned = async (id: number) => (await ledger(id)).filter((r) => r.reason === 'event').map((r) => [r.rule, r.delta]);
    await expect.poll(() => earned(lena.memberId), { timeout: 10_000 }).toEqual([
      ['intro_met', 10],
      ['birthday', 25],
    ]);
    expect(await earned(jonas.memberId)).toEqual([['intro_met', 10]]);

    // Replay the whole stream from the beginning: nothing more is paid.
    await t.services.db.deleteFrom('event_cursors').where('subscriber', '=', 'points.earn').where('workspace_id', '=', ws).execute();
    await t.services.events.collectBehind();
    await t.services.queue.idle();
    expect(await earned(lena.memberId)).toHaveLength(2);
    expect(await earned(jonas.memberId)).toHaveLength(1);

    // The cap: Jonas has 5 + 10 today; with a cap of 20 an anniversary of 50 pays 5, recorded as capped.
    await ok(admin, 'PUT', '/points/settings', { points_program: { daily_cap: 20 } });
    await t.services.events.transaction(async (_trx, emit) => emit(event(celebrationPosted, ws, { programId: 2, kind: 'anniversary', scheduleIds: [3], memberIds: [jonas.memberId], runOn: '2026-03-02' })));
    await t.services.queue.idle();
    await expect.poll(async () => (await ledger(jonas.memberId)).at(-1), { timeout: 10_000 }).toMatchObject({ rule: 'anniversary', delta: 5, capped: true });
    await ok(admin, 'PUT', '/points/settings', { points_program: { daily_cap: 500, rules: { intro_met: 0 } } });
    const settings = await ok<{ points_program: { rules: Array<{ key: string; points: number }> } }>(admin, 'GET', '/points/settings');
    expect(settings.points_program.rules.find((r) => r.key === 'intro_met')!.points).toBe(0);
  });

  it('the leaderboard sorts, searches and pages per the spec', async () => {
    const page = await ok<{ list: Array<{ id: number; name: string; points: { received: number; given: number; current_redeemable: number } }>; nextPage: number | null }>(
      admin,
      'GET',
      '/points/wallets?page=1&order_col=points_received&order_dir=desc',
    );
    expect(page.list[0]!.id).toBe(lena.memberId);
    expect(page.list[0]!.points.received).toBe(45);
    expect(page.nextPage).toBe(2);
    const asc = await ok<{ list: Array<{ id: number }> }>(admin, 'GET', '/points/wallets?order_col=points_received&order_dir=asc');
    expect(asc.list[0]!.id).not.toBe(lena.memberId);
    const search = await ok<{ list: Array<{ id: number; name: string; points: { given: number } }>; nextPage: number | null }>(admin, 'GET', '/points/wallets?user_search=ALEX%20RIVERA&order_col=points_given');
    expect(search.list.map((r) => r.id)).toEqual([admin.memberId]);
    expect(search.list[0]!.points.given).toBe(15);
    expect(search.nextPage).toBeNull();
    // People by their full names, not the lower-case Slack handle ('tereza') they chose as display name.
    const tereza = await ok<{ list: Array<{ name: string }> }>(admin, 'GET', '/points/wallets?user_search=tereza');
    expect(tereza.list.map((r) => r.name)).toEqual(['Tereza Dvořáková']);
    const future = await ok<{ list: Array<{ points: { received: number } }> }>(admin, 'GET', '/points/wallets?start_date=2027-01-01&end_date=2027-01-31&user_search=lena');
    expect(future.list[0]!.points.received).toBe(0);
    const bad = await call<{ fields: Record<string, string> }>(admin, 'GET', '/points/wallets?order_col=salary');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['order_col']);
    expect((await call(lena, 'GET', '/points/wallets?for_people_page=true')).status).toBe(403);
    // An admin sets a custom allowance; the people page shows it.
    await ok(admin, 'PUT', `/points/wallets/${jonas.memberId}`, { allowance: 40, shoutouts_role: 'receive_only' });
    const people = await ok<{ list: Array<{ points: { allowance: number; is_custom_allowance: boolean }; shoutouts_role: string }> }>(admin, 'GET', '/points/wallets?for_people_page=1&user_search=jonas');
    expect(people.list[0]).toMatchObject({ points: { allowance: 40, is_custom_allowance: true }, shoutouts_role: 'receive_only' });
    expect(replyOf(await command(JONAS, 'shoutout @lena.fischer 1 for x'))).toBe("You can't give shoutouts in this workspace. Ask an admin if that's a mistake.");
  });

  it('redeems a reward: the spec\'s error when short, the last item once, a notice in the fulfilment channel, fulfilment recorded', async () => {
    // #leadership is private: an admin invites Hearth there first, as in Slack.
    await t.api('POST', '/sandbox/channels/invite_hearth', { team_id: TEAM, channel_id: ACME.channels.leadership, user_id: ACME.adminUserId });
    await t.services.queue.idle();
    const saved = await ok<{ rewards_program: { redemption_fulfillment_channel_id: string; redemption_fulfillment_channel_name: string } }>(admin, 'PUT', '/rewards/settings', { rewards_program: { redemption_fulfillment_channel_id: ACME.channels.leadership } });
    // The page shows the channel by its name, not its id.
    expect(saved.rewards_program).toMatchObject({ redemption_fulfillment_channel_id: ACME.channels.leadership, redemption_fulfillment_channel_name: 'leadership' });
    const { listing } = await ok<{ listing: { id: number; name: string; points_cost: number } }>(admin, 'POST', '/rewards', { listing: { preset_id: 'coffee', quantity_available: 1 } });
    expect(listing).toMatchObject({ name: 'Coffee on us', points_cost: 100 });
    expect((await call(lena, 'POST', '/rewards', { listing: { name: 'x', points_cost: 1 } })).status).toBe(403);
    const short = await call<{ error: string }>(lena, 'POST', `/rewards/${listing.id}/redeem`, {});
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("You don't have enough points to redeem this.");
    await ok(admin, 'PUT', '/points/settings', { points_program: { points_name_plural: 'kudos' } });
    expect((await call<{ error: string }>(lena, 'POST', `/rewards/${listing.id}/redeem`, {})).body.error).toBe("You don't have enough kudos to redeem this.");
    await ok(admin, 'POST', '/points/bonus', { member_id: lena.memberId, points: 200, note: 'Launch week', request_id: 'b1' });
    await ok(admin, 'POST', '/points/bonus', { member_id: lena.memberId, points: 200, note: 'Launch week', request_id: 'b1' });
    expect((await balance(lena)).current_redeemable).toBe(245);
    const redeemed = await ok<{ listings: Array<{ id: number; quantity_available: number | null }>; points_wallet: { current_redeemable: number }; gift_card_link: string | null }>(lena, 'POST', `/rewards/${listing.id}/redeem`, {});
    expect(redeemed.points_wallet.current_redeemable).toBe(145);
    expect(redeemed.gift_card_link).toBeNull();
    expect(redeemed.listings.find((l) => l.id === listing.id)!.quantity_available).toBe(0);
    const again = await call<{ error: string }>(lena, 'POST', `/rewards/${listing.id}/redeem`, {});
    expect(again.status).toBe(409);
    expect((await balance(lena)).current_redeemable).toBe(145);
    await t.services.queue.idle();
    await expect.poll(async () => (await messages(ACME.channels.leadership)).some((m) => m.text.includes(`<@${LENA}> redeemed *Coffee on us* for 100 kudos`)), { timeout: 10_000 }).toBe(true);

    // A member sees their own redemptions only (their history); an admin everyone's.
    const own = await ok<{ list: Array<{ member: { id: number } }> }>(lena, 'GET', '/rewards/redemptions/list');
    expect(own.list.map((r) => r.member.id)).toEqual([lena.memberId]);
    const list = await ok<{ list: Array<{ id: number; state: string; fulfiller: unknown }>; nextPage: number | null }>(admin, 'GET', '/rewards/redemptions/list?page=1&start_date=2026-03-01&end_date=2026-03-31');
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ state: 'unfulfilled', fulfiller: null, fulfilled_delivery: null });
    // Each of its messages shows what Slack did with it: the notice went; the member's DM is refused.
    const redemptionRow = async () => (await ok<{ list: Array<Record<string, unknown>> }>(admin, 'GET', '/rewards/redemptions/list')).list[0]!;
    await expect.poll(async () => (await redemptionRow()).notice_delivery, { timeout: 10_000 }).toMatchObject({ label: 'Sent' });
    t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: TEAM, channel: dmWith(t, LENA), kind: 'error', error: 'restricted_action' });
    const fulfilled = await ok<{ redemption: { fulfiller: { id: number }; fulfilled_at: string; state: string } }>(admin, 'POST', `/rewards/redemptions/${list.list[0]!.id}/fulfill`);
    expect(fulfilled.redemption).toMatchObject({ state: 'fulfilled', member: { name: 'Lena Fischer' }, fulfiller: { id: admin.memberId, name: 'Alex Rivera' }, fulfilled_at: t.clock.now().toISOString() });
    await expect.poll(async () => (await redemptionRow()).fulfilled_delivery, { timeout: 10_000 }).toMatchObject({ label: 'Not sent', code: 'restricted_action', reason: 'The workspace’s settings don’t allow this.' });
    const ledgerRows = await ledger(lena.memberId);
    expect(ledgerRows.at(-1)).toMatchObject({ reason: 'redemption', delta: -100, balance_after: 145 });
    // Every balance is the sum of its ledger.
    expect(ledgerRows.reduce((s, r) => s + r.delta, 0)).toBe(145);
  });

  it("a redemption whose notice can't reach the fulfilment channel: the redeemer is told why in a DM, and the page says so", async () => {
    const { listing } = await ok<{ listing: { id: number } }>(admin, 'POST', '/rewards', { listing: { name: 'Team lunch', points_cost: 10, quantity_available: 1 } });
    await ok(admin, 'POST', '/points/bonus', { member_id: lena.memberId, points: 10, note: 'Lunch', request_id: 'lunch' });
    const channel = (await ok<{ rewards_program: { redemption_fulfillment_channel_id: string } }>(admin, 'GET', '/rewards')).rewards_program.redemption_fulfillment_channel_id;
    t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: TEAM, channel, kind: 'error', error: 'not_in_channel' });
    await ok(lena, 'POST', `/rewards/${listing.id}/redeem`, {});
    await t.services.queue.idle();
    const told = async () => t.sandbox.state.messageList(dmWith(t, LENA)).filter((m) => (m.text ?? '').includes('Your request for *Team lunch* is recorded'));
    await expect.poll(async () => (await told()).length, { timeout: 10_000 }).toBe(1);
    expect((await told())[0]!.text).toContain('Hearth was removed from #leadership');
    const mine = await ok<{ list: Array<{ listing: { name: string }; notice_delivery: unknown }> }>(lena, 'GET', '/rewards/redemptions/list');
    expect(mine.list.find((r) => r.listing.name === 'Team lunch')!.notice_delivery).toMatchObject({ label: 'Not sent', code: 'not_in_channel' });
  });

  it('gift cards: the free plan is sent to billing; a paying workspace redeems through the provider at the conversion', async () => {
    const refused = await call<{ error: string; billing_path: string }>(admin, 'POST', '/rewards', { listing: { preset_id: 'gift_card' } });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: 'redirect_to_billing', billing_path: '/billing/payment' });
    // An invoiced team cannot turn them on itself (Billing knows it is invoiced); it asks support (billing's tickets).
    const now = t.clock.now();
    await t.services.db.insertInto('billing_customers').values({ workspace_id: ws, provider: 'sandbox', customer_id: 'cus_invoiced', subscription_id: null, subscription_status: null, payment_method_label: null, invoiced: true, created_at: now, updated_at: now }).execute();
    const invoiced = await call<{ error: string }>(admin, 'POST', '/rewards', { listing: { preset_id: 'gift_card' } });
    expect(invoiced.status).toBe(403);
    expect(invoiced.body.error).toBe('invoiced');
    await t.services.db.deleteFrom('billing_customers').where('workspace_id', '=', ws).execute();
    const ticket = await ok<{ ok: boolean; id: number }>(admin, 'POST', '/intercom_tickets', { kind: 'gift_card_access', message: 'Please enable gift cards' });
    expect(ticket.ok).toBe(true);
    expect(await t.services.db.selectFrom('support_tickets').select(['kind', 'message']).where('id', '=', ticket.id).executeTakeFirst()).toEqual({ kind: 'gift_card_access', message: 'Please enable gift cards' });

    await setPlan(t, TEAM, 'premium');
    const { listing } = await ok<{ listing: { id: number; is_gift_card: boolean; gift_card_options: Array<{ points: number; dollars: number }> } }>(admin, 'POST', '/rewards', { listing: { preset_id: 'gift_card' } });
    expect(listing.gift_card_options).toEqual([
      { points: 1000, dollars: 10 },
      { points: 2500, dollars: 25 },
      { points: 5000, dollars: 50 },
    ]);
    await ok(admin, 'PUT', '/rewards/settings', { rewards_program: { gift_card_options: [{ points: 100, dollars: 1 }] } });
    const wrong = await call<{ fields: Record<string, string> }>(lena, 'POST', `/rewards/${listing.id}/redeem`, { gift_card_points_cost: 1000 });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.fields)).toEqual(['gift_card_points_cost']);
    const card = await ok<{ gift_card_link: string; points_wallet: { current_redeemable: number } }>(lena, 'POST', `/rewards/${listing.id}/redeem`, { gift_card_points_cost: 100 });
    expect(card.gift_card_link).toMatch(/gift_card=SANDBOX-/);
    expect(card.points_wallet.current_redeemable).toBe(45);
    const rows = await ok<{ list: Array<{ state: string; gift_card_dollars: number }> }>(admin, 'GET', '/rewards/redemptions/list');
    expect(rows.list[0]).toMatchObject({ state: 'fulfilled', gift_card_dollars: 1 });
    // Turning the listing off disables gift cards.
    await ok(admin, 'PUT', `/rewards/${listing.id}`, { listing: { state: 'inactive' } });
    expect((await ok<{ rewards_program: { gift_cards_enabled: boolean } }>(admin, 'GET', '/rewards')).rewards_program.gift_cards_enabled).toBe(false);
  });

  it('keeps workspaces apart: another workspace\'s listing and redemption are not found; bad ids are 400s', async () => {
    const globexAdmin = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    const [theirs] = await t.services.db.selectFrom('reward_listings').select('id').where('workspace_id', '=', ws).execute();
    expect((await call(globexAdmin, 'PUT', `/rewards/${theirs!.id}`, { listing: { name: 'Mine now' } })).status).toBe(404);
    expect((await call(globexAdmin, 'POST', `/rewards/${theirs!.id}/redeem`, {})).status).toBe(404);
    const [redemption] = await t.services.db.selectFrom('reward_redemptions').select('id').where('workspace_id', '=', ws).execute();
    expect((await call(globexAdmin, 'POST', `/rewards/redemptions/${redemption!.id}/fulfill`)).status).toBe(404);
    expect((await call(globexAdmin, 'POST', '/rewards/99999999999/redeem', {})).status).toBe(400);
    expect((await ok<{ list: unknown[] }>(globexAdmin, 'GET', '/points/wallets?user_search=lena')).list).toEqual([]);
    // Acme's channel ids are a field error for Globex's admin, never stored as its fulfilment or announcement channels.
    const fulfilment = await call<{ fields: Record<string, string> }>(globexAdmin, 'PUT', '/rewards/settings', { rewards_program: { redemption_fulfillment_channel_id: ACME.channels.general } });
    expect(fulfilment.status).toBe(400);
    expect(Object.keys(fulfilment.body.fields)).toEqual(['redemption_fulfillment_channel_id']);
    const announce = await call<{ fields: Record<string, string> }>(globexAdmin, 'POST', '/shoutouts/announce', { channels: [ACME.channels.general], text: 'Hello' });
    expect(announce.status).toBe(400);
    expect(Object.keys(announce.body.fields)).toEqual(['channels']);
    const globexWs = (await t.services.workspaces.byTeamId(GLOBEX.teamId))!.id;
    const stored = await t.services.db.selectFrom('points_programs').select(['redemption_fulfillment_channel_id', 'shoutouts_channels']).where('workspace_id', '=', globexWs).executeTakeFirst();
    expect(JSON.stringify(stored ?? {})).not.toContain(ACME.channels.general);
  });

  it('shows the balance and recent shoutouts in the Home tab', async () => {
    await t.api('POST', '/sandbox/home/open', { team_id: TEAM, user_id: LENA });
    await t.services.queue.idle();
    await expect
      .poll(async () => JSON.stringify((await t.api<{ view: unknown }>('GET', `/sandbox/home?team=${TEAM}&user=${LENA}`)).view), { timeout: 10_000 })
      .toContain('You have *45* kudos to spend');
    const home = JSON.stringify((await t.api<{ view: unknown }>('GET', `/sandbox/home?team=${TEAM}&user=${LENA}`)).view);
    expect(home).toContain('gave you');
    expect(home).toContain('Give a shoutout');
  });
});
