import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../src/sandbox/app.js';

/**
 * With split roles the web process and the worker each build the sandbox from the same data dir (src/main.ts):
 * moving the clock in one moves it in the other, and a restart keeps the time.
 */
describe('the sandbox clock across processes', () => {
  const HOUR = 3600_000;

  it('an advance made by the web process moves the worker clock too', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hearth-clock-'));
    const web = createSandbox({ signingSecret: 's', dataDir });
    const worker = createSandbox({ signingSecret: 's', dataDir });

    const target = new Date(Date.now() + 3 * 24 * HOUR);
    web.clock.set(target);
    expect(Math.abs(worker.clock.now().getTime() - target.getTime())).toBeLessThan(HOUR);
    // And the other way round: the later of the two wins, time never goes back.
    worker.clock.set(new Date(target.getTime() + 2 * 24 * HOUR));
    expect(web.clock.now().getTime()).toBeGreaterThan(target.getTime() + 24 * HOUR);
    web.clock.set(target);
    expect(web.clock.now().getTime()).toBeGreaterThan(target.getTime() + 24 * HOUR);

    const restarted = createSandbox({ signingSecret: 's', dataDir });
    expect(restarted.clock.now().getTime()).toBeGreaterThan(target.getTime() + 24 * HOUR);
  });
});
