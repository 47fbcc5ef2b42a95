import type { DeliveryStatus } from './api-types.js';

/**
 * What a delivery's state means to a person: "Sent" only when Slack accepted it; a failed or unsettled one says
 * why in words, and whether trying again can work. Pure: the People tab, the admin's failed-deliveries list and
 * the owners' notices all read it, so one failure reads the same everywhere.
 */
export type DeliveryState = 'pending' | 'sending' | 'sent' | 'failed' | 'unknown';

export type { DeliveryStatus };

/** `#name` of the channel the write went to, when known. */
export interface ReasonContext {
  channelName?: string | null;
}

const channelWords = (c: ReasonContext) => (c.channelName ? `#${c.channelName}` : 'the channel');

/** What each Slack permission Hearth asks for (manifest.json) lets it do, in words. */
const SCOPE_WORDS: Record<string, string> = {
  commands: 'add the /hearth command',
  'chat:write': 'send messages',
  'chat:write.public': 'post in public channels it hasn’t joined',
  'im:write': 'start direct messages',
  'mpim:write': 'start group messages',
  'im:history': 'read its direct messages',
  'mpim:history': 'read its group messages',
  'channels:history': 'read messages in public channels',
  'groups:history': 'read messages in private channels',
  'channels:read': 'see public channels',
  'groups:read': 'see private channels',
  'channels:join': 'join public channels',
  'channels:manage': 'create and manage public channels',
  'groups:write': 'create and manage private channels',
  'users:read': 'see the people in the workspace',
  'users:read.email': 'see people’s email addresses',
  'team:read': 'see the workspace’s name',
  'reactions:read': 'see emoji reactions',
  'reactions:write': 'add emoji reactions',
  'files:write': 'upload files',
};

/** Slack's `needed` (one scope, or several of which any one would do) as a list of scopes. */
export function neededScopes(needed: string | null): string[] {
  return (needed ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** What the needed permission lets Hearth do, in words ("send messages"); null for a scope Hearth does not ask for. */
export function scopeWords(needed: string | null): string | null {
  const words = neededScopes(needed).map((s) => SCOPE_WORDS[s]);
  return words.length && words.every((w) => w !== undefined) ? words.join(' or ') : null;
}

/** A missing permission in words: "Hearth needs Slack’s permission to send messages (chat:write) to do this. …". */
export function missingScopeText(needed: string | null): string {
  const scopes = neededScopes(needed);
  if (!scopes.length) return 'Hearth is missing a Slack permission. An admin needs to reinstall Hearth to grant it.';
  const named = scopes.map((s) => (SCOPE_WORDS[s] ? `to ${SCOPE_WORDS[s]} (${s})` : s)).join(' or ');
  return `Hearth needs Slack’s permission ${named} to do this. An admin needs to reinstall Hearth to grant it.`;
}

/** Slack's errors (and Hearth's own) in words, and whether trying again can work once the cause is fixed. */
const REASONS: Record<string, { text: (c: ReasonContext, detail: string | null) => string; canRetry: boolean; retrying?: string }> = {
  not_in_channel: { text: (c) => `Hearth was removed from ${channelWords(c)}. Add Hearth back to the channel, then try again.`, canRetry: true },
  channel_not_found: { text: (c) => `Slack can't find ${channelWords(c)}: it was deleted, or Hearth can't see it.`, canRetry: false },
  is_archived: { text: (c) => `${channelWords(c).replace(/^t/, 'T')} is archived. Unarchive it, then try again.`, canRetry: true },
  user_not_found: { text: () => "Slack can't find this person.", canRetry: false },
  users_not_found: { text: () => "Slack can't find this person.", canRetry: false },
  user_disabled: { text: () => 'This person’s Slack account is deactivated.', canRetry: false },
  account_inactive: { text: () => 'Hearth’s Slack installation is no longer active. Reinstall Hearth.', canRetry: true },
  cannot_dm_bot: { text: () => 'This is a bot; Hearth can’t message it.', canRetry: false },
  user_not_in_channel: { text: (c) => `This person isn’t in ${channelWords(c)}.`, canRetry: false },
  restricted_action: { text: () => 'The workspace’s settings don’t allow this.', canRetry: false },
  missing_scope: { text: (_c, needed) => missingScopeText(needed), canRetry: true },
  not_installed: { text: () => 'Hearth is not installed in this workspace any more.', canRetry: false },
  token_revoked: { text: () => 'Hearth’s access to Slack was revoked. Reinstall Hearth.', canRetry: true },
  invalid_auth: { text: () => 'Slack no longer accepts Hearth’s access. Reinstall Hearth.', canRetry: true },
  name_taken: { text: () => 'A channel with this name already exists.', canRetry: false },
  msg_too_long: { text: () => 'The message is too long for Slack.', canRetry: false },
  invalid_blocks: { text: () => 'Slack refused the message’s layout.', canRetry: false },
  msg_blocks_too_long: { text: () => 'The message’s content is too long for Slack. Shorten it.', canRetry: false },
  metadata_too_large: { text: () => 'The data Hearth attaches to the message is too large for Slack.', canRetry: false },
  ratelimited: { text: () => 'Slack was busy; it wasn’t sent in time.', canRetry: true },
  service_unavailable: { text: () => 'Slack was unavailable for a day.', canRetry: true, retrying: 'Slack is unavailable; Hearth keeps trying for up to a day.' },
  team_added_to_org: { text: () => 'The workspace was moving into an Enterprise organization.', canRetry: true, retrying: 'The workspace is moving into an Enterprise organization; Hearth keeps trying for up to a day.' },
  token_expired: { text: () => 'Hearth’s access to Slack expired and couldn’t be renewed.', canRetry: true, retrying: 'Hearth’s access to Slack expired; Hearth is renewing it and trying again.' },
  no_client: { text: () => 'Hearth couldn’t reach Slack for a day.', canRetry: true, retrying: 'Hearth can’t reach Slack right now; it keeps trying for up to a day.' },
};

/** The error code at the start of a recorded error (`outcome unknown (timeout); …` → `outcome_unknown`). */
export function errorCode(error: string | null): string | null {
  if (!error) return null;
  if (error.startsWith('outcome unknown')) return 'outcome_unknown';
  return /^[a-z0-9_]+/.exec(error)?.[0] ?? 'error';
}

/** What a recorded error says after its code (`missing_scope: chat:write` → `chat:write`), if anything. */
export function errorDetail(error: string | null): string | null {
  return /^[a-z0-9_]+: (.+)$/.exec(error ?? '')?.[1] ?? null;
}

export function deliveryStatus(state: DeliveryState, error: string | null, context: ReasonContext = {}): DeliveryStatus {
  if (state === 'sent') return { label: 'Sent', code: null, reason: null, canRetry: false };
  if (state === 'pending' || state === 'sending') {
    // A row retrying a transient failure says what it is waiting out.
    const code = errorCode(error);
    // Said in the present (the final text says how it ended); a code with no words of its own is still a retry.
    return { label: 'Waiting', code, reason: code && code !== 'ratelimited' ? `Retrying: ${REASONS[code]?.retrying ?? 'Slack didn’t answer; Hearth is trying again.'}` : null, canRetry: false };
  }
  if (state === 'unknown') {
    // No longer looked for (`outcome unknown (…); why`): a person checks, and a Try again sends it again if it isn't there.
    if (errorCode(error) === 'outcome_unknown')
      return { label: 'Not confirmed', code: 'outcome_unknown', reason: `Hearth couldn't confirm its message reached ${channelWords(context)}: check the channel; Try again posts it again if it isn't there.`, canRetry: true };
    return { label: 'Not confirmed', code: 'outcome_unknown', reason: 'Slack didn’t confirm it. It may have arrived; Hearth won’t send it twice.', canRetry: false };
  }
  const code = errorCode(error) ?? 'error';
  const known = REASONS[code];
  return { label: 'Not sent', code, reason: known ? known.text(context, errorDetail(error)) : `Slack refused it (${code}).`, canRetry: known?.canRetry ?? false };
}

/** How much a status needs a person's attention, most first: a summary of several deliveries shows the worst one. */
const URGENCY: Record<DeliveryStatus['label'], number> = { 'Not sent': 3, 'Not confirmed': 2, Waiting: 1, Sent: 0 };

/** The one status that stands for several deliveries of one thing (a journey message to each of its recipients). */
export function mostUrgent<T extends DeliveryStatus>(statuses: T[]): T | null {
  return statuses.reduce<T | null>((worst, s) => (worst && URGENCY[worst.label] >= URGENCY[s.label] ? worst : s), null);
}
