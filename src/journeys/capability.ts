import { defineCapability } from '../platform/capability.js';
import { memberZoneChanged } from '../platform/events/member-zone.js';
import { JourneyAnswers } from './answers.js';
import { JourneyCatalog } from './catalog.js';
import { JourneyDelivery } from './delivery.js';
import { needs } from './deps.js';
import { JourneyDryRun } from './dry-run.js';
import { journeysDeliver } from './jobs.js';
import { JourneyService } from './journeys.js';
import { journeyListeners } from './listeners.js';
import { JourneyRepository } from './repository.js';
import { journeyRoutes } from './routes.js';
import { SessionService } from './sessions.js';
import { SessionRepository } from './sessions.repository.js';

/**
 * Journeys: journeys ("tags") with roles, presets and scheduled events; sessions and their session events, sent on
 * the tick at each recipient's local time through the outbox; tasks and polls answered from Slack or the site; the
 * dry run; the participant's Home tab section and `/hearth journey`. Not a channel program kind.
 */
export const journeysCapability = defineCapability({
  name: 'journeys',
  needs,
  setup(services) {
    const repo = new JourneyRepository(services.db);
    const sessionRepo = new SessionRepository(services.db);
    const sessions = new SessionService(services, repo, sessionRepo);
    const journeys = new JourneyService(services, repo, sessions);
    const delivery = new JourneyDelivery(services, repo, sessionRepo);
    const answers = new JourneyAnswers(services, repo, sessionRepo);
    const dryRun = new JourneyDryRun(services, repo, sessionRepo, sessions);
    const catalog = new JourneyCatalog(services, repo);
    return {
      // Who runs a journey, for the current user's permissions (the pages' navigation).
      provides: { journeyRunners: { runsAny: (workspaceId, memberId) => repo.runsAny(workspaceId, memberId) } },
      // Open data (docs/data-format.md).
      dataExport: {
        tables: [
          { table: 'journey_roles', description: 'Journey roles (new hire or participant, manager, buddy …).', hasId: true },
          { table: 'journey_tags', description: 'Journeys, with their flow type and roles.', hasId: true, refs: {
              role_ids: { table: 'journey_roles', array: true },
              created_by_member_id: 'members',
              // How each role is filled, keyed by the role's id.
              role_selection_settings: [
                { table: 'journey_roles', json: '{key}' },
                { table: 'members', json: '{}.user_id' },
                { table: 'members', json: '{}.selector_id' },
                { table: 'journey_roles', json: '{}.selector_role_id' },
              ],
            },
          },
          { table: 'journey_tag_permission_users', description: 'Who else may edit each journey.', via: { column: 'tag_id', parent: 'journey_tags' }, refs: { member_id: 'members' } },
          { table: 'journey_custom_presets', description: "The workspace's own presets (their events as JSON).", hasId: true, refs: { created_by_member_id: 'members' } },
          // A preset id is a library preset's (kept as it is) or one of the workspace's own.
          { table: 'journey_tag_presets', description: 'Presets each journey uses (selected, edited).', via: { column: 'tag_id', parent: 'journey_tags' }, refs: { preset_id: { table: 'journey_custom_presets', keepUnknown: true } } },
          { table: 'journey_events', description: 'Scheduled events of each journey (messages, tasks, polls, intros, posts).', hasId: true, refs: { tag_id: 'journey_tags', role_id: 'journey_roles', role_ids: { table: 'journey_roles', array: true }, preset_id: { table: 'journey_custom_presets', keepUnknown: true } } },
          { table: 'journey_cohorts', description: 'Cohorts of participants starting together, and their channel.', hasId: true, refs: { tag_id: 'journey_tags' } },
          { table: 'journey_sessions', description: "Sessions: one participant's run of a journey.", hasId: true, refs: { tag_id: 'journey_tags', participant_member_id: 'members', cohort_id: 'journey_cohorts', created_by_member_id: 'members' } },
          { table: 'journey_memberships', description: 'Who fills each role of a session.', hasId: true, refs: {
              session_id: 'journey_sessions',
              role_id: 'journey_roles',
              member_id: 'members',
              role_selection: [
                { table: 'members', json: 'selector_id' },
                { table: 'journey_roles', json: 'selector_role_id' },
              ],
            },
            onMemberErased: 'keep',
          },
          { table: 'journey_session_events', description: "Each session's events: when they happen and whether they were sent.", hasId: true, refs: { session_id: 'journey_sessions', event_id: 'journey_events' } },
          { table: 'journey_deliveries', description: 'Who received each session event (so nothing is sent twice).', refs: { session_event_id: 'journey_session_events' } },
          { table: 'journey_task_assignments', description: 'Tasks sent to people, and whether they are done.', hasId: true, refs: { session_id: 'journey_sessions', session_event_id: 'journey_session_events', member_id: 'members' }, onMemberErased: 'keep' },
          { table: 'journey_poll_responses', description: 'Polls sent to people, and their answers.', hasId: true, refs: { session_id: 'journey_sessions', session_event_id: 'journey_session_events', member_id: 'members' } },
        ],
      },
      dueSources: [{ name: 'journeys', collect: (now) => delivery.collectDue(now), nextDue: () => delivery.nextDue() }],
      jobs: [journeysDeliver.handle((p) => delivery.deliver(p.workspaceId, p.sessionEventId, p.manual ?? false))],
      routes: [
        journeyRoutes({
          journeys,
          sessions,
          delivery,
          answers,
          dryRun,
          catalog,
        }),
      ],
      listeners: [journeyListeners(answers, services.log)],
      subscribers: [
        {
          name: 'journeys.zones',
          events: [memberZoneChanged],
          // In the transaction that moves this subscriber's cursor: every pending event re-timed once, together.
          handle: async (e, trx) => {
            if (memberZoneChanged.is(e)) await sessions.onZoneChanged(trx, e.workspaceId, e.payload.memberId, e.payload.to);
          },
        },
      ],
      home: { name: 'journeys', render: ({ workspace, member }) => dryRun.homeBlocks(workspace, member) },
      commands: [
        {
          name: 'journey',
          usage: 'journey — your open tasks, polls and what comes next in your journeys',
          async run(ctx) {
            if (!ctx.member) return { text: "Hearth hasn't met you yet. Try again in a few minutes." };
            const blocks = await dryRun.homeBlocks(ctx.workspace, ctx.member);
            return blocks.length ? { text: 'Your journey', blocks } : { text: "You're not in a journey right now." };
          },
        },
      ],
    };
  },
});
