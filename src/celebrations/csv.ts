// The dates CSV (POST /celebrations/import_dates_as_json): columns Email, Birthday and Start date; each date
// column's format is read from the parentheses in its header ("Birthday (DD/MM/YYYY)"), MM/DD/YYYY by default.
// Pure: parsing and per-row checks. Looking people up by email is the service's job.
import { parse } from 'csv-parse/sync';
import { compareLocalDate, type LocalDate } from '../time/zoned.js';
import { isValidDate, isValidMonthDay } from './dates.js';
import { birthYearProblem, monthDayProblem, startDateProblem } from './submission.js';
import type { ImportRowError } from './tables.js';

export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY/MM/DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'MM/DD/YYYY';
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 5_000_000;

export interface ParsedDatesRow {
  /** The line in the file (the header is line 1). */
  line: number;
  email: string;
  birthday: { month: number; day: number; year: number | null } | null;
  startDate: LocalDate | null;
}

export interface ParsedDatesCsv {
  /** A problem with the file as a whole: nothing can be imported. */
  fatal?: string;
  rows: ParsedDatesRow[];
  errors: ImportRowError[];
  /** Rows with an email and no dates: skipped without an error (people whose dates are not on record). */
  emptyRows: number;
  formats: { birthday: DateFormat; start_date: DateFormat };
}

type Column = 'email' | 'birthday' | 'start_date';

const HEADER_NAMES: Record<Column, readonly string[]> = {
  email: ['email', 'work email', 'email address', 'e-mail', 'work email address'],
  birthday: ['birthday', 'birth date', 'birthdate', 'date of birth', 'dob'],
  start_date: ['start date', 'hire date', 'start', 'work anniversary', 'anniversary', 'date started', 'joined'],
};

/** "Birthday (DD/MM/YYYY)" → DD/MM/YYYY; no parentheses → the default; an unknown format → null. */
export function formatFromHeader(header: string): DateFormat | null {
  const m = /\(([^)]*)\)/.exec(header);
  if (!m) return DEFAULT_DATE_FORMAT;
  const text = m[1]!.trim().toUpperCase().replace(/[-.\s]/g, '/');
  return (DATE_FORMATS as readonly string[]).includes(text) ? (text as DateFormat) : null;
}

export function columnOf(header: string): Column | null {
  const name = header
    .replace(/\([^)]*\)/g, '')
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
  for (const [column, names] of Object.entries(HEADER_NAMES) as Array<[Column, readonly string[]]>) if (names.includes(name)) return column;
  return null;
}

/** Two-digit years: the most recent matching year that is not more than a year ahead. */
function fullYear(text: string, today: LocalDate): number {
  if (text.length === 4) return Number(text);
  const yy = Number(text);
  const century = Math.floor(today.year / 100) * 100;
  return century + yy > today.year + 1 ? century - 100 + yy : century + yy;
}

export type CellDate = { ok: true; year: number | null; month: number; day: number } | { ok: false; message: string };

/**
 * A date cell in a format: separators '/', '-' or '.'; 2- or 4-digit years; birthdays may leave the year out
 * ("06/18" in MM/DD/YYYY). Impossible dates (02/30/1990) are errors, never rolled over.
 */
export function parseDateCell(text: string, format: DateFormat, opts: { today: LocalDate; yearOptional: boolean }): CellDate {
  const parts = text.trim().split(/[/.-]/);
  const bad = (): CellDate => ({ ok: false, message: `"${text}" is not a date in ${format}${opts.yearOptional ? ' (the year may be left out)' : ''}` });
  if (!parts.every((p) => /^\d{1,4}$/.test(p))) return bad();
  let year: string | null = null;
  let month: string;
  let day: string;
  if (parts.length === 3) {
    if (format === 'YYYY/MM/DD') [year, month, day] = parts as [string, string, string];
    else if (format === 'MM/DD/YYYY') [month, day, year] = parts as [string, string, string];
    else [day, month, year] = parts as [string, string, string];
    if (!(year.length === 4 || year.length === 2)) return bad();
  } else if (parts.length === 2 && opts.yearOptional) {
    if (format === 'DD/MM/YYYY') [day, month] = parts as [string, string];
    else [month, day] = parts as [string, string];
  } else return bad();
  if (month.length > 2 || day.length > 2) return bad();
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12) return { ok: false, message: `"${text}" has no month ${m} (the format is ${format})` };
  const y = year === null ? null : fullYear(year, opts.today);
  if (!isValidMonthDay(m, d) || (y !== null && !isValidDate(y, m, d))) return { ok: false, message: `"${text}" is not a real date: ${monthDayProblem(m, d, y)}` };
  return { ok: true, year: y, month: m, day: d };
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Parses and checks every row; rows with any problem are reported (and will be skipped whole). */
export function parseDatesCsv(content: string, opts: { today: LocalDate; maxRows?: number }): ParsedDatesCsv {
  const maxRows = opts.maxRows ?? MAX_IMPORT_ROWS;
  const empty = (fatal: string, formats = { birthday: DEFAULT_DATE_FORMAT, start_date: DEFAULT_DATE_FORMAT }): ParsedDatesCsv => ({ fatal, rows: [], errors: [], emptyRows: 0, formats });
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(content, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, info: true }) as unknown as typeof records;
  } catch (err) {
    return empty(`This file is not a CSV we can read: ${(err as Error).message}`);
  }
  const header = records[0]?.record;
  if (!header || header.every((h) => !h)) return empty('The file is empty: it needs a header row with Email, Birthday and Start date columns');

  const index: Partial<Record<Column, number>> = {};
  const formats = { birthday: DEFAULT_DATE_FORMAT, start_date: DEFAULT_DATE_FORMAT };
  for (const [i, h] of header.entries()) {
    const column = columnOf(h);
    if (!column || index[column] !== undefined) continue;
    index[column] = i;
    if (column !== 'email') {
      const format = formatFromHeader(h);
      if (!format) return empty(`The "${h}" column names a date format we don't know: use MM/DD/YYYY, DD/MM/YYYY or YYYY/MM/DD`);
      formats[column] = format;
    }
  }
  if (index.email === undefined) return empty('The file needs an Email column', formats);
  if (index.birthday === undefined && index.start_date === undefined) return empty('The file needs a Birthday or a Start date column', formats);
  const body = records.slice(1);
  if (body.length > maxRows) return empty(`Sorry, no more than ${maxRows} rows allowed`, formats);

  const rows: ParsedDatesRow[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  let emptyRows = 0;
  for (const { record, info } of body) {
    const line = info.lines;
    const cell = (c: Column) => (index[c] === undefined ? '' : (record[index[c]!] ?? '').trim());
    const email = cell('email').toLowerCase();
    const rowErrors: ImportRowError[] = [];
    const fail = (field: ImportRowError['field'], message: string) => rowErrors.push({ row: line, email, field, message });

    if (!email) fail('email', 'Email is missing');
    else if (!EMAIL_RE.test(email)) fail('email', `"${email}" is not an email address`);
    else if (seen.has(email)) fail('email', `Appears more than once in the file (also on line ${seen.get(email)})`);
    if (email && !seen.has(email)) seen.set(email, line);

    let birthday: ParsedDatesRow['birthday'] = null;
    const b = cell('birthday');
    if (b) {
      const parsed = parseDateCell(b, formats.birthday, { today: opts.today, yearOptional: true });
      if (!parsed.ok) fail('birthday', `Birthday ${parsed.message}`);
      else {
        const problem = parsed.year === null ? null : birthYearProblem(parsed.year, parsed, opts.today);
        if (problem) fail('birthday', `Birthday "${b}": ${problem}`);
        else birthday = { month: parsed.month, day: parsed.day, year: parsed.year };
      }
    }
    let startDate: LocalDate | null = null;
    const s = cell('start_date');
    if (s) {
      const parsed = parseDateCell(s, formats.start_date, { today: opts.today, yearOptional: false });
      if (!parsed.ok) fail('start_date', `Start date ${parsed.message}`);
      else {
        const d = { year: parsed.year!, month: parsed.month, day: parsed.day };
        const problem = startDateProblem(d, opts.today);
        if (problem) fail('start_date', `Start date "${s}": ${problem}`);
        else if (birthday?.year && compareLocalDate(d, { year: birthday.year, month: birthday.month, day: birthday.day }) <= 0)
          fail('start_date', `Start date "${s}" is before the birthday`);
        else startDate = d;
      }
    }
    if (rowErrors.length) {
      errors.push(...rowErrors);
      continue;
    }
    if (!b && !s) {
      emptyRows++;
      continue;
    }
    rows.push({ line, email, birthday, startDate });
  }
  return { rows, errors, emptyRows, formats };
}
