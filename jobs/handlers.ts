import type { Services } from '../src/hearth.js';
import type { CoreJobHandlers } from './catalogue.js';

/** The platform's job handlers: thin calls into services. Program plugins bring their own. */
export function buildHandlers(s: Services): CoreJobHandlers {
  return {
    tick: async (p) => {
      await s.scheduler.tick(p.at ? new Date(p.at) : undefined);
    },
    'outbox.send': async (p) => {
      await s.outbox.send(p.outboxId);
    },
    'outbox.reconcile': async (p) => {
      await s.outbox.reconcile(p.outboxId);
    },
    'directory.sync': async (p) => {
      const ws = await s.workspaces.byId(p.workspaceId);
      if (!ws || ws.paused_at) return;
      const client = await s.clients.forWorkspace(ws.id);
      await s.people.sync(ws, client);
      await s.channels.sync(ws, client);
    },
    'home.publish': async (p, ctx) => {
      const ws = await s.workspaces.byId(p.workspaceId);
      const member = ws && (await s.people.bySlackId(ws.id, p.userId));
      if (!ws || !member || ws.paused_at) return;
      await s.home.publish(ws, member, ctx.jobId);
    },
  };
}
