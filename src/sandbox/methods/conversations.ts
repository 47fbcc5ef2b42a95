import { checkOpenUsers, parseUserList } from '../conversation-key.js';
import { paginate } from '../pagination.js';
import { RESTRICTED_HISTORY } from '../rate-limit.js';
import { toSlackChannel, toSlackMessage } from '../serialize.js';
import type { SandboxChannel, SandboxMessage } from '../types.js';
import { compareTs, parseTs } from '../ts.js';
import { type AuthedContext, type MethodTable, SlackApiError, bool, canSee, int, requireScope, scopeFor, str, visibleChannel } from './kit.js';

/** conversations.* as a bot (or a person with a user token) sees them. */

const CHANNEL_TYPES = ['public_channel', 'private_channel', 'mpim', 'im'] as const;
type ChannelType = (typeof CHANNEL_TYPES)[number];

export function channelType(channel: SandboxChannel): ChannelType {
  if (channel.is_im) return 'im';
  if (channel.is_mpim) return 'mpim';
  return channel.is_private ? 'private_channel' : 'public_channel';
}

const TYPE_READ_SCOPE: Record<ChannelType, string> = {
  public_channel: 'channels:read',
  private_channel: 'groups:read',
  mpim: 'mpim:read',
  im: 'im:read',
};

function parseTypes(raw: string | undefined): ChannelType[] {
  if (!raw) return ['public_channel'];
  const types = raw.split(',').map((t) => t.trim()).filter(Boolean);
  for (const t of types) if (!(CHANNEL_TYPES as readonly string[]).includes(t)) throw new SlackApiError('invalid_types');
  return types as ChannelType[];
}

function describe(ctx: AuthedContext, channel: SandboxChannel, includeNumMembers: boolean): Record<string, unknown> {
  const other = channel.user ? ctx.state.member(ctx.auth.teamId, channel.user) : undefined;
  return toSlackChannel(channel, ctx.auth.userId, { includeNumMembers, isUserDeleted: other?.deleted ?? false });
}

/** Reading messages needs membership: bots get not_in_channel for public channels they have not joined. */
function readableChannel(ctx: AuthedContext): SandboxChannel {
  const channel = visibleChannel(ctx, str(ctx.args, 'channel'));
  requireScope(ctx, [scopeFor(channel, 'history')]);
  if (!channel.members.includes(ctx.auth.userId)) throw new SlackApiError('not_in_channel');
  return channel;
}

function tsArg(ctx: AuthedContext, key: string, error: string): number | undefined {
  const raw = str(ctx.args, key);
  if (raw === undefined || raw === '') return undefined;
  const micros = parseTs(raw);
  if (micros === null) throw new SlackApiError(error);
  return micros;
}

function inRange(message: SandboxMessage, oldest: number | undefined, latest: number | undefined, inclusive: boolean): boolean {
  const ts = parseTs(message.ts) ?? 0;
  if (oldest !== undefined && (inclusive ? ts < oldest : ts <= oldest)) return false;
  if (latest !== undefined && (inclusive ? ts > latest : ts >= latest)) return false;
  return true;
}

/** History pages: at most 15 messages for a non-Marketplace app (RESTRICTED_HISTORY), whatever `limit` asks. */
function pageSize(ctx: AuthedContext, defaultLimit: number): { limit: number | undefined; defaultLimit: number } {
  const asked = int(ctx.args, 'limit');
  if (!ctx.state.rateLimits.restrictedHistory) return { limit: asked, defaultLimit };
  const max = RESTRICTED_HISTORY.maxPage;
  return { limit: asked === undefined || asked <= 0 ? max : Math.min(asked, max), defaultLimit: max };
}

function userChannelRefs(ctx: AuthedContext): string[] {
  return parseUserList(ctx.args.users);
}

export const conversationMethods: MethodTable = {
  'conversations.list': {
    auth: 'any',
    handler: (ctx) => {
      const types = parseTypes(str(ctx.args, 'types'));
      for (const t of types) requireScope(ctx, [TYPE_READ_SCOPE[t]]);
      const excludeArchived = bool(ctx.args, 'exclude_archived');
      const channels = ctx.state
        .channelList(ctx.auth.teamId)
        .filter((c) => types.includes(channelType(c)) && canSee(c, ctx.auth.userId) && !(excludeArchived && c.is_archived));
      const page = paginate(channels, (c) => c.id, 'channel', { cursor: str(ctx.args, 'cursor'), limit: int(ctx.args, 'limit'), defaultLimit: 100 });
      if (!page.ok) throw new SlackApiError(page.error);
      return { channels: page.items.map((c) => describe(ctx, c, true)), response_metadata: { next_cursor: page.nextCursor } };
    },
  },

  'conversations.info': {
    auth: 'any',
    handler: (ctx) => {
      const channel = visibleChannel(ctx, str(ctx.args, 'channel'));
      requireScope(ctx, [scopeFor(channel, 'read')]);
      return { channel: describe(ctx, channel, bool(ctx.args, 'include_num_members')) };
    },
  },

  'conversations.members': {
    auth: 'any',
    handler: (ctx) => {
      const channel = visibleChannel(ctx, str(ctx.args, 'channel'));
      requireScope(ctx, [scopeFor(channel, 'read')]);
      const members = [...channel.members].sort();
      const page = paginate(members, (m) => m, 'member', { cursor: str(ctx.args, 'cursor'), limit: int(ctx.args, 'limit'), defaultLimit: 100 });
      if (!page.ok) throw new SlackApiError(page.error);
      return { members: page.items, response_metadata: { next_cursor: page.nextCursor } };
    },
  },

  'conversations.open': {
    auth: 'any',
    handler: (ctx) => {
      const { state, auth } = ctx;
      const existingRef = str(ctx.args, 'channel');
      if (existingRef && ctx.args.users === undefined) {
        const channel = visibleChannel(ctx, existingRef);
        if (!channel.is_im && !channel.is_mpim) throw new SlackApiError('method_not_supported_for_channel_type');
        return { no_op: true, already_open: true, channel: bool(ctx.args, 'return_im') ? describe(ctx, channel, false) : { id: channel.id } };
      }
      const check = checkOpenUsers(userChannelRefs(ctx), auth.userId);
      if (!check.ok) throw new SlackApiError(check.error);
      requireScope(ctx, [check.kind === 'im' ? 'im:write' : 'mpim:write']);
      for (const id of check.others) {
        const member = state.member(auth.teamId, id);
        if (!member) throw new SlackApiError('user_not_found');
        if (member.deleted) throw new SlackApiError('user_disabled');
        if (auth.kind === 'bot' && member.is_bot) throw new SlackApiError('cannot_dm_bot');
      }
      if (bool(ctx.args, 'prevent_creation')) {
        // Only looking: an existing conversation or nothing.
        const found = state.channelList(auth.teamId).find(
          (c) => (c.is_im || c.is_mpim) && c.members.length === check.others.length + 1 && [auth.userId, ...check.others].every((m) => c.members.includes(m)),
        );
        if (!found) throw new SlackApiError('channel_not_found');
        return { no_op: true, already_open: true, channel: { id: found.id } };
      }
      const { channel, created } = state.openConversation(auth.teamId, auth.userId, check.others, ctx.at);
      return {
        ...(created ? {} : { no_op: true, already_open: true }),
        channel: bool(ctx.args, 'return_im') ? describe(ctx, channel, false) : { id: channel.id },
      };
    },
  },

  'conversations.join': {
    auth: 'any',
    scopes: ['channels:join'],
    handler: (ctx) => {
      const channel = visibleChannel(ctx, str(ctx.args, 'channel'));
      if (channel.is_private) throw new SlackApiError('method_not_supported_for_channel_type');
      if (channel.is_archived) throw new SlackApiError('is_archived');
      if (channel.members.includes(ctx.auth.userId)) {
        return { channel: describe(ctx, channel, false), warning: 'already_in_channel', response_metadata: { warnings: ['already_in_channel'] } };
      }
      ctx.state.addMembers(channel, [ctx.auth.userId]);
      return { channel: describe(ctx, channel, false) };
    },
  },

  'conversations.invite': {
    auth: 'any',
    handler: (ctx) => {
      const { state, auth } = ctx;
      const channel = visibleChannel(ctx, str(ctx.args, 'channel'));
      if (channel.is_im || channel.is_mpim) throw new SlackApiError('method_not_supported_for_channel_type');
      requireScope(ctx, [scopeFor(channel, 'write')]);
      if (channel.is_archived) throw new SlackApiError('is_archived');
      if (!channel.members.includes(auth.userId)) throw new SlackApiError('not_in_channel');
      const users = userChannelRefs(ctx);
      if (users.length === 0) throw new SlackApiError('no_user');
      if (users.length > 1000) throw new SlackApiError('too_many_users');
      const toAdd: string[] = [];
      const errors: Array<{ user: string; ok: false; error: string }> = [];
      for (const id of users) {
        const member = state.member(auth.teamId, id);
        const error = !member
          ? 'user_not_found'
          : id === auth.userId
            ? 'cant_invite_self'
            : member.deleted
              ? 'cant_invite'
              : channel.members.includes(id)
                ? 'already_in_channel'
                : undefined;
        if (error) errors.push({ user: id, ok: false, error });
        else toAdd.push(id);
      }
      // Slack fails the call when any named person cannot be added, unless `force` asks for the rest.
      if (errors.length > 0 && !(bool(ctx.args, 'force') && toAdd.length > 0)) {
        throw new SlackApiError(errors[0]?.error ?? 'cant_invite', { errors });
      }
      state.addMembers(channel, toAdd);
      return { channel: describe(ctx, channel, false), ...(errors.length > 0 ? { errors } : {}) };
    },
  },

  'conversations.kick': {
    auth: 'any',
    handler: (ctx) => {
      const { state, auth } = ctx;
      const channel = visibleChannel(ctx, str(ctx.args, 'channel'));
      if (channel.is_im || channel.is_mpim) throw new SlackApiError('method_not_supported_for_channel_type');
      requireScope(ctx, [scopeFor(channel, 'write')]);
      if (channel.is_general) throw new SlackApiError('cant_kick_from_general');
      const userId = str(ctx.args, 'user');
      if (!userId || !state.member(auth.teamId, userId)) throw new SlackApiError('user_not_found');
      if (userId === auth.userId) throw new SlackApiError('cant_kick_self');
      if (!channel.members.includes(userId)) throw new SlackApiError('not_in_channel');
      state.removeMember(channel, userId);
      return {};
    },
  },

  'conversations.create': {
    auth: 'any',
    handler: (ctx) => {
      const isPrivate = bool(ctx.args, 'is_private');
      requireScope(ctx, [isPrivate ? 'groups:write' : 'channels:manage']);
      const name = str(ctx.args, 'name')?.trim() ?? '';
      const nameError = channelNameError(name);
      if (nameError) throw new SlackApiError(nameError);
      const taken = ctx.state.channelList(ctx.auth.teamId).some((c) => !c.is_im && !c.is_mpim && c.name === name);
      if (taken) throw new SlackApiError('name_taken');
      const channel = ctx.state.createChannel(ctx.auth.teamId, { name, isPrivate, creator: ctx.auth.userId }, ctx.at);
      return { channel: describe(ctx, channel, false) };
    },
  },

  'conversations.history': {
    auth: 'any',
    handler: (ctx) => {
      const channel = readableChannel(ctx);
      const latest = tsArg(ctx, 'latest', 'invalid_ts_latest');
      const oldest = tsArg(ctx, 'oldest', 'invalid_ts_oldest');
      const inclusive = bool(ctx.args, 'inclusive');
      const messages = ctx.state.channelHistory(channel.id).filter((m) => inRange(m, oldest, latest, inclusive));
      const page = paginate(
        messages,
        (m) => m.ts,
        'next_ts',
        { cursor: str(ctx.args, 'cursor'), ...pageSize(ctx, 100) },
        'desc',
        compareTs,
      );
      if (!page.ok) throw new SlackApiError(page.error);
      const includeMetadata = bool(ctx.args, 'include_all_metadata');
      return {
        messages: page.items.map((m) => toSlackMessage(m, { includeMetadata })),
        has_more: page.nextCursor !== '',
        pin_count: 0,
        channel_actions_ts: null,
        channel_actions_count: 0,
        response_metadata: { next_cursor: page.nextCursor },
      };
    },
  },

  'conversations.replies': {
    auth: 'any',
    handler: (ctx) => {
      const channel = readableChannel(ctx);
      const ts = str(ctx.args, 'ts');
      const parent = ts ? ctx.state.threadParent(channel.id, ts) : undefined;
      if (!parent) throw new SlackApiError('thread_not_found');
      const latest = tsArg(ctx, 'latest', 'invalid_ts_latest');
      const oldest = tsArg(ctx, 'oldest', 'invalid_ts_oldest');
      const inclusive = bool(ctx.args, 'inclusive', true);
      // The parent always leads the first page; the range applies to replies.
      const [head, ...replies] = ctx.state.threadMessages(channel.id, parent.ts);
      const list = [...(head ? [head] : []), ...replies.filter((m) => inRange(m, oldest, latest, inclusive))];
      const page = paginate(list, (m) => m.ts, 'next_ts', { cursor: str(ctx.args, 'cursor'), ...pageSize(ctx, 1000) }, 'asc', compareTs);
      if (!page.ok) throw new SlackApiError(page.error);
      const includeMetadata = bool(ctx.args, 'include_all_metadata');
      return {
        messages: page.items.map((m) => toSlackMessage(m, { includeMetadata })),
        has_more: page.nextCursor !== '',
        response_metadata: { next_cursor: page.nextCursor },
      };
    },
  },
};

/** Slack's channel-name rules: lowercase letters, digits, hyphens, underscores; 80 characters at most. */
export function channelNameError(name: string): string | undefined {
  if (name.length === 0) return 'invalid_name_required';
  if (name.length > 80) return 'invalid_name_maxlength';
  if (!/^[a-z0-9_-]+$/.test(name)) return 'invalid_name_specials';
  if (/^[-_]+$/.test(name)) return 'invalid_name_punctuation';
  return undefined;
}
