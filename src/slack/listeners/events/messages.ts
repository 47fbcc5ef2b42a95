import type { AllMiddlewareArgs, App, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackContext } from '../../context.js';
import { dmHelpReply } from '../../views/help.js';
import { requesterOf } from '../../requester.js';

/** The parts of a message event the Messages tab needs (Bolt's union of message subtypes, loosened). */
interface DirectMessage {
  channel_type?: string;
  channel?: string;
  subtype?: string;
  user?: string;
  bot_id?: string;
  ts?: string;
  thread_ts?: string;
}

/**
 * message.im: a person wrote to Hearth in its Messages tab. Hearth answers with what it can do (the same list as
 * `/hearth help`), through the outbox, once per message (a redelivered event adds nothing). Its own messages,
 * edits and deletions (subtypes) get no answer.
 */
export function directMessage(ctx: SlackContext) {
  return async ({ event, context }: SlackEventMiddlewareArgs<'message'> & AllMiddlewareArgs): Promise<void> => {
    const m = event as unknown as DirectMessage;
    if (m.channel_type !== 'im' || m.subtype || m.bot_id || !m.user || !m.channel || !m.ts) return;
    const { workspace } = requesterOf(context);
    if (workspace.paused_at) return;
    const reply = dmHelpReply(ctx.commands.list(), { adminUrl: ctx.adminUrl });
    await ctx.outbox.enqueue([
      { workspaceId: workspace.id, key: `dm-help:${m.channel}:${m.ts}`, kind: 'dm_help', method: 'chat.postMessage', args: { channel: m.channel, ...(m.thread_ts ? { thread_ts: m.thread_ts } : {}), ...reply } },
    ]);
  };
}

export function register(app: App, ctx: SlackContext): void {
  app.event('message', directMessage(ctx));
}
