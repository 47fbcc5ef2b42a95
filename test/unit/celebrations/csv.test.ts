import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { columnOf, formatFromHeader, parseDateCell, parseDatesCsv } from '../../../src/celebrations/csv.js';
import { SANDBOX_BAD_ROW, sandboxDatesCsv } from '../../../src/sandbox/dates-csv.js';

const today = { year: 2026, month: 3, day: 2 };

describe('date formats', () => {
  it('come from the parentheses of the header, MM/DD/YYYY by default', () => {
    expect(formatFromHeader('Birthday')).toBe('MM/DD/YYYY');
    expect(formatFromHeader('Birthday (DD/MM/YYYY)')).toBe('DD/MM/YYYY');
    expect(formatFromHeader('Start date (yyyy-mm-dd)')).toBe('YYYY/MM/DD');
    expect(formatFromHeader('Start date (MM/DD/YYYY)')).toBe('MM/DD/YYYY');
    expect(formatFromHeader('Birthday (Julian)')).toBeNull();
    expect(columnOf('Work Email')).toBe('email');
    expect(columnOf('Start Date (DD/MM/YYYY)')).toBe('start_date');
    expect(columnOf('date_of_birth')).toBe('birthday');
    expect(columnOf('Favourite colour')).toBeNull();
  });

  it('read the same day in each format, with 2- or 4-digit years', () => {
    const want = { ok: true, year: 1990, month: 6, day: 18 };
    expect(parseDateCell('06/18/1990', 'MM/DD/YYYY', { today, yearOptional: false })).toEqual(want);
    expect(parseDateCell('18/06/1990', 'DD/MM/YYYY', { today, yearOptional: false })).toEqual(want);
    expect(parseDateCell('1990/06/18', 'YYYY/MM/DD', { today, yearOptional: false })).toEqual(want);
    expect(parseDateCell('6-18-90', 'MM/DD/YYYY', { today, yearOptional: false })).toEqual(want);
    expect(parseDateCell('1.3.26', 'DD/MM/YYYY', { today, yearOptional: false })).toEqual({ ok: true, year: 2026, month: 3, day: 1 });
  });

  it('birthdays may leave the year out; start dates may not', () => {
    expect(parseDateCell('06/18', 'MM/DD/YYYY', { today, yearOptional: true })).toEqual({ ok: true, year: null, month: 6, day: 18 });
    expect(parseDateCell('18/06', 'DD/MM/YYYY', { today, yearOptional: true })).toEqual({ ok: true, year: null, month: 6, day: 18 });
    expect(parseDateCell('06/18', 'MM/DD/YYYY', { today, yearOptional: false }).ok).toBe(false);
  });

  it('refuses impossible and mis-ordered dates instead of rolling them over', () => {
    const bad = (text: string, format: 'MM/DD/YYYY' | 'DD/MM/YYYY' | 'YYYY/MM/DD') => {
      const r = parseDateCell(text, format, { today, yearOptional: true });
      return r.ok ? 'ok' : r.message;
    };
    expect(bad('02/30/1990', 'MM/DD/YYYY')).toBe('"02/30/1990" is not a real date: February 1990 has only 28 days');
    expect(bad('02/29/1997', 'MM/DD/YYYY')).toBe('"02/29/1997" is not a real date: February 1997 has only 28 days');
    expect(bad('18/06/1990', 'MM/DD/YYYY')).toBe('"18/06/1990" has no month 18 (the format is MM/DD/YYYY)');
    expect(bad('1990/06/18', 'MM/DD/YYYY')).toMatch(/is not a date in MM\/DD\/YYYY/);
    expect(bad('June 18', 'MM/DD/YYYY')).toMatch(/is not a date in MM\/DD\/YYYY/);
    expect(bad('02/29', 'MM/DD/YYYY')).toBe('ok');
  });
});

describe('parseDatesCsv', () => {
  it('reads every row, reports each bad row with its line and field, and skips it whole', () => {
    const csv = [
      'Email,Birthday (DD/MM/YYYY),Start Date (YYYY/MM/DD)',
      'Ana@Example.com,18/06/1990,2018/09/10',
      'bob@example.com,30/02/1990,2019/01/01',
      'not-an-email,01/01/1990,',
      'carol@example.com,,2031/01/01',
      '',
      'dave@example.com,,',
      'ana@example.com,01/01/1991,',
      ',01/01/1990,2020/01/01',
      'erin@example.com,29/02,2024/02/29',
    ].join('\n');
    const out = parseDatesCsv(csv, { today });
    expect(out.fatal).toBeUndefined();
    expect(out.formats).toEqual({ birthday: 'DD/MM/YYYY', start_date: 'YYYY/MM/DD' });
    expect(out.rows).toEqual([
      { line: 2, email: 'ana@example.com', birthday: { month: 6, day: 18, year: 1990 }, startDate: { year: 2018, month: 9, day: 10 } },
      { line: 10, email: 'erin@example.com', birthday: { month: 2, day: 29, year: null }, startDate: { year: 2024, month: 2, day: 29 } },
    ]);
    expect(out.errors.map((e) => [e.row, e.field, e.message])).toEqual([
      [3, 'birthday', 'Birthday "30/02/1990" is not a real date: February 1990 has only 28 days'],
      [4, 'email', '"not-an-email" is not an email address'],
      [5, 'start_date', 'Start date "2031/01/01": That\'s more than a year away — check the year?'],
      [8, 'email', 'Appears more than once in the file (also on line 2)'],
      [9, 'email', 'Email is missing'],
    ]);
    expect(out.emptyRows).toBe(1);
  });

  it('refuses a file without the columns it needs, too many rows, or an unknown format', () => {
    expect(parseDatesCsv('Name,Birthday\nAna,06/18', { today }).fatal).toBe('The file needs an Email column');
    expect(parseDatesCsv('Email,Name\na@b.co,Ana', { today }).fatal).toBe('The file needs a Birthday or a Start date column');
    expect(parseDatesCsv('Email,Birthday (Julian)\na@b.co,1', { today }).fatal).toMatch(/date format we don't know/);
    expect(parseDatesCsv('', { today }).fatal).toMatch(/empty/);
    expect(parseDatesCsv('Email,"Birthday\na@b.co,1', { today }).fatal).toMatch(/not a CSV we can read/);
    const many = ['Email,Birthday', ...Array.from({ length: 6 }, (_, i) => `p${i}@x.co,01/0${i + 1}`)].join('\n');
    expect(parseDatesCsv(many, { today, maxRows: 5 }).fatal).toBe('Sorry, no more than 5 rows allowed');
  });

  it('handles a byte-order mark, quotes and Windows line ends', () => {
    const out = parseDatesCsv('\uFEFF"Work Email","Birthday"\r\n"ana@example.com","06/18/1990"\r\n', { today });
    expect(out.rows).toEqual([{ line: 2, email: 'ana@example.com', birthday: { month: 6, day: 18, year: 1990 }, startDate: null }]);
  });
});

describe('docs/sandbox-dates.csv', () => {
  it('is what sandboxDates generates, and its one bad row is the only error', () => {
    const file = readFileSync(new URL('../../../docs/sandbox-dates.csv', import.meta.url), 'utf8');
    expect(file).toBe(sandboxDatesCsv());
    const out = parseDatesCsv(file, { today });
    expect(out.errors).toEqual([{ row: expect.any(Number), email: SANDBOX_BAD_ROW.email, field: 'birthday', message: expect.stringContaining('02/30/1994') }]);
    expect(out.rows.length).toBeGreaterThan(30);
    expect(out.rows.find((r) => r.email === 'tereza.dvorakova@acme.example')?.birthday).toEqual({ month: 2, day: 29, year: 1996 });
  });
});
