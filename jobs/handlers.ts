import type { Services } from '../src/hearth.js';
import { assertHandlers, type JobHandlers } from './catalogue.js';

/** Every job's handler: thin calls into services. Start-up refuses a catalogue job without one. */
export function buildHandlers(s: Services): JobHandlers {
  const handlers: JobHandlers = {
    tick: async (p) => {
      await s.scheduler.tick(p.at ? new Date(p.at) : undefined);
    },
    'outbox.send': async (p) => {
      await s.outbox.send(p.outboxId);
    },
    'outbox.reconcile': async (p) => {
      await s.outbox.reconcile(p.outboxId);
    },
    'members.sync': async (p) => {
      const ws = await s.workspaces.byId(p.workspaceId);
      if (!ws || ws.paused_at) return;
      await s.people.sync(ws, await s.clients.forWorkspace(ws.id));
    },
    'home.publish': async (p, ctx) => {
      const ws = await s.workspaces.byId(p.workspaceId);
      const member = ws && (await s.people.bySlackId(ws.id, p.userId));
      if (!ws || !member || ws.paused_at) return;
      await s.home.publish(ws, member, ctx.jobId);
    },
  };
  assertHandlers(handlers);
  return handlers;
}
