import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type APIResponse, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The e2e project's one Chromium (`global-browser.ts`), which each test file connects to. */
    chromiumEndpoint?: string;
  }
}

/**
 * CHROMIUM_PATH, else Debian's Chromium headless shell (the same Blink without the desktop browser around it: a
 * fifth less CPU for the same browser tests), else Debian's Chromium. The browser tests are skipped (and say why)
 * when there is none.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium-headless-shell';
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);
export const NO_CHROMIUM_REASON = `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install chromium-headless-shell) or set CHROMIUM_PATH to run the browser tests`;

if (!HAS_CHROMIUM) console.warn(`[e2e] ${NO_CHROMIUM_REASON}`);

const CHROMIUM_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/** Starts the one Chromium of a test run (the e2e globalSetup); files connect to it with `launchChromium`. */
export const launchChromiumServer = () => chromium.launchServer(CHROMIUM_OPTIONS);

/**
 * A browser for one test file: a connection to the run's Chromium when the globalSetup started one (closing it
 * closes only this file's pages), else a Chromium of its own.
 */
export function launchChromium(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch(CHROMIUM_OPTIONS);
}

/** Waits until the page's finite animations (a dialog fading in) have ended; infinite ones (a spinner) never do. */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(
    'Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined)))',
  );
}

/**
 * Screenshots for people to look at, only when HEARTH_SCREENSHOTS names a directory (`<dir>/<name>.png`):
 * test runs in parallel never share a path, and CI spends no time on them. Waits for running transitions
 * (a modal fading in) first, so the picture shows where the page settled.
 */
export async function screenshot(target: Page | Locator, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.HEARTH_SCREENSHOTS;
  if (!dir) return;
  const page = 'page' in target ? target.page() : target;
  await animationsDone(page);
  mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: join(dir, `${name}.png`), ...opts });
}

const ROOT = join(import.meta.dirname, '..', '..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds the pages (vite build → dist/web) when they are missing or older than web/. Several test runs may
 * share dist/web and a server may be serving it, so the build goes to a directory of its own and is merged
 * in: hashed assets are added (old ones stay for pages already loaded), index.html is replaced atomically.
 */
export function buildPagesIfStale(): void {
  const dist = join(ROOT, 'dist', 'web');
  const index = join(dist, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built > newestMtime(join(ROOT, 'web')) && built > statSync(join(ROOT, 'vite.config.ts')).mtimeMs) return;
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const out = mkdtempSync(join(ROOT, 'dist', '.web-build-'));
  try {
    const result = spawnSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn', '--outDir', out, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (result.status !== 0) throw new Error('vite build failed');
    mergeInto(out, dist);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function mergeInto(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) mergeInto(source, target);
    else if (entry.name === 'index.html' || !existsSync(target)) {
      copyFileSync(source, `${target}.tmp-${process.pid}`);
      renameSync(`${target}.tmp-${process.pid}`, target);
    }
  }
}

/** A page signed in to the app's pages as one sandbox member: its context, the errors it throws, and JSON calls as them. */
export interface SignedInPage {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  /** A JSON call as this member, with their CSRF token. */
  call: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) => Promise<APIResponse>;
}

/** Opens a browser context on `app` signed in as `userId` of `teamId` (the sandbox's sign-in), at `viewport`. */
export async function signedInPage(browser: Browser, app: { url: string }, who: { teamId: string; userId: string }, viewport = { width: 1366, height: 900 }): Promise<SignedInPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  const signedIn = await context.request.post(`${app.url}/sandbox/session`, { data: { team_id: who.teamId, user_id: who.userId } });
  if (!signedIn.ok()) throw new Error(`signing in as ${who.userId} of ${who.teamId}: HTTP ${signedIn.status()}`);
  const csrf = decodeURIComponent((await context.cookies()).find((c) => c.name === 'hearth_csrf')!.value);
  const call: SignedInPage['call'] = (method, path, data) =>
    context.request.fetch(`${app.url}${path}`, { method, headers: { 'x-csrf-token': csrf, accept: 'application/json' }, ...(data === undefined ? {} : { data }) });
  return { context, page, pageErrors, call };
}
