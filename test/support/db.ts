import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { pgliteTemplateDir } from '../../src/db/embedded.js';
import { openDatabase, type DbHandle } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Postgres: a migrated database that each test file's database is created from (`global-db.ts`). */
    templateDatabase?: string;
    /** PGlite: a migrated data directory that each test file's database is a copy of. */
    pgliteMigrated?: string;
  }
}

/** What the project's globalSetup made once for the whole run (nothing outside vitest, e.g. in the benches). */
function provided<K extends 'templateDatabase' | 'pgliteMigrated'>(key: K): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * A test file's database on the server of `url`. Its sessions commit without waiting for the WAL to reach the disk
 * (synchronous_commit off: a crash of the server could lose the last commits, which no test makes happen), so
 * each of the many small commits a test makes does not wait on an fsync of the shared CI disk.
 */
function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  u.searchParams.set('options', '-c synchronous_commit=off');
  return u.toString();
}

async function onServer(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database for one test file: a new Postgres database when DATABASE_URL is set, else a PGlite on
 * a copy of the migrated data directory (both removed on close). Every file gets its own; the migrations run once
 * per run (the globalSetup in `global-db.ts`), and each file's database starts as a copy of that migrated one.
 * `migrate: false` gives an empty database (the migration tests; in memory on PGlite).
 */
export async function testDatabase(opts: { migrate?: boolean } = {}): Promise<DbHandle & { url?: string }> {
  const url = process.env.DATABASE_URL;
  const migrate = opts.migrate !== false;
  if (url) {
    const name = `hearth_test_${randomBytes(6).toString('hex')}`;
    const template = migrate ? provided('templateDatabase') : undefined;
    await onServer(url, `create database ${name}${template ? ` template ${template}` : ''}`);
    const inner = await openDatabase({ url: databaseUrl(url, name) });
    if (migrate && !template) await migrateToLatest(inner.db);
    return {
      ...inner,
      url: databaseUrl(url, name),
      close: async () => {
        await inner.close();
        await onServer(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const migrated = migrate ? provided('pgliteMigrated') : undefined;
  if (!migrated) {
    const handle = await openDatabase({});
    if (migrate) await migrateToLatest(handle.db);
    return handle;
  }
  // A copy of the migrated data directory (a native copy of its files: opening one costs about half of unpacking a
  // dump of it into PGlite's in-memory file system), removed on close.
  const folder = mkdtempSync(join(scratchDir(), 'hearth-test-db-'));
  cpSync(migrated, join(folder, 'pglite'), { recursive: true });
  const handle = await openDatabase({ pgliteDir: join(folder, 'pglite'), throwaway: true });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Where the test databases' data directories go: memory-backed /dev/shm where there is one. */
function scratchDir(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/** Makes the migrated starting point once for the run; `global-db.ts` provides it to every test file. */
export async function migratedTemplate(): Promise<{ provide: { templateDatabase?: string; pgliteMigrated?: string }; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `hearth_template_${randomBytes(6).toString('hex')}`;
    await onServer(url, `create database ${name}`);
    const handle = await openDatabase({ url: databaseUrl(url, name) });
    await migrateToLatest(handle.db);
    await handle.close();
    return { provide: { templateDatabase: name }, drop: () => onServer(url, `drop database if exists ${name} with (force)`) };
  }
  // From a copy of the database `npm install` made (scripts/postinstall.mjs), when there is one: no initdb here.
  const copy = pgliteDataDir(scratchDir());
  try {
    const handle = await openDatabase({ pgliteDir: copy.path, throwaway: true });
    await migrateToLatest(handle.db);
    // Every test file opens a copy of this directory: without the template databases (no test creates a database
    // on PGlite) and after a checkpoint, each copy has a third less to copy and nothing to recover.
    await sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`.execute(handle.db);
    await sql`drop database template0`.execute(handle.db);
    await sql`drop database template1`.execute(handle.db);
    await sql`checkpoint`.execute(handle.db);
    await handle.close();
    return { provide: { pgliteMigrated: copy.path }, drop: async () => copy.remove() };
  } catch (err) {
    copy.remove();
    throw err;
  }
}

/**
 * A new PGlite data directory in a temporary folder (in `parent`): a copy of the database `npm install` made
 * (`dist/pglite-template`) when there is one, else empty (PGlite runs initdb on opening it).
 */
export function pgliteDataDir(parent = tmpdir()): { path: string; remove(): void } {
  const folder = mkdtempSync(join(parent, 'hearth-pglite-'));
  const path = join(folder, 'pglite');
  const template = pgliteTemplateDir();
  if (existsSync(join(template, 'PG_VERSION'))) cpSync(template, path, { recursive: true });
  return { path, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
