import type { AllMiddlewareArgs, App, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { ChannelProgramService } from '../programs/service.js';
import type { SlackContext } from '../slack/context.js';
import { directorySync } from '../slack/jobs.js';
import type { ChannelService } from './service.js';
import { requesterOf } from '../slack/requester.js';

type Args<E extends string> = SlackEventMiddlewareArgs<E> & AllMiddlewareArgs;

/**
 * Keeps channel rosters and the channel directory current between syncs. When Hearth loses a channel (removed from
 * it, or it is archived or deleted) the programs there pause and their owners are told; invited back, they resume.
 */
export function channelListeners(channels: ChannelService, programs: ChannelProgramService) {
  return (app: App, ctx: SlackContext): void => {
    app.event('member_joined_channel', async ({ event, context }: Args<'member_joined_channel'>) => {
      const ws = requesterOf(context).workspace;
      await channels.joined(ws.id, event.channel, event.user);
      if (event.user === context.botUserId) {
        // A private channel Hearth was just invited to is not in its directory yet (it could not list it).
        if (!(await channels.byId(ws.id, event.channel))) await ctx.queue.enqueue(directorySync, { workspaceId: ws.id }, { jobId: `directory:${ws.id}:joined:${event.channel}:${event.event_ts}` });
        await channels.update(ws.id, event.channel, { bot_is_member: true, bot_removed_at: null });
        await programs.channelBack(ws.id, event.channel, 'invited');
      }
    });
    app.event('member_left_channel', async ({ event, context }: Args<'member_left_channel'>) => {
      const ws = requesterOf(context).workspace;
      await channels.left(ws.id, event.channel, event.user);
      if (event.user === context.botUserId) await removed(ws.id, event.channel);
    });
    const removed = async (workspaceId: number, channelId: string) => {
      await channels.botRemoved(workspaceId, channelId);
      await programs.channelLost(workspaceId, channelId, 'not_in_channel');
    };
    for (const name of ['channel_rename', 'group_rename'] as const)
      app.event(name, async ({ event, context }: Args<typeof name>) => {
        const ws = requesterOf(context).workspace;
        await channels.update(ws.id, event.channel.id, { name: event.channel.name });
      });
    for (const [name, archived] of [['channel_archive', true], ['group_archive', true], ['channel_unarchive', false], ['group_unarchive', false]] as const)
      app.event(name, async ({ event, context }: Args<typeof name>) => {
        const ws = requesterOf(context).workspace;
        await channels.update(ws.id, event.channel, { is_archived: archived });
        if (archived) await programs.channelLost(ws.id, event.channel, 'is_archived');
        // Unarchived with Hearth still in it (an archive keeps its members): no one needs to invite Hearth back.
        else if ((await channels.byId(ws.id, event.channel))?.bot_is_member) await programs.channelBack(ws.id, event.channel, 'unarchived');
      });
    for (const name of ['channel_deleted', 'group_deleted'] as const)
      app.event(name, async ({ event, context }: Args<typeof name>) => {
        const ws = requesterOf(context).workspace;
        await channels.update(ws.id, event.channel, { is_archived: true, bot_is_member: false });
        await programs.channelLost(ws.id, event.channel, 'channel_not_found');
      });
    for (const name of ['channel_left', 'group_left'] as const)
      app.event(name, async ({ event, context }: Args<typeof name>) => {
        const ws = requesterOf(context).workspace;
        await removed(ws.id, event.channel);
      });
  };
}
