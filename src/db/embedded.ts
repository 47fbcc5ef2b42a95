import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { projectRoot } from '../paths.js';

/** The new embedded database `npm install` makes once (scripts/postinstall.mjs); a first start copies it. */
export const pgliteTemplateDir = () => join(projectRoot(), 'dist', 'pglite-template');

/**
 * Readies the embedded database (PGlite in `pgliteDir`) for a server process; call it before anything opens one.
 *
 * - PGlite's WebAssembly (Postgres, 9 MB of it) runs on V8's baseline compiler alone: optimising it took a second
 *   of both cores at every start and kept about 50 MB more resident. Run Postgres when the database's speed
 *   matters. The flag only affects WebAssembly compiled after it is set.
 * - A new database is a copy of the one `npm install` made (`pgliteTemplateDir()`: initdb and the migrations, about
 *   5 s of CPU) when there is one; else it is created and migrated by a short-lived child process (`migrateCli`,
 *   the `npm run migrate` script) before the server opens it: PGlite's initdb grows its WebAssembly heap to about
 *   750 MB, and WebAssembly memory never shrinks, so done in the server it would stay resident until a restart.
 *   An existing database (or the copy) is left to the server, which applies any new migrations when it opens it.
 */
export async function prepareEmbeddedDatabase(pgliteDir: string, migrateCli: string): Promise<void> {
  setFlagsFromString('--liftoff-only');
  if (existsSync(join(pgliteDir, 'PG_VERSION'))) return;
  const template = pgliteTemplateDir();
  if (existsSync(join(template, 'PG_VERSION'))) {
    await cp(template, pgliteDir, { recursive: true });
    return;
  }
  const child = spawn(process.execPath, [...process.execArgv, '--liftoff-only', migrateCli], { stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`creating the embedded database in ${pgliteDir} failed (see above)`);
}
