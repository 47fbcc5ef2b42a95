import { z } from 'zod';

/** Intros jobs: payload schemas (checked at enqueue and at dequeue). Handlers are in plugin.ts. */
export const introsJobs = {
  /** Make one round: roster, pairing, meetings and intro DMs in one transaction. */
  'intros.round': z.object({ roundId: z.number().int().positive() }),
  /** A round's check-in ("Did you meet?"), last reminder, or close (unanswered intros → ghosts). */
  'intros.followup': z.object({ roundId: z.number().int().positive(), stage: z.enum(['checkin', 'reminder', 'close']) }),
} as const;
