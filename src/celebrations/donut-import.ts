import { HttpError } from '../http/errors.js';
import { parseDonutDate, type DonutImporter } from '../platform/data/donut.js';
import type { ScheduleRepository } from './schedules.repository.js';

const DATE_COLUMNS = ['birthday', 'start_date', 'anniversary', 'work_anniversary'];

/**
 * Donut celebration dates (docs/donut-import.md): birthdays and start dates by email or Slack id. A member who
 * already has a date keeps theirs; people not in this workspace are left out.
 */
export function celebrationsDonutImporter(schedules: ScheduleRepository): DonutImporter {
  return {
    kind: 'celebrations',
    accepts: (cols) => cols.some((c) => DATE_COLUMNS.includes(c)),
    async prepare({ workspace, header, cols, rows, person, skip, now }) {
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
      return async (trx) => {
        let imported = 0;
        for (const { row, ...d } of dates) {
          if (await schedules.addImported(trx, { workspace_id: workspace.id, ...d, now })) imported++;
          else skip(row, `already has a ${d.schedule_type === 'birthday' ? 'birthday' : 'start date'}`);
        }
        return imported;
      };
    },
  };
}
