import { defineCapability } from '../platform/capability.js';
import { newHire } from '../platform/events/new-hire.js';
import { JourneysPublic } from '../journeys/public.js';
import { AutomaticEnrollment } from './automatic.js';
import { needs } from './deps.js';
import { Enroller } from './enroller.js';
import { enrollmentListeners } from './listeners.js';
import { enrollmentUpsert, ManualEnrollment } from './manual.js';
import { EnrollmentRepository } from './repository.js';
import { enrollmentRoutes } from './routes.js';
import { EnrollmentSurveys } from './surveys.js';

/**
 * Enrollment: people put on journeys by hand or CSV (batches upserted all or nothing), by enrollment rules and HR
 * mappings acting on new hires (`integrations.new_hire`), by joining an auto-enroll channel or the workspace, by
 * enrolling themselves, or by answering an enrollment survey. Builds on Journeys' public service: each enrolled
 * person's session is created in the enrollment's own transaction.
 */
export const enrollmentCapability = defineCapability({
  name: 'enrollment',
  needs,
  setup(services) {
    const repo = new EnrollmentRepository(services.db);
    const journeys = new JourneysPublic(services);
    const enroller = new Enroller(journeys, repo, () => services.clock.now());
    const manual = new ManualEnrollment(services, journeys, repo, enroller);
    const automatic = new AutomaticEnrollment(services, journeys, repo, enroller);
    const surveys = new EnrollmentSurveys(services, journeys, repo, enroller);
    return {
      jobs: [enrollmentUpsert.handle((p) => manual.upsert(p.workspaceId, p.batchId))],
      routes: [enrollmentRoutes({ journeys, manual, automatic, surveys })],
      listeners: [enrollmentListeners(automatic, surveys, repo)],
      subscribers: [
        {
          name: 'enrollment.new_hires',
          events: [newHire],
          handle: async (e, trx) => {
            if (newHire.is(e)) await automatic.onNewHire(trx, e);
          },
        },
      ],
    };
  },
});
