import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './types.js';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Either: repository methods that may join the caller's transaction take this. */
export type Executor = Db | Trx;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

// Counts and sums come back as int8; read them as numbers (they stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Kysely on `pg` when a URL is given, on embedded PGlite otherwise: `pgliteDir` for a data directory, `memory://`
 * (no directory) for a database that ends with the process. `throwaway`: a data directory that ends with its
 * test (a copy of a migrated one), so its commits need not be durable either.
 */
export async function openDatabase(opts: { url?: string; pgliteDir?: string; throwaway?: boolean; onPoolError?: (err: Error) => void }): Promise<DbHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) is an 'error' event; unheard, it would
    // crash the process. The pool replaces the connection on the next query.
    pool.on('error', (err) => opts.onPoolError?.(err));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, {
    // PGlite parses int8 to bigint by default; make it match pg's parser above.
    parsers: { 20: (v: string) => Number(v) },
    // A new database's WAL in 1 MB segments rather than Postgres's 16: an embedded database is small, and so is a
    // new data directory (and each test database's copy of one) with them.
    initDbStartParams: ['--wal-segsize=1'],
    startParams: pgliteStartParams(PGlite.defaultStartParams, opts.throwaway === true || dir.startsWith('memory://')),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/**
 * PGlite is one Postgres backend inside this process, started with Postgres's default 128 MB of shared buffers:
 * its WebAssembly heap allocates and zeroes them at start and never gives memory back, so they would stay
 * resident for good. 16 MB holds an embedded deployment's hot pages; the rest is read from the data files
 * (the operating system caches them). A throwaway database (in memory, or a test's copy) is never read again after
 * a crash, so its commits do not wait to flush the WAL (synchronous_commit off: a tenth of a test file's CPU). Set
 * in the start parameters, so postgresql.conf stays initdb's.
 */
function pgliteStartParams(defaults: readonly string[], throwaway: boolean): string[] {
  return [...defaults, '-c', 'shared_buffers=16MB', ...(throwaway ? ['-c', 'synchronous_commit=off'] : [])];
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}
