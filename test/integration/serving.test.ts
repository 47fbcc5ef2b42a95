import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPages } from '../../src/http/pages.js';
import { ACME } from '../../src/sandbox/seed.js';
import { startTestHearth, type TestHearth } from '../support/hearth.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

/** A dist/web of our own: an HTML shell, a hashed bundle and its source map. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Hearth</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), `export const pages = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `page ${i}`))};\n`);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.map'), '{"version":3,"sources":["secret.tsx"],"mappings":""}');
  return dir;
}

const get = (url: string, encoding: string) => fetch(url, { headers: { 'accept-encoding': encoding } });

describe('serving', () => {
  let prod: TestHearth;
  let dev: TestHearth;
  let sandbox: SandboxHearth;
  beforeAll(async () => {
    const dist = fakeBuild();
    prod = await startTestHearth({ pages: builtPages(dist), worker: false });
    dev = await startTestHearth({ pages: builtPages(dist, { sourceMaps: true }), worker: false });
    sandbox = await startSandboxHearth();
  });
  afterAll(async () => {
    await prod?.close();
    await dev?.close();
    await sandbox?.close();
  });

  it('compresses assets with brotli or gzip, as the browser asks, and caches hashed assets as immutable', async () => {
    const br = await get(`${prod.url}/assets/index-Ab12Cd34.js`, 'br, gzip');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toMatch(/immutable/);
    expect(await br.text()).toContain('page 399');
    const gzip = await get(`${prod.url}/assets/index-Ab12Cd34.js`, 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('compresses JSON', async () => {
    const res = await get(`${sandbox.url}/sandbox/workspaces/${ACME.teamId}/members`, 'br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(((await res.json()) as { members: unknown[] }).members.length).toBeGreaterThan(30);
  });

  it('keeps source maps on the server in production, and serves them in development', async () => {
    expect((await get(`${prod.url}/assets/index-Ab12Cd34.js.map`, 'identity')).status).toBe(404);
    expect((await get(`${dev.url}/assets/index-Ab12Cd34.js.map`, 'identity')).status).toBe(200);
  });
});
