import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { authOf, requireMember } from '../http/auth.js';
import { body, params } from '../http/validate.js';
import { assetJson, TOTAL_UPLOAD_BYTES, UPLOAD_TIMEOUT_MS, type AssetService } from './assets.js';
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
  const self = (req: Request) => settings.own(authOf(req), params(req, memberPathParams).id);

  router.get('/users/:id/preferences_as_json', async (req, res) => {
    const { workspace, member } = self(req);
    res.json(await settings.preferences(workspace, member));
  });

  router.patch('/users/:id/user_profile_entries/bulk_upsert', async (req, res) => {
    const { workspace, member } = self(req);
    const input = body(req, profileEntriesBody);
    res.json(await settings.upsertProfileEntries(workspace, member, input.user_profile_entries));
  });

  router.patch('/users/:id/user_relationships/upsert', async (req, res) => {
    const { workspace, member } = self(req);
    const input = body(req, managerBody);
    const related = input.user_relationship.related_user_id;
    res.json(await settings.setManager(workspace, member, related === '' || related === null ? null : related));
  });

  router.patch('/users/:id/update_work_hours', async (req, res) => {
    const { workspace, member } = self(req);
    const input = body(req, workHoursBody);
    res.json(await settings.setWorkHours(workspace, member, input.work_hours));
  });

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

  router.post(
    '/onboarding/assets',
    async (req, res, next) => {
      req.setTimeout(UPLOAD_TIMEOUT_MS);
      try {
        await assets.begin(req, authOf(req).workspace.id);
        next();
      } catch (err) {
        // Refused before reading the body: close the connection rather than read what we will not keep.
        res.setHeader('connection', 'close');
        next(err);
      }
    },
    (req, res, next) => {
      upload(req, res, (err: unknown) => {
        if (err) res.setHeader('connection', 'close');
        next(err);
      });
    },
    async (req, res) => {
      const { workspace, member } = authOf(req);
      const groups = (req.files ?? {}) as Record<string, Express.Multer.File[]>;
      const files = Object.values(groups).flat();
      await assets.refuseTooLarge(req, files);
      const created = await assets.record(workspace, member, files);
      res.status(201).json({ assets: created, asset: created[0] });
    },
  );

  /** What an upload may be, so the uploaders check files before sending them (the server checks again). */
  router.get('/onboarding/assets/limits', (_req, res) => {
    res.json({ max_file_mb: assets.perFileMb, total_mb: TOTAL_UPLOAD_BYTES / 1_000_000 });
  });

  router.get('/onboarding/assets/:id', async (req, res) => {
    const { id } = params(req, assetParams);
    res.json(assetJson(await assets.get(authOf(req).workspace.id, id)));
  });

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
