import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOO_MANY_ROWS_TEXT } from '../../../src/enrollment/api-types.js';
import { dateFormatOf, enrollmentCsvColumns, enrollmentCsvTemplate, normaliseDate, parseEnrollmentCsv, resolveEmails, type CsvContext } from '../../../src/enrollment/csv.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/enrollment/${name}`, import.meta.url), 'utf8');

const ROLES = [
  { id: 1, name: 'New hire', primary: true },
  { id: 2, name: 'Manager', primary: false },
  { id: 3, name: 'Mentor', primary: false },
];
const onboarding: CsvContext = {
  isOnboarding: true,
  tags: [
    { id: 10, name: 'Engineering onboarding' },
    { id: 11, name: 'Sales, EMEA' },
  ],
  roles: ROLES,
  timeZones: [
    { label: 'Import from Slack', value: 'sync' },
    { label: 'Berlin (UTC+01:00)', value: 'Europe/Berlin' },
  ],
};

describe('CSV date rules', () => {
  it('reads the format from the header parentheses, MM/DD/YYYY by default', () => {
    expect(dateFormatOf('Start Date (DD/MM/YYYY)')).toBe('DD/MM/YYYY');
    expect(dateFormatOf('Anchor Date (yyyy/mm/dd)')).toBe('YYYY/MM/DD');
    expect(dateFormatOf('Start Date')).toBe('MM/DD/YYYY');
    expect(dateFormatOf('Start Date (whenever)')).toBe('MM/DD/YYYY');
  });

  it('takes 2- and 4-digit years and normalises to MM/DD/YYYY', () => {
    expect(normaliseDate('3/2/26', 'MM/DD/YYYY')).toBe('03/02/2026');
    expect(normaliseDate('03/02/2026', 'DD/MM/YYYY')).toBe('02/03/2026');
    expect(normaliseDate('2026/3/9', 'YYYY/MM/DD')).toBe('03/09/2026');
    expect(normaliseDate('2026-03-09', 'YYYY/MM/DD')).toBe('03/09/2026');
  });

  it('refuses what is not a real month/day/year', () => {
    expect(normaliseDate('02/30/2026', 'MM/DD/YYYY')).toBeNull();
    expect(normaliseDate('13/01/2026', 'MM/DD/YYYY')).toBeNull();
    expect(normaliseDate('01/02/026', 'MM/DD/YYYY')).toBeNull();
    expect(normaliseDate('01/02/20261', 'MM/DD/YYYY')).toBeNull();
    expect(normaliseDate('March 2', 'MM/DD/YYYY')).toBeNull();
    expect(normaliseDate('2026/03/09', 'MM/DD/YYYY')).toBeNull();
  });
});

describe('CSV rows (messy.csv: BOM, CRLF, quoted commas, blank lines, a quoted line break)', () => {
  const parsed = parseEnrollmentCsv(fixture('messy.csv'), onboarding);

  it('reads the header after the BOM and the date format from it', () => {
    expect(parsed.dateFormat).toBe('DD/MM/YYYY');
  });

  it('keeps the good rows, with lowercased emails, zones by label and journeys by name', () => {
    expect(parsed.rows.map((r) => r.line)).toEqual([2, 4, 10]);
    const [jonas, ann, multi] = parsed.rows;
    expect(jonas).toMatchObject({ first_name: 'Jonas', last_name: 'Weber', start_date: '03/02/2026', tag_ids: [10], time_zone: 'Europe/Berlin', personal_email: 'jonas@home.test' });
    expect(jonas!.emails).toEqual([
      { role_id: 1, email: 'jonas@acme.test' },
      { role_id: 2, email: 'lena@acme.test' },
    ]);
    expect(ann).toMatchObject({ first_name: 'Smith, Jr.', start_date: '12/31/2026', tag_ids: [11], time_zone: 'sync', personal_email: null });
    expect(multi).toMatchObject({ first_name: 'Multi\nline', start_date: '04/01/2026' });
  });

  it('reports each bad row with its line and field; blank lines are no rows', () => {
    expect(parsed.errors).toEqual([
      { line: 6, field: 'start_date', message: '"31/02/2026" is not a date in DD/MM/YYYY' },
      { line: 7, field: 'tag', message: 'Unknown journey "Marketing"' },
      { line: 8, field: 'time_zone', message: 'Unknown time zone "Mars/Olympus"' },
      { line: 9, field: 'email', message: 'Work Email is missing' },
    ]);
  });

  it('ignores Personal Email outside onboarding', () => {
    const other = parseEnrollmentCsv(fixture('messy.csv'), { ...onboarding, isOnboarding: false });
    expect(other.rows[0]!.personal_email).toBeNull();
  });
});

describe('CSV columns', () => {
  const participants: CsvContext = { ...onboarding, isOnboarding: false, tags: [{ id: 20, name: 'Mentorship' }, { id: 21, name: 'Training' }], roles: [{ id: 5, name: 'Participant', primary: true }, ...ROLES.slice(1)] };

  it('maps Participant Email to the primary role, {Role} Email to that role, and several Journey columns', () => {
    const parsed = parseEnrollmentCsv(fixture('participants.csv'), participants);
    expect(parsed.dateFormat).toBe('YYYY/MM/DD');
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]).toMatchObject({ start_date: '03/09/2026', tag_ids: [20, 21], emails: [{ role_id: 5, email: 'ana@acme.test' }, { role_id: 3, email: 'mentor@acme.test' }] });
  });

  it('needs a Start Date and an email column', () => {
    expect(parseEnrollmentCsv(fixture('no-date-column.csv'), onboarding).errors).toEqual([{ line: 1, field: 'start_date', message: 'The file needs a Start Date column' }]);
    expect(parseEnrollmentCsv('First Name,Start Date\nA,01/01/2026\n', onboarding).errors).toEqual([{ line: 1, field: 'email', message: 'The file needs a Work Email or Participant Email column' }]);
  });

  it('uses MM/DD/YYYY without parentheses; the scoped journey when a row names none', () => {
    const parsed = parseEnrollmentCsv(fixture('default-format.csv'), { ...onboarding, defaultTagId: 10 });
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]).toMatchObject({ start_date: '03/02/2026', tag_ids: [10] });
    expect(parsed.errors).toEqual([{ line: 3, field: 'start_date', message: '"13/02/2026" is not a date in MM/DD/YYYY' }]);
    expect(parseEnrollmentCsv(fixture('default-format.csv'), onboarding).errors[0]).toEqual({ line: 2, field: 'tag', message: 'No journey named' });
  });

  it('allows 2000 rows and refuses 2001 with the spec text', () => {
    expect(parseEnrollmentCsv(fixture('rows-2000.csv'), { ...onboarding, defaultTagId: 10 }).rows).toHaveLength(2000);
    expect(parseEnrollmentCsv(fixture('rows-2001.csv'), { ...onboarding, defaultTagId: 10 })).toEqual({ dateFormat: 'MM/DD/YYYY', rows: [], errors: [{ line: 0, field: 'file', message: TOO_MANY_ROWS_TEXT }] });
  });

  it('reports an unreadable file', () => {
    expect(parseEnrollmentCsv('Work Email,Start Date\n"a@b.c,01/01/2026\n', onboarding).errors[0]!.field).toBe('file');
    expect(parseEnrollmentCsv('\n\n', onboarding).errors).toEqual([{ line: 0, field: 'file', message: 'The file is empty' }]);
  });
});

describe('resolving emails', () => {
  it('asks 50 emails at a time and reports emails nobody has, except onboarding rows with only the primary role', async () => {
    const rows = parseEnrollmentCsv(fixture('rows-2000.csv'), { ...onboarding, defaultTagId: 10 }).rows.slice(0, 120);
    const calls: number[] = [];
    const result = await resolveEmails(rows, onboarding, async (emails) => {
      calls.push(emails.length);
      return emails.filter((e) => e !== 'p7@acme.test').map((email, i) => ({ id: i + 1, email: email.toUpperCase() }));
    });
    expect(calls).toEqual([50, 50, 20]);
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(120);
    expect(result.rows[7]!.users.size).toBe(0);
    expect(result.rows[8]!.users.get(1)).toBeGreaterThan(0);
  });

  it('needs every email found in other flows and in rows with other roles', async () => {
    const participants = { isOnboarding: false, roles: [{ id: 5, name: 'Participant', primary: true }, { id: 3, name: 'Mentor', primary: false }] };
    const parsed = parseEnrollmentCsv(fixture('participants.csv'), { ...participants, tags: [{ id: 20, name: 'Mentorship' }, { id: 21, name: 'Training' }], timeZones: [] });
    const known = new Map([
      ['ana@acme.test', 1],
      ['mentor@acme.test', 2],
      ['bo@acme.test', 3],
    ]);
    const result = await resolveEmails(parsed.rows, participants, async (emails) => emails.filter((e) => known.has(e)).map((email) => ({ id: known.get(email)!, email })));
    expect(result.rows.map((r) => r.line)).toEqual([2]);
    expect(result.errors).toEqual([
      { line: 3, field: 'email', message: 'Nobody in this workspace has the email ghost@acme.test' },
      { line: 4, field: 'email', message: 'Nobody in this workspace has the email nobody@acme.test' },
    ]);
    const onboardingResult = await resolveEmails(parsed.rows, { ...participants, isOnboarding: true }, async () => []);
    expect(onboardingResult.rows.map((r) => r.line)).toEqual([3]);
  });
});

describe('CSV template', () => {
  it('names every column the import reads, so a filled-in template imports whole', () => {
    const template = enrollmentCsvTemplate(onboarding);
    expect(template).toBe('First Name,Last Name,Work Email,Personal Email,Start Date (MM/DD/YYYY),Time Zone,Journey,Manager Email,Mentor Email\r\n');
    const parsed = parseEnrollmentCsv(`${template}Ana,Lima,ANA@acme.test,ana@home.test,03/09/2026,Berlin (UTC+01:00),Sales EMEA,max@acme.test,mia@acme.test\r\n`.replace('Sales EMEA', '"Sales, EMEA"'), onboarding);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual([
      expect.objectContaining({
        first_name: 'Ana',
        last_name: 'Lima',
        start_date: '03/09/2026',
        tag_ids: [11],
        time_zone: 'Europe/Berlin',
        personal_email: 'ana@home.test',
        emails: [
          { role_id: 1, email: 'ana@acme.test' },
          { role_id: 2, email: 'max@acme.test' },
          { role_id: 3, email: 'mia@acme.test' },
        ],
      }),
    ]);
  });

  it('has a Participant Email column and no Personal Email outside onboarding', () => {
    const headers = enrollmentCsvColumns({ isOnboarding: false, roles: ROLES }).map((c) => c.header);
    expect(headers).toContain('Participant Email');
    expect(headers).not.toContain('Personal Email');
    expect(headers).not.toContain('Work Email');
  });
});
