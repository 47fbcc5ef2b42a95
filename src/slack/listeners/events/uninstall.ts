import type { AllMiddlewareArgs, App, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackContext } from '../../context.js';

/**
 * app_uninstalled and tokens_revoked: delete the tokens and pause the workspace's programs; keep every other
 * row so a reinstall picks up where it left off.
 */
export function appUninstalled(ctx: SlackContext) {
  return async ({ body }: SlackEventMiddlewareArgs<'app_uninstalled'> & AllMiddlewareArgs): Promise<void> => {
    await ctx.installations.revoke({ teamId: body.team_id, enterpriseId: body.enterprise_id, isEnterpriseInstall: body.is_enterprise_install });
    await ctx.workspaces.setPaused(body.team_id, true);
  };
}

export function tokensRevoked(ctx: SlackContext) {
  return async ({ event, body }: SlackEventMiddlewareArgs<'tokens_revoked'> & AllMiddlewareArgs): Promise<void> => {
    // Only the bot token matters to Hearth; user tokens are not kept.
    if (!event.tokens.bot?.length) return;
    await ctx.installations.revoke({ teamId: body.team_id, enterpriseId: body.enterprise_id, isEnterpriseInstall: body.is_enterprise_install });
    await ctx.workspaces.setPaused(body.team_id, true);
  };
}

export function register(app: App, ctx: SlackContext): void {
  app.event('app_uninstalled', appUninstalled(ctx));
  app.event('tokens_revoked', tokensRevoked(ctx));
}
