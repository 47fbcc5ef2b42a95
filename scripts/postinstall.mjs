// `npm install` ends here (the root project's own postinstall script): the server is bundled (scripts/build.mjs) and
// a new embedded database is made once, initdb and the migrations (about 5 s of CPU), in dist/pglite-template. A
// first `npm start` on a new data dir copies it (src/db/embedded.ts) instead of making one on the way to /healthz.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, root } from './build.mjs';

await buildServer();
const template = join(root, 'dist', 'pglite-template');
const dataDir = mkdtempSync(join(root, 'dist', 'pglite-new-'));
const env = { ...process.env, TZ: 'UTC', HEARTH_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
const made = spawnSync(process.execPath, ['--liftoff-only', join(root, 'dist', 'server', 'db', 'migrate-cli.js')], { env, stdio: 'inherit' });
if (made.status === 0) {
  rmSync(template, { recursive: true, force: true });
  renameSync(join(dataDir, 'pglite'), template);
}
rmSync(dataDir, { recursive: true, force: true });
// Without the template a first start makes the database itself, slower: not a reason to fail the install.
if (made.status !== 0) console.warn('Could not make the embedded database template; a first `npm start` will make the database itself.');
