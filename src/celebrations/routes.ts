import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { jsonApi } from '../http/api.js';
import { join } from 'node:path';
import multer from 'multer';
import { authOf, requireMember } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { MAX_IMPORT_BYTES } from './csv.js';
import { celebrationAnswer, celebrationPreviewJson, eventsJson, importJson, myScheduleJson, newHiresJson, scheduleIndex, scheduleJson } from './api-types.js';
import { askBody, createOrUpdateBody, eventsQuery, importQuery, includedBody, indexQuery, newHiresQuery, previewBody, updateBody, upsertMyBody } from './schema.js';
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
  const api = jsonApi(router, 'Celebrations');
  const schedule = z.object({ schedule: scheduleJson });

  api.post(
    '/celebrations/import_dates_as_json',
    { summary: 'Import people’s dates from a CSV file (multipart: `file` and `celebration_program_id`)', response: importJson },
    ({ req }) => c.imports.start(authOf(req), req.body, (req as { file?: Express.Multer.File }).file),
    uploadCsv(),
  );

  api.get('/asset_imports/:id/show_as_json', { summary: 'A dates import: its state, errors and summary', params: idParams, serviceQuery: importQuery, response: importJson }, ({ params, req }) => c.imports.show(authOf(req), params.id, req.query));

  api.get('/upcoming_new_hires', { summary: 'The people starting in the coming days', serviceQuery: newHiresQuery, response: newHiresJson }, ({ req }) => c.upcoming.newHires(authOf(req), req.query));

  api.get('/celebrations/:id/events/index_as_json', { summary: 'The celebrations coming up in a program', params: idParams, serviceQuery: eventsQuery, response: eventsJson }, ({ params, req }) => c.upcoming.events(authOf(req), params.id, req.query));

  api.put('/celebrations/:id/update_as_json', { summary: 'Change a Celebrations program’s settings', params: idParams, serviceBody: updateBody, response: celebrationAnswer }, ({ params, req }) => c.settings.update(authOf(req), params.id, req.body));

  api.post('/celebrations/:id/preview_as_json', { summary: 'The program’s messages exactly as Slack would get them, from saved or unsaved settings', params: idParams, serviceBody: previewBody, response: celebrationPreviewJson }, ({ params, req }) =>
    c.preview.preview(authOf(req), params.id, req.body),
  );

  api.get('/celebrations/:id', { summary: 'A Celebrations program and its settings', params: idParams, response: celebrationAnswer }, ({ params, req }) => c.settings.show(authOf(req), params.id));

  api.get('/celebration_schedules/index_as_json', { summary: 'A program’s dates of one kind', serviceQuery: indexQuery, response: scheduleIndex }, ({ req }) => c.schedules.index(authOf(req), req.query));

  api.put('/celebration_schedules/create_or_update_as_json', { summary: 'Add or change a date', serviceBody: createOrUpdateBody, response: z.object({ schedule: scheduleJson.nullable() }) }, ({ req }) => c.schedules.createOrUpdate(authOf(req), req.body));

  api.post('/celebration_schedules/send_ask_for_dates_dms', { summary: 'Ask the people without a date for theirs, by DM', serviceBody: askBody, response: z.object({ num_sent: z.number().int(), num_skipped: z.number().int() }) }, ({ req }) =>
    c.schedules.sendAskForDates(authOf(req), req.body),
  );

  api.get('/celebration_schedules/my_schedules', { summary: 'The member’s own birthday and anniversary', response: z.object({ schedules: z.array(myScheduleJson) }) }, ({ req }) => c.memberDates.mySchedules(authOf(req)));

  api.patch('/celebration_schedules/upsert_my_schedule', { summary: 'Set the member’s own birthday or anniversary', body: upsertMyBody, response: z.object({ schedule: myScheduleJson }) }, ({ body, req }) => c.memberDates.upsertMySchedule(authOf(req), body));

  api.put('/celebration_schedules/:id/update_included_programs_as_json', { summary: 'Include a date in a program or leave it out', params: idParams, serviceBody: includedBody, response: schedule }, ({ params, req }) =>
    c.schedules.updateIncluded(authOf(req), params.id, req.body),
  );

  return router;
}
