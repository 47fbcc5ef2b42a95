import { randomBytes } from 'node:crypto';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { hmac, safeEqual } from '../crypto.js';
import type { Db } from '../db/index.js';
import type { Member, Workspace } from '../db/types.js';
import { isAdmin, roles, type Roles } from '../people/roles.js';
import { PeopleRepository } from '../people/repository.js';
import type { PeopleService } from '../people/service.js';
import type { SlackClients } from '../slack/clients.js';
import { systemClock } from '../time/clock.js';
import { WorkspaceRepository } from '../workspaces/repository.js';
import { HttpError } from './errors.js';
import { safeReturnPath } from './return-path.js';

export interface AuthContext {
  workspace: Workspace;
  member: Member;
  roles: Roles;
  isAdmin: boolean;
  csrfToken: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
  }
}

export const SESSION_COOKIE = 'hearth_session';
export const CSRF_COOKIE = 'hearth_csrf';
const OIDC_COOKIE = 'hearth_oidc';
const SESSION_DAYS = 14;

interface SessionPayload {
  w: number;
  m: number;
  exp: number;
}

export interface SessionOptions {
  secret: string;
  secure: boolean;
}

/** A signed value (HMAC of its JSON with the secret): session cookies, sign-in state, the hub's links. */
export function seal(secret: string, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmac(secret, body)}`;
}

/** The payload of a sealed value, when its signature holds and `exp` (ms) is after `now`. */
export function unseal<T extends { exp: number }>(secret: string, value: string | undefined, now = Date.now()): T | undefined {
  if (!value) return undefined;
  const [body, sig] = value.split('.');
  if (!body || !sig || !safeEqual(sig, hmac(secret, body))) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
    return payload.exp > now ? payload : undefined;
  } catch {
    return undefined;
  }
}

/** Signs a member in: a signed http-only session cookie, and a CSRF token readable by the pages. */
export function startSession(res: Response, opts: SessionOptions, workspaceId: number, memberId: number): void {
  const payload: SessionPayload = { w: workspaceId, m: memberId, exp: Date.now() + SESSION_DAYS * 86_400_000 };
  const sealed = seal(opts.secret, payload);
  const cookie = { sameSite: 'lax' as const, secure: opts.secure, path: '/', maxAge: SESSION_DAYS * 86_400_000 };
  res.cookie(SESSION_COOKIE, sealed, { ...cookie, httpOnly: true });
  res.cookie(CSRF_COOKIE, hmac(opts.secret, `csrf:${sealed}`), { ...cookie, httpOnly: false });
}

export function endSession(res: Response): void {
  res.clearCookie(SESSION_COOKIE, { path: '/' });
  res.clearCookie(CSRF_COOKIE, { path: '/' });
}

/** Reads the session cookie into req.auth (tenant context) when it is valid and the member still exists. */
export function loadSession(db: Db, opts: SessionOptions): RequestHandler {
  const people = new PeopleRepository(db);
  // Only read here, so its clock is never asked.
  const workspaces = new WorkspaceRepository(db, systemClock);
  return async (req, _res, next) => {
    const raw = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    const session = unseal<SessionPayload>(opts.secret, raw);
    if (!session || !raw) return next();
    const [signedIn, workspace] = await Promise.all([people.activeWithAccountRole(session.w, session.m), workspaces.byId(session.w)]);
    if (!signedIn || !workspace) return next();
    const memberRoles = roles(signedIn.member, signedIn.account);
    req.auth = { workspace, member: signedIn.member, roles: memberRoles, isAdmin: isAdmin(memberRoles), csrfToken: hmac(opts.secret, `csrf:${raw}`) };
    next();
  };
}

/**
 * Cookie-authenticated writes must carry the CSRF token (header X-CSRF-Token) that only our pages can read.
 * Slack's endpoints authenticate by signature and are mounted before this.
 */
export const requireCsrf: RequestHandler = (req, _res, next) => {
  if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || !req.auth) return next();
  const sent = req.get('x-csrf-token') ?? '';
  if (!safeEqual(sent, req.auth.csrfToken)) return next(new HttpError(403, 'Missing or invalid CSRF token; reload the page and try again'));
  next();
};

export const requireMember: RequestHandler = (req, _res, next) => {
  next(req.auth ? undefined : new HttpError(401, 'Sign in required'));
};

/** The signed-in context in a handler behind requireMember. */
export function authOf(req: Request): AuthContext {
  if (!req.auth) throw new HttpError(401, 'Sign in required');
  return req.auth;
}

interface OidcState {
  r: string;
  n: string;
  exp: number;
}

/**
 * Sign in with Slack (OpenID Connect) for the admin pages. In the sandbox, /auth/slack goes to the sandbox page,
 * where a person picks who they are.
 */
export function authRouter(deps: {
  session: SessionOptions;
  publicUrl: string;
  oidc?: { clientId: string; clientSecret: string; authorizeUrl: string };
  sandbox: boolean;
  clients: SlackClients;
  workspaces: WorkspaceRepository;
  people: PeopleService;
  /** Switching workspace: where the signed-in person may go (their other workspaces). */
  switchTarget?: (auth: AuthContext, teamId: string) => Promise<{ workspaceId: number; memberId: number } | undefined>;
}): Router {
  const router = Router();
  const redirectUri = `${deps.publicUrl}/auth/slack/callback`;

  router.get('/auth/slack', (req, res) => {
    const returnTo = safeReturnPath(req.query.return_to);
    if (deps.sandbox) return res.redirect(`/sandbox?return_to=${encodeURIComponent(returnTo)}`);
    if (!deps.oidc) {
      res.status(503).type('text').send('Sign in with Slack needs SLACK_CLIENT_ID and SLACK_CLIENT_SECRET to be set.');
      return;
    }
    const nonce = randomBytes(16).toString('base64url');
    const state = seal(deps.session.secret, { r: returnTo, n: nonce, exp: Date.now() + 10 * 60_000 } satisfies OidcState);
    res.cookie(OIDC_COOKIE, nonce, { httpOnly: true, sameSite: 'lax', secure: deps.session.secure, maxAge: 10 * 60_000, path: '/auth' });
    const url = new URL(deps.oidc.authorizeUrl);
    url.search = new URLSearchParams({ response_type: 'code', scope: 'openid email profile', client_id: deps.oidc.clientId, state, nonce, redirect_uri: redirectUri }).toString();
    res.redirect(url.toString());
  });

  router.get('/auth/slack/callback', async (req, res, next: NextFunction) => {
    try {
      const state = unseal<OidcState>(deps.session.secret, String(req.query.state ?? ''));
      const nonce = (req.cookies as Record<string, string> | undefined)?.[OIDC_COOKIE];
      if (!deps.oidc || !state || !nonce || !safeEqual(nonce, state.n) || typeof req.query.code !== 'string')
        throw new HttpError(400, 'The sign-in link expired or was not started here. Please sign in again.');
      const client = deps.clients.anonymous();
      const token = await client.openid.connect.token({ client_id: deps.oidc.clientId, client_secret: deps.oidc.clientSecret, code: req.query.code, redirect_uri: redirectUri });
      const info = (await deps.clients.make(token.access_token).openid.connect.userInfo()) as unknown as Record<string, string | undefined>;
      const teamId = info['https://slack.com/team_id'];
      const userId = info['https://slack.com/user_id'];
      const workspace = teamId ? await deps.workspaces.byTeamId(teamId) : undefined;
      if (!workspace || !userId) throw new HttpError(403, 'Hearth is not installed in that Slack workspace yet.');
      let member = await deps.people.bySlackId(workspace.id, userId);
      if (!member) {
        await deps.people.upsert(workspace, [{ id: userId, team_id: teamId, name: info.name, real_name: info.name, profile: { email: info.email, image_72: info.picture } }]);
        member = (await deps.people.bySlackId(workspace.id, userId))!;
      }
      res.clearCookie(OIDC_COOKIE, { path: '/auth' });
      startSession(res, deps.session, workspace.id, member.id);
      res.redirect(safeReturnPath(state.r));
    } catch (err) {
      next(err);
    }
  });

  // The user menu's "Switch workspace": a new session as the same person (same email) in another workspace.
  router.post('/auth/switch_workspace', async (req, res, next: NextFunction) => {
    try {
      const auth = authOf(req);
      const teamId = typeof (req.body as { team_id?: unknown } | undefined)?.team_id === 'string' ? (req.body as { team_id: string }).team_id : '';
      if (!teamId) throw new HttpError(400, 'team_id: Choose a workspace', { team_id: 'Choose a workspace' });
      const target = await deps.switchTarget?.(auth, teamId);
      if (!target) throw new HttpError(404, 'Not found');
      startSession(res, deps.session, target.workspaceId, target.memberId);
      res.json({ redirect_url: '/' });
    } catch (err) {
      next(err);
    }
  });

  router.post('/auth/sign_out', (_req, res) => {
    endSession(res);
    res.status(204).end();
  });

  return router;
}
