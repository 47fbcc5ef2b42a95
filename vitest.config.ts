import { defineConfig } from 'vitest/config';

// Four projects: pure cores (unit), real database and queue (integration), sandbox + browser (e2e),
// and the React widgets (web, in jsdom). scripts/test.mjs picks them by path; `npx vitest run --project unit`
// runs one.
export default defineConfig({
  test: {
    projects: [
      // The pairing property tests are CPU-bound: 5–9 s each when the 2-core CI machine is shared.
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // On Postgres + Redis each file has its own database and Redis prefix and mostly waits on the sandbox
          // and the queue, so two files run side by side, as the browser tests do (same group). On the embedded
          // path each file's PGlite works in its own process's CPU, and one at a time is faster.
          ...(process.env.DATABASE_URL ? { maxWorkers: 2, sequence: { groupOrder: 1 } } : {}),
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file starts its own Hearth (port, database, Redis prefix) and Chromium, so files run side by
          // side: 2 workers took the suite from 213 s to 141 s on the 2-core CI machine (vitest's default there
          // is 1). A project with its own worker count needs its own group, run after the others.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
