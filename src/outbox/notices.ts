import { authoredMrkdwn } from '../slack/mrkdwn.js';
import { neededScopes, scopeWords } from './reasons.js';

/** Kind of the DM that tells the workspace's installer Hearth lacks a Slack permission. */
export const MISSING_SCOPE_NOTICE = 'missing_scope_notice';

/**
 * The installer's DM about a missing permission: what can't work, and the way to grant it (reinstalling Hearth).
 * `needed` is Slack's (`chat:write`); the links are Hearth's own addresses.
 */
export function missingScopeNotice(needed: string | null, links: { reinstall: string; failedDeliveries: string }): { text: string } {
  const what = scopeWords(needed);
  const scopes = neededScopes(needed).map((s) => `\`${s}\``).join(' or ');
  const headline = what ? `*Hearth can’t ${what} in this workspace.*` : '*Hearth is missing a Slack permission, so some of what it does can’t work.*';
  const permission = scopes ? ` It needs Slack’s ${scopes} permission, which it was not granted when it was installed.` : '';
  return {
    text: authoredMrkdwn(`${headline}${permission}\n[Reinstall Hearth](${links.reinstall}) to grant it; what didn’t go out meanwhile can be tried again from [Failed deliveries](${links.failedDeliveries}).`),
  };
}
