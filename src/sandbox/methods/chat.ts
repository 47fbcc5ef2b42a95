import { BLOCK_KIT_LIMITS, validateBlocks } from '../blocks.js';
import { toSlackMessage } from '../serialize.js';
import { unixSeconds } from '../ts.js';
import type { JsonObject, MessageMetadata, SandboxChannel } from '../types.js';
import { type AuthedContext, type MethodTable, SlackApiError, bool, isObject, json, requireStr, str } from './kit.js';
import { workspaceUrl } from './users.js';

/** chat.* — posting, editing, ephemeral and scheduled messages. */

export const MAX_TEXT_LENGTH = 40_000;
const MAX_SCHEDULE_AHEAD_SECONDS = 120 * 24 * 3600;

/**
 * Where a message goes. A user id means their DM with the caller (opened on first use, as Slack does);
 * a private conversation the caller is not in is not_in_channel.
 */
export function messageTarget(ctx: AuthedContext, ref: string | undefined): SandboxChannel {
  const { state, auth } = ctx;
  if (!ref) throw new SlackApiError('channel_not_found');
  if (/^[UW]/.test(ref)) {
    const member = state.member(auth.teamId, ref);
    if (!member) throw new SlackApiError('channel_not_found');
    if (ref === auth.userId) throw new SlackApiError('channel_not_found');
    // Slack accepts messages to deactivated people without complaint; callers must check `deleted`.
    return state.openConversation(auth.teamId, auth.userId, [ref], ctx.at).channel;
  }
  // Ids only: Hearth keeps channel ids, and a `#name` that works today breaks when the channel is renamed.
  const channel = state.channel(auth.teamId, ref);
  if (!channel) throw new SlackApiError('channel_not_found');
  if (channel.is_private && !channel.members.includes(auth.userId)) {
    // IMs and MPIMs of other people are invisible; a private channel is known but closed.
    throw new SlackApiError(channel.is_im || channel.is_mpim ? 'channel_not_found' : 'not_in_channel');
  }
  if (channel.is_archived) throw new SlackApiError('is_archived');
  // Posting into a public channel the bot has not joined needs chat:write.public.
  if (!channel.members.includes(auth.userId) && !auth.scopes.includes('chat:write.public')) throw new SlackApiError('not_in_channel');
  return channel;
}

export interface MessageContent {
  text: string;
  blocks?: JsonObject[];
  attachments?: JsonObject[];
  metadata?: MessageMetadata;
}

/** text / blocks / attachments / metadata with Slack's checks; `requireContent` for new messages. */
export function messageContent(ctx: AuthedContext, requireContent: boolean): Partial<MessageContent> & { hasText: boolean } {
  const text = str(ctx.args, 'text') ?? str(ctx.args, 'markdown_text');
  const blocks = json(ctx.args, 'blocks', 'invalid_blocks_format');
  const attachments = json(ctx.args, 'attachments', 'invalid_attachments');
  const metadata = json(ctx.args, 'metadata', 'invalid_metadata_format');
  const hasContent = (text !== undefined && text !== '') || blocks !== undefined || attachments !== undefined;
  if (requireContent && !hasContent) throw new SlackApiError('no_text');
  if (text !== undefined && text.length > MAX_TEXT_LENGTH) throw new SlackApiError('msg_too_long');
  if (blocks !== undefined) {
    const check = validateBlocks(blocks, 'message');
    if (!check.ok) throw new SlackApiError(check.error, { errors: check.errors, response_metadata: { messages: check.errors.map((e) => `[ERROR] ${e}`) } });
    if (JSON.stringify(blocks).length > BLOCK_KIT_LIMITS.messageBlocksChars) throw new SlackApiError('msg_blocks_too_long');
  }
  if (attachments !== undefined && !Array.isArray(attachments)) throw new SlackApiError('invalid_attachments');
  if (Array.isArray(attachments) && attachments.length > 100) throw new SlackApiError('too_many_attachments');
  return {
    hasText: text !== undefined,
    ...(text !== undefined ? { text } : {}),
    ...(blocks !== undefined ? { blocks: blocks as JsonObject[] } : {}),
    ...(attachments !== undefined ? { attachments: attachments as JsonObject[] } : {}),
    ...(metadata !== undefined ? { metadata: checkMetadata(metadata) } : {}),
  };
}

/** Message metadata must be { event_type: word, event_payload: object }. */
export function checkMetadata(metadata: unknown): MessageMetadata {
  if (!isObject(metadata)) throw new SlackApiError('invalid_metadata_format');
  const { event_type, event_payload } = metadata;
  if (typeof event_type !== 'string' || !/^[A-Za-z0-9_]{1,255}$/.test(event_type) || !isObject(event_payload)) {
    throw new SlackApiError('invalid_metadata_schema');
  }
  if (Buffer.byteLength(JSON.stringify(metadata), 'utf8') > BLOCK_KIT_LIMITS.metadataBytes) throw new SlackApiError('metadata_too_large');
  return { event_type, event_payload };
}

function threadArg(ctx: AuthedContext, channel: SandboxChannel): string | undefined {
  const threadTs = str(ctx.args, 'thread_ts');
  if (!threadTs) return undefined;
  const parent = ctx.state.threadParent(channel.id, threadTs);
  if (!parent) throw new SlackApiError('thread_not_found');
  return parent.ts;
}

export const chatMethods: MethodTable = {
  'chat.postMessage': {
    auth: 'any',
    scopes: ['chat:write'],
    handler: (ctx) => {
      const channel = messageTarget(ctx, str(ctx.args, 'channel'));
      const content = messageContent(ctx, true);
      const threadTs = threadArg(ctx, channel);
      const iconEmoji = str(ctx.args, 'icon_emoji');
      const iconUrl = str(ctx.args, 'icon_url');
      const username = str(ctx.args, 'username');
      const message = ctx.state.addMessage(
        channel,
        {
          user: ctx.auth.userId,
          text: content.text ?? '',
          ...(content.blocks ? { blocks: content.blocks } : {}),
          ...(content.attachments ? { attachments: content.attachments } : {}),
          ...(content.metadata ? { metadata: content.metadata } : {}),
          ...(threadTs ? { thread_ts: threadTs, reply_broadcast: bool(ctx.args, 'reply_broadcast') } : {}),
          ...(username ? { username } : {}),
          ...(iconEmoji || iconUrl ? { icons: { ...(iconEmoji ? { emoji: iconEmoji } : {}), ...(iconUrl ? { image_url: iconUrl } : {}) } } : {}),
        },
        ctx.at,
      );
      return { channel: channel.id, ts: message.ts, message: toSlackMessage(message, { includeMetadata: true }) };
    },
  },

  'chat.update': {
    auth: 'any',
    scopes: ['chat:write'],
    handler: (ctx) => {
      const channel = messageTarget(ctx, str(ctx.args, 'channel'));
      const ts = requireStr(ctx.args, 'ts', 'message_not_found');
      const message = ctx.state.findMessage(channel.id, ts);
      if (!message || message.subtype === 'tombstone') throw new SlackApiError('message_not_found');
      if (message.user !== ctx.auth.userId) throw new SlackApiError('cant_update_message');
      const content = messageContent(ctx, false);
      if (!content.hasText && !content.blocks && !content.attachments && !content.metadata) throw new SlackApiError('no_text');
      ctx.state.updateMessage(
        channel,
        message,
        {
          editor: ctx.auth.userId,
          ...(content.text !== undefined ? { text: content.text } : {}),
          ...(content.blocks ? { blocks: content.blocks } : {}),
          ...(content.metadata ? { metadata: content.metadata } : {}),
        },
        ctx.at,
      );
      const shown = toSlackMessage(message, { includeMetadata: true });
      return { channel: channel.id, ts: message.ts, text: message.text, message: shown };
    },
  },

  'chat.delete': {
    auth: 'any',
    scopes: ['chat:write'],
    handler: (ctx) => {
      const channel = messageTarget(ctx, str(ctx.args, 'channel'));
      const ts = requireStr(ctx.args, 'ts', 'message_not_found');
      const message = ctx.state.findMessage(channel.id, ts);
      if (!message || message.subtype === 'tombstone') throw new SlackApiError('message_not_found');
      if (message.user !== ctx.auth.userId) throw new SlackApiError('cant_delete_message');
      ctx.state.deleteMessage(channel, message);
      return { channel: channel.id, ts };
    },
  },

  'chat.postEphemeral': {
    auth: 'any',
    scopes: ['chat:write'],
    handler: (ctx) => {
      const channel = messageTarget(ctx, str(ctx.args, 'channel'));
      const userId = str(ctx.args, 'user');
      const member = userId ? ctx.state.member(ctx.auth.teamId, userId) : undefined;
      if (!userId || !member) throw new SlackApiError('user_not_found');
      if (!channel.members.includes(userId)) throw new SlackApiError('user_not_in_channel');
      const content = messageContent(ctx, true);
      const threadTs = str(ctx.args, 'thread_ts');
      const ephemeral = ctx.state.addEphemeral(
        {
          teamId: ctx.auth.teamId,
          channel: channel.id,
          user: userId,
          text: content.text ?? '',
          postedBy: ctx.auth.userId,
          ...(content.blocks ? { blocks: content.blocks } : {}),
          ...(threadTs ? { thread_ts: threadTs } : {}),
        },
        ctx.at,
      );
      return { message_ts: ephemeral.ts };
    },
  },

  'chat.getPermalink': {
    auth: 'any',
    scopes: ['chat:write'],
    handler: (ctx) => {
      const channel = messageTarget(ctx, str(ctx.args, 'channel'));
      const ts = requireStr(ctx.args, 'message_ts', 'message_not_found');
      const message = ctx.state.findMessage(channel.id, ts);
      if (!message) throw new SlackApiError('message_not_found');
      const base = ctx.state.options.permalinkBase?.replace(/\/$/, '') ?? workspaceUrl(ctx.auth.workspace).replace(/\/$/, '');
      const path = `${base}/archives/${channel.id}/p${message.ts.replace('.', '')}`;
      const isReply = message.thread_ts !== undefined && message.thread_ts !== message.ts;
      return { channel: channel.id, permalink: isReply ? `${path}?thread_ts=${message.thread_ts}&cid=${channel.id}` : path };
    },
  },

  'chat.scheduleMessage': {
    auth: 'any',
    scopes: ['chat:write'],
    handler: (ctx) => {
      const channel = messageTarget(ctx, str(ctx.args, 'channel'));
      const postAtRaw = str(ctx.args, 'post_at');
      const postAt = postAtRaw !== undefined && /^\d+(\.\d+)?$/.test(postAtRaw.trim()) ? Math.floor(Number(postAtRaw)) : undefined;
      if (postAt === undefined) throw new SlackApiError('invalid_time');
      const nowSeconds = unixSeconds(ctx.at);
      if (postAt <= nowSeconds) throw new SlackApiError('time_in_past');
      if (postAt > nowSeconds + MAX_SCHEDULE_AHEAD_SECONDS) throw new SlackApiError('time_too_far');
      const content = messageContent(ctx, true);
      const threadTs = threadArg(ctx, channel);
      const scheduled = ctx.state.addScheduled({
        teamId: ctx.auth.teamId,
        channel: channel.id,
        post_at: postAt,
        date_created: nowSeconds,
        postedBy: ctx.auth.userId,
        text: content.text ?? '',
        ...(content.blocks ? { blocks: content.blocks } : {}),
        ...(content.metadata ? { metadata: content.metadata } : {}),
        ...(threadTs ? { thread_ts: threadTs } : {}),
      });
      return {
        channel: channel.id,
        scheduled_message_id: scheduled.id,
        post_at: postAt,
        message: {
          type: 'message',
          text: scheduled.text,
          user: ctx.auth.userId,
          ...(ctx.auth.botId ? { bot_id: ctx.auth.botId, app_id: ctx.auth.workspace.appId } : {}),
          team: ctx.auth.teamId,
          ...(scheduled.blocks ? { blocks: scheduled.blocks } : {}),
        },
      };
    },
  },

  'chat.deleteScheduledMessage': {
    auth: 'any',
    scopes: ['chat:write'],
    handler: (ctx) => {
      const channel = messageTarget(ctx, str(ctx.args, 'channel'));
      const id = str(ctx.args, 'scheduled_message_id');
      const scheduled = ctx.state.data.scheduled.find((s) => s.id === id && s.channel === channel.id && s.teamId === ctx.auth.teamId);
      if (!scheduled || scheduled.postedBy !== ctx.auth.userId) throw new SlackApiError('invalid_scheduled_message_id');
      ctx.state.data.scheduled = ctx.state.data.scheduled.filter((s) => s !== scheduled);
      return {};
    },
  },

  'chat.scheduledMessages.list': {
    auth: 'any',
    scopes: ['chat:write'],
    handler: (ctx) => {
      const channelRef = str(ctx.args, 'channel');
      const channelId = channelRef ? messageTarget(ctx, channelRef).id : undefined;
      const list = ctx.state.data.scheduled
        .filter((s) => s.teamId === ctx.auth.teamId && s.postedBy === ctx.auth.userId && (!channelId || s.channel === channelId))
        .sort((a, b) => a.post_at - b.post_at)
        .map((s) => ({ id: s.id, channel_id: s.channel, post_at: s.post_at, date_created: s.date_created, text: s.text }));
      return { scheduled_messages: list, response_metadata: { next_cursor: '' } };
    },
  },
};
