import type { Db, Trx } from '../db/index.js';
import type { Asset, AssetState } from './tables.js';

/** Uploaded files (programs.md §3 "Asset"), scoped by workspace. */
export class AssetRepository {
  constructor(private readonly db: Db) {}

  get(workspaceId: number, id: number): Promise<Asset | undefined> {
    return this.db.selectFrom('assets').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  /** Bytes the workspace's files take, for the 100 MB total. */
  async totalBytes(workspaceId: number): Promise<number> {
    const row = await this.db
      .selectFrom('assets')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('file_size'), eb.val(0)).as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(trx: Trx, row: { workspace_id: number; member_id: number | null; file_name: string; content_type: string | null; file_size: number; storage_key: string; created_at: Date }): Promise<Asset> {
    return trx.insertInto('assets').values({ ...row, errors: '[]' }).returningAll().executeTakeFirstOrThrow();
  }

  /** Moves a file out of needs_processing (once: a retried job finds it already done). */
  async finish(trx: Trx, workspaceId: number, id: number, values: { state: Exclude<AssetState, 'needs_processing'>; content_type: string | null; thumbnail_key: string | null; errors: string[]; processed_at: Date }): Promise<boolean> {
    const res = await trx
      .updateTable('assets')
      .set({ ...values, errors: JSON.stringify(values.errors) })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('state', '=', 'needs_processing')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
