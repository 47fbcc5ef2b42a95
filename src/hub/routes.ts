import { Router, type Request } from 'express';
import { authOf, requireMember, startSession, type SessionOptions } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { idParams } from '../http/ids.js';
import { readSiteToken } from '../http/site-links.js';
import { body, params, query } from '../http/validate.js';
import { routeFlowType, type JourneyTag } from '../journeys/public.js';
import { requireAccess } from '../platform/access.js';
import type { Clock } from '../time/clock.js';
import { dataQuery, linkQuery, sessionParams, siteBody } from './schema.js';
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

  /** The journey named in the path, if this member may `mode` it and it is of this flow. */
  const tagOf = async (req: Request, mode: 'read' | 'edit'): Promise<JourneyTag> => {
    const tag = await requireAccess(authOf(req), hub.journeys.policy, params(req, idParams).id, mode);
    if (`/${routeFlowType(tag.flow_type)}` !== req.path.slice(0, req.path.indexOf('/', 1))) throw new HttpError(404, 'Not found');
    return tag;
  };

  router.get(both('/tags/:id/site'), requireMember, async (req, res) => {
    res.json(await hub.preview(authOf(req), await tagOf(req, 'read')));
  });

  router.put(both('/tags/:id/site'), requireMember, async (req, res) => {
    const input = body(req, siteBody);
    const tag = await tagOf(req, 'edit');
    res.json({ site: await hub.save(authOf(req), tag, input) });
  });

  return router;
}
