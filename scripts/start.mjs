// `npm start`: the server, built (scripts/build.mjs) when src/, jobs/ or migrations/ changed since the last build,
// and a build of the pages when web/ changed since the last one. The page build begins once the server listens, so
// the two do not share this machine's cores while it starts; pages served before the build ends say so and reload
// themselves. Processes run with TZ=UTC: every zone conversion is explicit.
import { spawn } from 'node:child_process';
import { buildPages, buildServer, pagesStale, serverMain, serverStale } from './build.mjs';

if (serverStale()) await buildServer();

const child = spawn(process.execPath, ['--enable-source-maps', serverMain], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: { ...process.env, TZ: 'UTC' } });
child.once('message', async (message) => {
  if (message !== 'listening' || !pagesStale()) return;
  if ((await buildPages()) !== 0) console.error('Building the pages failed (see above); the API and Slack endpoints still run.');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
