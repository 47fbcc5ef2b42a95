import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { authOf, requireMember } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { params } from '../../http/validate.js';
import { requireWorkspaceAdmin } from '../access.js';
import type { DonutImport } from './donut.js';
import type { OpenData } from './service.js';

/** The largest file an import takes (it is parsed whole, so it is bounded). */
export const MAX_IMPORT_BYTES = 50_000_000;

function importFile(): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } }).single('file');
  return (req, res, next) =>
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
        return next(new HttpError(413, `File(s) too large: ${req.file?.originalname ?? 'the file'}. Maximum file size is ${MAX_IMPORT_BYTES / 1_000_000}MB per file.`, { file: 'too large' }));
      if (err instanceof multer.MulterError) return next(new HttpError(400, `Upload refused: ${err.message}`, { file: err.code }));
      next(err);
    });
}

const tableParams = z.object({ table: z.string().regex(/^[a-z_]+$/, 'is not a table') });

/** Open data (docs/data-format.md): workspace admins export and import the workspace's data. */
export function openDataRoutes(data: OpenData, donut: DonutImport): Router {
  const router = Router();
  router.use('/data', requireMember, (req, _res, next) => {
    requireWorkspaceAdmin(authOf(req));
    next();
  });

  router.get('/data/manifest_as_json', (_req, res) => {
    res.json({ tables: data.tables.map((t) => ({ table: t.table, capability: t.capability, description: t.description })) });
  });

  router.get('/data/export.json', async (req, res) => {
    const { workspace } = authOf(req);
    const doc = await data.exportJson(workspace);
    res.setHeader('content-disposition', `attachment; filename="hearth-${workspace.domain || workspace.team_id}-${doc.exported_at.slice(0, 10)}.json"`);
    res.json(doc);
  });

  router.get('/data/export/:table.csv', async (req, res) => {
    const { table } = params(req, tableParams);
    const csv = await data.exportCsv(authOf(req).workspace, table);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="${table}.csv"`);
    res.send(csv);
  });

  router.post('/data/import', importFile(), async (req, res) => {
    if (!req.file?.size) throw new HttpError(400, 'Please select a file for upload.', { file: 'choose a Hearth export (.json)' });
    let doc: unknown;
    try {
      doc = JSON.parse(req.file.buffer.toString('utf8'));
    } catch {
      throw new HttpError(400, 'file: not a JSON file', { file: 'not a JSON file' });
    }
    res.json(await data.importJson(authOf(req).workspace, doc));
  });

  router.post('/data/import_donut', importFile(), async (req, res) => {
    if (!req.file?.size) throw new HttpError(400, 'Please select a file for upload.', { file: 'choose a Donut export (.csv)' });
    res.json(await donut.run(authOf(req).workspace, req.file.buffer));
  });

  return router;
}
