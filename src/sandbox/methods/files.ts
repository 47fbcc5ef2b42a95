import { messageTarget } from './chat.js';
import { type MethodTable, SlackApiError, int, isObject, json, requireStr, str } from './kit.js';

/**
 * Slack's file upload (what WebClient.filesUploadV2 does): files.getUploadURLExternal reserves a file and answers
 * where to POST its bytes (the sandbox's own `/_upload/:fileId`), then files.completeUploadExternal shares the
 * uploaded files into a conversation as one message, with the initial comment as its text.
 */
export const fileMethods: MethodTable = {
  'files.getUploadURLExternal': {
    auth: 'any',
    scopes: ['files:write'],
    handler: (ctx) => {
      const filename = requireStr(ctx.args, 'filename', 'invalid_arguments');
      const length = int(ctx.args, 'length');
      if (length === undefined || length < 1) throw new SlackApiError('invalid_arguments');
      const file = ctx.state.reserveFile(ctx.auth.teamId, ctx.auth.userId, filename, length);
      return { upload_url: `${ctx.baseUrl ?? ''}/_upload/${file.id}`, file_id: file.id };
    },
  },

  'files.completeUploadExternal': {
    auth: 'any',
    scopes: ['files:write'],
    handler: (ctx) => {
      const list = json(ctx.args, 'files', 'invalid_arguments');
      if (!Array.isArray(list) || list.length === 0) throw new SlackApiError('invalid_arguments');
      const files = list.map((entry) => {
        const id = isObject(entry) && typeof entry.id === 'string' ? entry.id : undefined;
        const file = id ? ctx.state.file(ctx.auth.teamId, id) : undefined;
        // Reserved but never uploaded is not a file yet.
        if (!file || file.content === null) throw new SlackApiError('file_not_found');
        if (isObject(entry) && typeof entry.title === 'string' && entry.title) file.title = entry.title;
        return file;
      });
      const channelId = str(ctx.args, 'channel_id');
      if (channelId) {
        const channel = messageTarget(ctx, channelId);
        for (const f of files) f.channel = channel.id;
        ctx.state.addMessage(
          channel,
          { user: ctx.auth.userId, text: str(ctx.args, 'initial_comment') ?? '', files: files.map((f) => ({ id: f.id, name: f.name, title: f.title, size: f.length })) },
          ctx.at,
        );
      }
      return { files: files.map((f) => ({ id: f.id, name: f.name, title: f.title, size: f.length, channels: f.channel ? [f.channel] : [] })) };
    },
  },
};
