import { parse } from 'csv-parse/sync';
import type { Db, Trx } from '../../db/index.js';
import type { Workspace } from '../../db/types.js';
import type { AuthContext } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { requireAccess } from '../access.js';
import type { Clock } from '../../time/clock.js';
import { event } from '../events/define.js';
import type { DomainEvents } from '../events/service.js';
import type { DonutSummary } from './api-types.js';
import { workspaceImported } from './events.js';
import { DonutRepository } from './repository.js';
import { workspaceData } from './service.js';

const norm = (h: string) => h.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** YYYY-MM-DD, MM/DD/YYYY or MM/DD (no year) → parts; null when it is not a real date. */
export function parseDonutDate(v: string): { year: number | null; month: number; day: number } | null {
  const s = v.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  let year: number | null;
  let month: number;
  let day: number;
  if (m) [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})[/-](\d{1,2})(?:[/-](\d{4}))?$/.exec(s))) [month, day, year] = [Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : null];
  else return null;
  const check = new Date(Date.UTC(year ?? 2000, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** A Donut export read and checked by the platform, handed to the capability whose file it is. */
export interface DonutFile {
  workspace: Workspace;
  /** The header as written, and normalized (lower case, `_` between words). */
  header: string[];
  cols: string[];
  /** The data rows; row i is line i + 2 of the file. */
  rows: string[][];
  /** The member id of an email or Slack user id in this workspace, or undefined. */
  person(value: string | undefined): number | undefined;
  /** Leaves a row out, with why (the summary lists them). */
  skip(row: number, reason: string): void;
  now: Date;
}

/**
 * A capability's part of the Donut import (docs/donut-import.md), for the data it owns: Intros reads intros
 * history, Celebrations birthdays and start dates.
 */
export interface DonutImporter {
  /** What the summary reports: 'intros', 'celebrations'. */
  kind: string;
  /** Whether a file with these (normalized) columns is this importer's. */
  accepts(cols: string[]): boolean;
  /**
   * Checks every row first (a bad one is a 400 naming its line and column) and returns the write, which the
   * platform runs in one transaction with the `workspace.imported` event; it answers how many rows it imported.
   */
  prepare(file: DonutFile): Promise<(trx: Trx) => Promise<number>>;
}

/**
 * Imports a Donut export: reads the CSV and the workspace's people, finds the capability whose file it is, and
 * writes what it prepared in one transaction. The platform knows none of the capabilities' tables.
 */
export class DonutImport {
  private readonly repo: DonutRepository;

  constructor(
    db: Db,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    private readonly importers: DonutImporter[],
  ) {
    this.repo = new DonutRepository(db);
  }

  /** POST /data/import_donut: workspace admins (the workspace's data). */
  async run(auth: AuthContext, csv: Buffer | string): Promise<DonutSummary> {
    await requireAccess(auth, workspaceData, auth.workspace.id, 'edit');
    const { workspace } = auth;
    let records: string[][];
    try {
      records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
    } catch (err) {
      throw new HttpError(400, `file: not a CSV file (${(err as Error).message})`, { file: 'not a CSV file' });
    }
    const [header, ...rows] = records;
    if (!header || !rows.length) throw new HttpError(400, 'Please select a file for upload.', { file: 'the file has no rows' });
    const cols = header.map(norm);
    const [importer, ...others] = this.importers.filter((i) => i.accepts(cols));
    if (importer && others.length)
      throw new HttpError(400, `file: has the columns of a Donut ${[importer, ...others].map((i) => i.kind).join(' and a ')} export; import each kind as its own file`, { file: 'mixed columns' });
    if (!importer) throw new HttpError(400, `file: not a Donut ${this.importers.map((i) => i.kind).join(' or ')} export (see which columns each needs in the import guide)`, { file: 'unknown columns' });
    const people = await this.repo.people(workspace.id);
    const byKey = new Map<string, number>();
    for (const p of people) {
      byKey.set(p.slack_user_id.toLowerCase(), p.id);
      if (p.email) byKey.set(p.email.toLowerCase(), p.id);
    }
    const skipped: DonutSummary['skipped'] = [];
    const write = await importer.prepare({
      workspace,
      header,
      cols,
      rows,
      person: (v) => (v ? byKey.get(v.trim().toLowerCase()) : undefined),
      skip: (row, reason) => skipped.push({ row, reason }),
      now: this.clock.now(),
    });
    const imported = await this.events.transaction(async (trx, emit) => {
      const count = await write(trx);
      emit(event(workspaceImported, workspace.id, { source: 'donut', rows: count }));
      return count;
    });
    return { kind: importer.kind, imported, skipped: skipped.slice(0, 50), skipped_count: skipped.length };
  }
}
