import { z } from 'zod';

export interface JobContext {
  jobId: string;
  attempt: number;
}

/**
 * A kind of job: its name and the zod schema of its payload, checked at enqueue and again at dequeue. Made
 * with `defineJob` beside the code that enqueues it; a capability binds the handler with `.handle(fn)`.
 */
export interface JobType<P> {
  readonly name: string;
  readonly schema: z.ZodType<P>;
  parse(payload: unknown): P;
  handle(fn: (payload: P, ctx: JobContext) => Promise<unknown>): BoundJob;
}

/** A job type with its handler: what a capability declares in its `jobs`. */
export interface BoundJob {
  readonly type: JobType<unknown>;
  run(payload: unknown, ctx: JobContext): Promise<void>;
}

/** Every job type defined in this process: start-up refuses one that no capability handles. */
const defined = new Map<string, JobType<unknown>>();

export function defineJob<S extends z.ZodType>(name: string, schema: S): JobType<z.infer<S>> {
  if (defined.has(name)) throw new Error(`job "${name}" is defined twice`);
  const type: JobType<z.infer<S>> = {
    name,
    schema: schema as z.ZodType<z.infer<S>>,
    parse(payload) {
      const result = schema.safeParse(payload);
      if (!result.success) throw new Error(`job "${name}" payload is invalid: ${z.prettifyError(result.error)}`);
      return result.data as z.infer<S>;
    },
    handle(fn) {
      return { type: type as JobType<unknown>, run: async (payload, ctx) => void (await fn(type.parse(payload), ctx)) };
    },
  };
  defined.set(name, type as JobType<unknown>);
  return type;
}

/** Told of every job run, however it ended (the metrics time jobs and count failures through it). */
export interface JobObserver {
  jobFinished(name: string, seconds: number, failed: boolean): void;
}

/**
 * Asked before each job runs: false skips it (the app's gate skips every job of a paused workspace, one that
 * uninstalled Hearth, so none of its work reaches Slack or a provider; the tick makes due work again on
 * reinstall).
 */
export type JobGate = (name: string, payload: unknown) => Promise<boolean>;

/**
 * Every job the app runs, from the capabilities' declarations. Start-up refuses a duplicate name; enqueueing a
 * job nobody handles fails at once rather than leaving it in the queue forever.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, BoundJob>();

  constructor(
    jobs: Iterable<BoundJob>,
    private readonly observer?: JobObserver,
    private readonly gate?: JobGate,
  ) {
    for (const job of jobs) {
      if (this.jobs.has(job.type.name)) throw new Error(`job "${job.type.name}" is declared twice`);
      this.jobs.set(job.type.name, job);
    }
  }

  /** Start-up check: every job type defined anywhere has a handler here. */
  assertComplete(): void {
    const missing = [...defined.keys()].filter((name) => !this.jobs.has(name));
    if (missing.length) throw new Error(`no handler for job(s): ${missing.join(', ')}`);
  }

  has(name: string): boolean {
    return this.jobs.has(name);
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Validates the payload (at dequeue) and runs the handler, unless the gate says no. */
  async run(name: string, payload: unknown, ctx: JobContext): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no handler for job "${name}"`);
    if (this.gate && !(await this.gate(name, payload))) return;
    const started = performance.now();
    let failed = true;
    try {
      await job.run(payload, ctx);
      failed = false;
    } finally {
      this.observer?.jobFinished(name, (performance.now() - started) / 1000, failed);
    }
  }
}
