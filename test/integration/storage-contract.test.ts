import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage, S3Storage, type FileStorage } from '../../src/platform/storage/storage.js';

/** A loopback stand-in for an S3-compatible store: objects and multipart uploads, path-style, in memory. */
async function fakeS3(): Promise<{ url: string; objects: Map<string, Buffer>; largestRequest: () => number; close(): Promise<void> }> {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, Map<number, Buffer>>();
  let largest = 0;
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    largest = Math.max(largest, body.length);
    return body;
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const key = decodeURIComponent(url.pathname);
    const uploadId = url.searchParams.get('uploadId');
    const xml = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
    };
    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = `up${uploads.size + 1}`;
      uploads.set(id, new Map());
      return xml(200, `<InitiateMultipartUploadResult><Bucket>b</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    }
    if (req.method === 'PUT' && uploadId) {
      uploads.get(uploadId)!.set(Number(url.searchParams.get('partNumber')), await read(req));
      res.writeHead(200, { etag: `"p${url.searchParams.get('partNumber')}"` });
      return res.end();
    }
    if (req.method === 'POST' && uploadId) {
      await read(req);
      const parts = uploads.get(uploadId)!;
      objects.set(key, Buffer.concat([...parts.keys()].sort((a, b) => a - b).map((n) => parts.get(n)!)));
      uploads.delete(uploadId);
      return xml(200, `<CompleteMultipartUploadResult><Bucket>b</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`);
    }
    if (req.method === 'DELETE' && uploadId) {
      uploads.delete(uploadId);
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'PUT') {
      objects.set(key, await read(req));
      res.writeHead(200, { etag: '"o"' });
      return res.end();
    }
    const obj = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (!obj) {
      if (req.method === 'HEAD') {
        res.writeHead(404);
        return res.end();
      }
      return xml(404, `<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>`);
    }
    res.writeHead(200, { 'content-length': obj.length, 'content-type': 'application/octet-stream', etag: '"o"' });
    res.end(req.method === 'HEAD' ? undefined : obj);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    largestRequest: () => largest,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const text = async (s: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** Streams `size` bytes made as they are read; fails after `failAt` bytes when given. */
function generated(size: number, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) return void this.destroy(new Error('client went away'));
      if (sent >= size) return void this.push(null);
      const n = Math.min(256 * 1024, size - sent);
      this.push(Buffer.alloc(n, sent % 251));
      sent += n;
    },
  });
}

let s3: Awaited<ReturnType<typeof fakeS3>>;
beforeAll(async () => {
  s3 = await fakeS3();
});
afterAll(() => s3?.close());

/** The same contract, for each implementation of FileStorage. */
const implementations: Array<[string, () => FileStorage]> = [
  ['local disk', () => new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'hearth-storage-')))],
  ['S3-compatible', () => new S3Storage({ kind: 's3', bucket: 'hearth', endpoint: s3.url, region: 'us-east-1', accessKeyId: 'test', secretAccessKey: 'test', forcePathStyle: true })],
];

describe.each(implementations)('file storage contract: %s', (_name, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });

  it('puts, reads back, sizes and deletes', async () => {
    await storage.put('ws/1/abc', Readable.from([Buffer.from('hello '), Buffer.from('world')]), 'text/plain');
    expect((await text(await storage.get('ws/1/abc'))).toString()).toBe('hello world');
    expect(await storage.size('ws/1/abc')).toBe(11);
    await storage.delete('ws/1/abc');
    expect(await storage.size('ws/1/abc')).toBeNull();
    await expect(storage.get('ws/1/abc')).rejects.toThrow();
  });

  it('streams a 12 MB file through in pieces and keeps it byte for byte', async () => {
    await storage.put('ws/1/big', generated(12 * 1024 * 1024));
    expect(await storage.size('ws/1/big')).toBe(12 * 1024 * 1024);
    const back = await text(await storage.get('ws/1/big'));
    expect(back.equals(await text(generated(12 * 1024 * 1024)))).toBe(true);
  });

  it('a stream that fails half way keeps nothing', async () => {
    await expect(storage.put('ws/1/broken', generated(8 * 1024 * 1024, 6 * 1024 * 1024))).rejects.toThrow();
    expect(await storage.size('ws/1/broken')).toBeNull();
  });

  it('refuses keys that could leave the storage', async () => {
    await expect(storage.put('../etc/passwd', Readable.from(['x']))).rejects.toThrow(/invalid storage key/);
  });
});

it('S3 uploads go in parts of at most 5 MB (never the whole file in one request)', () => {
  expect(s3.largestRequest()).toBeLessThanOrEqual(5 * 1024 * 1024 + 1024);
  expect(s3.largestRequest()).toBeGreaterThan(0);
});
