import { defineCapability } from '../platform/capability.js';
import { newHire } from '../platform/events/new-hire.js';
import { JourneysPublic } from '../journeys/public.js';
import { AutomaticEnrollment } from './automatic.js';
import { joinableSection } from './blocks.js';
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
      // Open data (docs/data-format.md).
      dataExport: {
        tables: [
          {
            table: 'enrollment_batches',
            description: 'Manual and CSV enrollment submissions (the rows as submitted), and how their upsert ended.',
            hasId: true,
            refs: {
              tag_id: 'journey_tags',
              created_by_member_id: 'members',
              payload: [
                { table: 'journey_tags', json: 'sessions[].tag_ids[]' },
                { table: 'journey_sessions', json: 'sessions[].id' },
                { table: 'journey_roles', json: 'sessions[].memberships[].role_id' },
                { table: 'members', json: 'sessions[].memberships[].user_id' },
                { table: 'members', json: 'sessions[].memberships[].role_selection.selector_id' },
                { table: 'journey_roles', json: 'sessions[].memberships[].role_selection.selector_role_id' },
                { table: 'journey_sessions', json: 'session_ids_to_delete[]' },
              ],
            },
          },
          { table: 'enrollments', description: 'Each person enrolled in a journey, waiting to join Slack, or refused (with the reason).', hasId: true, refs: { batch_id: 'enrollment_batches', tag_id: 'journey_tags', session_id: 'journey_sessions', member_id: 'members' } },
          { table: 'enrollment_settings', description: 'Where automatic enrollment comes from, and the default and workspace-join journeys.', refs: { default_tag_ids: { table: 'journey_tags', json: '[]' }, workspace_join_tag_ids: { table: 'journey_tags', json: '[]' } } },
          // The HR connection a rule names is not exported (connections hold credentials): an imported rule applies to any.
          { table: 'enrollment_rules', description: 'Enrollment rules: which new hires (by HR or applicant-tracking fields) go to which journeys.', hasId: true, omit: ['integration_identity_id'], refs: { tag_ids: { table: 'journey_tags', json: '[]' } } },
          { table: 'enrollment_hr_mappings', description: 'HR field mappings to journeys, and exclusions.', hasId: true, refs: { target_ids: { table: 'journey_tags', json: '[]' } } },
          { table: 'enrollment_auto_channels', description: 'Channels whose joiners are enrolled in a journey.', refs: { tag_id: 'journey_tags' } },
          { table: 'enrollment_surveys', description: "Enrollment surveys: each journey's one or two role surveys and their questions.", hasId: true, refs: { tag_id: 'journey_tags', role_surveys: { table: 'journey_roles', json: '[].role_id' } } },
          { table: 'enrollment_survey_shares', description: 'Each time a survey was shared to Slack, and the start date it enrols for.', hasId: true, refs: { survey_id: 'enrollment_surveys', created_by_member_id: 'members' } },
          {
            table: 'enrollment_survey_submissions',
            description: "People's answers to a shared survey, the session an answer enrolled them in, and who they were matched with.",
            hasId: true,
            refs: { survey_id: 'enrollment_surveys', share_id: 'enrollment_survey_shares', member_id: 'members', role_id: 'journey_roles', session_id: 'journey_sessions', matched_submission_id: 'enrollment_survey_submissions' },
          },
        ],
      },
      jobs: [enrollmentUpsert.handle((p) => manual.upsert(p.workspaceId, p.batchId))],
      routes: [enrollmentRoutes({ journeys, manual, automatic, surveys })],
      // Journeys open to self-enrollment, on the Home tab and behind `/hearth join`.
      home: {
        name: 'enrollment',
        render: async ({ workspace, member }) => joinableSection(await automatic.joinable(workspace.id, member)),
      },
      commands: [
        {
          name: 'join',
          usage: 'join — the journeys you can join yourself',
          async run(ctx) {
            if (!ctx.member) return { text: "Hearth hasn't met you yet. Try again in a few minutes." };
            const blocks = joinableSection(await automatic.joinable(ctx.workspace.id, ctx.member));
            return blocks.length ? { text: 'Journeys you can join', blocks } : { text: 'There are no journeys to join yourself right now.' };
          },
        },
      ],
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
