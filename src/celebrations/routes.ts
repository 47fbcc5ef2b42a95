import express, { Router, type RequestHandler } from 'express';
import { join } from 'node:path';
import multer from 'multer';
import type { CelebrationsDeps } from './deps.js';
import { authOf, requireMember } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { body, params, query } from '../http/validate.js';
import { MAX_IMPORT_BYTES } from './csv.js';
import {
  askBody,
  createOrUpdateBody,
  eventsQuery,
  importBody,
  importQuery,
  includedBody,
  indexQuery,
  newHiresQuery,
  previewBody,
  updateBody,
  upsertMyBody,
} from './schema.js';
import type { DatesImports } from './imports.js';
import type { MemberDates } from './member-dates.js';
import type { ProgramSchedules } from './schedules.js';
import type { CelebrationSettings } from './settings.js';
import type { UpcomingCelebrations } from './upcoming.js';
import type { CelebrationPreview } from './preview.js';
import { IMAGES_PATH } from './images.js';
import { projectRoot } from '../paths.js';
import { idParams } from '../http/ids.js';
import { requireAccess } from '../platform/access.js';

/** The services the API calls. */
export interface CelebrationApi {
  settings: CelebrationSettings;
  schedules: ProgramSchedules;
  upcoming: UpcomingCelebrations;
  memberDates: MemberDates;
  imports: DatesImports;
  preview: CelebrationPreview;
}

const TYPE = 'CelebrationProgram' as const;

/** One CSV file in memory, limited in size; multer's own errors become the API's 400s. */
function uploadCsv(): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } }).single('file');
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
        return next(new HttpError(400, `File(s) too large: ${err.field === 'file' ? 'the file' : err.field}. Maximum file size is ${MAX_IMPORT_BYTES / 1_000_000}MB per file.`, { file: 'too large' }));
      if (err instanceof multer.MulterError) return next(new HttpError(400, `Upload refused: ${err.message}`, { file: err.code }));
      next(err);
    });
  };
}

/** Celebrations' calls (programs.md §7 "Celebrations", journeys.md §7 "User preferences"). Thin over the service. */
export function celebrationRoutes(s: Pick<CelebrationsDeps, 'programs'>, c: CelebrationApi): Router {
  const router = Router();
  // The shipped images (public/celebrations/): Slack fetches them from PUBLIC_URL, the pages show them.
  router.use(IMAGES_PATH, express.static(join(projectRoot(), 'public', 'celebrations'), { index: false, maxAge: '1d' }));
  router.use(['/celebrations', '/celebration_schedules', '/asset_imports', '/upcoming_new_hires'], requireMember);
  const editable = (req: Parameters<RequestHandler>[0], id: number) => requireAccess(authOf(req), s.programs.policy(TYPE), id, 'edit');

  router.post('/celebrations/import_dates_as_json', uploadCsv(), async (req, res) => {
    const input = body(req, importBody);
    const program = await editable(req, input.celebration_program_id);
    const file = (req as { file?: Express.Multer.File }).file;
    if (!file || !file.size) throw new HttpError(400, 'Please select a file for upload.', { file: 'choose a CSV file' });
    res.json(await c.imports.start(authOf(req), program, file));
  });

  router.get('/asset_imports/:id/show_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const q = query(req, importQuery);
    if (q.program_type !== TYPE) throw new HttpError(404, 'Not found');
    const imp = await requireAccess(authOf(req), c.imports.policy, id, 'edit');
    res.json(c.imports.show(imp, q.program_id, q.program_type));
  });

  router.get('/upcoming_new_hires', async (req, res) => {
    const { days } = query(req, newHiresQuery);
    res.json(await c.upcoming.newHires(authOf(req), days));
  });

  router.get('/celebrations/:id/events/index_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const { days } = query(req, eventsQuery);
    const program = await editable(req, id);
    res.json(await c.upcoming.events(authOf(req), program, days));
  });

  router.put('/celebrations/:id/update_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const input = body(req, updateBody);
    res.json(await c.settings.update(authOf(req), program, input));
  });

  router.post('/celebrations/:id/preview_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const input = body(req, previewBody);
    res.json(await c.preview.preview(authOf(req), program, input));
  });

  router.get('/celebrations/:id', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    res.json(await c.settings.show(authOf(req), program));
  });

  router.get('/celebration_schedules/index_as_json', async (req, res) => {
    const q = query(req, indexQuery);
    const program = await editable(req, q.celebration_program_id);
    res.json(await c.schedules.index(authOf(req), program, q.schedule_type));
  });

  router.put('/celebration_schedules/create_or_update_as_json', async (req, res) => {
    const input = body(req, createOrUpdateBody);
    const program = await editable(req, input.celebration_program_id);
    res.json(await c.schedules.createOrUpdate(authOf(req), program, input));
  });

  router.post('/celebration_schedules/send_ask_for_dates_dms', async (req, res) => {
    const input = body(req, askBody);
    const program = await editable(req, input.celebration_program_id);
    res.json(await c.schedules.sendAskForDates(authOf(req), program, input.user_ids));
  });

  router.get('/celebration_schedules/my_schedules', async (req, res) => {
    res.json(await c.memberDates.mySchedules(authOf(req)));
  });

  router.patch('/celebration_schedules/upsert_my_schedule', async (req, res) => {
    const input = body(req, upsertMyBody);
    res.json(await c.memberDates.upsertMySchedule(authOf(req), input));
  });

  router.put('/celebration_schedules/:id/update_included_programs_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const input = body(req, includedBody);
    const program = await editable(req, input.celebration_program_id);
    const schedule = await requireAccess(authOf(req), c.schedules.policy, id, 'edit');
    res.json(await c.schedules.updateIncluded(authOf(req), schedule, program, input.activate));
  });

  return router;
}
