import type { AllMiddlewareArgs, App, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackContext } from '../../context.js';
import { homePublish } from '../../jobs.js';
import { requesterOf } from '../../requester.js';

/** Publishing the home tab reads every program: slow work goes to a job. */
export function appHomeOpened(ctx: SlackContext) {
  return async ({ event, body, context }: SlackEventMiddlewareArgs<'app_home_opened'> & AllMiddlewareArgs): Promise<void> => {
    if (event.tab !== 'home') return;
    const { workspace } = requesterOf(context);
    await ctx.queue.enqueue(homePublish, { workspaceId: workspace.id, userId: event.user }, { jobId: `home:${workspace.id}:${body.event_id}` });
  };
}

export function register(app: App, ctx: SlackContext): void {
  app.event('app_home_opened', appHomeOpened(ctx));
  // A URL button: Slack opens the link itself but still sends the click, which must be acknowledged.
  app.action('home_open_admin', async ({ ack }) => ack());
}
