import { z } from 'zod';
import { defineEvent } from '../platform/events/define.js';

const positiveId = z.number().int().positive();

/** A slot's prompt was composed into the outbox (scheduled or "send now"), in the transaction that records it. */
export const promptPosted = defineEvent('watercooler.prompt_posted', z.object({ programId: positiveId, postId: positiveId, promptId: positiveId }));

/** A person replied in a posted prompt's thread: once per reply message, when it is first counted. */
export const replied = defineEvent('watercooler.replied', z.object({ programId: positiveId, postId: positiveId, slackUserId: z.string().min(1) }));
