import { JourneysPublic } from '../journeys/public.js';
import { defineCapability } from '../platform/capability.js';
import { needs } from './deps.js';
import { HubRepository } from './repository.js';
import { hubRoutes } from './routes.js';
import { HubService } from './service.js';

/**
 * The journey hub: a site per journey, edited and previewed by its admins, and shown per session at
 * /site/{sessionId} to the session's people (opened from the link in Journeys' Slack messages). Builds on
 * Journeys' public services: tasks and polls answered here go through Journeys' answers (source site), so the
 * domain events are the Slack buttons' own.
 */
export const hubCapability = defineCapability({
  name: 'hub',
  needs,
  setup(services) {
    const hub = new HubService(services, new HubRepository(services.db), new JourneysPublic(services));
    const session = { secret: services.config.sessionSecret, secure: services.config.publicUrl.startsWith('https://') };
    return {
      routes: [hubRoutes(hub, { session, clock: services.clock })],
      dataExport: {
        tables: [{ table: 'hub_sites', description: "Each journey's hub site: its modules, texts, links and images, and whether it is published.", hasId: true, refs: { tag_id: 'journey_tags', updated_by_member_id: 'members' } }],
      },
    };
  },
});
