import { z } from 'zod';

/** The Watercooler's jobs (spread into jobs/catalogue.ts). */
export const watercoolerJobs = {
  /** Compose one claimed slot (scheduled or "send now"): pick its prompt and write its message to the outbox. */
  'watercooler.post': z.object({ postId: z.number().int().positive() }),
  /** Read the program's channel members (conversations.members) into the kept roster. */
  'watercooler.roster': z.object({ programId: z.number().int().positive() }),
} as const;
