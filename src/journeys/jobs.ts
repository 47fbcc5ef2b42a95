import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

const id = z.number().int().positive();

/** Send one claimed session event (to the recipients whose local time has come), or a manual trigger of it. */
export const journeysDeliver = defineJob('journeys.deliver', z.object({ workspaceId: id, sessionEventId: id, manual: z.boolean().optional() }));
