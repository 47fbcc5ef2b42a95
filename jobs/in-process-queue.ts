import type { Logger } from 'pino';
import type { JobRegistry, JobType } from './definition.js';
import { checkedType, queueJobId, type EnqueueOptions, type JobQueue } from './queue.js';

interface PendingJob {
  id: string;
  name: string;
  payload: unknown;
  attempt: number;
}

/**
 * Jobs run in this process, in order, a few at a time. Not durable: what is queued is lost on exit, which is
 * fine because Postgres holds every schedule and outbox row and the next tick re-creates due work.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private registry?: JobRegistry;
  private working = false;
  private readonly known = new Set<string>();
  private readonly ready: PendingJob[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly repeating = new Set<string>();
  private readonly beats = new Map<string, Date>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  private seq = 0;

  constructor(
    private readonly log: Logger,
    private readonly concurrency = 4,
    private readonly maxAttempts = 3,
  ) {}

  use(registry: JobRegistry): void {
    this.registry = registry;
  }

  async enqueue<P>(type: JobType<P>, payload: P, opts: EnqueueOptions = {}): Promise<void> {
    if (this.closed) throw new Error('queue is closed');
    const name = type.name;
    const data = checkedType(this.registry, type).parse(payload);
    const id = queueJobId(opts.jobId ?? `${name}:auto:${++this.seq}`);
    if (this.known.has(id)) return;
    this.known.add(id);
    const job: PendingJob = { id, name, payload: data, attempt: 1 };
    if (opts.delayMs && opts.delayMs > 0) this.later(job, opts.delayMs);
    else this.push(job);
  }

  async work(): Promise<void> {
    if (!this.registry) throw new Error('the queue works before it was given its job catalogue');
    this.working = true;
    this.pump();
  }

  async repeat<P>(type: JobType<P>, everyMs: number, payload: P): Promise<void> {
    const timer = setInterval(() => {
      if (!this.closed) void this.enqueue(type, payload, { jobId: `${type.name}:every:${Date.now()}` });
    }, everyMs);
    timer.unref();
    this.timers.add(timer);
    this.repeating.add(type.name);
  }

  async isRepeating<P>(type: JobType<P>): Promise<boolean> {
    return this.repeating.has(type.name) && !this.closed;
  }

  async beat(name: string, at: Date): Promise<void> {
    this.beats.set(name, at);
  }

  async lastBeat(name: string): Promise<Date | null> {
    return this.beats.get(name) ?? null;
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  /** Resolves when nothing is queued or running (tests and the sandbox clock use it). */
  async idle(): Promise<void> {
    while (this.ready.length || this.running.size) {
      await Promise.all([...this.running]);
      await new Promise((r) => setImmediate(r));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.all([...this.running]);
  }

  private later(job: PendingJob, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.push(job);
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private push(job: PendingJob): void {
    this.ready.push(job);
    this.pump();
  }

  private pump(): void {
    while (this.working && !this.closed && this.running.size < this.concurrency && this.ready.length) {
      const job = this.ready.shift()!;
      const run = this.run(job).finally(() => {
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
  }

  private async run(job: PendingJob): Promise<void> {
    try {
      await this.registry!.run(job.name, job.payload, { jobId: job.id, attempt: job.attempt });
      this.known.delete(job.id);
    } catch (err) {
      if (job.attempt < this.maxAttempts && !this.closed) {
        this.log.warn({ err, job: job.name, jobId: job.id, attempt: job.attempt }, 'job failed; retrying');
        this.later({ ...job, attempt: job.attempt + 1 }, 1000 * 2 ** job.attempt);
      } else {
        this.known.delete(job.id);
        this.log.error({ err, job: job.name, jobId: job.id }, 'job failed');
      }
    }
  }
}
