// `npm start`: the server, bundled from source into dist/server when src/, jobs/ or migrations/ changed since the
// last bundle (one bundle loads in a fraction of the time and memory that compiling each file at start-up takes),
// and a build of the pages when web/ changed since the last one. The page build begins once the server listens, so
// the two do not share this machine's cores while it starts; pages served before the build ends say so and reload
// themselves. Processes run with TZ=UTC: every zone conversion is explicit.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** The newest change under `path`: a file's, or a folder's (a file added, renamed or removed). */
function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}
const olderThan = (built, sources) => !existsSync(built) || Math.max(...sources.map((s) => newestMtime(join(root, s)))) > statSync(built).mtimeMs;

const server = join(root, 'dist', 'server', 'main.js');
if (olderThan(server, ['src', 'jobs', 'migrations', 'package.json', 'tsconfig.json', 'scripts/start.mjs'])) {
  rmSync(join(root, 'dist', 'server'), { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ['src/main.ts', 'src/db/migrate-cli.ts'],
    outbase: 'src',
    outdir: 'dist/server',
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

function buildPages() {
  if (process.env.HEARTH_SKIP_WEB_BUILD === '1' || !olderThan(join(root, 'dist', 'web', 'index.html'), ['web', 'vite.config.ts'])) return;
  const pages = spawn(bin('vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  pages.on('exit', (code) => {
    if (code !== 0) console.error('Building the pages failed (see above); the API and Slack endpoints still run.');
  });
}

const child = spawn(process.execPath, ['--enable-source-maps', server], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: { ...process.env, TZ: 'UTC' } });
child.once('message', (message) => {
  if (message === 'listening') buildPages();
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
