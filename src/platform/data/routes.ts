import { Router, type Request, type RequestHandler } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { authOf, endSession, requireMember } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { jsonApi } from '../../http/api.js';
import { params } from '../../http/validate.js';
import { dataTableJson, deletedJson, donutSummaryJson, exportDocumentJson, importSummaryJson } from './api-types.js';
import type { DonutImport } from './donut.js';
import type { OpenData } from './service.js';

/** The largest file an import takes (it is parsed whole, so it is bounded). */
export const MAX_IMPORT_BYTES = 50_000_000;

/** The most files one import takes: a CSV per exported table. */
const MAX_IMPORT_FILES = 200;

function importFiles(maxFiles: number): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMPORT_BYTES, files: maxFiles, fields: 5 } }).array('file', maxFiles);
  return (req, res, next) =>
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
        return next(new HttpError(413, `File(s) too large: ${req.file?.originalname ?? 'the file'}. Maximum file size is ${MAX_IMPORT_BYTES / 1_000_000}MB per file.`, { file: 'too large' }));
      if (err instanceof multer.MulterError) return next(new HttpError(400, `Upload refused: ${err.message}`, { file: err.code }));
      next(err);
    });
}

const filesOf = (req: Request): Express.Multer.File[] => (Array.isArray(req.files) ? req.files : []);

const tableParams = z.object({ table: z.string().regex(/^[a-z_]+$/, 'is not a table') });

/** "Delete my data" cannot be undone: the member confirms it in so many words. */
const deleteMineBody = z.object({ confirm: z.literal(true, { error: 'must be true to delete your data' }) });

/**
 * Open data (docs/data-format.md): workspace admins export and import the workspace's data; every member exports or
 * deletes their own. The JSON calls register their schemas; the CSV download of one table stays a plain route.
 */
export function openDataRoutes(data: OpenData, donut: DonutImport): Router {
  const router = Router();
  const api = jsonApi(router, 'Open data');
  // Every member: their own data (before the admins-only part below): export it, or delete it (docs/privacy.md).
  api.get('/data/mine.json', { summary: 'Download the member’s own data (a Hearth export of their rows)', response: exportDocumentJson }, async ({ req, res }) => {
    const { workspace, member } = authOf(req);
    const doc = await data.exportMine(workspace, member.id);
    res.setHeader('content-disposition', `attachment; filename="hearth-my-data-${doc.exported_at.slice(0, 10)}.json"`);
    return doc;
  }, requireMember);

  api.post('/data/delete_mine_as_json', { summary: 'Delete the member’s own data (it cannot be undone); their session ends', body: deleteMineBody, response: deletedJson }, async ({ req, res }) => {
    const { workspace, member } = authOf(req);
    await data.eraseMine(workspace, member.id);
    // Hearth no longer knows who they are: their session ends with their data.
    endSession(res);
    return { deleted: true as const };
  }, requireMember);

  // The workspace's data: the services answer who may (workspace admins).
  router.use('/data', requireMember);
  /** Refused before an upload is read. */
  const mayImport: RequestHandler = (req, _res, next) => void data.beginImport(authOf(req)).then(() => next(), next);

  api.get('/data/manifest_as_json', { summary: 'The tables an export holds (admins)', response: z.object({ tables: z.array(dataTableJson) }) }, async ({ req }) => ({ tables: await data.tableList(authOf(req)) }));

  api.get('/data/export.json', { summary: 'Download the workspace’s data: every table, as one Hearth export (admins)', response: exportDocumentJson }, async ({ req, res }) => {
    const { workspace } = authOf(req);
    const doc = await data.exportJson(authOf(req));
    res.setHeader('content-disposition', `attachment; filename="hearth-${workspace.domain || workspace.team_id}-${doc.exported_at.slice(0, 10)}.json"`);
    return doc;
  });

  router.get('/data/export/:table.csv', async (req, res) => {
    const { table } = params(req, tableParams);
    const csv = await data.exportCsv(authOf(req), table);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="${table}.csv"`);
    res.send(csv);
  });

  // One Hearth export (.json), or the tables' CSV files ({table}.csv, one or several).
  api.post(
    '/data/import',
    { summary: 'Import a Hearth export (multipart `file`: one .json, or the tables’ .csv files) into the workspace (admins)', response: importSummaryJson },
    async ({ req }) => {
      const files = filesOf(req).filter((f) => f.size > 0);
      if (!files.length) throw new HttpError(400, 'Please select a file for upload.', { file: 'choose a Hearth export (.json, or the tables’ .csv files)' });
      if (files.every((f) => /\.csv$/i.test(f.originalname))) return data.importCsv(authOf(req), files.map((f) => ({ name: f.originalname, content: f.buffer })));
      if (files.length > 1) throw new HttpError(400, 'file: import one Hearth export (.json), or only .csv files', { file: 'one .json file, or .csv files' });
      let doc: unknown;
      try {
        doc = JSON.parse(files[0]!.buffer.toString('utf8'));
      } catch {
        throw new HttpError(400, 'file: not a JSON file', { file: 'not a JSON file' });
      }
      return data.importJson(authOf(req), doc);
    },
    mayImport,
    importFiles(MAX_IMPORT_FILES),
  );

  api.post(
    '/data/import_donut',
    { summary: 'Import a Donut export (multipart `file`: one .csv) into the capability whose data it is (admins)', response: donutSummaryJson },
    async ({ req }) => {
      const [file] = filesOf(req);
      if (!file?.size) throw new HttpError(400, 'Please select a file for upload.', { file: 'choose a Donut export (.csv)' });
      return donut.run(authOf(req), file.buffer);
    },
    mayImport,
    importFiles(1),
  );

  return router;
}
