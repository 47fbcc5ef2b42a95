import { z } from 'zod';
import { watercoolerJobs } from '../src/watercooler/jobs.js';
import { introsJobs } from '../src/intros/jobs.js';
import { celebrationJobs } from '../src/celebrations/jobs.js';

/**
 * Every job Hearth runs: a name and the zod schema of its payload, checked at enqueue and again at dequeue.
 * The platform's jobs are here; each program keeps its own in `src/<program>/jobs.ts` and adds them below.
 * Handlers: jobs/handlers.ts for these, the program plugins for theirs; start-up refuses a name without one.
 */
const coreJobs = {
  /** The scheduler tick: claims due rows and enqueues their work. `at` is the tick's instant (ISO). */
  tick: z.object({ at: z.iso.datetime().optional() }),
  /** Send one outbox row. */
  'outbox.send': z.object({ outboxId: z.number().int().positive() }),
  /** Settle one outbox row whose outcome is unknown. */
  'outbox.reconcile': z.object({ outboxId: z.number().int().positive() }),
  /** Refresh a workspace's directory: members (users.list) and channels (conversations.list). */
  'directory.sync': z.object({ workspaceId: z.number().int().positive() }),
  /** Publish a member's home tab. */
  'home.publish': z.object({ workspaceId: z.number().int().positive(), userId: z.string().min(1) }),
} as const;

export const jobCatalogue = {
  ...coreJobs,
  ...watercoolerJobs,
  ...introsJobs,
  ...celebrationJobs,
} as const;

export type JobName = keyof typeof jobCatalogue;
export type JobPayload<N extends JobName> = z.infer<(typeof jobCatalogue)[N]>;
export interface JobContext {
  jobId: string;
  attempt: number;
}
export type JobHandler<N extends JobName> = (payload: JobPayload<N>, ctx: JobContext) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };
export type CoreJobHandlers = { [N in keyof typeof coreJobs]: JobHandler<N> };

export function parsePayload<N extends JobName>(name: N, payload: unknown): JobPayload<N> {
  const schema = jobCatalogue[name] as unknown as z.ZodType<JobPayload<N>> | undefined;
  if (!schema) throw new Error(`unknown job "${String(name)}"`);
  const result = schema.safeParse(payload);
  if (!result.success) throw new Error(`job "${name}" payload is invalid: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** Start-up check: every catalogue job has a handler and there are no handlers for unknown jobs. */
export function assertHandlers(handlers: Partial<Record<string, unknown>>): asserts handlers is JobHandlers {
  const missing = Object.keys(jobCatalogue).filter((n) => typeof handlers[n] !== 'function');
  if (missing.length) throw new Error(`no handler for job(s): ${missing.join(', ')}`);
  const unknown = Object.keys(handlers).filter((n) => !(n in jobCatalogue));
  if (unknown.length) throw new Error(`handler(s) for unknown job(s): ${unknown.join(', ')}`);
}
