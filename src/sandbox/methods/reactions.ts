import { type MethodTable, SlackApiError, requireStr, str } from './kit.js';
import { messageTarget } from './chat.js';

/** reactions.add / reactions.remove on a message the caller can see. */

const EMOJI_NAME = /^[a-z0-9_+'-]+(::skin-tone-[2-6])?$/;

export const reactionMethods: MethodTable = {
  'reactions.add': {
    auth: 'any',
    scopes: ['reactions:write'],
    handler: (ctx) => {
      const name = requireStr(ctx.args, 'name', 'invalid_name').replace(/^:|:$/g, '');
      if (!EMOJI_NAME.test(name)) throw new SlackApiError('invalid_name');
      const channel = messageTarget(ctx, str(ctx.args, 'channel'));
      const message = ctx.state.findMessage(channel.id, requireStr(ctx.args, 'timestamp', 'no_item_specified'));
      if (!message) throw new SlackApiError('message_not_found');
      if (!message.reactions?.some((r) => r.name === name) && (message.reactions?.length ?? 0) >= 23) {
        throw new SlackApiError('too_many_emoji');
      }
      if (!ctx.state.addReaction(channel, message, name, ctx.auth.userId)) throw new SlackApiError('already_reacted');
      return {};
    },
  },

  'reactions.remove': {
    auth: 'any',
    scopes: ['reactions:write'],
    handler: (ctx) => {
      const name = requireStr(ctx.args, 'name', 'invalid_name').replace(/^:|:$/g, '');
      const channel = messageTarget(ctx, str(ctx.args, 'channel'));
      const message = ctx.state.findMessage(channel.id, requireStr(ctx.args, 'timestamp', 'no_item_specified'));
      if (!message) throw new SlackApiError('message_not_found');
      if (!ctx.state.removeReaction(channel, message, name, ctx.auth.userId)) throw new SlackApiError('no_reaction');
      return {};
    },
  },
};
