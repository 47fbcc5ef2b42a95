import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

/** Derives a workspace's attention-required issues (overdue tasks and polls) from reporting's open items. */
export const reportingDeriveIssues = defineJob('reporting.derive_issues', z.object({ workspaceId: z.number().int().positive() }));
