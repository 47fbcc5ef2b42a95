import express, { Router, type RequestHandler } from 'express';
import { join } from 'node:path';
import multer from 'multer';
import { authOf, requireMember } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { body, params } from '../http/validate.js';
import { MAX_IMPORT_BYTES } from './csv.js';
import { upsertMyBody } from './schema.js';
import type { DatesImports } from './imports.js';
import type { MemberDates } from './member-dates.js';
import type { ProgramSchedules } from './schedules.js';
import type { CelebrationSettings } from './settings.js';
import type { UpcomingCelebrations } from './upcoming.js';
import type { CelebrationPreview } from './preview.js';
import { IMAGES_PATH } from './images.js';
import { projectRoot } from '../paths.js';
import { idParams } from '../http/ids.js';

/** The services the API calls. */
export interface CelebrationApi {
  settings: CelebrationSettings;
  schedules: ProgramSchedules;
  upcoming: UpcomingCelebrations;
  memberDates: MemberDates;
  imports: DatesImports;
  preview: CelebrationPreview;
}

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
export function celebrationRoutes(c: CelebrationApi): Router {
  const router = Router();
  // The shipped images (public/celebrations/): Slack fetches them from PUBLIC_URL, the pages show them.
  router.use(IMAGES_PATH, express.static(join(projectRoot(), 'public', 'celebrations'), { index: false, maxAge: '1d' }));
  router.use(['/celebrations', '/celebration_schedules', '/asset_imports', '/upcoming_new_hires'], requireMember);
  const programId = (req: Parameters<RequestHandler>[0]) => params(req, idParams).id;

  router.post('/celebrations/import_dates_as_json', uploadCsv(), async (req, res) => {
    res.json(await c.imports.start(authOf(req), req.body, (req as { file?: Express.Multer.File }).file));
  });

  router.get('/asset_imports/:id/show_as_json', async (req, res) => {
    res.json(await c.imports.show(authOf(req), params(req, idParams).id, req.query));
  });

  router.get('/upcoming_new_hires', async (req, res) => {
    res.json(await c.upcoming.newHires(authOf(req), req.query));
  });

  router.get('/celebrations/:id/events/index_as_json', async (req, res) => {
    res.json(await c.upcoming.events(authOf(req), programId(req), req.query));
  });

  router.put('/celebrations/:id/update_as_json', async (req, res) => {
    res.json(await c.settings.update(authOf(req), programId(req), req.body));
  });

  router.post('/celebrations/:id/preview_as_json', async (req, res) => {
    res.json(await c.preview.preview(authOf(req), programId(req), req.body));
  });

  router.get('/celebrations/:id', async (req, res) => {
    res.json(await c.settings.show(authOf(req), programId(req)));
  });

  router.get('/celebration_schedules/index_as_json', async (req, res) => {
    res.json(await c.schedules.index(authOf(req), req.query));
  });

  router.put('/celebration_schedules/create_or_update_as_json', async (req, res) => {
    res.json(await c.schedules.createOrUpdate(authOf(req), req.body));
  });

  router.post('/celebration_schedules/send_ask_for_dates_dms', async (req, res) => {
    res.json(await c.schedules.sendAskForDates(authOf(req), req.body));
  });

  router.get('/celebration_schedules/my_schedules', async (req, res) => {
    res.json(await c.memberDates.mySchedules(authOf(req)));
  });

  router.patch('/celebration_schedules/upsert_my_schedule', async (req, res) => {
    res.json(await c.memberDates.upsertMySchedule(authOf(req), body(req, upsertMyBody)));
  });

  router.put('/celebration_schedules/:id/update_included_programs_as_json', async (req, res) => {
    res.json(await c.schedules.updateIncluded(authOf(req), params(req, idParams).id, req.body));
  });

  return router;
}
