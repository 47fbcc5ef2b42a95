import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** Where a test file's database starts: empty, migrated, or migrated with the sandbox workspaces installed and synced. */
export type StartingPoint = 'empty' | 'migrated' | 'sandbox';

/**
 * Made once per run by the globalSetup (`global-db.ts`): on Postgres the name of a database to copy with
 * `create database … template`, on PGlite the path of a dumped data directory to open a copy of.
 */
export interface Snapshot {
  database?: string;
  pgliteDump?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedSnapshot?: Snapshot;
    sandboxSnapshot?: Snapshot;
  }
}

export type TestDatabase = DbHandle & { url?: string };

/** What the project's globalSetup made for this run (nothing outside vitest, e.g. in the benches). */
function provided(from: StartingPoint): Snapshot | undefined {
  if (from === 'empty') return undefined;
  try {
    return inject(from === 'migrated' ? 'migratedSnapshot' : 'sandboxSnapshot');
  } catch {
    return undefined;
  }
}

function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function onServer(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A new database (a Postgres database of its own when DATABASE_URL is set, dropped on close; an in-memory PGlite
 * otherwise), as a copy of `snapshot` when given.
 */
export async function newDatabase(snapshot?: Snapshot): Promise<TestDatabase & { name?: string }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `hearth_test_${randomBytes(6).toString('hex')}`;
    await onServer(url, `create database ${name}${snapshot?.database ? ` template ${snapshot.database}` : ''}`);
    const inner = await openDatabase({ url: databaseUrl(url, name) });
    return {
      ...inner,
      name,
      url: databaseUrl(url, name),
      close: async () => {
        await inner.close();
        await onServer(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  return openDatabase(snapshot?.pgliteDump ? { pgliteDump: new Blob([readFileSync(snapshot.pgliteDump)]) } : {});
}

/**
 * A database of one test file's own. The migrations run once per run (`global-db.ts`) and each file starts
 * from a copy of that migrated database — or of the one with the sandbox workspaces installed, for
 * `startSandboxHearth`; `empty` gives an empty one (the migration tests).
 */
export async function testDatabase(opts: { from?: StartingPoint } = {}): Promise<TestDatabase> {
  const from = opts.from ?? 'migrated';
  const snapshot = provided(from);
  const handle = await newDatabase(snapshot);
  if (from !== 'empty' && !snapshot) await migrateToLatest(handle.db);
  return handle;
}
