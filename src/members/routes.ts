import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { authOf, requireMember } from '../http/auth.js';
import { jsonApi } from '../http/api.js';
import { params } from '../http/validate.js';
import { assetJson, myPreferencesJson, uploadLimitsJson } from './api-types.js';
import { toAssetJson, TOTAL_UPLOAD_BYTES, UPLOAD_TIMEOUT_MS, type AssetService } from './assets.js';
import { assetParams, managerBody, memberPathParams, profileEntriesBody, workHoursBody } from './schema.js';
import type { MemberSettingsService } from './settings.js';

/** The most files in one upload request. */
const MAX_FILES = 20;

/**
 * A member's own settings (journeys.md §7 "User preferences"). Only the member themselves: another member's
 * id, or another workspace's, is a 404 (the service's `own`).
 */
export function memberSettingsRoutes(settings: MemberSettingsService): Router {
  const router = Router();
  router.use('/users', requireMember);
  const api = jsonApi(router, 'Member settings');
  // Only the member themselves (the service's rule), checked before the body is read: another member's id is a 404 whatever it sends.
  const selfOnly = (req: Request, _res: Response, next: NextFunction) => {
    settings.own(authOf(req), params(req, memberPathParams).id);
    next();
  };
  const me = (req: Request) => authOf(req);

  api.get('/users/:id/preferences_as_json', { summary: 'The member’s own profile entries, manager and work hours', params: memberPathParams, response: myPreferencesJson }, ({ req }) => settings.preferences(me(req).workspace, me(req).member), selfOnly);

  api.patch('/users/:id/user_profile_entries/bulk_upsert', { summary: 'Fill in profile fields', params: memberPathParams, body: profileEntriesBody, response: myPreferencesJson }, ({ body, req }) =>
    settings.upsertProfileEntries(me(req).workspace, me(req).member, body.user_profile_entries), selfOnly);

  api.patch('/users/:id/user_relationships/upsert', { summary: 'Set the member’s manager (an empty id: none)', params: memberPathParams, body: managerBody, response: myPreferencesJson }, ({ body, req }) => {
    const related = body.user_relationship.related_user_id;
    return settings.setManager(me(req).workspace, me(req).member, related === '' || related === null ? null : related);
  }, selfOnly);

  api.patch('/users/:id/update_work_hours', { summary: 'Set the member’s work hours', params: memberPathParams, body: workHoursBody, response: myPreferencesJson }, ({ body, req }) =>
    settings.setWorkHours(me(req).workspace, me(req).member, body.work_hours), selfOnly);

  return router;
}

/** Uploads (programs.md §7): POST /onboarding/assets (multipart) and GET /onboarding/assets/{id}. */
export function assetRoutes(assets: AssetService): Router {
  const router = Router();
  router.use('/onboarding/assets', requireMember);
  const upload = multer({ storage: assets.engine(), limits: { files: MAX_FILES, fields: 20, fieldSize: 10_000, parts: MAX_FILES + 20 } }).fields([
    { name: 'file', maxCount: MAX_FILES },
    { name: 'files', maxCount: MAX_FILES },
    { name: 'files[]', maxCount: MAX_FILES },
  ]);

  const api = jsonApi(router, 'Uploads');
  const refuseEarly = async (req: Request, res: Response, next: NextFunction) => {
    req.setTimeout(UPLOAD_TIMEOUT_MS);
    try {
      await assets.begin(req, authOf(req).workspace.id);
      next();
    } catch (err) {
      // Refused before reading the body: close the connection rather than read what we will not keep.
      res.setHeader('connection', 'close');
      next(err);
    }
  };
  const receive = (req: Request, res: Response, next: NextFunction) => {
    upload(req, res, (err: unknown) => {
      if (err) res.setHeader('connection', 'close');
      next(err);
    });
  };
  api.post(
    '/onboarding/assets',
    { summary: 'Upload files (multipart: `file` or `files`): the files recorded', status: 201, response: z.object({ assets: z.array(assetJson), asset: assetJson }) },
    async ({ req }) => {
      const { workspace, member } = authOf(req);
      const groups = (req.files ?? {}) as Record<string, Express.Multer.File[]>;
      const files = Object.values(groups).flat();
      await assets.refuseTooLarge(req, files);
      const created = await assets.record(workspace, member, files);
      return { assets: created, asset: created[0]! };
    },
    refuseEarly,
    receive,
  );

  /** What an upload may be, so the uploaders check files before sending them (the server checks again). */
  api.get('/onboarding/assets/limits', { summary: 'What an upload may be', response: uploadLimitsJson }, () => ({ max_file_mb: assets.perFileMb, total_mb: TOTAL_UPLOAD_BYTES / 1_000_000 }));

  api.get('/onboarding/assets/:id', { summary: 'An uploaded file: its state and where to get it', params: assetParams, response: assetJson }, async ({ params, req }) => toAssetJson(await assets.get(authOf(req).workspace.id, params.id)));

  const send = async (req: Request, res: Response, which: 'file' | 'thumbnail') => {
    const { id } = params(req, assetParams);
    const a = await assets.get(authOf(req).workspace.id, id);
    const key = which === 'file' ? a.storage_key : a.thumbnail_key;
    if (!key) return void res.status(404).json({ error: 'Not found' });
    const stream = await assets.open(key);
    // Only the thumbnail is an image Hearth itself re-encoded (sharp → WebP). Whatever was uploaded (an SVG with a
    // script, HTML named .png …) is never rendered as a page of this origin: downloaded, no type guessing, and
    // sandboxed with nothing allowed should a browser open it anyway. <img> still shows it (the headers govern
    // navigation, not images).
    const reencoded = which === 'thumbnail';
    res.setHeader('content-type', reencoded ? 'image/webp' : (a.content_type ?? 'application/octet-stream'));
    res.setHeader('x-content-type-options', 'nosniff');
    if (!reencoded) res.setHeader('content-security-policy', "sandbox; default-src 'none'");
    res.setHeader('content-disposition', `${reencoded ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(a.file_name)}`);
    res.setHeader('cache-control', 'private, max-age=300');
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };
  router.get('/onboarding/assets/:id/file', (req, res) => send(req, res, 'file'));
  router.get('/onboarding/assets/:id/thumbnail', (req, res) => send(req, res, 'thumbnail'));

  return router;
}
