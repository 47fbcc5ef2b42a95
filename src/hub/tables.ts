import type { ColumnType, Generated, Selectable } from 'kysely';
import type { HubTemplate } from './api-types.js';

/** The journey hub's table (migrations/0016_hub.ts). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** One site per journey: its modules and whether its participants may open it. */
export interface HubSitesTable {
  id: Generated<number>;
  workspace_id: number;
  tag_id: number;
  published: Generated<boolean>;
  template: Json<HubTemplate>;
  updated_by_member_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HubTables {
  hub_sites: HubSitesTable;
}

export type HubSite = Selectable<HubSitesTable>;

// Its tables join the one Database type by declaration merging: src/db/types.ts imports no capability.
declare module '../db/types.js' {
  interface Database extends HubTables {}
}
