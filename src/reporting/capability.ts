import { defineCapability } from '../platform/capability.js';
import { reportingAggregates } from './aggregates.js';
import { needs } from './deps.js';
import { reportingDeriveIssues, reportingSendCsv } from './jobs.js';
import { reportingListeners } from './listeners.js';
import { reportingRoutes } from './routes.js';
import { ReportingService } from './service.js';

/**
 * Reporting: stat modules, attention-required issues and Intros feedback, all read from reporting's own tables,
 * which one subscriber keeps from the domain events (never the programs' internal tables).
 */
export const reportingCapability = defineCapability({
  name: 'reporting',
  needs,
  setup(services) {
    const reporting = new ReportingService(services);
    return {
      dueSources: [
        {
          name: 'reporting.issues',
          async collect(now) {
            const workspaces = await reporting.workspacesWithOverdue(now);
            const hour = now.toISOString().slice(0, 13);
            for (const workspaceId of workspaces) await services.queue.enqueue(reportingDeriveIssues, { workspaceId }, { jobId: `reporting.issues:${workspaceId}:${hour}` });
            return workspaces.length;
          },
          nextDue: () => reporting.nextOverdue(),
        },
      ],
      jobs: [reportingDeriveIssues.handle(async ({ workspaceId }) => void (await reporting.deriveIssues(workspaceId))), reportingSendCsv.handle((input) => reporting.sendCsv(input))],
      routes: [reportingRoutes(reporting)],
      listeners: [reportingListeners(services, reporting)],
      subscribers: [reportingAggregates(reporting.repo, services.outbox)],
    };
  },
});
