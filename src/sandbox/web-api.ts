import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { inOutage, takeFault } from './faults.js';
import { chatMethods } from './methods/chat.js';
import { conversationMethods } from './methods/conversations.js';
import { fileMethods } from './methods/files.js';
import { appMethods } from './methods/apps.js';
import { type AppContext, type AuthedContext, type MethodContext, type MethodResult, type MethodTable, SlackApiError, requireScope, str } from './methods/kit.js';
import { oauthMethods } from './methods/oauth.js';
import { reactionMethods } from './methods/reactions.js';
import { userMethods } from './methods/users.js';
import { viewMethods } from './methods/views.js';
import type { SocketModeServer } from './socket-mode.js';
import type { AuthInfo, RecordedCall, SandboxState } from './state.js';
import type { Now } from './types.js';

/**
 * The Slack Web API stand-in: an Express router answering `POST /:method` the way slack.com/api does
 * (HTTP 200 with `{ ok: false, error }` for API errors, 429 + Retry-After when rate limited), so the app
 * talks to it through the real WebClient with `slackApiUrl` pointed here.
 */

export const SANDBOX_METHODS: MethodTable = {
  ...userMethods,
  ...conversationMethods,
  ...chatMethods,
  ...viewMethods,
  ...reactionMethods,
  ...fileMethods,
  ...oauthMethods,
  ...appMethods,
};

export interface SandboxApiOptions {
  state: SandboxState;
  /** The app's Clock; defaults to the state's. */
  now?: Now;
  /** The time rate windows are counted on, when not `now` (the sandbox's: `now`, flowing even when held still). */
  rateNow?: Now;
  /** Where apps.connections.open's links lead. */
  socket: SocketModeServer;
}

/** Arguments whose values are JSON text on the wire; the call log stores them decoded. */
const JSON_ARGS = ['blocks', 'attachments', 'metadata', 'view', 'users'];
const SECRET_ARGS = ['token', 'client_secret', 'refresh_token', 'code'];

function collectArgs(req: Request): Record<string, unknown> {
  const query = req.query as Record<string, unknown>;
  const body = (req.body ?? {}) as Record<string, unknown>;
  return { ...query, ...(typeof body === 'object' && !Array.isArray(body) ? body : {}) };
}

function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

function basicAuth(req: Request): { id: string; secret: string } | undefined {
  const header = req.get('authorization');
  const match = header ? /^Basic\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

function argsForLog(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (SECRET_ARGS.includes(key)) continue;
    if (JSON_ARGS.includes(key) && typeof value === 'string' && /^\s*[[{]/.test(value)) {
      try {
        out[key] = JSON.parse(value) as unknown;
        continue;
      } catch {
        // Keep the raw text; the method reports the format error.
      }
    }
    out[key] = value;
  }
  return out;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type MethodSpec = MethodTable[string];

async function run(method: string, spec: MethodSpec, ctx: MethodContext, auth: AuthInfo | null, app: Pick<AppContext, 'app' | 'socket'> | null): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    let result: MethodResult;
    if (spec.auth === 'none') result = spec.handler(ctx);
    else if (spec.auth === 'app') result = await spec.handler({ ...ctx, ...app! });
    else {
      const authed = { ...ctx, auth } as AuthedContext;
      requireScope(authed, spec.scopes ?? []);
      result = spec.handler(authed);
    }
    return { status: 200, body: { ok: true, ...result } };
  } catch (err) {
    if (err instanceof SlackApiError) return { status: 200, body: { ok: false, error: err.code, ...err.extra } };
    console.error(`sandbox ${method} failed`, err);
    return { status: 500, body: { ok: false, error: 'internal_error' } };
  }
}

export function createSandboxApi(options: SandboxApiOptions): Router {
  const { state } = options;
  const clock: Now = options.now ?? (() => state.now());
  const rateClock: Now = options.rateNow ?? clock;
  const router = Router();
  // Parsers local to this router: Bolt's routes elsewhere need their raw bodies.
  router.use(express.urlencoded({ extended: false, limit: '5mb' }), express.json({ limit: '5mb' }));

  // A file's bytes, POSTed to the upload_url files.getUploadURLExternal gave (WebClient sends them as multipart
  // form data, field `body`); Slack answers 200 with a plain text receipt.
  router.post('/_upload/:fileId', express.raw({ type: () => true, limit: '5mb' }), async (req: Request, res: Response) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const type = req.get('content-type') ?? '';
    let content = raw.toString('utf8');
    if (type.startsWith('multipart/form-data')) {
      const part = (await new globalThis.Response(raw, { headers: { 'content-type': type } }).formData()).get('body');
      content = typeof part === 'string' ? part : part ? await part.text() : '';
    }
    if (!state.receiveFile(String(req.params.fileId), content)) return res.status(404).type('text/plain').send('Not Found');
    res.status(200).type('text/plain').send(`OK - ${Buffer.byteLength(content)}`);
  });

  router.all('/:method', async (req: Request, res: Response) => {
    const method = String(req.params.method);
    const args = collectArgs(req);
    const token = bearerToken(req) ?? str(args, 'token');
    let at = clock();
    const log = (entry: Pick<RecordedCall, 'status' | 'outcome'> & Partial<RecordedCall>) =>
      state.recordCall({ method, args: argsForLog(args), at: at.toISOString(), ...entry });
    const send = (status: number, body: Record<string, unknown>, teamId?: string) => {
      res.status(status).json(body);
      const outcome = status === 429 ? 'ratelimited' : status >= 500 ? 'exception' : body.ok ? 'ok' : 'error';
      log({ status, outcome, ...(teamId ? { teamId } : {}), ...(typeof body.error === 'string' ? { error: body.error } : {}) });
    };

    const spec = SANDBOX_METHODS[method];
    if (!spec) return send(200, { ok: false, error: 'unknown_method', req_method: method });

    let auth: AuthInfo | null = null;
    let app: { appId: string } | null = null;
    if (spec.auth === 'app') {
      if (!token) return send(200, { ok: false, error: 'not_authed' });
      app = state.authenticateApp(token);
      if (!app) return send(200, { ok: false, error: state.authenticate(token, at) ? 'not_allowed_token_type' : 'invalid_auth' });
    } else if (spec.auth !== 'none') {
      if (!token) return send(200, { ok: false, error: 'not_authed' });
      const found = state.authenticate(token, at);
      if (found === 'expired') return send(200, { ok: false, error: 'token_expired' });
      if (!found) return send(200, { ok: false, error: state.authenticateApp(token) ? 'not_allowed_token_type' : 'invalid_auth' });
      auth = found;
      if (spec.auth === 'user' && auth.kind !== 'user') return send(200, { ok: false, error: 'not_allowed_token_type' }, auth.teamId);
      res.setHeader('x-oauth-scopes', auth.scopes.join(','));
    }
    const teamId = auth?.teamId;
    const channel = str(args, 'channel');

    if (inOutage(state.outage, { ...(teamId ? { teamId } : {}) }, at)) {
      const faultLog = { ...(teamId ? { teamId } : {}), outcome: 'fault' as const };
      if (state.outage!.answer === 'http_503') {
        res.status(503).type('text/html').send('<html><body>Service Unavailable</body></html>');
        return log({ ...faultLog, status: 503 });
      }
      res.status(200).json({ ok: false, error: 'service_unavailable' });
      return log({ ...faultLog, status: 200, error: 'service_unavailable' });
    }
    const fault = takeFault(state.faults, { method, ...(teamId ? { teamId } : {}), ...(channel ? { channel } : {}) });
    const faultLog = { ...(teamId ? { teamId } : {}), outcome: 'fault' as const, ...(fault ? { fault: fault.kind } : {}) };
    if (fault?.kind === 'error') {
      res.status(200).json({ ok: false, error: fault.error });
      return log({ ...faultLog, status: 200, error: fault.error });
    }
    if (fault?.kind === 'http_500') {
      res.status(500).type('text/html').send('<html><body>Internal Server Error</body></html>');
      return log({ ...faultLog, status: 500 });
    }
    if (fault?.kind === 'ratelimited') {
      const retryAfter = fault.retryAfter ?? 1;
      res.status(429).setHeader('Retry-After', String(retryAfter));
      res.json({ ok: false, error: 'ratelimited' });
      return log({ ...faultLog, status: 429, error: 'ratelimited' });
    }
    if (fault?.kind === 'rate_limited') {
      res.status(200).json({ ok: false, error: 'rate_limited' });
      return log({ ...faultLog, status: 200, error: 'rate_limited' });
    }
    if (fault?.kind === 'delay') {
      await sleep(fault.ms);
      at = clock();
    }

    state.deliverDueScheduled(at);
    const decision = state.rateLimits.take(teamId ?? '-', method, channel, rateClock().getTime());
    if (!decision.allowed && decision.error === 'rate_limited') return send(200, { ok: false, error: 'rate_limited' }, teamId);
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(decision.retryAfterSeconds));
      return send(429, { ok: false, error: 'ratelimited' }, teamId);
    }

    const basic = basicAuth(req);
    const ctx: MethodContext = { state, args, at, auth, baseUrl: `${req.protocol}://${req.get('host')}${req.baseUrl}`, ...(basic ? { basicAuth: basic } : {}) };
    const { status, body } = await run(method, spec, ctx, auth, app && { app, socket: options.socket });

    if (fault?.kind === 'timeout' || fault?.kind === 'drop_after_store') {
      // The work is done (a message is stored) but the caller never learns it: an unknown outcome.
      if (fault.kind === 'drop_after_store') req.socket.destroy();
      // For 'timeout' the response is simply never written; the socket stays open until the client gives up.
      return log({ ...faultLog, status: null, ...(typeof body.error === 'string' ? { error: body.error } : {}) });
    }
    return send(status, body, teamId);
  });

  // A body the parsers reject gets Slack's answer rather than Express's HTML error page.
  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const type = (err as { type?: unknown } | null)?.type;
    if (typeof type === 'string' && type.startsWith('entity.')) {
      const error = type === 'entity.too.large' ? 'request_too_large' : type === 'entity.parse.failed' ? 'invalid_json' : 'invalid_form_data';
      res.status(200).json({ ok: false, error });
      return;
    }
    console.error('sandbox Web API failed', err);
    res.status(500).json({ ok: false, error: 'internal_error' });
  });

  return router;
}
