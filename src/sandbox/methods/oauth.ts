import { createHmac } from 'node:crypto';
import type { SandboxWorkspace, SlackMember } from '../types.js';
import { unixSeconds } from '../ts.js';
import { type MethodContext, type MethodTable, SlackApiError, str } from './kit.js';

/**
 * The OAuth v2 install exchange and Sign in with Slack (OpenID Connect). Codes are minted by the sandbox
 * (`state.issueOAuthCode`, `state.issueOpenIdCode`) when a person "approves" on the sandbox's own page.
 */

const OPENID_SCOPES = ['openid', 'email', 'profile'];

/** client_id / client_secret from arguments or HTTP Basic; checked against the configured pair if any. */
function checkClient(ctx: MethodContext): { clientId: string; clientSecret: string } {
  const clientId = str(ctx.args, 'client_id') ?? ctx.basicAuth?.id ?? '';
  const clientSecret = str(ctx.args, 'client_secret') ?? ctx.basicAuth?.secret ?? '';
  const expected = ctx.state.options.oauth;
  if (!clientId || (expected.clientId !== undefined && clientId !== expected.clientId)) throw new SlackApiError('invalid_client_id');
  if (!clientSecret || (expected.clientSecret !== undefined && clientSecret !== expected.clientSecret)) throw new SlackApiError('bad_client_secret');
  return { clientId, clientSecret };
}

function checkRedirect(ctx: MethodContext, recorded: string | undefined): void {
  const given = str(ctx.args, 'redirect_uri');
  if (recorded && given && given !== recorded) throw new SlackApiError('bad_redirect_uri');
}

/** The bot's token: with rotation on, one that expires, with its refresh token and lifetime. */
function botToken(ctx: MethodContext, workspace: SandboxWorkspace): Record<string, unknown> {
  if (ctx.state.options.tokenLifetimeSeconds <= 0) return { access_token: workspace.botToken };
  const issued = ctx.state.issueRotatingToken(workspace.id, ctx.at);
  return { access_token: issued.token, refresh_token: issued.refreshToken, expires_in: issued.expiresIn };
}

function installResponse(workspace: SandboxWorkspace, authedUser: Record<string, unknown>, token: Record<string, unknown>): Record<string, unknown> {
  return {
    app_id: workspace.appId,
    authed_user: authedUser,
    scope: workspace.botScopes.join(','),
    token_type: 'bot',
    ...token,
    bot_user_id: workspace.botUserId,
    team: { id: workspace.id, name: workspace.name },
    enterprise: workspace.enterpriseId ? { id: workspace.enterpriseId, name: workspace.enterpriseName ?? '' } : null,
    is_enterprise_install: false,
  };
}

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

/** An HS256 JWT keyed by the client secret (the OIDC rule for symmetric id tokens), so apps can verify it. */
export function signIdToken(claims: Record<string, unknown>, secret: string): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  return `${head}.${body}.${base64url(signature)}`;
}

/** The person claims Slack's OpenID Connect gives out, shared by id_token and userInfo. */
export function openIdClaims(workspace: SandboxWorkspace, member: SlackMember, at: Date): Record<string, unknown> {
  const p = member.profile;
  return {
    sub: member.id,
    'https://slack.com/user_id': member.id,
    'https://slack.com/team_id': workspace.id,
    ...(workspace.enterpriseId ? { 'https://slack.com/enterprise_id': workspace.enterpriseId } : {}),
    email: p.email ?? '',
    email_verified: true,
    date_email_verified: unixSeconds(at) - 86_400 * 365,
    name: member.real_name,
    picture: p.image_512,
    given_name: p.first_name,
    family_name: p.last_name,
    locale: 'en-US',
    'https://slack.com/team_name': workspace.name,
    'https://slack.com/team_domain': workspace.domain,
    'https://slack.com/user_image_24': p.image_24,
    'https://slack.com/user_image_32': p.image_32,
    'https://slack.com/user_image_48': p.image_48,
    'https://slack.com/user_image_72': p.image_72,
    'https://slack.com/user_image_192': p.image_192,
    'https://slack.com/user_image_512': p.image_512,
    'https://slack.com/team_image_default': true,
  };
}

export const oauthMethods: MethodTable = {
  'oauth.v2.access': {
    auth: 'none',
    handler: (ctx) => {
      const { state } = ctx;
      checkClient(ctx);
      if (str(ctx.args, 'grant_type') === 'refresh_token') {
        // A refresh token works once (Slack's are single-use); a second refresh with it is refused.
        const redeemed = state.redeemRefreshToken(str(ctx.args, 'refresh_token') ?? '');
        if ('error' in redeemed) throw new SlackApiError(redeemed.error);
        const workspace = state.workspace(redeemed.teamId)!;
        const issued = state.issueRotatingToken(workspace.id, ctx.at);
        return {
          app_id: workspace.appId,
          scope: workspace.botScopes.join(','),
          token_type: 'bot',
          access_token: issued.token,
          refresh_token: issued.refreshToken,
          expires_in: issued.expiresIn,
          bot_user_id: workspace.botUserId,
          team: { id: workspace.id, name: workspace.name },
          enterprise: workspace.enterpriseId ? { id: workspace.enterpriseId, name: workspace.enterpriseName ?? '' } : null,
          is_enterprise_install: false,
        };
      }
      const code = str(ctx.args, 'code');
      const record = code ? state.data.oauthCodes[code] : undefined;
      if (!code || !record) throw new SlackApiError('invalid_code');
      if (record.used) throw new SlackApiError('code_already_used');
      checkRedirect(ctx, record.redirectUri);
      const workspace = state.workspace(record.teamId);
      if (!workspace) throw new SlackApiError('invalid_code');
      record.used = true;
      const authedUser: Record<string, unknown> = { id: record.userId };
      if (record.userScopes.length > 0) {
        authedUser.scope = record.userScopes.join(',');
        authedUser.access_token = state.issueUserToken(workspace.id, record.userId, record.userScopes);
        authedUser.token_type = 'user';
      }
      return installResponse(workspace, authedUser, botToken(ctx, workspace));
    },
  },

  'openid.connect.token': {
    auth: 'none',
    handler: (ctx) => {
      const { state } = ctx;
      const { clientId, clientSecret } = checkClient(ctx);
      const code = str(ctx.args, 'code');
      const record = code ? state.data.openIdCodes[code] : undefined;
      if (!code || !record) throw new SlackApiError('invalid_code');
      if (record.used) throw new SlackApiError('code_already_used');
      checkRedirect(ctx, record.redirectUri);
      const workspace = state.workspace(record.teamId);
      const member = state.member(record.teamId, record.userId);
      if (!workspace || !member) throw new SlackApiError('invalid_code');
      record.used = true;
      const issuedAt = unixSeconds(ctx.at);
      const idToken = signIdToken(
        {
          iss: 'https://slack.com',
          aud: clientId,
          iat: issuedAt,
          exp: issuedAt + 3600,
          auth_time: issuedAt,
          ...(record.nonce ? { nonce: record.nonce } : {}),
          ...openIdClaims(workspace, member, ctx.at),
        },
        clientSecret,
      );
      return {
        access_token: state.issueUserToken(workspace.id, member.id, OPENID_SCOPES),
        token_type: 'Bearer',
        id_token: idToken,
      };
    },
  },

  'openid.connect.userInfo': {
    auth: 'user',
    handler: ({ state, auth, at }) => {
      if (!auth.scopes.includes('openid')) throw new SlackApiError('missing_scope', { needed: 'openid', provided: auth.scopes.join(',') });
      const member = state.member(auth.teamId, auth.userId);
      if (!member) throw new SlackApiError('user_not_found');
      return openIdClaims(auth.workspace, member, at);
    },
  },
};
