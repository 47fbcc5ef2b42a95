// `npm install` ends here (the root project's own postinstall script): the server is bundled (scripts/build.mjs) and
// a new embedded database is made once, initdb and the migrations (about 5 s of CPU), in dist/pglite-template. A
// first `npm start` on a new data dir copies it (src/db/embedded.ts) instead of making one on the way to /healthz.
// Nothing here may fail the install: without the bundle `npm start` builds it, without the template a first start
// makes the database itself (slower), and an install without the dev dependencies (no esbuild) skips both.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
try {
  const { buildServer } = await import('./build.mjs');
  await buildServer();
  const template = join(root, 'dist', 'pglite-template');
  const dataDir = mkdtempSync(join(root, 'dist', 'pglite-new-'));
  try {
    const env = { ...process.env, TZ: 'UTC', HEARTH_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    const made = spawnSync(process.execPath, ['--liftoff-only', join(root, 'dist', 'server', 'db', 'migrate-cli.js')], { env, stdio: 'inherit' });
    if (made.status !== 0) throw new Error('creating the database failed (see above)');
    rmSync(template, { recursive: true, force: true });
    renameSync(join(dataDir, 'pglite'), template);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
} catch (err) {
  console.warn(`Skipped making the server bundle or the embedded database template (${err instanceof Error ? err.message : String(err)}); \`npm start\` makes them when it needs them.`);
}
