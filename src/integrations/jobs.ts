import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

/** One sync of an HR system ('hris') or applicant-tracking identity ('ats'): enqueued on linking and by the tick. */
export const syncJob = defineJob(
  'integrations.sync',
  z.object({ workspaceId: z.number().int().positive(), kind: z.enum(['hris', 'ats']), identityId: z.number().int().positive() }),
);
