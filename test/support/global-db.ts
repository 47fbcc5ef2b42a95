import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DbHandle } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { newDatabase, onServer, type Snapshot } from './db.js';
import { startSandboxHearth } from './sandbox-hearth.js';

/**
 * globalSetup of the projects that open databases: makes, once per run, the databases each test file starts
 * from — the migrated one, and the one where the sandbox workspaces are installed and their directories synced
 * (what `startSandboxHearth` does first). On Postgres each is a database that files copy with
 * `create database … template`; on PGlite a dump of the data directory that files open a copy of. Every test
 * file still gets a database of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  const dir = mkdtempSync(join(tmpdir(), 'hearth-db-'));
  const templates: string[] = [];

  /** Runs `fill` on a new database (a copy of `from`) and keeps the result as a snapshot. */
  async function snapshot(name: string, from: Snapshot | undefined, fill: (db: DbHandle) => Promise<void>): Promise<Snapshot> {
    if (url) {
      const database = `hearth_${name}_${randomBytes(6).toString('hex')}`;
      await onServer(url, `create database ${database}${from?.database ? ` template ${from.database}` : ''}`);
      templates.push(database);
      const u = new URL(url);
      u.pathname = `/${database}`;
      const handle = await openDatabase({ url: u.toString() });
      await fill(handle);
      await handle.close();
      return { database };
    }
    const handle = await newDatabase(from);
    await fill(handle);
    const file = join(dir, `${name}.tar`);
    writeFileSync(file, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    await handle.close();
    return { pgliteDump: file };
  }

  const migrated = await snapshot('migrated', undefined, (db) => migrateToLatest(db.db));
  project.provide('migratedSnapshot', migrated);
  const sandbox = await snapshot('sandbox', migrated, async (database) => {
    const t = await startSandboxHearth({ database });
    await t.close();
  });
  project.provide('sandboxSnapshot', sandbox);

  return async () => {
    if (url) for (const name of templates) await onServer(url, `drop database if exists ${name} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  };
}
