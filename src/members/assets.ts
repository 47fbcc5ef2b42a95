import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { Request } from 'express';
import { fileTypeFromStream } from 'file-type';
import type { StorageEngine } from 'multer';
import sharp from 'sharp';
import type { Member, Workspace } from '../db/types.js';
import { HttpError } from '../http/errors.js';
import { event } from '../platform/events/define.js';
import { workspaceFiles } from '../platform/storage/storage.js';
import { AssetRepository } from './assets.repository.js';
import type { MembersDeps } from './deps.js';
import { assetProcessed, assetUploaded } from './events.js';
import { processAsset } from './jobs.js';
import type { Asset } from './tables.js';
import type { AssetJson } from './api-types.js';

/** programs.md §5, §9: all of a workspace's files together take at most 100,000,000 bytes. */
export const TOTAL_UPLOAD_BYTES = 100_000_000;
export const TOTAL_LIMIT_MESSAGE = 'File size limit exceeded (max 100 MB total for all files).';
export const NO_FILE_MESSAGE = 'Please select a file for upload.';
export const tooLargeMessage = (names: string[], mb: number) => `File(s) too large: ${names.join(', ')}. Maximum file size is ${mb}MB per file.`;
/** programs.md §7: the multipart upload's timeout. */
export const UPLOAD_TIMEOUT_MS = 600_000;
/** Room for the multipart envelope (boundaries, part headers) when judging a request by its Content-Length. */
const ENVELOPE_BYTES = 1_000_000;
/** Thumbnails fit in this square. */
const THUMBNAIL_PX = 256;
/** Types never kept (executables). */
const BLOCKED = new Set(['exe', 'elf', 'mach', 'msi', 'dmg', 'apk', 'class', 'dll', 'dex']);
const IMAGE_NAME = /\.(png|jpe?g|gif|webp|avif|tiff?|bmp)$/i;


export const toAssetJson = (a: Asset): AssetJson => ({
  id: a.id,
  file_name: a.file_name,
  file_size: Number(a.file_size),
  content_type: a.content_type,
  state: a.state,
  errors: a.errors,
  url: `/onboarding/assets/${a.id}/file`,
  thumbnail_url: a.thumbnail_key ? `/onboarding/assets/${a.id}/thumbnail` : null,
  created_at: a.created_at.toISOString(),
});

/** What one upload request may still take, set before multer reads the body. */
interface UploadBudget {
  workspaceId: number;
  /** Bytes left of the workspace's total. */
  remaining: number;
  /** The per-file limit in bytes, when configured. */
  perFile: number | null;
  perFileMb: number | null;
  /** Bytes stored so far by this request. */
  used: number;
  /** The files over the per-file limit, each named: the request goes on reading so every one is found. */
  tooLarge: string[];
}

/** A file crossed the per-file limit: its storing stops, and the request reads on to find the others. */
class FileTooLarge extends Error {}

const budgets = new WeakMap<Request, UploadBudget>();

/** Counts bytes as they pass and fails the stream the moment a limit is crossed. */
function counter(budget: UploadBudget, name: string): Transform & { bytes: number } {
  let bytes = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      (t as Transform & { bytes: number }).bytes = bytes;
      if (budget.perFile !== null && bytes > budget.perFile) return cb(new FileTooLarge(name));
      if (budget.used + bytes > budget.remaining) return cb(new HttpError(413, TOTAL_LIMIT_MESSAGE, { file: TOTAL_LIMIT_MESSAGE }));
      cb(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

/** Uploads (programs.md §3–§9): streamed to storage, limited, then processed by a job. */
export class AssetService {
  readonly repo: AssetRepository;

  constructor(private readonly s: MembersDeps) {
    this.repo = new AssetRepository(s.db);
  }

  get perFileMb(): number | null {
    return this.s.config.uploadMaxFileMb ?? null;
  }

  /**
   * Before the body is read: what this request may store. A Content-Length that cannot fit is refused at
   * once, so a 150 MB upload is never read at all.
   */
  async begin(req: Request, workspaceId: number): Promise<void> {
    const remaining = TOTAL_UPLOAD_BYTES - (await this.repo.totalBytes(workspaceId));
    const length = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(length) && length - ENVELOPE_BYTES > remaining) throw new HttpError(413, TOTAL_LIMIT_MESSAGE, { file: TOTAL_LIMIT_MESSAGE });
    const mb = this.perFileMb;
    budgets.set(req, { workspaceId, remaining, perFile: mb === null ? null : mb * 1_000_000, perFileMb: mb, used: 0, tooLarge: [] });
  }

  /** multer's storage engine: each file streams through a byte counter into the file storage. */
  engine(): StorageEngine {
    const storage = this.s.storage;
    return {
      _handleFile(req, file, cb) {
        const budget = budgets.get(req as Request);
        if (!budget) return cb(new Error('upload budget missing'));
        const key = `${workspaceFiles(budget.workspaceId)}${randomBytes(12).toString('hex')}`;
        const count = counter(budget, file.originalname);
        file.stream.on('error', (err) => count.destroy(err));
        storage
          .put(key, file.stream.pipe(count), file.mimetype)
          .then(() => {
            budget.used += count.bytes;
            cb(null, { path: key, size: count.bytes });
          })
          .catch(async (err: unknown) => {
            await storage.delete(key).catch(() => undefined);
            // Stop reading this part: multer drains the rest of the request without keeping it.
            file.stream.resume();
            if (!(err instanceof FileTooLarge)) return cb(err as Error);
            // Read on past a file that is too large, so the answer names every such file (programs.md §9).
            budget.tooLarge.push(file.originalname);
            cb(null, { path: '', size: 0 });
          });
      },
      _removeFile(_req, file, cb) {
        storage.delete(file.path).then(() => cb(null), cb);
      },
    };
  }

  /** After the body is read: a request with files over the per-file limit keeps none of its files, and says which. */
  async refuseTooLarge(req: Request, files: readonly Express.Multer.File[]): Promise<void> {
    const budget = budgets.get(req);
    if (!budget?.tooLarge.length) return;
    await Promise.all(files.filter((f) => f.path).map((f) => this.s.storage.delete(f.path)));
    const message = tooLargeMessage(budget.tooLarge, budget.perFileMb!);
    throw new HttpError(413, message, { file: message });
  }

  /** Records the stored files (all or none) and queues their processing. */
  async record(workspace: Workspace, member: Member, files: Express.Multer.File[]): Promise<AssetJson[]> {
    if (!files.length) throw new HttpError(400, NO_FILE_MESSAGE, { file: NO_FILE_MESSAGE });
    const now = this.s.clock.now();
    const assets = await this.s.events.transaction(async (trx, emit) => {
      const out: Asset[] = [];
      for (const f of files) {
        const a = await this.repo.insert(trx, { workspace_id: workspace.id, member_id: member.id, file_name: f.originalname.slice(0, 255), content_type: f.mimetype || null, file_size: f.size, storage_key: f.path, created_at: now });
        emit(event(assetUploaded, workspace.id, { assetId: a.id, memberId: member.id, fileSize: f.size }));
        out.push(a);
      }
      return out;
    });
    for (const a of assets) await this.s.queue.enqueue(processAsset, { workspaceId: workspace.id, assetId: a.id }, { jobId: `asset:${a.id}` });
    return assets.map(toAssetJson);
  }

  async get(workspaceId: number, id: number): Promise<Asset> {
    const a = await this.repo.get(workspaceId, id);
    if (!a) throw new HttpError(404, 'Not found');
    return a;
  }

  open(key: string): Promise<Readable> {
    return this.s.storage.get(key);
  }

  /** The job: type sniffing, a thumbnail for images, then uploaded or failed_processing (once). */
  async process(workspaceId: number, assetId: number): Promise<void> {
    const asset = await this.repo.get(workspaceId, assetId);
    if (!asset || asset.state !== 'needs_processing') return;
    const errors: string[] = [];
    let contentType = asset.content_type;
    let thumbnailKey: string | null = null;
    try {
      const head = await this.s.storage.get(asset.storage_key);
      const type = await fileTypeFromStream(head).finally(() => head.destroy());
      if (type) contentType = type.mime;
      if (type && BLOCKED.has(type.ext)) errors.push(`${type.ext} files are not allowed.`);
      const claimsImage = IMAGE_NAME.test(asset.file_name) || (asset.content_type ?? '').startsWith('image/');
      if (!errors.length && (claimsImage || type?.mime.startsWith('image/'))) {
        if (!type?.mime.startsWith('image/')) errors.push(`${asset.file_name} is not an image we can read.`);
        else {
          const key = `${asset.storage_key}.thumb.webp`;
          const source = await this.s.storage.get(asset.storage_key);
          const resize = sharp({ failOn: 'error' }).resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true }).webp();
          source.on('error', (err) => resize.destroy(err));
          await this.s.storage.put(key, source.pipe(resize), 'image/webp');
          thumbnailKey = key;
        }
      }
    } catch (err) {
      this.s.log.warn({ err, assetId }, 'asset processing failed');
      errors.push(`${asset.file_name} could not be processed.`);
    }
    await this.s.events.transaction(async (trx, emit) => {
      const state = errors.length ? 'failed_processing' : 'uploaded';
      if (await this.repo.finish(trx, workspaceId, assetId, { state, content_type: contentType, thumbnail_key: thumbnailKey, errors, processed_at: this.s.clock.now() }))
        emit(event(assetProcessed, workspaceId, { assetId, state }));
    });
  }
}
