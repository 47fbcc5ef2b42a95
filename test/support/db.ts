import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DbHandle } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/**
 * A fresh, migrated database for one test file: a new Postgres database when DATABASE_URL is set (dropped on
 * close), an in-memory PGlite otherwise.
 */
export async function testDatabase(opts: { migrate?: boolean } = {}): Promise<DbHandle & { url?: string }> {
  const url = process.env.DATABASE_URL;
  let handle: DbHandle & { url?: string };
  if (url) {
    const name = `hearth_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const inner = await openDatabase({ url: u.toString() });
    handle = {
      ...inner,
      url: u.toString(),
      close: async () => {
        await inner.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  } else handle = await openDatabase({});
  if (opts.migrate !== false) await migrateToLatest(handle.db);
  return handle;
}
