import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { JobRegistry, JobType } from './definition.js';
import { checkedType, queueJobId, type EnqueueOptions, type JobQueue } from './queue.js';

const QUEUE_NAME = 'hearth';

/**
 * BullMQ on Redis. Send jobs are short, so locks are short too: a killed worker's job is found stalled and
 * taken up again within about 15 s (lockDuration 10 s + stalled check every 5 s).
 */
export class BullmqQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;
  private worker?: Worker;
  private registry?: JobRegistry;
  private readonly connections: Redis[] = [];
  private readonly queueConnection: Redis;

  constructor(
    private readonly redisUrl: string,
    private readonly log: Logger,
    private readonly opts: { concurrency?: number; prefix?: string } = {},
  ) {
    this.queueConnection = this.connect();
    this.queue = new Queue(QUEUE_NAME, {
      connection: this.queueConnection,
      prefix: opts.prefix,
      defaultJobOptions: {
        attempts: 3,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: true,
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    });
  }

  /** A connection of our own for each BullMQ client; workers need maxRetriesPerRequest null. */
  connect(): Redis {
    const conn = new Redis(this.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    conn.on('error', (err) => this.log.warn({ err }, 'redis connection error'));
    this.connections.push(conn);
    return conn;
  }

  use(registry: JobRegistry): void {
    this.registry = registry;
  }

  async enqueue<P>(type: JobType<P>, payload: P, opts: EnqueueOptions = {}): Promise<void> {
    await this.queue.add(type.name, checkedType(this.registry, type).parse(payload), {
      jobId: opts.jobId ? queueJobId(opts.jobId) : undefined,
      delay: opts.delayMs && opts.delayMs > 0 ? Math.ceil(opts.delayMs) : undefined,
    });
  }

  async work(): Promise<void> {
    const registry = this.registry;
    if (!registry) throw new Error('the queue works before it was given its job catalogue');
    this.worker = new Worker(
      QUEUE_NAME,
      async (job) => {
        await registry.run(job.name, job.data, { jobId: job.id ?? '', attempt: job.attemptsMade + 1 });
      },
      {
        connection: this.connect(),
        prefix: this.opts.prefix,
        concurrency: this.opts.concurrency ?? 8,
        lockDuration: 10_000,
        stalledInterval: 5_000,
        maxStalledCount: 3,
      },
    );
    this.worker.on('failed', (job, err) => this.log.error({ err, job: job?.name, jobId: job?.id }, 'job failed'));
    this.worker.on('error', (err) => this.log.warn({ err }, 'worker error'));
    await this.worker.waitUntilReady();
  }

  async repeat<P>(type: JobType<P>, everyMs: number, payload: P): Promise<void> {
    await this.queue.upsertJobScheduler(`every-${type.name}`, { every: everyMs }, { name: type.name, data: checkedType(this.registry, type).parse(payload) });
  }

  async isRepeating<P>(type: JobType<P>): Promise<boolean> {
    return (await this.queue.getJobScheduler(`every-${type.name}`)) !== undefined;
  }

  async beat(name: string, at: Date): Promise<void> {
    await this.queueConnection.set(this.beatKey(name), at.toISOString());
  }

  async lastBeat(name: string): Promise<Date | null> {
    const value = await this.queueConnection.get(this.beatKey(name));
    return value ? new Date(value) : null;
  }

  private beatKey(name: string): string {
    return `${this.opts.prefix ?? 'bull'}:${QUEUE_NAME}:beat:${name}`;
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.queueConnection.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async idle(): Promise<void> {
    for (;;) {
      const counts = await this.queue.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children');
      if (Object.values(counts).every((n) => n === 0)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async close(): Promise<void> {
    // Worker.close() waits for running jobs to finish before it resolves: that is the drain.
    await this.worker?.close();
    await this.queue.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
