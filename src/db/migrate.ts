import { sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, Migrator, type MigrationResultSet } from 'kysely/migration';
import { migrations } from '../../migrations/index.js';
import type { Db } from './index.js';

function migrator(db: Db): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function check(result: MigrationResultSet): void {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const message = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${message}`);
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  if (await upToDate(db)) return;
  check(await migrator(db).migrateToLatest());
}

/**
 * Whether the applied migrations are exactly these: every start asks, and two small reads answer it, where the
 * Migrator first lists every table and column of the schema to find its own two (30 ms a start on PGlite). Anything
 * else (a new database, migrations to apply, one applied that this code does not know) goes to the Migrator.
 */
async function upToDate(db: Db): Promise<boolean> {
  const { rows: table } = await sql<{ found: boolean }>`select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as found`.execute(db);
  if (!table[0]?.found) return false;
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  const names = Object.keys(migrations);
  return rows.length === names.length && rows.every((r) => names.includes(r.name));
}

/** Rolls every migration back, newest first (used by the migration tests). */
export async function migrateDownAll(db: Db): Promise<void> {
  const m = migrator(db);
  for (;;) {
    const result = await m.migrateDown();
    check(result);
    if (!result.results?.length) return;
  }
}
