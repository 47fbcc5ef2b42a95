import { defineCapability } from '../platform/capability.js';
import { needs } from './deps.js';
import { watercoolerPost, watercoolerRoster } from './jobs.js';
import { watercoolerListeners } from './listeners.js';
import { watercoolerRoutes } from './routes.js';
import { WatercoolerService } from './service.js';


/** Watercooler: the program kind, the tick's due source, the home section, the routes, the engagement listeners and its jobs. */
export const watercoolerCapability = defineCapability({
  name: 'watercooler',
  needs,
  setup(services) {
    const service = new WatercoolerService(services);
    // Write the shipped packs now rather than on the first request (failures are retried by the next caller).
    service.ensureLibrary().catch((err: unknown) => services.log.warn({ err }, 'watercooler library sync failed; will retry'));
    return {
      programKind: service.kind(),
      dueSources: [{ name: 'watercooler', collect: (now) => service.collect(now), nextDue: () => service.nextDue() }],
      home: { name: 'watercooler', render: ({ workspace, member }) => service.homeBlocks(workspace, member) },
      routes: [watercoolerRoutes(services, service)],
      listeners: [watercoolerListeners(service)],
      jobs: [watercoolerPost.handle((p) => service.compose(p.postId)), watercoolerRoster.handle((p) => service.syncRoster(p.programId))],
    };
  },
});
