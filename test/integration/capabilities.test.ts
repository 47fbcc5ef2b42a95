import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, JobRegistry } from '../../jobs/definition.js';
import { InProcessQueue } from '../../jobs/in-process-queue.js';
import { loadConfig } from '../../src/config.js';
import type { DbHandle } from '../../src/db/index.js';
import { createHearth } from '../../src/hearth.js';
import { defineCapability, type Capability, type ServiceName } from '../../src/platform/capability.js';
import { testDatabase } from '../support/db.js';

const log = pino({ level: 'silent' });
const orphan = defineJob('test.orphan', z.object({ n: z.number().int() }));
const handled = defineJob('test.handled', z.object({ n: z.number().int() }));

describe('start-up reads the capability declarations', () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(() => db.close());

  const start = async (capabilities: Array<Capability<ServiceName>>) => {
    const config = loadConfig({ NODE_ENV: 'test', HEARTH_DATA_DIR: mkdtempSync(join(tmpdir(), 'hearth-cap-')), SLACK_SIGNING_SECRET: 'x', LOG_LEVEL: 'silent' });
    const hearth = await createHearth(config, log, { database: db, queue: new InProcessQueue(log), capabilities });
    await hearth.close();
    return hearth;
  };
  const handles = (name: string) => defineCapability({ name, needs: [], setup: () => ({ jobs: [orphan.handle(async () => undefined), handled.handle(async () => undefined)] }) });

  it('refuses a job type that no capability handles', async () => {
    await expect(start([defineCapability({ name: 'half', needs: [], setup: () => ({ jobs: [handled.handle(async () => undefined)] }) })])).rejects.toThrow('no handler for job(s): test.orphan');
  });

  it('refuses a job handled twice, a subcommand used twice and a capability listed twice', async () => {
    const twice = defineCapability({ name: 'twice', needs: [], setup: () => ({ jobs: [orphan.handle(async () => undefined)] }) });
    await expect(start([handles('jobs'), twice])).rejects.toThrow('job "test.orphan" is declared twice');
    const snooze = defineCapability({ name: 'snoozy', needs: [], setup: () => ({ commands: [{ name: 'snooze', usage: 'snooze', run: async () => ({ text: '' }) }] }) });
    await expect(start([handles('jobs'), snooze])).rejects.toThrow('/hearth snooze registered twice');
    await expect(start([handles('jobs'), handles('jobs')])).rejects.toThrow('capability "jobs" is listed twice');
  });

  it('refuses a job type defined twice', () => {
    expect(() => defineJob('test.orphan', z.object({}))).toThrow('job "test.orphan" is defined twice');
  });

  it('hands a capability only the services it declared', async () => {
    let seen: string[] = [];
    await start([handles('jobs'), defineCapability({ name: 'narrow', needs: ['clock', 'outbox'], setup: (s) => ((seen = Object.keys(s).sort()), {}) })]);
    expect(seen).toEqual(['clock', 'outbox']);
  });

  it('checks a payload against its schema when it is enqueued and again when it is run', async () => {
    const queue = new InProcessQueue(log);
    await expect(queue.enqueue(handled, { n: 'one' } as unknown as { n: number })).rejects.toThrow(/job "test.handled" payload is invalid/);
    await queue.close();
    const ran: number[] = [];
    const registry = new JobRegistry([handled.handle(async (p) => void ran.push(p.n))]);
    await expect(registry.run('test.handled', { n: 'one' }, { jobId: 'j', attempt: 1 })).rejects.toThrow(/job "test.handled" payload is invalid/);
    await registry.run('test.handled', { n: 2 }, { jobId: 'j', attempt: 1 });
    expect(ran).toEqual([2]);
  });
});
