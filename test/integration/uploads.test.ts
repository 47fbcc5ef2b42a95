import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { member, type Client } from './members-support.js';

interface AssetJson {
  id: number;
  file_name: string;
  file_size: number;
  content_type: string | null;
  state: 'needs_processing' | 'uploaded' | 'failed_processing';
  errors: string[];
  url: string;
  thumbnail_url: string | null;
}

const TOTAL = 'File size limit exceeded (max 100 MB total for all files).';

async function upload(t: SandboxHearth, who: Client, files: Array<{ name: string; body: Uint8Array | string; type?: string }>, field = 'file') {
  const form = new FormData();
  for (const f of files) form.append(field, new Blob([typeof f.body === 'string' ? f.body : Buffer.from(f.body)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const res = await fetch(`${t.url}/onboarding/assets`, { method: 'POST', headers: { cookie: who.cookie, 'x-csrf-token': who.csrf }, body: form });
  return { status: res.status, body: (await res.json()) as { assets?: AssetJson[]; error?: string; fields?: Record<string, string> } };
}

/**
 * Sends a multipart body of `size` bytes made as it is read, with or without a Content-Length, and reports
 * the status and how much of it the server let us send before answering.
 */
function bigUpload(t: SandboxHearth, who: Client, size: number, withLength: boolean): Promise<{ status: number | null; body: string; produced: number }> {
  const boundary = 'hearthboundary1234';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, 7);
  let produced = 0;
  const body = Readable.from(
    (function* () {
      yield head;
      while (produced < size) {
        const n = Math.min(chunk.length, size - produced);
        produced += n;
        yield n === chunk.length ? chunk : chunk.subarray(0, n);
      }
      yield tail;
    })(),
  );
  const url = new URL('/onboarding/assets', t.url);
  return new Promise((resolve) => {
    let status: number | null = null;
    let text = '';
    const req = request(url, {
      method: 'POST',
      headers: {
        cookie: who.cookie,
        'x-csrf-token': who.csrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(withLength ? { 'content-length': String(head.length + size + tail.length) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    const done = () => resolve({ status, body: text, produced });
    req.on('response', (res) => {
      status = res.statusCode ?? null;
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', done);
      res.on('error', done);
    });
    req.on('error', () => setTimeout(done, 50));
    body.pipe(req);
  });
}

describe(`uploads (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let me: Client;
  let stranger: Client;
  let wsId: number;
  const uploadsDir = () => join(t.dataDir, 'uploads', 'ws', String(wsId));
  const stored = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

  beforeAll(async () => {
    t = await startSandboxHearth();
    me = await member(t, ACME.teamId, 'U0DEMO012');
    stranger = await member(t, GLOBEX.teamId, GLOBEX.adminUserId);
    wsId = (await t.services.workspaces.byTeamId(ACME.teamId))!.id;
  });
  afterAll(() => t?.close());

  it('no file selected: 400 "Please select a file for upload."', async () => {
    const res = await fetch(`${t.url}/onboarding/assets`, { method: 'POST', headers: { cookie: me.cookie, 'x-csrf-token': me.csrf }, body: new FormData() });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('Please select a file for upload.');
  });

  it('an image: needs_processing, then uploaded with a thumbnail; served only to the workspace\'s signed-in people', async () => {
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#cc5500' } }).png().toBuffer();
    const res = await upload(t, me, [{ name: 'team.png', body: png, type: 'image/png' }]);
    expect(res.status).toBe(201);
    const [asset] = res.body.assets!;
    expect(asset).toMatchObject({ file_name: 'team.png', file_size: png.length, state: 'needs_processing' });
    await t.services.queue.idle();
    const done = await me.call<AssetJson>('GET', `/onboarding/assets/${asset!.id}`);
    expect(done).toMatchObject({ state: 'uploaded', content_type: 'image/png', errors: [] });
    expect(done.thumbnail_url).toBe(`/onboarding/assets/${asset!.id}/thumbnail`);

    const file = await fetch(`${t.url}${done.url}`, { headers: { cookie: me.cookie } });
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    const thumb = await fetch(`${t.url}${done.thumbnail_url}`, { headers: { cookie: me.cookie } });
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 128 });

    // Another workspace's member: not found; nobody signed in: 401.
    await stranger.call('GET', `/onboarding/assets/${asset!.id}`, undefined, 404);
    expect((await fetch(`${t.url}${done.url}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await fetch(`${t.url}${done.url}`)).status).toBe(401);
    await me.call('GET', '/onboarding/assets/99999999999', undefined, 400);
  });

  it('a file that claims to be an image but is not: failed_processing with the reason; a text file: uploaded', async () => {
    const res = await upload(t, me, [
      { name: 'broken.png', body: 'this is not a png', type: 'image/png' },
      { name: 'notes.txt', body: 'hello', type: 'text/plain' },
    ]);
    expect(res.status).toBe(201);
    await t.services.queue.idle();
    const [broken, notes] = await Promise.all(res.body.assets!.map((a) => me.call<AssetJson>('GET', `/onboarding/assets/${a.id}`)));
    expect(broken).toMatchObject({ state: 'failed_processing', errors: ['broken.png is not an image we can read.'], thumbnail_url: null });
    expect(notes).toMatchObject({ state: 'uploaded', errors: [] });
  });

  it('uploaded files are served as attachments with nosniff and a sandboxing CSP; only the re-encoded thumbnail is inline', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0055cc' } }).png().toBuffer();
    const res = await upload(t, me, [
      { name: 'logo.svg', body: svg, type: 'image/svg+xml' },
      { name: 'photo.png', body: png, type: 'image/png' },
    ]);
    expect(res.status).toBe(201);
    await t.services.queue.idle();
    const [logo, photo] = await Promise.all(res.body.assets!.map((a) => me.call<AssetJson>('GET', `/onboarding/assets/${a.id}`)));
    for (const a of [logo!, photo!]) {
      const file = await fetch(`${t.url}${a.url}`, { headers: { cookie: me.cookie } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('content-security-policy')).toContain('sandbox');
      expect(file.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
    const thumb = await fetch(`${t.url}${photo!.thumbnail_url!}`, { headers: { cookie: me.cookie } });
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(thumb.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('150 MB with a Content-Length: refused before the body is read', async () => {
    const before = stored().length;
    const heap = process.memoryUsage().heapUsed;
    const res = await bigUpload(t, me, 150_000_000, true);
    if (res.status !== null) {
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error).toBe(TOTAL);
    }
    // The server answered (or closed) long before 150 MB went out: it did not read them.
    expect(res.produced).toBeLessThan(60_000_000);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(80_000_000);
    expect(stored().length).toBe(before);
  });

  it('150 MB streamed without a length: counted as it streams, stopped at the limit, nothing kept', async () => {
    const before = stored().length;
    const rows = await t.services.db.selectFrom('assets').select('id').where('workspace_id', '=', wsId).execute();
    const heap = process.memoryUsage().heapUsed;
    const res = await bigUpload(t, me, 150_000_000, false);
    if (res.status !== null) {
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error).toBe(TOTAL);
    }
    // Streamed to disk, not held: the heap grew by far less than the 100 MB that went through.
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(80_000_000);
    expect(stored().length).toBe(before);
    expect(await t.services.db.selectFrom('assets').select('id').where('workspace_id', '=', wsId).execute()).toEqual(rows);
  }, 120_000);

  it('the 100 MB total counts every file of the workspace', async () => {
    const fill = await t.services.db
      .insertInto('assets')
      .values({ workspace_id: wsId, member_id: me.memberId, file_name: 'old.bin', content_type: null, file_size: 99_999_000, storage_key: 'ws/0/none', errors: '[]', state: 'uploaded', created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await upload(t, me, [{ name: 'a.txt', body: 'x'.repeat(5000) }]);
    expect(res).toMatchObject({ status: 413, body: { error: TOTAL } });
    // Another workspace has its own 100 MB.
    expect((await upload(t, stranger, [{ name: 'a.txt', body: 'x'.repeat(5000) }])).status).toBe(201);
    await t.services.db.deleteFrom('assets').where('id', '=', fill.id).execute();
    expect((await upload(t, me, [{ name: 'a.txt', body: 'x'.repeat(5000) }])).status).toBe(201);
  });
});

describe('uploads with a per-file limit (UPLOAD_MAX_FILE_MB=1)', () => {
  let t: SandboxHearth;
  let me: Client;
  beforeAll(async () => {
    t = await startSandboxHearth({ env: { UPLOAD_MAX_FILE_MB: '1' } });
    me = await member(t, ACME.teamId, 'U0DEMO012');
  });
  afterAll(() => t?.close());

  it('every file over the limit is refused by name and nothing of the request is kept', async () => {
    const res = await upload(t, me, [
      { name: 'huge.bin', body: new Uint8Array(1_200_000) },
      { name: 'small.txt', body: 'fine' },
      { name: 'big.png', body: new Uint8Array(1_000_001) },
    ]);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('File(s) too large: huge.bin, big.png. Maximum file size is 1MB per file.');
    const ws = await t.services.workspaces.byTeamId(ACME.teamId);
    expect(await t.services.db.selectFrom('assets').select('id').where('workspace_id', '=', ws!.id).execute()).toEqual([]);
    const dir = join(t.dataDir, 'uploads', 'ws', String(ws!.id));
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    expect((await upload(t, me, [{ name: 'ok.bin', body: new Uint8Array(900_000) }])).status).toBe(201);
  });

  it('tells the uploaders the configured limit, so they check every file before sending', async () => {
    expect(await t.call(me, 'GET', '/onboarding/assets/limits')).toEqual({ max_file_mb: 1, total_mb: 100 });
  });
});
