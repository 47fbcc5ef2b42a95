// `npm start`: the server from source (tsx) and, alongside it, a build of the pages when web/ changed since the
// last one. The server answers at once; pages served before the build ends say so and reload themselves.
// Processes run with TZ=UTC: every zone conversion is explicit.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const built = join(root, 'dist', 'web', 'index.html');
const stale = !existsSync(built) || newestMtime(join(root, 'web')) > statSync(built).mtimeMs || statSync(join(root, 'vite.config.ts')).mtimeMs > statSync(built).mtimeMs;
if (process.env.HEARTH_SKIP_WEB_BUILD !== '1' && stale) {
  const build = spawn(bin('vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  build.on('exit', (code) => {
    if (code !== 0) console.error('Building the pages failed (see above); the API and Slack endpoints still run.');
  });
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', 'main.ts')], { stdio: 'inherit', env: { ...process.env, TZ: 'UTC' } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
