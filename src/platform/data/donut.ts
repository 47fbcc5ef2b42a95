import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/index.js';
import type { Workspace } from '../../db/types.js';
import { HttpError } from '../../http/errors.js';
import type { Clock } from '../../time/clock.js';
import { event } from '../events/define.js';
import type { DomainEvents } from '../events/service.js';
import { workspaceImported } from './events.js';
import { DonutRepository } from './repository.js';

export interface DonutSummary {
  kind: 'intros' | 'celebrations';
  imported: number;
  /** Rows left out (people no longer in the workspace, already-known dates), with why; the first 50. */
  skipped: Array<{ row: number; reason: string }>;
  skipped_count: number;
}

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

const iso = (d: { year: number | null; month: number; day: number }) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/**
 * Imports a Donut export (docs/donut-import.md): intros history, so the pairing engine's first rounds avoid old
 * pairs, or celebration dates. The whole file is checked first; then everything is written in one transaction.
 */
export class DonutImport {
  private readonly repo: DonutRepository;

  constructor(
    db: Db,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    private readonly available: { intros: boolean; celebrations: boolean },
  ) {
    this.repo = new DonutRepository(db);
  }

  async run(workspace: Workspace, csv: Buffer | string): Promise<DonutSummary> {
    let records: string[][];
    try {
      records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
    } catch (err) {
      throw new HttpError(400, `file: not a CSV file (${(err as Error).message})`, { file: 'not a CSV file' });
    }
    const [header, ...rows] = records;
    if (!header || !rows.length) throw new HttpError(400, 'Please select a file for upload.', { file: 'the file has no rows' });
    const cols = header.map(norm);
    const people = await this.repo.people(workspace.id);
    const byKey = new Map<string, number>();
    for (const p of people) {
      byKey.set(p.slack_user_id.toLowerCase(), p.id);
      if (p.email) byKey.set(p.email.toLowerCase(), p.id);
    }
    const person = (v: string | undefined) => (v ? byKey.get(v.trim().toLowerCase()) : undefined);
    const skipped: DonutSummary['skipped'] = [];
    const skip = (row: number, reason: string) => skipped.push({ row, reason });
    const now = this.clock.now();

    const isDates = cols.some((c) => ['birthday', 'start_date', 'anniversary', 'work_anniversary'].includes(c));
    const participantCols = cols.map((c, i) => [c, i] as const).filter(([c]) => /^(participant|member|user|person)(_?\d+)?(_email)?$/.test(c) || c === 'participants');
    if (isDates) {
      if (!this.available.celebrations) throw new HttpError(400, 'file: Celebrations is not part of this Hearth', { file: 'celebrations unavailable' });
      const who = cols.findIndex((c) => ['email', 'user_email', 'slack_user_id', 'user_id', 'user'].includes(c));
      if (who < 0) throw new HttpError(400, 'file: needs an email (or slack_user_id) column', { file: 'needs an email column' });
      const bday = cols.findIndex((c) => c === 'birthday');
      const start = cols.findIndex((c) => ['start_date', 'anniversary', 'work_anniversary'].includes(c));
      const dates: Array<{ member_id: number; schedule_type: 'birthday' | 'anniversary'; month: number; day: number; year: number | null; row: number }> = [];
      rows.forEach((r, i) => {
        const line = i + 2;
        const id = person(r[who]);
        for (const [index, type] of [
          [bday, 'birthday'],
          [start, 'anniversary'],
        ] as const) {
          const raw = index >= 0 ? (r[index] ?? '').trim() : '';
          if (!raw) continue;
          const d = parseDonutDate(raw);
          if (!d) throw new HttpError(400, `row ${line}: ${header[index]} "${raw}" is not a date (YYYY-MM-DD, MM/DD/YYYY or MM/DD)`, { [`rows.${line}.${cols[index]}`]: 'is not a date' });
          if (type === 'anniversary' && d.year === null) throw new HttpError(400, `row ${line}: ${header[index]} needs a year`, { [`rows.${line}.${cols[index]}`]: 'needs a year' });
          if (id === undefined) {
            skip(line, `${r[who] || 'nobody'} is not in this workspace`);
            continue;
          }
          dates.push({ member_id: id, schedule_type: type, month: d.month, day: d.day, year: type === 'birthday' ? null : d.year, row: line });
        }
      });
      let imported = 0;
      await this.events.transaction(async (trx, emit) => {
        for (const d of dates) {
          if (await this.repo.addCelebrationDate(trx, { workspace_id: workspace.id, ...d, now })) imported++;
          else skip(d.row, `already has a ${d.schedule_type === 'birthday' ? 'birthday' : 'start date'}`);
        }
        emit(event(workspaceImported, workspace.id, { source: 'donut', rows: imported }));
      });
      return { kind: 'celebrations', imported, skipped: skipped.slice(0, 50), skipped_count: skipped.length };
    }

    if (!participantCols.length) throw new HttpError(400, 'file: not a Donut intros or celebrations export (no participant, birthday or start_date columns)', { file: 'unknown columns' });
    if (!this.available.intros) throw new HttpError(400, 'file: Intros is not part of this Hearth', { file: 'intros unavailable' });
    const dateCol = cols.findIndex((c) => ['date', 'intro_date', 'paired_on', 'created_at', 'round_date'].includes(c));
    if (dateCol < 0) throw new HttpError(400, 'file: needs a date column', { file: 'needs a date column' });
    const channelCol = cols.findIndex((c) => ['channel', 'channel_name', 'channel_id'].includes(c));
    const programs = await this.repo.introsPrograms(workspace.id);
    const programOf = (v: string | undefined): number | null => {
      const key = (v ?? '').trim().replace(/^#/, '').toLowerCase();
      if (!key) return null;
      return programs.find((p) => p.channel_id.toLowerCase() === key || (p.name ?? '').toLowerCase() === key)?.id ?? null;
    };
    const pairs: Array<{ workspace_id: number; program_id: number | null; met_on: string; member_ids: number[]; created_at: Date }> = [];
    rows.forEach((r, i) => {
      const line = i + 2;
      const d = parseDonutDate(r[dateCol] ?? '');
      if (!d || d.year === null) throw new HttpError(400, `row ${line}: ${header[dateCol]} "${r[dateCol] ?? ''}" is not a date (YYYY-MM-DD or MM/DD/YYYY)`, { [`rows.${line}.${cols[dateCol]}`]: 'is not a date' });
      const names = participantCols.flatMap(([c, index]) => (c === 'participants' ? (r[index] ?? '').split(/[;,]/) : [r[index] ?? ''])).map((s) => s.trim()).filter(Boolean);
      const ids = [...new Set(names.map(person).filter((x): x is number => x !== undefined))];
      if (ids.length < 2) return skip(line, ids.length < names.length ? 'fewer than two of its people are in this workspace' : 'fewer than two people');
      pairs.push({ workspace_id: workspace.id, program_id: programOf(channelCol >= 0 ? r[channelCol] : undefined), met_on: iso(d), member_ids: ids, created_at: now });
    });
    await this.events.transaction(async (trx, emit) => {
      await this.repo.addImportedPairs(trx, pairs);
      emit(event(workspaceImported, workspace.id, { source: 'donut', rows: pairs.length }));
    });
    return { kind: 'intros', imported: pairs.length, skipped: skipped.slice(0, 50), skipped_count: skipped.length };
  }
}
