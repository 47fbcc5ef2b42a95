import { Router, type Request } from 'express';
import { z } from 'zod';
import { jsonApi } from '../http/api.js';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import {
  ledgerEntryJson,
  listingJson,
  pointsPageData,
  pointsProgramJson,
  pointsWalletJson,
  redeemAnswer,
  redemptionJson,
  redemptionsPage,
  rewardsPageData,
  rewardsProgramJson,
  shoutoutGivenJson,
  shoutoutsPageData,
  shoutoutsProgramJson,
  walletsPage,
} from './api-types.js';
import type { Rewards } from './rewards.js';
import { announceBody, bonusBody, listingBody, pointsSettingsBody, redeemBody, redemptionsQuery, rewardsSettingsBody, shoutoutBody, walletBody, walletsQuery } from './schema.js';
import type { PointsService } from './service.js';
import type { Shoutouts } from './shoutouts.js';

export interface PointsApi {
  points: PointsService;
  shoutouts: Shoutouts;
  rewards: Rewards;
}

/** Points, shoutouts and rewards (journeys.md §7 "Points and rewards"), plus the pages' reads. Thin over the services. */
export function pointsRoutes(a: PointsApi): Router {
  const router = Router();
  router.use(['/points', '/rewards', '/shoutouts'], requireMember);
  const auth = (req: Request) => authOf(req);
  const points = jsonApi(router, 'Points');
  const shoutouts = jsonApi(router, 'Shoutouts');
  const rewards = jsonApi(router, 'Rewards');

  // Points
  points.get('/points', { summary: 'The points program and the member’s wallet', response: pointsPageData }, ({ req }) => a.points.pageData(auth(req)));
  points.get('/points/wallets', { summary: 'The leaderboard (with the people page’s columns for admins)', query: walletsQuery, response: walletsPage }, ({ query, req }) => a.points.leaderboard(auth(req), query));
  points.put('/points/wallets/:id', { summary: 'Set a member’s allowance or shoutouts role (admins)', params: idParams, serviceBody: walletBody, response: z.object({ wallet: pointsWalletJson }) }, async ({ params, req }) => ({
    wallet: await a.points.updateWallet(auth(req), params.id, req.body),
  }));
  points.get('/points/wallets/:id/ledger', { summary: 'A member’s points history, newest first', params: idParams, response: z.object({ ledger: z.array(ledgerEntryJson) }) }, async ({ params, req }) => ({
    ledger: await a.points.ledger(auth(req), params.id),
  }));
  points.get('/points/settings', { summary: 'The points program’s settings', response: z.object({ points_program: pointsProgramJson }) }, async ({ req }) => ({ points_program: await a.points.settings(auth(req)) }));
  points.put('/points/settings', { summary: 'Change the points program’s settings (admins)', serviceBody: pointsSettingsBody, response: z.object({ points_program: pointsProgramJson }) }, async ({ req }) => ({
    points_program: await a.points.updateSettings(auth(req), req.body),
  }));
  points.post('/points/bonus', { summary: 'Give a member bonus points (admins)', serviceBody: bonusBody, response: z.object({ wallet: pointsWalletJson }) }, async ({ req }) => ({ wallet: await a.points.bonus(auth(req), req.body) }));

  // Shoutouts
  shoutouts.get('/shoutouts', { summary: 'The shoutouts program and the recent shoutouts', response: shoutoutsPageData }, ({ req }) => a.shoutouts.pageData(auth(req)));
  shoutouts.post('/shoutouts/activate', { summary: 'Turn shoutouts on (admins)', response: z.object({ program: shoutoutsProgramJson }) }, ({ req }) => a.shoutouts.activate(auth(req)));
  shoutouts.post('/shoutouts/announce', { summary: 'Announce shoutouts in channels (admins)', serviceBody: announceBody, response: z.object({ program: shoutoutsProgramJson }) }, ({ req }) => a.shoutouts.announce(auth(req), req.body));
  shoutouts.post('/shoutouts', { summary: 'Give a shoutout as the signed-in member', body: shoutoutBody, response: shoutoutGivenJson }, ({ body, req }) => a.shoutouts.giveFromPage(auth(req), body));

  // Rewards (the static paths before /rewards/:id)
  rewards.get('/rewards', { summary: 'The rewards catalogue, the member’s balance and the rewards program', response: rewardsPageData }, ({ req }) => a.rewards.pageData(auth(req)));
  rewards.post('/rewards', { summary: 'Add a reward (admins)', serviceBody: listingBody, response: z.object({ listing: listingJson }) }, ({ req }) => a.rewards.create(auth(req), req.body));
  rewards.get('/rewards/redemptions/list', { summary: 'Every redemption, newest first (admins)', query: redemptionsQuery, response: redemptionsPage }, ({ query, req }) => a.rewards.redemptions(auth(req), query));
  rewards.post('/rewards/redemptions/:id/fulfill', { summary: 'Mark a redemption fulfilled (admins)', params: idParams, response: z.object({ redemption: redemptionJson }) }, ({ params, req }) => a.rewards.fulfill(auth(req), params.id));
  rewards.put('/rewards/settings', { summary: 'Change the rewards program’s settings (admins)', serviceBody: rewardsSettingsBody, response: z.object({ rewards_program: rewardsProgramJson }) }, ({ req }) => a.rewards.updateSettings(auth(req), req.body));
  rewards.put('/rewards/:id', { summary: 'Change a reward (admins)', params: idParams, serviceBody: listingBody, response: z.object({ listing: listingJson }) }, ({ params, req }) => a.rewards.update(auth(req), params.id, req.body));
  rewards.post('/rewards/:id/redeem', { summary: 'Redeem a reward with the member’s points', params: idParams, serviceBody: redeemBody, response: redeemAnswer }, ({ params, req }) => a.rewards.redeem(auth(req), params.id, req.body));

  return router;
}
