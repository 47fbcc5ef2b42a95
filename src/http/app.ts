import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { safeEqual } from '../crypto.js';
import { checkResponses } from './api.js';
import { loadSession, requireCsrf, type SessionOptions } from './auth.js';
import { apiNotFound, errorHandler } from './errors.js';

export interface HttpAppParts {
  log: Logger;
  session: SessionOptions;
  db: Parameters<typeof loadSession>[0];
  /** What /healthz reports beside ok: the scheduler tick's age. */
  health(): Promise<Record<string, unknown>>;
  /** Prometheus metrics at /metrics; with a token, only for `Authorization: Bearer <token>`. */
  metrics?: { token?: string; scrape(): Promise<{ contentType: string; body: string }> };
  /** Liveness of what the app needs: database and queue. */
  ready(): Promise<{ ok: boolean; checks: Record<string, boolean> }>;
  /** Bolt's router (/slack/events, /slack/install, /slack/oauth_redirect): signature-verified, raw bodies. */
  slack?: Router;
  /** Routers that authenticate by something other than the session (the sandbox's Slack stand-in). */
  beforeSession?: Router[];
  /** Session-authenticated routers: sign-in, the JSON API, the sandbox controls. */
  routers: Router[];
  /** The test suites: every registered JSON call's response is checked against its schema (src/http/api.ts). */
  checkResponses?: boolean;
  /** The React pages: their assets, and the HTML shell for every page route. */
  pages?: { assets: RequestHandler; html: RequestHandler };
}

/** Server routes a browser navigates to directly. */
const NOT_PAGES = ['/auth/', '/slack/', '/sandbox/api/', '/healthz', '/readyz', '/metrics'];

/** What an operator's probes and Prometheus read, served by every process (a worker-only one too). */
export type OpsParts = Pick<HttpAppParts, 'health' | 'ready' | 'metrics'>;

function opsRouter(parts: OpsParts): Router {
  const router = express.Router();
  router.get('/healthz', async (_req, res) => {
    res.json({ ok: true, ...(await parts.health()) });
  });
  router.get('/readyz', async (_req, res) => {
    const result = await parts.ready();
    res.status(result.ok ? 200 : 503).json(result);
  });
  if (parts.metrics) {
    const { token, scrape } = parts.metrics;
    router.get('/metrics', async (req, res) => {
      if (token && !safeEqual(req.headers.authorization ?? '', `Bearer ${token}`))
        return void res.status(401).set('www-authenticate', 'Bearer').json({ error: 'Metrics need the METRICS_TOKEN bearer token' });
      const { contentType, body } = await scrape();
      res.type(contentType).send(body);
    });
  }
  return router;
}

/**
 * A worker-only process's HTTP: /healthz, /readyz and /metrics and nothing else, so its own counters (the Slack
 * calls and jobs it ran) are scraped and its liveness probed like the web process's.
 */
export function createOpsApp(parts: OpsParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(opsRouter(parts));
  app.use((_req, res) => void res.status(404).json({ error: 'Not found' }));
  return app;
}

/**
 * The Express 5 app: one error shape, request ids in every log line, security headers, and Slack's routes
 * mounted before any body parser so Bolt can verify signatures on the raw body.
 */
export function createHttpApp(parts: HttpAppParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 1);
  app.use(opsRouter(parts));

  app.use(
    pinoHttp({
      logger: parts.log,
      genReqId: (req, res) => {
        const id = (req.headers['x-request-id'] as string | undefined) ?? randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'https:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          // Merge Link (the HR system's link dialog) as Merge documents its CSP: script and frame from cdn.merge.dev.
          'script-src': ["'self'", 'https://cdn.merge.dev'],
          'connect-src': ["'self'", 'ws:', 'https://api.merge.dev'],
          'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://cdn.merge.dev'],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );

  if (parts.slack) app.use(parts.slack);
  // Pages, assets and JSON go out compressed (brotli when the browser takes it, gzip otherwise).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));
  for (const r of parts.beforeSession ?? []) app.use(r);

  app.use(cookieParser());
  // The raw bytes too: a payment provider's webhook signature is over the body exactly as sent.
  app.use(express.json({ limit: '1mb', verify: (req, _res, buf) => void ((req as { rawBody?: Buffer }).rawBody = buf) }));
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  // A request sent without a body reads as an empty one, so a service parses what it is given with one schema,
  // after its access check (the dry run's "try it in the sandbox" button posts nothing).
  app.use((req, _res, next) => {
    req.body ??= {};
    next();
  });
  app.use(loadSession(parts.db, parts.session));
  app.use(requireCsrf);

  // Browser navigations (Accept: text/html) get the React pages; the same paths answer JSON to the API client.
  if (parts.pages) {
    const { assets, html } = parts.pages;
    app.use(assets);
    app.use((req, res, next) => {
      const navigation = (req.method === 'GET' || req.method === 'HEAD') && req.accepts(['json', 'html']) === 'html';
      if (navigation && !NOT_PAGES.some((p) => req.path.startsWith(p))) return html(req, res, next);
      next();
    });
  }
  if (parts.checkResponses) app.use(checkResponses());
  for (const r of parts.routers) app.use(r);

  app.use(apiNotFound);
  app.use(errorHandler(parts.log));
  return app;
}
