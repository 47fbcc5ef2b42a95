import { HttpError } from '../http/errors.js';
import { parseDonutDate, type DonutImporter } from '../platform/data/donut.js';
import type { IntrosRepository } from './repository.js';

/** `Participant 1`, `Member 2`, `User 3 Email` … (numbered, so a celebrations file's `User` column is not one). */
const PARTICIPANT = /^(participant|member|user|person)_?\d+(_email)?$/;
const participantColumns = (cols: string[]) => cols.map((c, i) => [c, i] as const).filter(([c]) => PARTICIPANT.test(c) || c === 'participants');

/**
 * Donut intros history (docs/donut-import.md): each row a group that met, so the pairing engine's first rounds
 * avoid old pairs. A row with fewer than two people in this workspace is left out.
 */
export function introsDonutImporter(repo: IntrosRepository): DonutImporter {
  return {
    kind: 'intros',
    accepts: (cols) => participantColumns(cols).length > 0,
    async prepare({ workspace, header, cols, rows, person, skip, now }) {
      const participantCols = participantColumns(cols);
      const dateCol = cols.findIndex((c) => ['date', 'intro_date', 'paired_on', 'created_at', 'round_date'].includes(c));
      if (dateCol < 0) throw new HttpError(400, 'file: needs a date column', { file: 'needs a date column' });
      const channelCol = cols.findIndex((c) => ['channel', 'channel_name', 'channel_id'].includes(c));
      const programs = await repo.programsByChannel(workspace.id);
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
        const metOn = `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
        pairs.push({ workspace_id: workspace.id, program_id: programOf(channelCol >= 0 ? r[channelCol] : undefined), met_on: metOn, member_ids: ids, created_at: now });
      });
      return async (trx) => {
        await repo.addImportedPairs(trx, pairs);
        return pairs.length;
      };
    },
  };
}
