// docs/sandbox-dates.csv: the sandbox members' birthdays and start dates (from sandboxDates) as a file a
// newcomer imports on /celebrations/{id}/edit, with one row that is wrong on purpose so the import's per-row
// errors show. The file is generated here and checked by test/unit/celebrations/csv.test.ts. It lives in the
// sandbox because it reads the sandbox's seed (the sandbox uses Celebrations' CSV cells, never the reverse).
import { csvCell } from '../http/csv.js';
import { ACME, sandboxDates, seedData } from './seed.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** The intentionally bad row: 30 February does not exist, so this row is reported and skipped. */
export const SANDBOX_BAD_ROW = { email: 'chloe.martin@acme.example', birthday: '02/30/1994', start: '05/16/2022' };

export function sandboxDatesCsv(teamId: string = ACME.teamId): string {
  const members = seedData().members[teamId] ?? {};
  const lines = ['Email,Birthday (MM/DD/YYYY),Start date (MM/DD/YYYY)'];
  for (const [userId, dates] of Object.entries(sandboxDates[teamId] ?? {})) {
    const m = members[userId];
    const email = m?.profile.email;
    if (!m || !email || m.deleted) continue;
    if (email === SANDBOX_BAD_ROW.email) continue;
    const b = dates.birthday;
    const birthday = b ? `${pad(b.month)}/${pad(b.day)}${b.year ? `/${b.year}` : ''}` : '';
    const s = dates.startDate;
    lines.push([email, birthday, `${pad(s.month)}/${pad(s.day)}/${s.year}`].map(csvCell).join(','));
  }
  lines.push([SANDBOX_BAD_ROW.email, SANDBOX_BAD_ROW.birthday, SANDBOX_BAD_ROW.start].join(','));
  return lines.join('\n') + '\n';
}
