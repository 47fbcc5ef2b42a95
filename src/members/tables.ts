import type { ColumnType, Generated, Selectable } from 'kysely';
import type { AssetState } from './api-types.js';

/** The members capability's tables (migrations/0011_members.ts). Times are written from the Clock. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string | undefined, string>;
/** bigint comes back as a string from node-postgres; the repository reads it as a number. */
type BigIntColumn = ColumnType<string | number, number, number>;

export type { AssetState };

/** journeys.md §3 "Profile entry: field id, text, category machine_name" — one per member and field. */
export interface MemberProfileEntriesTable {
  workspace_id: number;
  member_id: number;
  field_id: number;
  category: string;
  text: string;
  updated_at: Timestamp;
}

/** journeys.md §3 "Profile manager relationship: related_user_id". */
export interface MemberRelationshipsTable {
  workspace_id: number;
  member_id: number;
  kind: 'manager';
  related_member_id: number;
  updated_at: Timestamp;
}

/** journeys.md §3 "Work hours: beginning_time, end_time" (HH:MM, the member's own time zone). */
export interface MemberWorkHoursTable {
  member_id: number;
  workspace_id: number;
  beginning_time: string;
  end_time: string;
  updated_at: Timestamp;
}

/** programs.md §3 "Asset (file): id, file_size, state, errors". */
export interface AssetsTable {
  id: Generated<number>;
  workspace_id: number;
  member_id: number | null;
  file_name: string;
  content_type: string | null;
  file_size: BigIntColumn;
  storage_key: string;
  thumbnail_key: string | null;
  state: Generated<AssetState>;
  errors: Json<string[]>;
  created_at: Timestamp;
  processed_at: NullableTimestamp;
}

export interface MembersTables {
  member_profile_entries: MemberProfileEntriesTable;
  member_relationships: MemberRelationshipsTable;
  member_work_hours: MemberWorkHoursTable;
  assets: AssetsTable;
}

export type Asset = Selectable<AssetsTable>;

// Its tables join the one Database type by declaration merging: src/db/types.ts imports no capability.
declare module '../db/types.js' {
  interface Database extends MembersTables {}
}
