import { parse } from 'csv-parse/browser/esm/sync';
import { EMAIL_LOOKUP_CHUNK, MAX_ENROLLMENT_ROWS, TOO_MANY_ROWS_TEXT } from './api-types.js';

// The manual enrollment page's CSV import (journeys.md §5), pure so the page and the tests share it. csv-parse
// reads the file (BOM, quotes, CRLF); this module applies the specs' column and value rules.

export type DateFormat = 'MM/DD/YYYY' | 'DD/MM/YYYY' | 'YYYY/MM/DD';
export const DATE_FORMATS: readonly DateFormat[] = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY/MM/DD'];
export const DEFAULT_DATE_FORMAT: DateFormat = 'MM/DD/YYYY';

export interface CsvContext {
  /** Onboarding flows have a Personal Email column and need no found user for primary-only rows. */
  isOnboarding: boolean;
  /** Journeys a Journey column may name (matched by name, case-insensitive). */
  tags: ReadonlyArray<{ id: number; name: string }>;
  /** The workspace's roles: '{Role} Email' columns name them; Work and Participant Email are the primary role. */
  roles: ReadonlyArray<{ id: number; name: string; primary: boolean }>;
  /** Time Zone cells are matched by label (or the zone's id), e.g. "Import from Slack" → 'sync'. */
  timeZones: ReadonlyArray<{ label: string; value: string }>;
  /** The journey the page is scoped to: rows naming no journey go there. */
  defaultTagId?: number | null;
}

export type CsvField = 'file' | 'start_date' | 'tag' | 'email' | 'time_zone';

/** A problem with one row (line is the file's line number, the header being line 1), or with the file (line 0). */
export interface CsvError {
  line: number;
  field: CsvField;
  message: string;
}

export interface CsvRow {
  line: number;
  first_name: string;
  last_name: string;
  /** Normalised to MM/DD/YYYY. */
  start_date: string;
  tag_ids: number[];
  /** The matched zone's value ('sync' when the cell is blank). */
  time_zone: string;
  personal_email: string | null;
  /** Lowercased, one per role column that has a value. */
  emails: Array<{ role_id: number; email: string }>;
}

export interface ParsedCsv {
  dateFormat: DateFormat;
  rows: CsvRow[];
  errors: CsvError[];
}

const norm = (s: string) => s.replace(/^\uFEFF/, '').trim().replace(/\s+/g, ' ').toLowerCase();

type Column =
  | { kind: 'first_name' | 'last_name' | 'personal_email' | 'time_zone' | 'start_date' | 'tag' }
  | { kind: 'email'; roleId: number }
  | { kind: 'ignored' };

/** A column the import reads: its header as the template writes it, and what goes in it. */
export interface CsvColumnHelp {
  header: string;
  description: string;
}

/**
 * The columns the import reads for this flow and these roles (the same rules as `columnOf`), in the template's
 * order: the page lists them and offers them as a CSV template to download.
 */
export function enrollmentCsvColumns(ctx: Pick<CsvContext, 'isOnboarding' | 'roles'>): CsvColumnHelp[] {
  const primary = ctx.roles.find((r) => r.primary);
  return [
    { header: 'First Name', description: 'Used when the person is not in Slack yet.' },
    { header: 'Last Name', description: 'Used when the person is not in Slack yet.' },
    { header: ctx.isOnboarding ? 'Work Email' : 'Participant Email', description: `The ${primary?.name.toLowerCase() ?? 'participant'}’s work email (required).` },
    ...(ctx.isOnboarding ? [{ header: 'Personal Email', description: 'Optional: where pre-boarding messages go.' }] : []),
    { header: `Start Date (${DEFAULT_DATE_FORMAT})`, description: `Required. Name the format in the header: ${DATE_FORMATS.join(', ')}.` },
    { header: 'Time Zone', description: 'Optional: a time zone as the form lists it; blank imports it from Slack.' },
    { header: 'Journey', description: 'Optional: a journey’s name; add Journey 2, Journey 3… for more.' },
    ...ctx.roles.filter((r) => !r.primary).map((r) => ({ header: `${r.name} Email`, description: `Optional: the ${r.name.toLowerCase()}’s work email.` })),
  ];
}

/** The header row of a CSV the import reads, for people to fill in. */
export function enrollmentCsvTemplate(ctx: Pick<CsvContext, 'isOnboarding' | 'roles'>): string {
  const quote = (h: string) => (/[",\r\n]/.test(h) ? `"${h.replace(/"/g, '""')}"` : h);
  return `${enrollmentCsvColumns(ctx).map((c) => quote(c.header)).join(',')}\r\n`;
}

/** The date format named in parentheses in a Start Date or Anchor Date header; MM/DD/YYYY when none is. */
export function dateFormatOf(header: string): DateFormat {
  const inside = /\(([^)]*)\)/.exec(header)?.[1]?.trim().toUpperCase().replace(/-/g, '/');
  return DATE_FORMATS.find((f) => f === inside) ?? DEFAULT_DATE_FORMAT;
}

/**
 * A date cell read in `format` (month/day/year order as the header says, '/' or '-' between parts, a 2- or
 * 4-digit year, 20yy for two digits), normalised to MM/DD/YYYY; null when it is not a real date.
 */
export function normaliseDate(cell: string, format: DateFormat): string | null {
  const m = /^(\d{1,4})[/-](\d{1,2})[/-](\d{1,4})$/.exec(cell.trim());
  if (!m) return null;
  const [a, b, c] = [m[1]!, m[2]!, m[3]!];
  const [ys, ms, ds] = format === 'YYYY/MM/DD' ? [a, b, c] : format === 'DD/MM/YYYY' ? [c, b, a] : [c, a, b];
  if (ys.length !== 2 && ys.length !== 4) return null;
  if (ms.length > 2 || ds.length > 2) return null;
  const year = ys.length === 2 ? 2000 + Number(ys) : Number(ys);
  const month = Number(ms);
  const day = Number(ds);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || day < 1 || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${String(year).padStart(4, '0')}`;
}

/** MM/DD/YYYY → YYYY-MM-DD (what the date input and the API take). */
export function isoDate(mmddyyyy: string): string {
  const [m, d, y] = mmddyyyy.split('/');
  return `${y}-${m}-${d}`;
}

function columnOf(header: string, ctx: CsvContext): Column {
  const h = norm(header);
  if (h === 'first name') return { kind: 'first_name' };
  if (h === 'last name') return { kind: 'last_name' };
  if (h === 'time zone') return { kind: 'time_zone' };
  if (/^(start|anchor) date\b/.test(h)) return { kind: 'start_date' };
  if (/^journeys?( \d+)?$/.test(h)) return { kind: 'tag' };
  if (h === 'personal email') return ctx.isOnboarding ? { kind: 'personal_email' } : { kind: 'ignored' };
  if (h === 'work email' || h === 'participant email') {
    const primary = ctx.roles.find((r) => r.primary);
    return primary ? { kind: 'email', roleId: primary.id } : { kind: 'ignored' };
  }
  const role = /^(.+) email$/.exec(h);
  if (role) {
    const found = ctx.roles.find((r) => norm(r.name) === role[1]);
    if (found) return { kind: 'email', roleId: found.id };
  }
  return { kind: 'ignored' };
}

/**
 * Reads an enrollment CSV: the header row names the columns (unknown ones are ignored), each further non-blank
 * line is a person. Every problem is reported with its line; rows with problems are left out of `rows`.
 */
export function parseEnrollmentCsv(text: string, ctx: CsvContext): ParsedCsv {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // Line breaks made \n first: csv-parse counts a CRLF inside quotes as two lines, and the line numbers drift.
    records = parse(text.replace(/\r\n?/g, '\n'), { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, trim: false }) as unknown as typeof records;
  } catch (err) {
    return { dateFormat: DEFAULT_DATE_FORMAT, rows: [], errors: [{ line: (err as { lines?: number }).lines ?? 0, field: 'file', message: `The file is not a readable CSV: ${(err as Error).message}` }] };
  }
  const [head, ...body] = records.filter((r) => r.record.some((cell) => cell.trim() !== ''));
  if (!head) return { dateFormat: DEFAULT_DATE_FORMAT, rows: [], errors: [{ line: 0, field: 'file', message: 'The file is empty' }] };
  if (body.length > MAX_ENROLLMENT_ROWS) return { dateFormat: DEFAULT_DATE_FORMAT, rows: [], errors: [{ line: 0, field: 'file', message: TOO_MANY_ROWS_TEXT }] };

  const columns = head.record.map((h) => columnOf(h, ctx));
  const dateHeader = head.record.find((_, i) => columns[i]!.kind === 'start_date');
  const dateFormat = dateHeader ? dateFormatOf(dateHeader) : DEFAULT_DATE_FORMAT;
  const errors: CsvError[] = [];
  if (!columns.some((c) => c.kind === 'email')) errors.push({ line: 1, field: 'email', message: 'The file needs a Work Email or Participant Email column' });
  if (!dateHeader) errors.push({ line: 1, field: 'start_date', message: 'The file needs a Start Date column' });
  if (errors.length) return { dateFormat, rows: [], errors };

  const tagsByName = new Map(ctx.tags.map((t) => [norm(t.name), t.id]));
  const zones = new Map<string, string>();
  for (const z of ctx.timeZones) {
    zones.set(norm(z.label), z.value);
    zones.set(norm(z.value), z.value);
  }
  const rows: CsvRow[] = [];
  for (const { record, info } of body) {
    // The record's first line (info.lines is its last).
    const line = info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    const rowErrors: CsvError[] = [];
    const row: CsvRow = { line, first_name: '', last_name: '', start_date: '', tag_ids: [], time_zone: 'sync', personal_email: null, emails: [] };
    columns.forEach((col, i) => {
      const cell = (record[i] ?? '').trim();
      switch (col.kind) {
        case 'first_name':
        case 'last_name':
          row[col.kind] = cell;
          break;
        case 'personal_email':
          row.personal_email = cell ? cell.toLowerCase() : null;
          break;
        case 'time_zone':
          if (!cell) break;
          if (zones.has(norm(cell))) row.time_zone = zones.get(norm(cell))!;
          else rowErrors.push({ line, field: 'time_zone', message: `Unknown time zone "${cell}"` });
          break;
        case 'start_date': {
          const date = cell ? normaliseDate(cell, dateFormat) : null;
          if (date) row.start_date = date;
          else rowErrors.push({ line, field: 'start_date', message: cell ? `"${cell}" is not a date in ${dateFormat}` : 'Start date is missing' });
          break;
        }
        case 'tag':
          if (!cell) break;
          if (tagsByName.has(norm(cell))) row.tag_ids.push(tagsByName.get(norm(cell))!);
          else rowErrors.push({ line, field: 'tag', message: `Unknown journey "${cell}"` });
          break;
        case 'email':
          if (cell && !row.emails.some((e) => e.role_id === col.roleId)) row.emails.push({ role_id: col.roleId, email: cell.toLowerCase() });
          break;
        case 'ignored':
          break;
      }
    });
    const primary = ctx.roles.find((r) => r.primary);
    if (!row.emails.some((e) => e.role_id === primary?.id)) rowErrors.push({ line, field: 'email', message: 'Work Email is missing' });
    if (!row.tag_ids.length && ctx.defaultTagId) row.tag_ids.push(ctx.defaultTagId);
    if (!row.tag_ids.length && !rowErrors.some((e) => e.field === 'tag')) rowErrors.push({ line, field: 'tag', message: 'No journey named' });
    row.tag_ids = [...new Set(row.tag_ids)];
    if (rowErrors.length) errors.push(...rowErrors);
    else rows.push(row);
  }
  return { dateFormat, rows, errors };
}

export interface ResolvedRow extends CsvRow {
  /** Role id → the found user's id (roles whose email found nobody are absent). */
  users: Map<number, number>;
}

/**
 * Finds the people the rows' emails name, `EMAIL_LOOKUP_CHUNK` emails per call of `lookup` (GET
 * /onboarding/users/from_email). An email nobody has is an error of its row, except in onboarding rows whose only
 * role is the primary one (the new hire may not be in Slack yet).
 */
export async function resolveEmails(
  rows: readonly CsvRow[],
  ctx: Pick<CsvContext, 'isOnboarding' | 'roles'>,
  lookup: (emails: string[]) => Promise<Array<{ id: number; email: string }>>,
): Promise<{ rows: ResolvedRow[]; errors: CsvError[] }> {
  const emails = [...new Set(rows.flatMap((r) => r.emails.map((e) => e.email)))];
  const found = new Map<string, number>();
  for (let i = 0; i < emails.length; i += EMAIL_LOOKUP_CHUNK)
    for (const user of await lookup(emails.slice(i, i + EMAIL_LOOKUP_CHUNK))) found.set(user.email.toLowerCase(), user.id);
  const primaryIds = new Set(ctx.roles.filter((r) => r.primary).map((r) => r.id));
  const out: ResolvedRow[] = [];
  const errors: CsvError[] = [];
  for (const row of rows) {
    const primaryOnly = row.emails.every((e) => primaryIds.has(e.role_id));
    const users = new Map<number, number>();
    const rowErrors: CsvError[] = [];
    for (const e of row.emails) {
      const id = found.get(e.email);
      if (id !== undefined) users.set(e.role_id, id);
      else if (!(ctx.isOnboarding && primaryOnly)) rowErrors.push({ line: row.line, field: 'email', message: `Nobody in this workspace has the email ${e.email}` });
    }
    if (rowErrors.length) errors.push(...rowErrors);
    else out.push({ ...row, users });
  }
  return { rows: out, errors };
}
