import type { JobRegistry, JobType } from './definition.js';

export interface EnqueueOptions {
  /** Deterministic id: a job with the same id waiting or running is not added twice. */
  jobId?: string;
  delayMs?: number;
}

/** The queue port: BullMQ on Redis, or in-process (not durable) when no REDIS_URL is set. */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  /** The app's job catalogue, given once at start-up before anything is enqueued. */
  use(registry: JobRegistry): void;
  /** Checks that the app handles the job and validates the payload against its schema, then adds it. */
  enqueue<P>(job: JobType<P>, payload: P, opts?: EnqueueOptions): Promise<void>;
  /** Start consuming jobs (worker role) with the catalogue's handlers. */
  work(): Promise<void>;
  /** Run `job` every `everyMs`, once cluster-wide. */
  repeat<P>(job: JobType<P>, everyMs: number, payload: P): Promise<void>;
  /** Whether `job`'s repeat is still scheduled (Redis may have lost it). */
  isRepeating<P>(job: JobType<P>): Promise<boolean>;
  /** Records that `name` ran at `at` where every process sees it (the scheduler tick's heartbeat). */
  beat(name: string, at: Date): Promise<void>;
  lastBeat(name: string): Promise<Date | null>;
  ping(): Promise<boolean>;
  /** Resolves once no job is waiting or running (delayed jobs aside): the sandbox clock settles on it. */
  idle(): Promise<void>;
  /** Stop taking new work and wait for running jobs to finish. */
  close(): Promise<void>;
}

/** The catalogue a queue was given (`use`), asked to vouch for `type`: a queue without one refuses every job. */
export function checkedType<P>(registry: JobRegistry | undefined, type: JobType<P>): JobType<P> {
  if (!registry) throw new Error(`job "${type.name}" enqueued before the queue was given its job catalogue`);
  registry.assertHandles(type as JobType<unknown>);
  return type;
}

/** BullMQ refuses ':' in custom ids; ids here are written naturally ("outbox:12:1") and mapped once. */
export function queueJobId(id: string): string {
  return id.replaceAll(':', '.');
}
