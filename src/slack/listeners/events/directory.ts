import type { AllMiddlewareArgs, App, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackUser } from '../../../people/service.js';
import type { SlackContext } from '../../context.js';
import { requesterOf } from '../../requester.js';

/** team_join and user_change keep the member directory current (names, tz, deactivation) between syncs. */
export function memberChanged(ctx: SlackContext) {
  return async ({ event, context }: SlackEventMiddlewareArgs<'team_join' | 'user_change'> & AllMiddlewareArgs): Promise<void> => {
    const { workspace } = requesterOf(context);
    await ctx.people.upsert(workspace, [event.user as unknown as SlackUser]);
  };
}

export function register(app: App, ctx: SlackContext): void {
  app.event('team_join', memberChanged(ctx));
  app.event('user_change', memberChanged(ctx));
}
