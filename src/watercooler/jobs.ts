import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

const positiveId = z.number().int().positive();

/** Compose one claimed slot (scheduled or "send now"): pick its prompt and write its message to the outbox. */
export const watercoolerPost = defineJob('watercooler.post', z.object({ workspaceId: positiveId, postId: positiveId }));
/** Read the program's channel members (conversations.members) into the kept roster. */
export const watercoolerRoster = defineJob('watercooler.roster', z.object({ workspaceId: positiveId, programId: positiveId }));
