import type { AllMiddlewareArgs, App, EnvelopedEvent, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackContext } from '../../context.js';

/**
 * Which installation an event's envelope speaks for. Slack's envelope has no top-level is_enterprise_install:
 * it is in `authorizations[0]` (the installation the event was delivered to), with the enterprise id there
 * too for an org-wide install.
 */
export function envelopeInstall(body: Pick<EnvelopedEvent, 'team_id' | 'enterprise_id' | 'authorizations'>): { teamId: string; enterpriseId?: string; isEnterpriseInstall: boolean } {
  const auth = body.authorizations?.[0];
  const enterpriseId = body.enterprise_id ?? auth?.enterprise_id ?? undefined;
  return { teamId: body.team_id, ...(enterpriseId ? { enterpriseId } : {}), isEnterpriseInstall: auth?.is_enterprise_install === true };
}

/**
 * app_uninstalled and tokens_revoked: delete the tokens and pause the workspace's programs; keep every other
 * row so a reinstall picks up where it left off.
 */
export function appUninstalled(ctx: SlackContext) {
  return async ({ body }: SlackEventMiddlewareArgs<'app_uninstalled'> & AllMiddlewareArgs): Promise<void> => {
    await ctx.installations.revoke(envelopeInstall(body));
    await ctx.workspaces.setPaused(body.team_id, true);
  };
}

export function tokensRevoked(ctx: SlackContext) {
  return async ({ event, body }: SlackEventMiddlewareArgs<'tokens_revoked'> & AllMiddlewareArgs): Promise<void> => {
    // Only the bot token matters to Hearth; user tokens are not kept.
    if (!event.tokens.bot?.length) return;
    await ctx.installations.revoke(envelopeInstall(body));
    await ctx.workspaces.setPaused(body.team_id, true);
  };
}

export function register(app: App, ctx: SlackContext): void {
  app.event('app_uninstalled', appUninstalled(ctx));
  app.event('tokens_revoked', tokensRevoked(ctx));
}
