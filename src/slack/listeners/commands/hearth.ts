import type { AllMiddlewareArgs, App, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { SlackContext } from '../../context.js';
import { parseCommandText } from '../../commands.js';
import { helpReply } from '../../views/help.js';

/** `/hearth …`: answers in the command's own response (ephemeral), so nothing is posted for it. */
export function hearthCommand(ctx: SlackContext) {
  return async ({ command, ack }: SlackCommandMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    const { name, args } = parseCommandText(command.text ?? '');
    const workspace = await ctx.workspaces.ensure(command.team_id, command.enterprise_id ?? null, command.team_domain);
    const sub = ctx.commands.find(name);
    if (name === 'help' || !sub) {
      await ack({ response_type: 'ephemeral', ...helpReply(ctx.commands.list(), { adminUrl: ctx.adminUrl, unknown: name === 'help' ? undefined : name }) });
      return;
    }
    const member = await ctx.people.bySlackId(workspace.id, command.user_id);
    const reply = await sub.run({ workspace, member, userId: command.user_id, channelId: command.channel_id, args, triggerId: command.trigger_id });
    await ack({ response_type: 'ephemeral', ...reply });
  };
}

export function register(app: App, ctx: SlackContext): void {
  app.command('/hearth', hearthCommand(ctx));
}
