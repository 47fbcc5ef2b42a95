import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundle, root } from '../../scripts/build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server (`src/main.ts`) bundled as `npm start` runs it, for the tests that start it as a process. */
    mainBundle: string;
    /** The worker that the kill tests (Postgres + Redis) start in a process of their own (`startWorkerProcess`). */
    workerBundle: string;
  }
}

/**
 * globalSetup of the integration project: bundles, once for the run, the processes its tests start (the server,
 * and the worker the kill tests kill), as the server is bundled for `npm start`: each such
 * process loads one bundle rather than compiling the app through tsx as it starts (4–5 s of CPU each). Each run
 * bundles into folders of its own (CI runs both paths at once from one checkout), removed when it ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const main = `dist/test-main-${process.pid}`;
  const worker = `dist/test-worker-${process.pid}`;
  await bundle(['src/main.ts'], main);
  await bundle(['test/support/worker-process.ts'], worker, 'test/support');
  project.provide('mainBundle', join(root, main, 'main.js'));
  project.provide('workerBundle', join(root, worker, 'worker-process.js'));
  return () => {
    for (const folder of [main, worker]) rmSync(join(root, folder), { recursive: true, force: true });
  };
}
