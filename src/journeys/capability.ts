import { defineCapability } from '../platform/capability.js';
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
    const catalog = new JourneyCatalog(repo);
    return {
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
          sessionEvent: (ws, id) => sessions.findSessionEvent(ws, id),
          event: (ws, id) => sessions.findEvent(ws, id),
        }),
      ],
      listeners: [journeyListeners(answers, services.workspaces, services.log)],
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
