// `npm start`: build the pages (a few seconds with Vite), then run the server from source with tsx.
// Processes run with TZ=UTC: every zone conversion is explicit.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

if (process.env.HEARTH_SKIP_WEB_BUILD !== '1' && existsSync(new URL('../vite.config.ts', import.meta.url))) {
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', new URL('../src/main.ts', import.meta.url).pathname], {
  stdio: 'inherit',
  env: { ...process.env, TZ: 'UTC' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
