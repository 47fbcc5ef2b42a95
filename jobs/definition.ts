import { z } from 'zod';

export interface JobContext {
  jobId: string;
  attempt: number;
}

/**
 * A kind of job: its name and the zod schema of its payload, checked at enqueue and again at dequeue. Made
 * with `defineJob` beside the code that enqueues it; a capability binds the handler with `.handle(fn)`. A job
 * type is a plain value: which types an app runs is its JobRegistry's business, one per Hearth.
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

export function defineJob<S extends z.ZodType>(name: string, schema: S): JobType<z.infer<S>> {
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
 * The job catalogue of one app (one Hearth): every job it runs, from its capabilities' declarations. Start-up
 * refuses a name handled twice; enqueueing a job type the app does not handle, or a second type under a handled
 * name, fails at once rather than leaving the job in the queue forever.
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

  /** The queue's check before it adds a job: `type` is the one this app handles under its name. */
  assertHandles(type: JobType<unknown>): void {
    const job = this.jobs.get(type.name);
    if (!job) throw new Error(`no handler for job "${type.name}"`);
    if (job.type !== type) throw new Error(`job "${type.name}" is defined twice`);
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
