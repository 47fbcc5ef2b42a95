import { channelListeners } from '../channels/listeners.js';
import { channelRoutes } from '../channels/routes.js';
import { outboxOpenDm, outboxReconcile, outboxSend } from '../outbox/jobs.js';
import { outboxRoutes } from '../outbox/routes.js';
import { peopleRoutes } from '../people/routes.js';
import { programRoutes } from '../programs/routes.js';
import { tick } from '../scheduler/jobs.js';
import { directorySync, homePublish } from '../slack/jobs.js';
import { refreshTeamInfo } from '../slack/team-info.js';
import { userRoutes } from '../users/routes.js';
import { WorkspaceRetention } from '../workspaces/retention.js';
import { workspaceRoutes } from '../workspaces/routes.js';
import { defineCapability } from './capability.js';
import { deliverEvents } from './events/service.js';

/**
 * The platform's own capability: the tick, the outbox, directory sync, the Home tab, event delivery, and the
 * shared routes (channels, people, programs, the signed-in user).
 */
export const platformCapability = defineCapability({
  name: 'platform',
  needs: ['config', 'scheduler', 'outbox', 'workspaces', 'clients', 'people', 'channels', 'home', 'events', 'queue', 'clock', 'programs', 'users', 'storage'],
  setup: (s) => {
    const retention = new WorkspaceRetention(s.workspaces, s.storage, s.config.retentionDays);
    return {
      dataExport: {
        tables: [
          { table: 'members', description: "The workspace's people (matched by Slack user id on import).", hasId: true, matchOn: ['slack_user_id'] },
          { table: 'member_settings', description: "Each member's notification keys and progress flags.", via: { column: 'member_id', parent: 'members' } },
          { table: 'channels', description: 'Channels Hearth knows (matched by Slack channel id on import).', matchOn: ['channel_id'] },
          { table: 'channel_programs', description: 'Channel programs (Intros, Watercooler, Celebrations): channel, owner, active.', hasId: true, refs: { creator_member_id: 'members', owner_member_id: 'members' }, omit: ['send_now_requested_at', 'send_now_completed_at'] },
          { table: 'channel_program_members', description: "Programs' editors and permission users.", via: { column: 'program_id', parent: 'channel_programs' }, refs: { member_id: 'members' } },
        ],
      },
      jobs: [
        tick.handle(async (p) => {
          const at = p.at ? new Date(p.at) : s.clock.now();
          await s.scheduler.tick(at);
          await s.queue.beat(tick.name, at);
        }),
        outboxSend.handle((p) => s.outbox.send(p.outboxId)),
        outboxReconcile.handle((p) => s.outbox.reconcile(p.outboxId)),
        outboxOpenDm.handle((p) => s.outbox.openDm(p.workspaceId, p.userId)),
        directorySync.handle(async (p) => {
          const ws = await s.workspaces.byId(p.workspaceId);
          if (!ws || ws.paused_at) return;
          const client = await s.clients.forWorkspace(ws.id);
          await refreshTeamInfo(s.workspaces, ws, client);
          await s.people.sync(ws, client);
          await s.channels.sync(ws, client);
        }),
        homePublish.handle(async (p, ctx) => {
          const ws = await s.workspaces.byId(p.workspaceId);
          const member = ws && (await s.people.bySlackId(ws.id, p.userId));
          if (!ws || !member || ws.paused_at) return;
          await s.home.publish(ws, member, ctx.jobId);
        }),
        deliverEvents.handle((p) => s.events.deliver(p.subscriber, p.workspaceId)),
      ],
      dueSources: [
        { name: 'outbox', collect: async () => (await s.outbox.sweep()).enqueued, nextDue: () => s.outbox.nextDue(), nextHeldBack: (now) => s.outbox.nextHeldBack(now) },
        {
          // Daily directory refresh: claim workspaces not synced for a day and enqueue their sync.
          name: 'members',
          collect: async (now) => {
            const ids = await s.workspaces.claimMemberSyncs(now);
            const day = now.toISOString().slice(0, 10);
            for (const id of ids) await s.queue.enqueue(directorySync, { workspaceId: id }, { jobId: `directory:${id}:${day}` });
            return ids.length;
          },
          nextDue: () => s.workspaces.nextMemberSync(),
        },
        { name: 'events', collect: () => s.events.collectBehind(), nextDue: () => s.events.nextDue() },
        // RETENTION_DAYS after an uninstall, the workspace's files and rows are deleted.
        { name: 'retention', collect: (now) => retention.collect(now), nextDue: () => retention.nextDue() },
      ],
      listeners: [channelListeners(s.channels, s.programs)],
      routes: [userRoutes(s.users), channelRoutes({ channels: s.channels, outbox: s.outbox }), peopleRoutes(s.people), programRoutes(s.programs), workspaceRoutes(retention), outboxRoutes(s.outbox)],
    };
  },
});
