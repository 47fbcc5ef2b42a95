import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { Workspace } from '../../db/types.js';
import type { AuthContext } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import type { Clock } from '../../time/clock.js';
import { requireAccess, workspacePolicy } from '../access.js';
import { readCsvCell, toCsv } from '../csv.js';
import { event } from '../events/define.js';
import type { DomainEvents } from '../events/service.js';
import { refName, refsOf, remapJson, remapText, type DataExportPart, type ExportedTable } from './define.js';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportDocument, type ImportSummary } from './api-types.js';
import { memberErased, workspaceImported } from './events.js';
import { DataRepository, type ColumnInfo, type Row } from './repository.js';

/** The workspace's data as a whole (its export, its imports): workspace admins; every member has their own (`exportMine`). */
export const workspaceData = workspacePolicy({
  canRead: (auth) => auth.isAdmin,
  canEdit: (auth) => auth.isAdmin,
  forbidden: 'Only workspace admins can do that',
  readForbidden: 'Only workspace admins can do that',
});

/** A declared table with the capability that declared it. */
export interface RegisteredTable extends ExportedTable {
  capability: string;
}

const documentSchema = z.object({
  format: z.literal(EXPORT_FORMAT, { error: `must be "${EXPORT_FORMAT}"` }),
  version: z.literal(EXPORT_VERSION, { error: `must be ${EXPORT_VERSION}` }),
  exported_at: z.string().optional(),
  workspace: z.object({ team_id: z.string(), name: z.string() }).partial().optional(),
  manifest: z.array(z.unknown()).optional(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown())).max(1_000_000)),
});

const intValue = z.union([z.number().int(), z.string().regex(/^-?\d+$/, 'must be a whole number').transform(Number)]);

/** A zod schema for one row of a table, from the database's own column types. */
function rowSchema(columns: ColumnInfo[], exported: Set<string>): z.ZodType<Row> {
  const shape: Record<string, z.ZodType> = {};
  for (const c of columns) {
    if (!exported.has(c.name)) continue;
    let s: z.ZodType;
    if (['integer', 'bigint', 'smallint'].includes(c.type)) s = intValue;
    else if (c.type === 'boolean') s = z.boolean();
    else if (c.type === 'jsonb' || c.type === 'json') s = z.json();
    else if (c.type === 'ARRAY') s = z.array(z.number().int());
    else if (c.type === 'date') s = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
    else if (c.type.startsWith('timestamp')) s = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date and time');
    else s = z.string().max(1_000_000);
    if (c.nullable) s = s.nullable();
    if (c.nullable || c.hasDefault) s = s.optional();
    shape[c.name] = s;
  }
  return z.strictObject(shape) as unknown as z.ZodType<Row>;
}

const fieldError = (path: string, message: string) => new HttpError(400, `${path}: ${message}`, { [path]: message });

/**
 * One CSV cell as the value the JSON document would hold (the export writes null as an empty cell, JSON and
 * arrays as JSON text): [] when the column is left to its default.
 */
function cellValue(c: ColumnInfo, cell: string, path: string): Array<[string, unknown]> {
  if (cell === '') {
    if (c.nullable) return [[c.name, null]];
    return c.hasDefault || !['text', 'character varying'].includes(c.type) ? [] : [[c.name, '']];
  }
  if (c.type === 'boolean') return [[c.name, cell === 'true' ? true : cell === 'false' ? false : cell]];
  if (c.type === 'jsonb' || c.type === 'json' || c.type === 'ARRAY') {
    try {
      return [[c.name, JSON.parse(cell)]];
    } catch {
      throw fieldError(path, 'is not valid JSON');
    }
  }
  return [[c.name, cell]];
}

/**
 * The workspace's open data (docs/data-format.md): every table the capabilities declare, exported as one JSON
 * document or one CSV per table, and imported from that document into a workspace — validated first, then
 * written in one transaction with new ids (all or nothing).
 */
export class OpenData {
  private readonly repo: DataRepository;

  constructor(
    db: Db,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    readonly tables: readonly RegisteredTable[],
  ) {
    this.repo = new DataRepository(db);
    const seen = new Set<string>();
    for (const t of tables) {
      if (seen.has(t.table)) throw new Error(`open data: table ${t.table} is declared twice`);
      for (const [col, ref] of refsOf(t)) {
        if (!seen.has(ref.table) && ref.table !== t.table) throw new Error(`open data: ${t.table}.${col} refers to ${ref.table}, which is not declared before it`);
      }
      if (t.via && !seen.has(t.via.parent)) throw new Error(`open data: ${t.table} belongs to ${t.via.parent}, which is not declared before it`);
      seen.add(t.table);
    }
  }

  /** Builds the registry from the capabilities' parts, in their order. */
  static tablesOf(parts: Array<{ capability: string; dataExport?: DataExportPart }>): RegisteredTable[] {
    return parts.flatMap((p) => (p.dataExport?.tables ?? []).map((t) => ({ ...t, capability: p.capability })));
  }

  has(table: string): boolean {
    return this.tables.some((t) => t.table === table);
  }

  private async exportedColumns(t: RegisteredTable): Promise<ColumnInfo[]> {
    const omit = new Set(['workspace_id', ...(t.omit ?? [])]);
    return (await this.repo.columns(t.table)).filter((c) => !omit.has(c.name));
  }

  private async manifest(): Promise<ExportDocument['manifest']> {
    return Promise.all(
      this.tables.map(async (t) => ({
        table: t.table,
        capability: t.capability,
        description: t.description,
        columns: (await this.exportedColumns(t)).map((c) => c.name),
        refs: Object.fromEntries(refsOf(t).map(([k, r]) => [refName(k, r), `${r.table}${r.array ? '[]' : ''}`])),
      })),
    );
  }

  /** GET /data/manifest_as_json: the tables an export holds. */
  async tableList(auth: AuthContext): Promise<Array<{ table: string; capability: string; description: string }>> {
    await requireAccess(auth, workspaceData, auth.workspace.id, 'read');
    return this.tables.map((t) => ({ table: t.table, capability: t.capability, description: t.description }));
  }

  async exportJson(auth: AuthContext): Promise<ExportDocument> {
    await requireAccess(auth, workspaceData, auth.workspace.id, 'read');
    const { workspace } = auth;
    const tables: Record<string, Row[]> = {};
    for (const t of this.tables) {
      const columns = await this.exportedColumns(t);
      tables[t.table] = await this.repo.rows(workspace.id, t.table, columns, t.via);
    }
    return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exported_at: this.clock.now().toISOString(), workspace: { team_id: workspace.team_id, name: workspace.name }, manifest: await this.manifest(), tables };
  }

  /**
   * "Export my data": the rows of every declared table that name this member in a plain member column (their
   * member row, settings, dates, points, redemptions, shoutouts …). Rows that name them only inside JSON or an
   * array (an intro group, a round) are other people's too and stay with the workspace export.
   */
  async exportMine(workspace: Workspace, memberId: number): Promise<ExportDocument> {
    const tables: Record<string, Row[]> = {};
    for (const t of this.tables) {
      if (t.via) continue;
      const mine = t.table === 'members' ? ['id'] : refsOf(t).flatMap(([col, r]) => (r.table === 'members' && !r.array && !r.json && !r.pattern ? [col] : []));
      if (!mine.length) continue;
      const columns = await this.exportedColumns(t);
      const rows = (await this.repo.rows(workspace.id, t.table, columns, t.via)).filter((r) => mine.some((c) => Number(r[c]) === memberId));
      if (rows.length) tables[t.table] = rows;
    }
    const manifest = (await this.manifest()).filter((m) => m.table in tables);
    return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exported_at: this.clock.now().toISOString(), workspace: { team_id: workspace.team_id, name: workspace.name }, manifest, tables };
  }

  /**
   * "Delete my data" (docs/privacy.md), in one transaction: every row whose foreign key names the member is deleted
   * (or the key emptied, where the schema says `set null`), except the tables declared `onMemberErased: 'keep'`
   * because they are other people's history too; Slack ids in declared columns become the anonymous id; the member
   * row stays for those references but is anonymised. Avoid lists naming them go too (they are keyed on them).
   * Points others earned, their groups and shoutouts stay as they were.
   */
  async eraseMine(workspace: Workspace, memberId: number): Promise<void> {
    const keep = new Set(this.tables.filter((t) => t.onMemberErased === 'keep').map((t) => t.table));
    const refs = (await this.repo.memberReferences()).filter((r) => !keep.has(r.table));
    const anonymousId = `deleted:${memberId}`;
    await this.events.transaction(async (trx, emit) => {
      const member = await this.repo.lockMember(trx, workspace.id, memberId);
      if (!member) throw new HttpError(404, 'Not found');
      for (const ref of refs) await this.repo.forgetMemberRows(trx, workspace.id, ref, memberId);
      for (const t of this.tables) {
        for (const column of t.slackUserColumns ?? []) await this.repo.replaceSlackUser(trx, workspace.id, t.table, column, t.via, member.slack_user_id, anonymousId);
      }
      await this.repo.anonymiseMember(trx, workspace.id, memberId, anonymousId, this.clock.now());
      emit(event(memberErased, workspace.id, { memberId }));
    });
  }

  /** One table as CSV: a header of its columns, JSON for JSON and array values. */
  async exportCsv(auth: AuthContext, table: string): Promise<string> {
    await requireAccess(auth, workspaceData, auth.workspace.id, 'read');
    const { workspace } = auth;
    const t = this.tables.find((x) => x.table === table);
    if (!t) throw new HttpError(404, 'Not found');
    const columns = await this.exportedColumns(t);
    const rows = await this.repo.rows(workspace.id, t.table, columns, t.via);
    const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
    return toCsv([columns.map((c) => c.name), ...rows.map((r) => columns.map((c) => cell(r[c.name])))]);
  }

  /**
   * Imports tables exported as CSV (`{table}.csv`, one file a table, as `exportCsv` writes them): read by the
   * columns' types into the same document `importJson` takes, so the same checks apply and it is all or nothing.
   */
  async importCsv(auth: AuthContext, files: Array<{ name: string; content: Buffer }>): Promise<ImportSummary> {
    await this.beginImport(auth);
    const tables: Record<string, Row[]> = {};
    for (const f of files) {
      const table = f.name.replace(/\.csv$/i, '');
      const t = this.tables.find((x) => x.table === table);
      if (!t) throw fieldError(`files.${f.name}`, 'is not a table Hearth exports (name each file as it was exported: {table}.csv)');
      if (table in tables) throw fieldError(`files.${f.name}`, 'is given twice');
      const columns = await this.exportedColumns(t);
      let records: string[][];
      try {
        records = (parse(f.content, { bom: true, skip_empty_lines: true }) as string[][]).map((row) => row.map(readCsvCell));
      } catch (err) {
        throw fieldError(`files.${f.name}`, `is not a CSV file (${(err as Error).message})`);
      }
      const [header = [], ...body] = records;
      const byName = header.map((h) => {
        const c = columns.find((x) => x.name === h);
        if (!c) throw fieldError(`files.${f.name}.${h}`, 'is not a column of this table');
        return c;
      });
      tables[table] = body.map((cells, i) => Object.fromEntries(byName.flatMap((c, j) => cellValue(c, cells[j] ?? '', `tables.${table}.${i}.${c.name}`))));
    }
    return this.importDocument(auth.workspace, { format: EXPORT_FORMAT, version: EXPORT_VERSION, tables });
  }

  /** Who may import, asked before an upload is read. */
  async beginImport(auth: AuthContext): Promise<void> {
    await requireAccess(auth, workspaceData, auth.workspace.id, 'edit');
  }

  async importJson(auth: AuthContext, input: unknown): Promise<ImportSummary> {
    await this.beginImport(auth);
    return this.importDocument(auth.workspace, input);
  }

  /** Validates the whole document, then writes it into the workspace in one transaction; nothing on any error. */
  private async importDocument(workspace: Workspace, input: unknown): Promise<ImportSummary> {
    const parsed = documentSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw fieldError(issue.path.join('.') || 'file', issue.message);
    }
    const doc = parsed.data;
    for (const name of Object.keys(doc.tables)) if (!this.has(name)) throw fieldError(`tables.${name}`, 'is not a table Hearth exports');

    // Validate every row before writing any.
    const plan: Array<{ t: RegisteredTable; columns: ColumnInfo[]; rows: Row[] }> = [];
    for (const t of this.tables) {
      const raw = doc.tables[t.table] ?? [];
      const all = await this.repo.columns(t.table);
      const exported = new Set((await this.exportedColumns(t)).map((c) => c.name));
      const schema = rowSchema(all, exported);
      const rows = raw.map((r, i) => {
        const res = schema.safeParse(r);
        if (!res.success) {
          const issue = res.error.issues[0]!;
          const col = issue.path.length ? String(issue.path[0]) : (issue as { keys?: string[] }).keys?.[0];
          throw fieldError(`tables.${t.table}.${i}${col ? `.${col}` : ''}`, issue.code === 'unrecognized_keys' ? 'is not a column of this table' : issue.message);
        }
        if (t.hasId && typeof res.data.id !== 'number') throw fieldError(`tables.${t.table}.${i}.id`, 'is required');
        return res.data;
      });
      plan.push({ t, columns: all, rows });
    }

    const summary: ImportSummary = { imported: {}, matched: {} };
    try {
      await this.events.transaction(async (trx, emit) => {
        const ids = new Map<string, Map<number, number>>();
        // A table the file leaves out entirely: references to it are the workspace's own rows, kept as they are.
        const own = new Map<string, Set<number>>();
        const ownIds = async (table: string) => {
          let set = own.get(table);
          if (!set) {
            const t = this.tables.find((x) => x.table === table)!;
            set = new Set(await this.repo.ids(trx, workspace.id, table, t.via));
            own.set(table, set);
          }
          return set;
        };
        for (const { t, columns, rows } of plan) {
          const map = new Map<number, number>();
          ids.set(t.table, map);
          const refs = refsOf(t);
          const hasWorkspace = columns.some((c) => c.name === 'workspace_id');
          let imported = 0;
          let matched = 0;
          // A plain column naming a row of the same table that comes later in the file (a pair matched both ways):
          // written once that row has its new id.
          const fileIds = new Set(rows.map((r) => r.id));
          const later: Array<{ row: number; column: string; old: number }> = [];
          for (const [i, row] of rows.entries()) {
            const out: Row = { ...row };
            const oldId = out.id as number | undefined;
            if (t.hasId) delete out.id;
            const deferred: Array<{ column: string; old: number }> = [];
            for (const [col, ref] of refs) {
              const v = out[col];
              if (v === null || v === undefined) continue;
              if (t.hasId && ref.table === t.table && !ref.json && !ref.pattern && !ref.array && !map.has(v as number) && fileIds.has(v)) {
                deferred.push({ column: col, old: v as number });
                out[col] = null;
                continue;
              }
              const target = ids.get(ref.table);
              const existing = ref.table in doc.tables || ref.keepUnknown ? undefined : await ownIds(ref.table);
              const remap = (old: number) => {
                const next = target?.get(old);
                if (next !== undefined) return next;
                if (ref.keepUnknown || existing?.has(old)) return old;
                throw fieldError(
                  `tables.${t.table}.${i}.${refName(col, ref)}`,
                  existing ? `refers to a ${ref.table} row that is not in this workspace (${old})` : `refers to a ${ref.table} row that is not in the file (${old})`,
                );
              };
              out[col] = ref.json ? remapJson(v, ref.json, remap) : ref.pattern ? remapText(v, ref.pattern, remap) : ref.array ? (v as number[]).map(remap) : remap(v as number);
            }
            if (hasWorkspace) out.workspace_id = workspace.id;
            if (t.matchOn) {
              const existing = await this.repo.match(trx, workspace.id, t.table, Object.fromEntries(t.matchOn.map((k) => [k, out[k]])), t.hasId ? 'id' : t.matchOn[0]!);
              if (existing !== undefined) {
                if (t.hasId && oldId !== undefined) map.set(oldId, Number(existing));
                matched++;
                continue;
              }
            }
            const newId = await this.repo.insert(trx, t.table, out, columns, Boolean(t.hasId));
            if (t.hasId && oldId !== undefined && newId !== null) map.set(oldId, newId);
            if (newId !== null) for (const d of deferred) later.push({ row: newId, ...d });
            imported++;
          }
          for (const d of later) await this.repo.setColumn(trx, t.table, d.row, d.column, map.get(d.old)!);
          summary.imported[t.table] = imported;
          summary.matched[t.table] = matched;
        }
        emit(event(workspaceImported, workspace.id, { source: 'hearth', rows: Object.values(summary.imported).reduce((a, b) => a + b, 0) }));
      });
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const pg = err as { code?: string; detail?: string; message?: string; table?: string };
      if (pg.code === '23505') throw new HttpError(409, `The file conflicts with this workspace's data${pg.table ? ` (${pg.table})` : ''}: import into a workspace that does not have it yet.`, { file: pg.detail ?? 'duplicate' });
      if (typeof pg.code === 'string' && /^2[23]/.test(pg.code)) throw new HttpError(400, `The file could not be imported: ${pg.message ?? 'invalid data'}`, { file: pg.detail ?? pg.message ?? 'invalid data' });
      throw err;
    }
    return summary;
  }
}
