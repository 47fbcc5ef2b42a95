import { Router, type Request } from 'express';
import { authOf, requireMember, startSession, type SessionOptions } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { readSiteToken } from '../http/site-links.js';
import { params, query } from '../http/validate.js';
import type { RouteFlowType } from '../journeys/api-types.js';
import type { Clock } from '../time/clock.js';
import { dataQuery, linkQuery, sessionParams } from './schema.js';
import type { HubService } from './service.js';

/** The same route under /onboarding and /participants ({flow} in the specs). */
const both = (path: string) => ['onboarding', 'participants'].map((f) => `/${f}${path}`);

/** The hub's calls (journeys.md §7 "Journey site", programs.md §2 "Tag site"). Thin over the service. */
export function hubRoutes(hub: HubService, deps: { session: SessionOptions; clock: Clock }): Router {
  const router = Router();

  /**
   * The link in a journey's Slack messages: a valid, unexpired token for this session signs its recipient in (when
   * nobody is signed in here yet) and opens the hub; a forged, expired or other session's token signs no one in
   * and asks for Sign in with Slack instead.
   */
  router.get('/auth/site/:sessionId', (req, res) => {
    const { sessionId } = params(req, sessionParams);
    const { t } = query(req, linkQuery);
    const target = `/site/${sessionId}`;
    if (req.auth) return res.redirect(target);
    const claims = readSiteToken(deps.session.secret, sessionId, t, deps.clock.now());
    if (!claims) return res.redirect(`/auth/slack?return_to=${encodeURIComponent(target)}`);
    startSession(res, deps.session, claims.workspaceId, claims.memberId);
    res.redirect(target);
  });

  router.get('/site/:sessionId/data', requireMember, async (req, res) => {
    const { sessionId } = params(req, sessionParams);
    const { module } = query(req, dataQuery);
    const viewer = await hub.viewer(authOf(req), sessionId);
    res.json(module === 'site' ? hub.frame(viewer) : await hub.moduleData(viewer, module));
  });

  const flowOf = (req: Request): RouteFlowType => (req.path.startsWith('/participants') ? 'participants' : 'onboarding');
  router.get(both('/tags/:id/site'), requireMember, async (req, res) => {
    res.json(await hub.preview(authOf(req), params(req, idParams).id, flowOf(req)));
  });
  router.put(both('/tags/:id/site'), requireMember, async (req, res) => {
    res.json({ site: await hub.save(authOf(req), params(req, idParams).id, flowOf(req), req.body) });
  });

  return router;
}
