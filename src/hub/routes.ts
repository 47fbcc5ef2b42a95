import { Router } from 'express';
import { jsonApi } from '../http/api.js';
import { authOf, requireMember, startSession, type SessionOptions } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { readSiteToken } from '../http/site-links.js';
import { params, query } from '../http/validate.js';
import { ROUTE_FLOW_TYPES } from '../journeys/api-types.js';
import type { Clock } from '../time/clock.js';
import { hubData, hubSaveAnswer, hubSiteAnswer } from './api-types.js';
import { dataQuery, linkQuery, sessionParams, siteBody } from './schema.js';
import type { HubService } from './service.js';

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

  const api = jsonApi(router, 'Journey hub');
  api.get('/site/:sessionId/data', { summary: 'A session’s journey hub: its frame (`module=site`) or one module’s data', params: sessionParams, query: dataQuery, response: hubData }, async ({ params, query, req }) => {
    const viewer = await hub.viewer(authOf(req), params.sessionId);
    return query.module === 'site' ? hub.frame(viewer) : hub.moduleData(viewer, query.module);
  }, requireMember);

  for (const flow of ROUTE_FLOW_TYPES) {
    api.get(`/${flow}/tags/:id/site`, { summary: 'A journey’s hub: its site and a preview with sample data (for those who run it)', params: idParams, response: hubSiteAnswer }, ({ params, req }) => hub.preview(authOf(req), params.id, flow), requireMember);
    api.put(`/${flow}/tags/:id/site`, { summary: 'Save a journey’s hub: its template, published, or both', params: idParams, serviceBody: siteBody, response: hubSaveAnswer }, async ({ params, req }) => ({
      site: await hub.save(authOf(req), params.id, flow, req.body),
    }), requireMember);
  }

  return router;
}
