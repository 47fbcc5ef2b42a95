import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Hearth</title>
<body style="font-family:system-ui;margin:3rem"><h1>Hearth</h1><p>The pages are being built (<code>npm start</code> does this
when they changed; <code>npm run build</code> builds them by hand). This page reloads by itself in a moment.</p></body></html>`;

/**
 * Built pages from dist/web: hashed assets cached for a year as immutable, the HTML shell never cached. Source
 * maps are served only when asked for (development); in production they stay on the server.
 */
export function builtPages(distDir: string, opts: { sourceMaps?: boolean; devTools?: boolean } = {}): { assets: RequestHandler; html: RequestHandler } {
  const indexPath = join(distDir, 'index.html');
  const serve = express.static(distDir, { index: false, immutable: true, maxAge: '365d' });
  const assets: RequestHandler = (req, res, next) => {
    if (!opts.sourceMaps && req.path.endsWith('.map')) return void res.status(404).end();
    serve(req, res, next);
  };
  const html: RequestHandler = (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.type('html').send(existsSync(indexPath) ? withDevTools(readFileSync(indexPath, 'utf8'), opts.devTools) : NOT_BUILT);
  };
  return { assets, html };
}

/** Outside production the shell says so, and the pages show their development tools (the kit page, /dev/kit). */
export const DEV_TOOLS_META = '<meta name="hearth-dev-tools" content="1">';
function withDevTools(html: string, devTools: boolean | undefined): string {
  return devTools ? html.replace('</head>', `${DEV_TOOLS_META}</head>`) : html;
}

/** `npm run dev`: Vite's middleware serves the pages from source with hot reload. */
export async function devPages(root: string): Promise<{ assets: RequestHandler; html: RequestHandler }> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root, configFile: join(root, '..', 'vite.config.ts'), server: { middlewareMode: true }, appType: 'custom' });
  const html: RequestHandler = async (req, res, next) => {
    try {
      const template = readFileSync(join(root, 'index.html'), 'utf8');
      res.type('html').send(withDevTools(await vite.transformIndexHtml(req.originalUrl, template), true));
    } catch (err) {
      next(err);
    }
  };
  return { assets: (req, res, next) => vite.middlewares(req, res, next), html };
}
