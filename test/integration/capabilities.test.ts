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

  it('refuses a job handled twice, a subcommand used twice and a capability listed twice', async () => {
    const twice = defineCapability({ name: 'twice', needs: [], setup: () => ({ jobs: [orphan.handle(async () => undefined)] }) });
    await expect(start([handles('jobs'), twice])).rejects.toThrow('job "test.orphan" is declared twice');
    const snooze = defineCapability({ name: 'snoozy', needs: [], setup: () => ({ commands: [{ name: 'snooze', usage: 'snooze', run: async () => ({ text: '' }) }] }) });
    await expect(start([handles('jobs'), snooze])).rejects.toThrow('/hearth snooze registered twice');
    await expect(start([handles('jobs'), handles('jobs')])).rejects.toThrow('capability "jobs" is listed twice');
  });

  it('refuses to enqueue a job type this app does not handle, or a second type under a handled name', async () => {
    const queue = new InProcessQueue(log);
    await expect(queue.enqueue(handled, { n: 1 })).rejects.toThrow('job "test.handled" enqueued before the queue was given its job catalogue');
    queue.use(new JobRegistry([handled.handle(async () => undefined)]));
    await expect(queue.enqueue(orphan, { n: 1 })).rejects.toThrow('no handler for job "test.orphan"');
    const impostor = defineJob('test.handled', z.object({ n: z.number().int() }));
    await expect(queue.enqueue(impostor, { n: 1 })).rejects.toThrow('job "test.handled" is defined twice');
    await queue.close();
  });

  it('gives each app its own job catalogue: the types its capabilities handle, whatever else the process defines', async () => {
    const ran: string[] = [];
    const app = async (name: string, type: typeof handled) => {
      const config = loadConfig({ NODE_ENV: 'test', HEARTH_DATA_DIR: mkdtempSync(join(tmpdir(), 'hearth-cap-')), SLACK_SIGNING_SECRET: 'x', LOG_LEVEL: 'silent' });
      const capability = defineCapability({ name, needs: [], setup: () => ({ jobs: [type.handle(async (p) => void ran.push(`${name}:${p.n}`))] }) });
      return createHearth(config, log, { database: db, queue: new InProcessQueue(log), capabilities: [capability] });
    };
    const [first, second] = [await app('first', handled), await app('second', orphan)];
    try {
      await Promise.all([first.startWorker(), second.startWorker()]);
      await expect(first.services.queue.enqueue(orphan, { n: 1 })).rejects.toThrow('no handler for job "test.orphan"');
      await expect(second.services.queue.enqueue(handled, { n: 1 })).rejects.toThrow('no handler for job "test.handled"');
      await first.services.queue.enqueue(handled, { n: 2 });
      await second.services.queue.enqueue(orphan, { n: 3 });
      await Promise.all([first.services.queue.idle(), second.services.queue.idle()]);
      expect(ran.sort()).toEqual(['first:2', 'second:3']);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('hands a capability only the services it declared', async () => {
    let seen: string[] = [];
    await start([handles('jobs'), defineCapability({ name: 'narrow', needs: ['clock', 'outbox'], setup: (s) => ((seen = Object.keys(s).sort()), {}) })]);
    expect(seen).toEqual(['clock', 'outbox']);
  });

  it('checks a payload against its schema when it is enqueued and again when it is run', async () => {
    const ran: number[] = [];
    const registry = new JobRegistry([handled.handle(async (p) => void ran.push(p.n))]);
    const queue = new InProcessQueue(log);
    queue.use(registry);
    await expect(queue.enqueue(handled, { n: 'one' } as unknown as { n: number })).rejects.toThrow(/job "test.handled" payload is invalid/);
    await queue.close();
    await expect(registry.run('test.handled', { n: 'one' }, { jobId: 'j', attempt: 1 })).rejects.toThrow(/job "test.handled" payload is invalid/);
    await registry.run('test.handled', { n: 2 }, { jobId: 'j', attempt: 1 });
    expect(ran).toEqual([2]);
  });
});
