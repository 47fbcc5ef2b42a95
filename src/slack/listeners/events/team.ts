import type { AllMiddlewareArgs, App, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackContext } from '../../context.js';
import { requesterOf } from '../../requester.js';

type Args<E extends string> = SlackEventMiddlewareArgs<E> & AllMiddlewareArgs;

/** team_rename: the workspace's name on the pages. */
export function teamRenamed(ctx: SlackContext) {
  return async ({ event, context }: Args<'team_rename'>): Promise<void> => {
    const { workspace } = requesterOf(context);
    await ctx.workspaces.update(workspace.id, { name: event.name });
  };
}

/** team_domain_change: the domain every permalink and "open in Slack" link is built on. */
export function teamDomainChanged(ctx: SlackContext) {
  return async ({ event, context }: Args<'team_domain_change'>): Promise<void> => {
    const { workspace } = requesterOf(context);
    await ctx.workspaces.update(workspace.id, { domain: event.domain });
  };
}

export function register(app: App, ctx: SlackContext): void {
  app.event('team_rename', teamRenamed(ctx));
  app.event('team_domain_change', teamDomainChanged(ctx));
}
