import type { AllMiddlewareArgs, App, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { SlackContext } from '../../context.js';
import { parseCommandText, type CommandReply } from '../../commands.js';
import { requesterOf } from '../../requester.js';
import { helpReply } from '../../views/help.js';

/** What the member sees when a subcommand fails after the ack (Slack can no longer show its own error). */
const FAILED_TEXT = "Sorry, Hearth couldn't do that just now. Try again in a minute.";

/**
 * `/hearth …`: help (built from the registered subcommands, no database) is the ack itself. Any other
 * subcommand is acked first, so a slow database never breaks Slack's 3-second rule, and its answer goes to the
 * command's response_url as an ephemeral, so nothing is posted for it.
 */
export function hearthCommand(ctx: SlackContext) {
  return async ({ command, ack, respond, context }: SlackCommandMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    const { name, args } = parseCommandText(command.text ?? '');
    const sub = ctx.commands.find(name);
    if (name === 'help' || !sub) {
      await ack({ response_type: 'ephemeral', ...helpReply(ctx.commands.list(), { adminUrl: ctx.adminUrl, unknown: name === 'help' ? undefined : name }) });
      return;
    }
    await ack();
    let reply: CommandReply;
    try {
      const { workspace, member } = requesterOf(context);
      reply = await sub.run({ workspace, member, userId: command.user_id, channelId: command.channel_id, args, triggerId: command.trigger_id });
    } catch (err) {
      await respond({ response_type: 'ephemeral', text: FAILED_TEXT });
      throw err;
    }
    await respond({ response_type: 'ephemeral', ...reply });
  };
}

export function register(app: App, ctx: SlackContext): void {
  app.command('/hearth', hearthCommand(ctx));
}
