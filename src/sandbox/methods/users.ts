import { paginate } from '../pagination.js';
import { toListedUser, toSlackUser } from '../serialize.js';
import { unixSeconds } from '../ts.js';
import type { SandboxWorkspace, SlackMember } from '../types.js';
import { type AuthedContext, type MethodTable, SlackApiError, int, requireStr, str } from './kit.js';

/** auth.test, team.info and the users.* reads. */

export function workspaceUrl(workspace: { domain: string }): string {
  return `https://${workspace.domain}.slack.com/`;
}

function teamObject(team: { id: string; name: string; domain: string }, workspace?: SandboxWorkspace): Record<string, unknown> {
  return {
    id: team.id,
    name: team.name,
    url: workspaceUrl(team),
    domain: team.domain,
    email_domain: workspace?.emailDomain ?? '',
    icon: { image_default: true, image_34: '', image_44: '', image_68: '', image_88: '', image_102: '', image_132: '', image_230: '' },
    avatar_base_url: 'https://ca.slack-edge.com/',
    is_verified: false,
    ...(workspace?.enterpriseId ? { enterprise_id: workspace.enterpriseId, enterprise_name: workspace.enterpriseName ?? '' } : {}),
    lob_sales_home_enabled: false,
  };
}

/** A member the caller's workspace can see (its own people and Slack Connect people it shares with). */
export function visibleMember(ctx: AuthedContext, userId: string | undefined): SlackMember {
  const member = userId ? ctx.state.member(ctx.auth.teamId, userId) : undefined;
  if (!member) throw new SlackApiError('user_not_found');
  return member;
}

/** Emails need users:read.email; without it Slack leaves the field out rather than failing. */
function withoutEmailUnlessAllowed(user: Record<string, unknown>, scopes: readonly string[]): Record<string, unknown> {
  if (scopes.includes('users:read.email')) return user;
  const { email: _email, ...profile } = user.profile as Record<string, unknown>;
  return { ...user, profile };
}

export const userMethods: MethodTable = {
  'auth.test': {
    auth: 'any',
    handler: ({ state, auth }) => {
      const workspace = auth.workspace;
      const me = state.member(auth.teamId, auth.userId);
      return {
        url: workspaceUrl(workspace),
        team: workspace.name,
        user: me?.name ?? auth.userId,
        team_id: workspace.id,
        user_id: auth.userId,
        ...(auth.botId ? { bot_id: auth.botId } : {}),
        ...(workspace.enterpriseId ? { enterprise_id: workspace.enterpriseId } : {}),
        is_enterprise_install: false,
      };
    },
  },

  'team.info': {
    auth: 'any',
    scopes: ['team:read'],
    handler: ({ state, auth, args }) => {
      const wanted = str(args, 'team') || auth.teamId;
      if (wanted === auth.teamId) return { team: teamObject(auth.workspace, auth.workspace) };
      // Another organisation is visible only through its people in a shared channel.
      const external = state.data.externalTeams[wanted];
      const shares = state.memberList(auth.teamId, { includeExternal: true }).some((m) => m.team_id === wanted);
      if (!external || !shares) throw new SlackApiError('team_not_found');
      return { team: teamObject(external) };
    },
  },

  'users.list': {
    auth: 'any',
    scopes: ['users:read'],
    handler: ({ state, auth, args, at }) => {
      // Slack Connect people are not listed in users.list; they surface through shared channels only.
      const members = state.memberList(auth.teamId);
      const page = paginate(members, (m) => m.id, 'user', {
        cursor: str(args, 'cursor'),
        limit: int(args, 'limit'),
        defaultLimit: 1000, // no limit asked: Slack tries to return everyone
      });
      if (!page.ok) throw new SlackApiError(page.error);
      return {
        members: page.items.map((m) => withoutEmailUnlessAllowed(toListedUser(m, at), auth.scopes)),
        cache_ts: unixSeconds(at),
        response_metadata: { next_cursor: page.nextCursor },
      };
    },
  },

  'users.info': {
    auth: 'any',
    scopes: ['users:read'],
    handler: (ctx) => ({ user: withoutEmailUnlessAllowed(toListedUser(visibleMember(ctx, str(ctx.args, 'user')), ctx.at), ctx.auth.scopes) }),
  },

  'users.lookupByEmail': {
    auth: 'any',
    scopes: ['users:read.email'],
    handler: ({ state, auth, args, at }) => {
      const email = requireStr(args, 'email', 'users_not_found').toLowerCase();
      const member = state.memberList(auth.teamId).find((m) => m.profile.email?.toLowerCase() === email);
      if (!member) throw new SlackApiError('users_not_found');
      return { user: toListedUser(member, at) };
    },
  },

  'users.profile.get': {
    auth: 'any',
    scopes: ['users.profile:read'],
    handler: (ctx) => {
      const member = visibleMember(ctx, str(ctx.args, 'user') || ctx.auth.userId);
      const user = toSlackUser(member, ctx.at);
      return { profile: user.profile };
    },
  },
};
