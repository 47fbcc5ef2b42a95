import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

/** Compose one claimed slot (scheduled or "send now"): pick its prompt and write its message to the outbox. */
export const watercoolerPost = defineJob('watercooler.post', z.object({ postId: z.number().int().positive() }));
/** Read the program's channel members (conversations.members) into the kept roster. */
export const watercoolerRoster = defineJob('watercooler.roster', z.object({ programId: z.number().int().positive() }));
