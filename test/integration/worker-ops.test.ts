import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A worker-only process (HEARTH_ROLE=worker) answers the operator's probes and Prometheus on its port, so the
 * Slack calls and jobs it runs are scraped, and serves nothing else: no API, no pages, no sign-in.
 */
describe('a worker-only process', () => {
  let child: ChildProcess;
  let url: string;
  let dataDir: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'hearth-worker-ops-'));
    // The server as `npm start` runs it: bundled (once per run, by the project's globalSetup).
    child = spawn(process.execPath, ['--enable-source-maps', inject('mainBundle')], {
      // The embedded path: this process's own PGlite and in-process queue, whatever the test run uses.
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test', HEARTH_ROLE: 'worker', PORT: String(port), HOST: '127.0.0.1', HEARTH_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: 'inherit',
    });
    // Started once /healthz answers (tsx, migrations and the worker's start take a few seconds).
    for (const started = Date.now(); ; ) {
      if ((await fetch(`${url}/healthz`).then((r) => r.status, () => 0)) === 200) break;
      if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`the worker process did not start (exit ${child.exitCode})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 70_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /healthz with the tick, /readyz, and /metrics from its own registry', async () => {
    const health = (await (await fetch(`${url}/healthz`)).json()) as { ok: boolean; tick: unknown };
    expect(health.ok).toBe(true);
    expect(health).toHaveProperty('tick');
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    // This process's own series: its memory, and the outbox and tick gauges its scrape reads.
    expect(Number(metrics.match(/^process_resident_memory_bytes (\S+)$/m)?.[1])).toBeGreaterThan(0);
    expect(metrics).toMatch(/^hearth_outbox_rows\{state="pending"\} 0$/m);
    expect(metrics).toMatch(/^# TYPE hearth_job_duration_seconds histogram$/m);
  });

  it('serves nothing else', async () => {
    for (const path of ['/', '/api/current_user', '/auth/slack', '/sandbox', '/slack/events']) expect((await fetch(`${url}${path}`)).status, path).toBe(404);
  });
});
