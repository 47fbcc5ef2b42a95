import type { TestProject } from 'vitest/node';
import { buildPagesIfStale, HAS_CHROMIUM, launchChromiumServer } from './browser.js';

/**
 * globalSetup of the browser tests: builds the pages once (when web/ changed since the last build) and starts
 * one Chromium that every test file connects to, instead of a launch per file.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  buildPagesIfStale();
  if (!HAS_CHROMIUM) return undefined;
  const server = await launchChromiumServer();
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
