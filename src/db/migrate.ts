import { Migrator, type MigrationResultSet } from 'kysely/migration';
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
  check(await migrator(db).migrateToLatest());
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
