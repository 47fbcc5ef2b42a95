import type { HearthPlugin } from '../hearth.js';
import { watercoolerListeners } from './listeners.js';
import { watercoolerRoutes } from './routes.js';
import { WatercoolerService } from './service.js';

/**
 * Watercooler: registers the program kind, the tick's due source and the home section, and returns the
 * routes, the engagement listeners and the compose job.
 */
export const watercoolerPlugin: HearthPlugin = (services) => {
  const service = new WatercoolerService(services);
  services.programs.register(service.kind());
  services.scheduler.register({ name: 'watercooler', collect: (now) => service.collect(now), nextDue: () => service.nextDue() });
  services.home.register({ name: 'watercooler', render: ({ workspace, member }) => service.homeBlocks(workspace, member) });
  // Write the shipped packs now rather than on the first request (failures are retried by the next caller).
  service.ensureLibrary().catch((err: unknown) => services.log.warn({ err }, 'watercooler library sync failed; will retry'));
  return {
    routers: [watercoolerRoutes(services, service)],
    listeners: [watercoolerListeners(service)],
    jobs: {
      'watercooler.post': async (p) => {
        await service.compose(p.postId);
      },
      'watercooler.roster': async (p) => {
        await service.syncRoster(p.programId);
      },
    },
  };
};
