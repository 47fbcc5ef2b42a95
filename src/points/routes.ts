import { Router, type Request } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { body, params, query } from '../http/validate.js';
import type { Rewards } from './rewards.js';
import { redemptionsQuery, shoutoutBody, walletsQuery } from './schema.js';
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
  router.put('/points/wallets/:id', async (req, res) => void res.json({ wallet: await a.points.updateWallet(auth(req), params(req, idParams).id, req.body) }));
  router.get('/points/wallets/:id/ledger', async (req, res) => void res.json({ ledger: await a.points.ledger(auth(req), params(req, idParams).id) }));
  router.get('/points/settings', async (req, res) => void res.json({ points_program: await a.points.settings(auth(req)) }));
  router.put('/points/settings', async (req, res) => void res.json({ points_program: await a.points.updateSettings(auth(req), req.body) }));
  router.post('/points/bonus', async (req, res) => void res.json({ wallet: await a.points.bonus(auth(req), req.body) }));

  // Shoutouts
  router.get('/shoutouts', async (req, res) => void res.json(await a.shoutouts.pageData(auth(req))));
  router.post('/shoutouts/activate', async (req, res) => void res.json(await a.shoutouts.activate(auth(req))));
  router.post('/shoutouts/announce', async (req, res) => void res.json(await a.shoutouts.announce(auth(req), req.body)));
  router.post('/shoutouts', async (req, res) => void res.json(await a.shoutouts.giveFromPage(auth(req), body(req, shoutoutBody))));

  // Rewards (the static paths before /rewards/:id)
  router.get('/rewards', async (req, res) => void res.json(await a.rewards.pageData(auth(req))));
  router.post('/rewards', async (req, res) => void res.json(await a.rewards.create(auth(req), req.body)));
  router.get('/rewards/redemptions/list', async (req, res) => void res.json(await a.rewards.redemptions(auth(req), query(req, redemptionsQuery))));
  router.post('/rewards/redemptions/:id/fulfill', async (req, res) => void res.json(await a.rewards.fulfill(auth(req), params(req, idParams).id)));
  router.put('/rewards/settings', async (req, res) => void res.json(await a.rewards.updateSettings(auth(req), req.body)));
  router.put('/rewards/:id', async (req, res) => void res.json(await a.rewards.update(auth(req), params(req, idParams).id, req.body)));
  router.post('/rewards/:id/redeem', async (req, res) => void res.json(await a.rewards.redeem(auth(req), params(req, idParams).id, req.body)));

  return router;
}
