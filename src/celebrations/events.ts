import { z } from 'zod';
import { defineEvent } from '../platform/events/define.js';

const id = z.number().int().positive();

/**
 * A program posted celebrations of one kind: one event per kind in each posted message (a message may celebrate
 * birthdays and anniversaries together), in the transaction that writes the ledger (celebration_posts), finishes
 * the run and queues the message. `scheduleIds` are the dates celebrated; `memberIds` the people among them (a
 * custom date may be about no one). `outboxId` is the queued message.
 */
export const celebrationPosted = defineEvent(
  'celebration.posted',
  z.object({
    programId: id,
    kind: z.enum(['birthday', 'anniversary', 'custom']),
    scheduleIds: z.array(id).min(1),
    memberIds: z.array(id),
    runOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    outboxId: id.optional(),
  }),
);
