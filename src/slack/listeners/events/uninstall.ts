import type { AllMiddlewareArgs, App, Context, EnvelopedEvent, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackContext } from '../../context.js';
import { requesterOf } from '../../requester.js';

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
 * Deletes the installation's tokens and pauses the workspace: a paused workspace runs no job, so nothing more
 * reaches Slack or a provider, and each capability forgets its provider credentials. Every other row stays until
 * the retention period ends, so a reinstall picks up where it left off.
 */
async function stop(ctx: SlackContext, body: Parameters<typeof envelopeInstall>[0], context: Context): Promise<void> {
  await ctx.installations.revoke(envelopeInstall(body));
  await ctx.workspaces.setPaused(body.team_id, true);
  await ctx.uninstalled(requesterOf(context).workspace.id);
}

/** app_uninstalled: stop. */
export function appUninstalled(ctx: SlackContext) {
  return async ({ body, context }: SlackEventMiddlewareArgs<'app_uninstalled'> & AllMiddlewareArgs): Promise<void> => {
    await stop(ctx, body, context);
  };
}

export function tokensRevoked(ctx: SlackContext) {
  return async ({ event, body, context }: SlackEventMiddlewareArgs<'tokens_revoked'> & AllMiddlewareArgs): Promise<void> => {
    // Only the bot token matters to Hearth; user tokens are not kept.
    if (!event.tokens.bot?.length) return;
    await stop(ctx, body, context);
  };
}

export function register(app: App, ctx: SlackContext): void {
  app.event('app_uninstalled', appUninstalled(ctx));
  app.event('tokens_revoked', tokensRevoked(ctx));
}
