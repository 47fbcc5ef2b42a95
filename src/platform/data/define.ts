/**
 * Open data: the contract by which each capability declares its tables for a workspace's export and import
 * (docs/data-format.md). A capability adds `dataExport: { tables: [...] }` to its parts; the platform exports
 * and imports every declared table generically (src/platform/data/service.ts): rows of the workspace, ids
 * remapped on import, all or nothing.
 */

/** A column holding ids of another exported table (its `table` name), remapped on import. */
export interface DataRef {
  table: string;
  /** An integer array of ids rather than one id. */
  array?: boolean;
  /** Keep an id that is not among the exported rows (rows shared by every workspace, such as library packs). */
  keepUnknown?: boolean;
}

export interface ExportedTable {
  /** The table's name, in the database, in the JSON document and as the CSV file name. */
  table: string;
  /** One sentence for docs/data-format.md and the export's manifest. */
  description: string;
  /**
   * How a row belongs to a workspace: its `workspace_id` column (the default), or through a parent row that has
   * one: `{ column: 'meeting_id', parent: 'intros_meetings' }` (the parent's `id`).
   */
  via?: { column: string; parent: string };
  /** The table has an `id` identity column: new ids are made on import and references to them remapped. */
  hasId?: boolean;
  /** Columns holding ids of other tables (string shorthand: the table's name). */
  refs?: Readonly<Record<string, string | DataRef | undefined>>;
  /** Match the target workspace's existing rows on these columns instead of inserting (members by Slack id). */
  matchOn?: readonly string[];
  /** Columns never exported (secrets, outbox ids, caches); the database's defaults fill them on import. */
  omit?: readonly string[];
}

/** A capability's share of the workspace export. Tables are imported in the order listed. */
export interface DataExportPart {
  tables: readonly ExportedTable[];
}

export const refOf = (r: string | DataRef): DataRef => (typeof r === 'string' ? { table: r } : r);

/** A table's reference columns (its `via` column first), as [column, ref] pairs. */
export function refsOf(t: ExportedTable): Array<[string, DataRef]> {
  const out: Array<[string, DataRef]> = t.via ? [[t.via.column, { table: t.via.parent }]] : [];
  for (const [col, r] of Object.entries(t.refs ?? {})) if (r !== undefined) out.push([col, refOf(r)]);
  return out;
}
