import type { Insertable } from 'kysely';
import type { Db, Executor } from '../db/index.js';
import type { AssetImport, AssetImportsTable, ImportRowError } from './tables.js';

/** The SQL of dates imports (asset_imports): the uploaded file is the job's input until it is processed. */
export class ImportRepository {
  constructor(private readonly db: Db) {}

  create(values: Insertable<AssetImportsTable> & { workspace_id: number }): Promise<AssetImport> {
    return this.db.insertInto('asset_imports').values(values).returningAll().executeTakeFirstOrThrow();
  }

  byId(workspaceId: number, id: number): Promise<AssetImport | undefined> {
    return this.db.selectFrom('asset_imports').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  /** The import's final state; the file's content is dropped. Only once: a processed import is left alone. */
  async finish(workspaceId: number, id: number, state: 'uploaded' | 'failed_processing', errors: ImportRowError[], summary: Record<string, unknown>, now: Date, ex: Executor = this.db): Promise<void> {
    await ex
      .updateTable('asset_imports')
      .set({ state, errors: JSON.stringify(errors), summary: JSON.stringify(summary), content: '', updated_at: now })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('state', '=', 'needs_processing')
      .execute();
  }
}
