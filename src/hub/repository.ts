import type { Db, Trx } from '../db/index.js';
import type { HubTemplate } from './api-types.js';
import type { HubSite } from './tables.js';

/** The journey hub's sites, scoped by workspace. */
export class HubRepository {
  constructor(private readonly db: Db) {}

  site(workspaceId: number, tagId: number): Promise<HubSite | undefined> {
    return this.db.selectFrom('hub_sites').selectAll().where('workspace_id', '=', workspaceId).where('tag_id', '=', tagId).executeTakeFirst();
  }

  /** Writes the site's template and/or published flag (a missing one keeps its value, or the default on insert). */
  upsert(trx: Trx, row: { workspace_id: number; tag_id: number; template?: HubTemplate; defaultTemplate: HubTemplate; published?: boolean; member_id: number; now: Date }): Promise<HubSite> {
    const template = JSON.stringify(row.template ?? row.defaultTemplate);
    return trx
      .insertInto('hub_sites')
      .values({ workspace_id: row.workspace_id, tag_id: row.tag_id, template, published: row.published ?? false, updated_by_member_id: row.member_id, created_at: row.now, updated_at: row.now })
      .onConflict((oc) =>
        oc.column('tag_id').doUpdateSet({
          ...(row.template ? { template } : {}),
          ...(row.published === undefined ? {} : { published: row.published }),
          updated_by_member_id: row.member_id,
          updated_at: row.now,
        }).where('hub_sites.workspace_id', '=', row.workspace_id),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
