import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A new embedded database is created and migrated by a short-lived child process (`migrateCli`, the
 * `npm run migrate` script), and only then opened by the server: PGlite's initdb grows its WebAssembly heap to
 * about 750 MB, and WebAssembly memory never shrinks, so done in the server it would stay resident until a
 * restart. An existing database is left to the server, which applies any new migrations when it opens it.
 * The child runs WebAssembly on V8's baseline compiler only: initdb runs once, so optimising its code costs
 * more time than it saves.
 */
export async function createEmbeddedDatabase(pgliteDir: string, migrateCli: string): Promise<void> {
  if (existsSync(join(pgliteDir, 'PG_VERSION'))) return;
  const child = spawn(process.execPath, [...process.execArgv, '--liftoff-only', migrateCli], { stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`creating the embedded database in ${pgliteDir} failed (see above)`);
}
