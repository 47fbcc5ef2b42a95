import type { AllMiddlewareArgs, App, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { WatercoolerEngagement } from './engagement.js';
import { requesterOf } from '../slack/requester.js';

type Args<E extends string> = SlackEventMiddlewareArgs<E> & AllMiddlewareArgs;

/** The parts of a message event engagement needs (Bolt's union of message subtypes, loosened). */
interface MessageFields {
  subtype?: string;
  channel?: string;
  user?: string;
  bot_id?: string;
  ts?: string;
  thread_ts?: string;
  deleted_ts?: string;
  previous_message?: { ts?: string; thread_ts?: string; user?: string };
}

/** Subtypes that are still a person replying in the thread. */
const REPLY_SUBTYPES = new Set([undefined, 'thread_broadcast', 'file_share']);

/**
 * Engagement is counted from the events Slack sends us, never by reading channel history: a reply in a posted
 * prompt's thread (message.channels / message.groups with thread_ts), its deletion, and reactions on the prompt.
 * Each handler is idempotent (one row per reply ts and per person+reaction), so a retried event counts once.
 */
export function watercoolerListeners(engagement: WatercoolerEngagement) {
  return (app: App): void => {
    app.event('message', async ({ event, context }: Args<'message'>) => {
      const { workspace } = requesterOf(context);
      const m = event as unknown as MessageFields;
      if (!m.channel) return;
      if (m.subtype === 'message_deleted') {
        const prev = m.previous_message;
        if (prev?.thread_ts && m.deleted_ts && prev.thread_ts !== m.deleted_ts)
          await engagement.onReplyDeleted(workspace.id, { channel: m.channel, ts: m.deleted_ts, threadTs: prev.thread_ts });
        return;
      }
      if (!REPLY_SUBTYPES.has(m.subtype) || m.bot_id || !m.user || !m.ts || !m.thread_ts || m.thread_ts === m.ts) return;
      await engagement.onThreadReply(workspace.id, { channel: m.channel, ts: m.ts, threadTs: m.thread_ts, user: m.user });
    });

    for (const name of ['reaction_added', 'reaction_removed'] as const)
      app.event(name, async ({ event, context }: Args<typeof name>) => {
        if (event.item.type !== 'message') return;
        await engagement.onReaction(requesterOf(context).workspace.id, { channel: event.item.channel, ts: event.item.ts, user: event.user, name: event.reaction, added: name === 'reaction_added' });
      });
  };
}
