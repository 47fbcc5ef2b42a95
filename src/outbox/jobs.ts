import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

/** Send one outbox row. */
export const outboxSend = defineJob('outbox.send', z.object({ outboxId: z.number().int().positive() }));
/** Settle one outbox row whose outcome is unknown. */
export const outboxReconcile = defineJob('outbox.reconcile', z.object({ outboxId: z.number().int().positive() }));
