// The one way to build Hearth: the server bundled from source by esbuild into dist/server (one bundle loads in a
// fraction of the time and memory that compiling each file at start-up takes) and the pages by Vite into dist/web.
// `npm run build` builds both (`npm run serve` then runs dist/server/main.js); `npm start` (scripts/start.mjs)
// builds what changed since the last build; the memory bench bundles its sandbox app with the server's settings.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const root = new URL('..', import.meta.url).pathname;
/** The server's entry point, as `npm start` and `npm run serve` run it. */
export const serverMain = join(root, 'dist', 'server', 'main.js');
const pagesIndex = join(root, 'dist', 'web', 'index.html');

/** The newest change under `path`: a file's, or a folder's (a file added, renamed or removed). */
function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}
const olderThan = (built, sources) => !existsSync(built) || Math.max(...sources.map((s) => newestMtime(join(root, s)))) > statSync(built).mtimeMs;

export const serverStale = () => olderThan(serverMain, ['src', 'jobs', 'migrations', 'package.json', 'tsconfig.json', 'scripts/build.mjs']);
export const pagesStale = () => olderThan(pagesIndex, ['web', 'vite.config.ts']);

/** Bundles `entryPoints` (paths from the root) into `outdir` for Node, dependencies left to node_modules. */
export async function bundle(entryPoints, outdir, outbase = 'src') {
  rmSync(join(root, outdir), { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints,
    outbase,
    outdir,
    bundle: true,
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/** The server and its migration script (the embedded database's first start runs it in a child process). */
export const buildServer = () => bundle(['src/main.ts', 'src/db/migrate-cli.ts'], 'dist/server');

/** The pages (Vite), in a child process; resolves with its exit code. */
export function buildPages() {
  const pages = spawn(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  return new Promise((resolve) => pages.on('exit', (code) => resolve(code ?? 1)));
}

/**
 * The pages' JavaScript budget, gzipped as the server sends it (compression's default level): what every page
 * loads before it can draw (the entry and its static imports: React DOM, the router, TanStack Query, the shell and
 * the route table, 99.7 kB) and what each route loads on a first visit (that, plus the route's chunk and its
 * static imports; 188 kB at most). `npm run build` fails past either.
 */
export const PAGES_BUDGET = { entryGzip: 100_000, firstLoadGzip: 200_000 };

/**
 * The first-load JavaScript of the pages from Vite's manifest: `entry` (the entry chunk and what it imports
 * statically) and, per route chunk (each module the entry imports dynamically), the files a first visit to that
 * route fetches and their total size. `sizeOf(file)` gives one output file's size.
 */
export function firstLoads(manifest, sizeOf) {
  const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
  if (!entryKey) throw new Error("Vite's manifest has no entry chunk");
  const withStaticImports = (key, files = new Set()) => {
    const chunk = manifest[key];
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) withStaticImports(imported, files);
    return files;
  };
  const total = (files) => [...files].reduce((sum, file) => sum + sizeOf(file), 0);
  const entryFiles = withStaticImports(entryKey);
  const routes = (manifest[entryKey].dynamicImports ?? []).map((key) => {
    const files = withStaticImports(key, new Set(entryFiles));
    return { route: manifest[key].src ?? manifest[key].name ?? key, files: [...files], size: total(files) };
  });
  return { entry: { files: [...entryFiles], size: total(entryFiles) }, routes };
}

/** Prints the entry's and each route's first-load size; returns the lines past `PAGES_BUDGET` (none: within it). */
export function checkPagesBudget(outDir = join(root, 'dist', 'web')) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const { entry, routes } = firstLoads(manifest, (file) => gzipSync(readFileSync(join(outDir, file))).length);
  const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  const over = [];
  console.log(`Pages, gzipped: entry ${kB(entry.size)} (budget ${kB(PAGES_BUDGET.entryGzip)}); first load per route (budget ${kB(PAGES_BUDGET.firstLoadGzip)}):`);
  if (entry.size > PAGES_BUDGET.entryGzip) over.push(`the entry is ${kB(entry.size)}, past ${kB(PAGES_BUDGET.entryGzip)}`);
  for (const { route, size } of routes.toSorted((a, b) => b.size - a.size)) {
    console.log(`  ${kB(size).padStart(9)}  ${route}`);
    if (size > PAGES_BUDGET.firstLoadGzip) over.push(`${route} loads ${kB(size)} first, past ${kB(PAGES_BUDGET.firstLoadGzip)}`);
  }
  return over;
}

if (process.argv[1] === import.meta.filename) {
  await buildServer();
  const pages = await buildPages();
  if (pages !== 0) process.exit(pages);
  const over = checkPagesBudget();
  for (const line of over) console.error(`Over the pages' budget: ${line}`);
  process.exit(over.length > 0 ? 1 : 0);
}
