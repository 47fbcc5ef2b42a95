import type { Member } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { requireAccess, type AccessPolicy } from '../platform/access.js';
import { parse } from '../http/validate.js';
import { programNamedIn } from './access.js';
import { importQuery } from './schema.js';
import { instantToZoned } from '../time/zoned.js';
import type { ImportJson, ImportRowError } from './api-types.js';
import { MAX_IMPORT_BYTES, parseDatesCsv, type ParsedDatesRow } from './csv.js';
import type { CelebrationsDeps } from './deps.js';
import type { ImportRepository } from './imports.repository.js';
import { celebrationsImportDates } from './jobs.js';
import type { MemberDates } from './member-dates.js';
import { importJson } from './presenters.js';
import type { CelebrationRepository } from './repository.js';
import type { ScheduleRepository } from './schedules.repository.js';
import type { AssetImport } from './tables.js';

/** Why a row's email cannot be imported, or null when it names someone Hearth may celebrate. */
function emailProblem(m: Member | undefined): string | null {
  if (!m) return 'No one in this workspace has this email';
  if (m.deleted) return 'This person is deactivated in Slack';
  if (m.is_bot) return 'This is a bot';
  if (m.is_external) return 'This person is outside your workspace (Slack Connect)';
  return null;
}

/** Dates from a CSV file: stored on upload, processed by a job, polled by the page. */
export class DatesImports {
  constructor(
    private readonly s: Pick<CelebrationsDeps, 'clock' | 'queue' | 'programs'>,
    private readonly imports: ImportRepository,
    private readonly programs: CelebrationRepository,
    private readonly schedules: ScheduleRepository,
    private readonly memberDates: MemberDates,
  ) {}

  /** Stores the file in Postgres (the job's input) and queues its processing. */
  async start(auth: AuthContext, body: unknown, file: { originalname: string; size: number; buffer: Buffer } | undefined): Promise<ImportJson> {
    const program = await programNamedIn(this.s.programs, auth, body);
    if (!file || !file.size) throw new HttpError(400, 'Please select a file for upload.', { file: 'choose a CSV file' });
    if (file.size > MAX_IMPORT_BYTES) throw new HttpError(400, `File(s) too large: ${file.originalname}. Maximum file size is ${MAX_IMPORT_BYTES / 1_000_000}MB per file.`, { file: 'too large' });
    if (file.buffer.includes(0)) throw new HttpError(400, `${file.originalname} is not a CSV file`, { file: 'is not a CSV file' });
    const now = this.s.clock.now();
    const row = await this.imports.create({
      workspace_id: auth.workspace.id,
      program_type: program.type,
      program_id: program.id,
      kind: 'celebration_dates',
      state: 'needs_processing',
      file_name: file.originalname.slice(0, 255),
      file_size: file.size,
      content: file.buffer.toString('utf8'),
      errors: '[]',
      summary: '{}',
      created_by_member_id: auth.member.id,
      created_at: now,
      updated_at: now,
    });
    await this.s.queue.enqueue(celebrationsImportDates, { workspaceId: auth.workspace.id, importId: row.id }, { jobId: `celebrations-import:${row.id}` });
    return importJson(row);
  }

  /**
   * Imports name people and their emails: only those who may change the import's program see them. Another
   * workspace's import is not found.
   */
  get policy(): AccessPolicy<AssetImport> {
    return {
      load: (workspaceId, id) => this.imports.byId(workspaceId, id),
      canEdit: async (auth, imp) => {
        const program = await this.programs.program(auth.workspace.id, imp.program_id);
        return program !== undefined && (await this.s.programs.canEdit(auth, program));
      },
      forbidden: this.s.programs.policy('CelebrationProgram').forbidden,
    };
  }

  /** The import, when it is the named program's (404 otherwise). */
  async show(auth: AuthContext, id: number, rawQuery: unknown): Promise<ImportJson> {
    const imp = await requireAccess(auth, this.policy, id, 'edit');
    const q = parse(importQuery, rawQuery);
    if (imp.program_id !== q.program_id || imp.program_type !== q.program_type) throw new HttpError(404, 'Not found');
    return importJson(imp);
  }

  /**
   * The import job. Every row is checked first; rows with any problem are reported and skipped whole; the
   * valid rows are written in one transaction together with the import's final state (all or none of them).
   */
  async process(workspaceId: number, id: number): Promise<void> {
    const imp = await this.imports.byId(workspaceId, id);
    if (!imp || imp.state !== 'needs_processing') return;
    const program = await this.programs.program(workspaceId, imp.program_id);
    const finish = (state: 'uploaded' | 'failed_processing', errors: ImportRowError[], summary: Record<string, unknown>) =>
      this.imports.finish(workspaceId, id, state, errors, summary, this.s.clock.now());
    if (!program) return finish('failed_processing', [], { error: 'The program was deleted' });
    const parsed = parseDatesCsv(imp.content, { today: instantToZoned(this.s.clock.now(), program.tz).date });
    if (parsed.fatal) return finish('failed_processing', [], { error: parsed.fatal, formats: parsed.formats });

    const members = await this.schedules.membersByEmail(workspaceId, [...new Set(parsed.rows.map((r) => r.email))]);
    const byEmail = new Map(members.map((m) => [m.email!.toLowerCase(), m]));
    const errors = [...parsed.errors];
    const valid: Array<{ member: Member; row: ParsedDatesRow }> = [];
    for (const row of parsed.rows) {
      const m = byEmail.get(row.email);
      const problem = emailProblem(m);
      if (problem) errors.push({ row: row.line, email: row.email, field: 'email', message: problem });
      else valid.push({ member: m!, row });
    }
    errors.sort((a, b) => a.row - b.row);
    const errorRows = new Set(errors.map((e) => e.row)).size;
    const summary = {
      rows: parsed.rows.length + errorRows + parsed.emptyRows,
      imported_rows: valid.length,
      birthdays: valid.filter((v) => v.row.birthday).length,
      anniversaries: valid.filter((v) => v.row.startDate).length,
      error_rows: errorRows,
      empty_rows: parsed.emptyRows,
      formats: parsed.formats,
    };
    if (!valid.length) return finish(errors.length ? 'failed_processing' : 'uploaded', errors, errors.length ? { ...summary, error: 'No row could be imported' } : summary);
    const now = this.s.clock.now();
    await this.schedules.inTransaction(async (trx) => {
      for (const { member, row } of valid) {
        if (row.birthday) await this.memberDates.save(trx, workspaceId, member.id, 'birthday', row.birthday, 'import', now);
        if (row.startDate) await this.memberDates.save(trx, workspaceId, member.id, 'anniversary', row.startDate, 'import', now);
      }
      await this.imports.finish(workspaceId, id, 'uploaded', errors, summary, now, trx);
    });
  }
}
