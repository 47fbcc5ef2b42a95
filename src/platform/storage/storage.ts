import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, DeleteObjectCommand, DeleteObjectsCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../../config.js';

/**
 * Where uploaded files live. Files are streamed in and out, never held whole in memory: `put` reads the
 * stream as it comes (a local file, or S3 parts of 5 MB at most four at a time), `get` returns a stream.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the stream under `key`; rejects (and keeps nothing) when the stream errors. */
  put(key: string, body: Readable, contentType?: string): Promise<void>;
  get(key: string): Promise<Readable>;
  /** The stored size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Deletes every file whose key starts with `prefix` (a workspace's `ws/<id>/`). */
  deleteAll(prefix: string): Promise<void>;
}

/** Where a workspace's files are: every key the app makes for it starts with this (`ws/<id>/<random>`). */
export function workspaceFiles(workspaceId: number): string {
  return `ws/${workspaceId}/`;
}

/** Keys are made by the app (`ws/<id>/<random>`); refuse anything that could leave the storage root. */
function checkKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]{0,300}$/.test(key) || key.includes('..')) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** Files under a directory (the data dir's uploads/ by default). */
export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    const path = resolve(join(this.root, checkKey(key)));
    if (!path.startsWith(this.root + sep)) throw new Error('invalid storage key');
    return path;
  }

  async put(key: string, body: Readable): Promise<void> {
    const path = this.path(key);
    // Synchronously, so the stream gets its error handler (pipeline's) before any data can flow.
    mkdirSync(dirname(path), { recursive: true });
    try {
      await pipeline(body, createWriteStream(path));
    } catch (err) {
      await rm(path, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.path(key);
    await stat(path);
    return createReadStream(path);
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.path(key))).size;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deleteAll(prefix: string): Promise<void> {
    await rm(this.path(prefix.replace(/\/$/, '')), { recursive: true, force: true });
  }
}

/** An S3-compatible bucket (AWS S3, MinIO, R2 …), uploads streamed in parts by lib-storage's Upload. */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly config: Extract<StorageConfig, { kind: 's3' }>) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
      // S3-compatible stores do not all take the newer default checksums (aws-chunked trailers).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, contentType?: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: checkKey(key), Body: body, ...(contentType ? { ContentType: contentType } : {}) },
      queueSize: 4,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string): Promise<Readable> {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
    return out.Body as Readable;
  }

  async size(key: string): Promise<number | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
      return out.ContentLength ?? null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
  }

  async deleteAll(prefix: string): Promise<void> {
    // A page of at most 1000 keys at a time, deleted in one request each, until none is left under the prefix.
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: checkKey(prefix) }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (!keys.length) return;
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: keys, Quiet: true } }));
    }
  }
}

export function storageFor(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? new S3Storage(config) : new LocalDiskStorage(config.dir);
}
