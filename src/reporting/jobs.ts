import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

/** Derives a workspace's attention-required issues (overdue tasks and polls) from reporting's open items. */
export const reportingDeriveIssues = defineJob('reporting.derive_issues', z.object({ workspaceId: z.number().int().positive() }));

/** Builds the requester's CSV report (their modules) and sends it to them as a file in a Slack DM. */
export const reportingSendCsv = defineJob(
  'reporting.send_csv',
  z.object({ workspaceId: z.number().int().positive(), memberId: z.number().int().positive(), requestId: z.string().min(1), tagId: z.number().int().positive().nullable() }),
);
