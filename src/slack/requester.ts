import type { Context } from '@slack/bolt';
import type { Member, Workspace } from '../db/types.js';

/**
 * Who a Slack request comes from: its workspace (created on first contact: Slack only sends a request for a
 * workspace Hearth is installed in) and the member who acted, when Hearth has met them (the directory syncs within
 * minutes; undefined before that, and for events no person caused). One Bolt middleware (src/slack/bolt.ts) puts it
 * on the context before any listener runs, so no listener looks the team up itself.
 */
export interface SlackRequester {
  workspace: Workspace;
  /** The Slack user who acted (a command's, a click's, a submission's, or an event's `user`). */
  userId: string | undefined;
  /** The member who clicked, submitted or ran a command (undefined before the directory has them, and for events). */
  member: Member | undefined;
}

const KEY = 'hearthRequester';

/** Where a request says it comes from, for every kind Bolt dispatches (events, commands, interactions). */
export function origin(body: unknown): { teamId: string; enterpriseId: string | null; teamDomain?: string; userId?: string } | undefined {
  const b = body as {
    team_id?: string;
    enterprise_id?: string;
    team_domain?: string;
    user_id?: string;
    team?: { id?: string; domain?: string } | null;
    enterprise?: { id?: string } | null;
    user?: { id?: string; team_id?: string };
    event?: { user?: unknown };
  };
  const teamId = b.team_id ?? b.team?.id ?? b.user?.team_id;
  if (!teamId) return undefined;
  const eventUser = typeof b.event?.user === 'string' ? b.event.user : undefined;
  const userId = b.user_id ?? b.user?.id ?? eventUser;
  const teamDomain = b.team_domain ?? b.team?.domain;
  return { teamId, enterpriseId: b.enterprise_id ?? b.enterprise?.id ?? null, ...(teamDomain ? { teamDomain } : {}), ...(userId ? { userId } : {}) };
}

export function setRequester(context: Context, requester: SlackRequester): void {
  context[KEY] = requester;
}

/** The request's workspace and member (the middleware has always set it by the time a listener runs). */
export function requesterOf(context: Context): SlackRequester {
  const r = context[KEY] as SlackRequester | undefined;
  if (!r) throw new Error('a Slack request without a workspace: the requester middleware did not run');
  return r;
}
