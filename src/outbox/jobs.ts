import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

/** Send one outbox row. */
export const outboxSend = defineJob('outbox.send', z.object({ outboxId: z.number().int().positive() }));
/** Settle one outbox row whose outcome is unknown. */
export const outboxReconcile = defineJob('outbox.reconcile', z.object({ outboxId: z.number().int().positive() }));
/** Open a member's DM channel ahead of a scheduled DM to them. */
export const outboxOpenDm = defineJob('outbox.open_dm', z.object({ workspaceId: z.number().int().positive(), userId: z.string().min(1) }));
