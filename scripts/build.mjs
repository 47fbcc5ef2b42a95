// The one way to build Hearth: the server bundled from source by esbuild into dist/server (one bundle loads in a
// fraction of the time and memory that compiling each file at start-up takes) and the pages by Vite into dist/web.
// `npm run build` builds both (`npm run serve` then runs dist/server/main.js); `npm start` (scripts/start.mjs)
// builds what changed since the last build; the memory bench bundles its sandbox app with the server's settings.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

if (process.argv[1] === import.meta.filename) {
  await buildServer();
  process.exit(await buildPages());
}
