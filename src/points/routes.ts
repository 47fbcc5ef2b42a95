import { Router, type Request } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { body, params, query } from '../http/validate.js';
import { requireAccess } from '../platform/access.js';
import type { Rewards } from './rewards.js';
import {
  announceBody,
  bonusBody,
  listingBody,
  pointsSettingsBody,
  redeemBody,
  redemptionsQuery,
  rewardsSettingsBody,
  shoutoutBody,
  walletBody,
  walletsQuery,
} from './schema.js';
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

  // Points
  router.get('/points', async (req, res) => void res.json(await a.points.pageData(auth(req))));
  router.get('/points/wallets', async (req, res) => void res.json(await a.points.leaderboard(auth(req), query(req, walletsQuery))));
  router.put('/points/wallets/:id', async (req, res) => {
    const { id } = params(req, idParams);
    res.json({ wallet: await a.points.updateWallet(auth(req), id, body(req, walletBody)) });
  });
  router.get('/points/wallets/:id/ledger', async (req, res) => {
    const { id } = params(req, idParams);
    res.json({ ledger: await a.points.ledger(auth(req), id) });
  });
  router.get('/points/settings', async (req, res) => void res.json({ points_program: await a.points.settings(auth(req)) }));
  router.put('/points/settings', async (req, res) => void res.json({ points_program: await a.points.updateSettings(auth(req), body(req, pointsSettingsBody).points_program) }));
  router.post('/points/bonus', async (req, res) => void res.json({ wallet: await a.points.bonus(auth(req), body(req, bonusBody)) }));

  // Shoutouts
  router.get('/shoutouts', async (req, res) => void res.json(await a.shoutouts.pageData(auth(req))));
  router.post('/shoutouts/activate', async (req, res) => void res.json(await a.shoutouts.activate(auth(req))));
  router.post('/shoutouts/announce', async (req, res) => void res.json(await a.shoutouts.announce(auth(req), body(req, announceBody))));
  router.post('/shoutouts', async (req, res) => void res.json(await a.shoutouts.giveFromPage(auth(req), body(req, shoutoutBody))));

  // Rewards (the static paths before /rewards/:id)
  router.get('/rewards', async (req, res) => void res.json(await a.rewards.pageData(auth(req))));
  router.post('/rewards', async (req, res) => void res.json(await a.rewards.create(auth(req), body(req, listingBody).listing)));
  router.get('/rewards/redemptions/list', async (req, res) => void res.json(await a.rewards.redemptions(auth(req), query(req, redemptionsQuery))));
  router.post('/rewards/redemptions/:id/fulfill', async (req, res) => {
    const { id } = params(req, idParams);
    const redemption = await requireAccess(auth(req), a.rewards.redemptionPolicy, id, 'edit');
    res.json(await a.rewards.fulfill(auth(req), redemption));
  });
  router.put('/rewards/settings', async (req, res) => void res.json(await a.rewards.updateSettings(auth(req), body(req, rewardsSettingsBody).rewards_program)));
  router.put('/rewards/:id', async (req, res) => {
    const { id } = params(req, idParams);
    const input = body(req, listingBody).listing;
    const listing = await requireAccess(auth(req), a.rewards.listingPolicy, id, 'edit');
    res.json(await a.rewards.update(auth(req), listing, input));
  });
  router.post('/rewards/:id/redeem', async (req, res) => {
    const { id } = params(req, idParams);
    const input = body(req, redeemBody);
    const listing = await requireAccess(auth(req), a.rewards.listingPolicy, id, 'read');
    res.json(await a.rewards.redeem(auth(req), listing, input));
  });


  return router;
}
