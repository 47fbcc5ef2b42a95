import type { JobHandlers, JobName, JobPayload } from './catalogue.js';

export interface EnqueueOptions {
  /** Deterministic id: a job with the same id waiting or running is not added twice. */
  jobId?: string;
  delayMs?: number;
}

/** The queue port: BullMQ on Redis, or in-process (not durable) when no REDIS_URL is set. */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts?: EnqueueOptions): Promise<void>;
  /** Start consuming jobs (worker role). */
  work(handlers: JobHandlers): Promise<void>;
  /** Run `name` every `everyMs`, once cluster-wide. */
  repeat<N extends JobName>(name: N, everyMs: number, payload: JobPayload<N>): Promise<void>;
  ping(): Promise<boolean>;
  /** Resolves once no job is waiting or running (delayed jobs aside): the sandbox clock settles on it. */
  idle(): Promise<void>;
  /** Stop taking new work and wait for running jobs to finish. */
  close(): Promise<void>;
}

/** BullMQ refuses ':' in custom ids; ids here are written naturally ("outbox:12:1") and mapped once. */
export function queueJobId(id: string): string {
  return id.replaceAll(':', '.');
}
