// The JSON shapes of the open-data calls (docs/data-format.md, docs/privacy.md): the routes register them, the
// OpenAPI document shows them.

import { z } from 'zod';
import { int } from '../../http/fields.js';

export const EXPORT_FORMAT = 'hearth.workspace-export';
export const EXPORT_VERSION = 1;

/** What a data deletion answers (the member's own data, or the whole workspace's): the session ended with it. */
export const deletedJson = z.object({ deleted: z.literal(true) });

/** A table an export holds: its name, the capability that declared it and what it is. */
export const dataTableJson = z.object({ table: z.string(), capability: z.string(), description: z.string() });

/** A Hearth export (docs/data-format.md): the workspace's tables, or a member's own rows of them. */
export const exportDocumentJson = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: z.string(),
  workspace: z.object({ team_id: z.string(), name: z.string() }),
  /** Each table's columns, and the tables its reference columns point at (`members`, `members[]` for an array). */
  manifest: z.array(dataTableJson.extend({ columns: z.array(z.string()), refs: z.record(z.string(), z.string()) })),
  /** The rows of each table, by table name. */
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type ExportDocument = z.infer<typeof exportDocumentJson>;

/** An import: the rows imported and the rows matched to existing ones, per table. */
export const importSummaryJson = z.object({ imported: z.record(z.string(), int), matched: z.record(z.string(), int) });
export type ImportSummary = z.infer<typeof importSummaryJson>;

/** A Donut import. */
export const donutSummaryJson = z.object({
  /** Whose data it was: the importer's kind ('intros', 'celebrations'). */
  kind: z.string(),
  imported: int,
  /** Rows left out (people no longer in the workspace, already-known dates), with why; the first 50. */
  skipped: z.array(z.object({ row: int, reason: z.string() })),
  skipped_count: int,
});
export type DonutSummary = z.infer<typeof donutSummaryJson>;
