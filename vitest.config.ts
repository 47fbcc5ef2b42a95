import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The time tests again under host zones other than UTC, to prove no code depends on the host's zone. */
const hostZone = (tz: string) => ({
  test: { name: `time ${tz}`, include: ['test/unit/time/**/*.test.ts'], environment: 'node', env: { TZ: tz }, isolate: false },
});

// The projects: pure cores (unit, and the time tests under two more host zones), real database and queue
// (integration), sandbox + browser (e2e), and the React widgets (web, in jsdom). scripts/test.mjs picks them by
// path, one vitest run per path; `npx vitest run --project unit` runs one.
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    // Several files at a time on every project: vitest's default on the 2-core CI machine is one, which left the
    // embedded path (PGlite works in its worker's own CPU) a chain of 450 s on one core. On Postgres + Redis three:
    // its files (the browser ones above all) spend half their time waiting on the sandbox, the queue and the page.
    maxWorkers: Math.max(process.env.DATABASE_URL ? 3 : 2, availableParallelism() - 1),
    projects: [
      // Pure functions with no global state: one module cache for every file. The pairing property tests are
      // CPU-bound: 5–9 s each when the 2-core CI machine is shared.
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000, isolate: false } },
      hostZone('America/Los_Angeles'),
      hostZone('Europe/Prague'),
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Migrations run once per run; each file's database is a copy of the migrated one.
          globalSetup: ['test/support/global-db.ts', 'test/support/global-worker.ts'],
          // Every file has its own database (and Redis prefix) and each Hearth its own job catalogue, so the
          // files share one module cache per worker: no file pays for loading the app again.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // The pages are built once and one Chromium serves every file (each connects to it).
          globalSetup: ['test/support/global-db.ts', 'test/support/global-browser.ts'],
          // As in integration: each file's Hearth has its own database, Redis prefix and job catalogue, so a
          // worker loads the app once for all its files.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One worker loads React, the router and jsdom once for every file, rather than a process per file. The
          // setup file runs again before each file and resets what a test leaves (the DOM, stores, cookies,
          // stubbed globals) after each test.
          isolate: false,
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});
