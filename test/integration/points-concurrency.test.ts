import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { request } from '../support/http.js';

const TEAM = ACME.teamId;
type Session = { cookie: string; csrf: string; memberId: number };

/**
 * Racing redemptions on real Postgres (a pool of connections, so requests truly overlap; PGlite has one
 * connection and would serialize them): the last item and the last points are taken once, never overdrawn,
 * and a giver's allowance is spent once. Runs when DATABASE_URL is set.
 */
describe.skipIf(!process.env.DATABASE_URL)('Points under concurrency (real Postgres)', () => {
  let t: SandboxHearth;
  let ws: number;
  let admin: Session;
  let lena: Session;
  let jonas: Session;

  const call = (who: Session, method: string, url: string, body?: unknown) => request(t, who, method, url, body);
  const wallet = (memberId: number) => t.services.db.selectFrom('points_wallets').selectAll().where('workspace_id', '=', ws).where('member_id', '=', memberId).executeTakeFirstOrThrow();
  const ledgerSum = async (memberId: number) =>
    (await t.services.db.selectFrom('points_ledger').select('delta').where('workspace_id', '=', ws).where('member_id', '=', memberId).execute()).reduce((s, r) => s + r.delta, 0);

  beforeAll(async () => {
    t = await startSandboxHearth();
    ws = (await t.services.workspaces.byTeamId(TEAM))!.id;
    admin = await signIn(t, TEAM, ACME.adminUserId);
    lena = await signIn(t, TEAM, 'U0DEMO009');
    jonas = await signIn(t, TEAM, 'U0DEMO010');
    for (const who of [lena, jonas]) expect((await call(admin, 'POST', '/points/bonus', { member_id: who.memberId, points: 100, note: '', request_id: `seed-${who.memberId}` })).status).toBe(200);
  });
  afterAll(() => t?.close());

  it('sells the last item once when eight redemptions race for it', async () => {
    const created = await call(admin, 'POST', '/rewards', { listing: { name: 'Signed poster', points_cost: 10, quantity_available: 1 } });
    const id = (created.body.listing as { id: number }).id;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => call(i % 2 ? lena : jonas, 'POST', `/rewards/${id}/redeem`, {})));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const listing = await t.services.db.selectFrom('reward_listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(listing.quantity_available).toBe(0);
    expect(await t.services.db.selectFrom('reward_redemptions').select('id').where('listing_id', '=', id).execute()).toHaveLength(1);
    const paid = (await wallet(lena.memberId)).current_redeemable + (await wallet(jonas.memberId)).current_redeemable;
    expect(paid).toBe(190);
  });

  it('spends the last points once when eight redemptions race for them', async () => {
    const before = (await wallet(lena.memberId)).current_redeemable;
    const created = await call(admin, 'POST', '/rewards', { listing: { name: 'Lunch', points_cost: Math.ceil(before / 2) + 1 } });
    const id = (created.body.listing as { id: number }).id;
    const results = await Promise.all(Array.from({ length: 8 }, () => call(lena, 'POST', `/rewards/${id}/redeem`, {})));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.error).toBe("You don't have enough points to redeem this.");
    const after = await wallet(lena.memberId);
    expect(after.current_redeemable).toBe(before - (Math.ceil(before / 2) + 1));
    expect(after.current_redeemable).toBeGreaterThanOrEqual(0);
    // The balance is its ledger.
    expect(await ledgerSum(lena.memberId)).toBe(after.current_redeemable);
  });

  it('spends a giver\'s allowance once when shoutouts race, and crossing shoutouts do not deadlock', async () => {
    expect((await call(admin, 'POST', '/shoutouts/activate')).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(admin, 'POST', '/shoutouts', { recipient_id: i % 2 ? lena.memberId : jonas.memberId, points: 30, message: 'thanks', request_id: `race-${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400)).toHaveLength(5);
    const given = await t.services.db.selectFrom('shoutouts').select('points').where('giver_member_id', '=', admin.memberId).execute();
    expect(given.reduce((s, r) => s + r.points, 0)).toBe(90);

    const crossing = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? call(lena, 'POST', '/shoutouts', { recipient_id: jonas.memberId, points: 1, message: 'x', request_id: `x-${i}` }) : call(jonas, 'POST', '/shoutouts', { recipient_id: lena.memberId, points: 1, message: 'y', request_id: `y-${i}` }))),
    );
    expect(crossing.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const who of [lena, jonas]) expect(await ledgerSum(who.memberId)).toBe((await wallet(who.memberId)).current_redeemable);
  });
});
