import {
  WebClient,
  type AuthTestResponse,
  type ChatPostMessageArguments,
  type ChatPostMessageResponse,
  type ChatUpdateArguments,
  type ChatUpdateResponse,
  type ConversationsHistoryArguments,
  type ConversationsHistoryResponse,
  type ConversationsInviteArguments,
  type ConversationsInviteResponse,
  type ConversationsJoinArguments,
  type ConversationsJoinResponse,
  type ConversationsListArguments,
  type ConversationsListResponse,
  type ConversationsMembersArguments,
  type ConversationsMembersResponse,
  type ConversationsOpenArguments,
  type ConversationsOpenResponse,
  type FilesCompleteUploadExternalResponse,
  type FilesUploadV2Arguments,
  type OAuthV2AccessArguments,
  type OauthV2AccessResponse,
  type OpenIDConnectTokenArguments,
  type OpenIDConnectTokenResponse,
  type OpenIDConnectUserInfoResponse,
  type UsersInfoArguments,
  type UsersInfoResponse,
  type UsersListArguments,
  type UsersListResponse,
  type ViewsOpenArguments,
  type ViewsOpenResponse,
  type ViewsPublishArguments,
  type ViewsPublishResponse,
  type WebAPICallResult,
} from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { ACME } from '../../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../../src/sandbox/server.js';

/**
 * One contract per Web API method Hearth calls (issue 12, item 10). Each pins, to the official @slack/web-api
 * types: the arguments Hearth sends (typed as the method's Arguments, so tsc refuses one Slack does not take),
 * and the response fields Hearth reads (a `reads` function over the method's Response type, with each field's
 * kind computed from that type, so tsc refuses a field Slack's type does not have or a wrong kind). At run
 * time the sandbox must answer each field with that kind: a sandbox answer that drifts from Slack's types
 * fails the build. `npm run typecheck` checks this file.
 */

type Kind<T> = [NonNullable<T>] extends [string] ? 'string' : [NonNullable<T>] extends [number] ? 'number' : [NonNullable<T>] extends [boolean] ? 'boolean' : [NonNullable<T>] extends [unknown[]] ? 'array' : 'object';

interface Contract<A, R, P extends Record<string, unknown>> {
  method: string;
  /** Where Hearth sends it: the file that builds these arguments. */
  source: string;
  args: A;
  call: (web: WebClient, args: A) => Promise<R>;
  reads: (res: R) => P;
  kinds: { [K in keyof P]-?: Kind<P[K]> };
  /** State the call needs first (the bot in the channel, a trigger…). */
  before?: (sandbox: SandboxApiServer) => void;
}

const contract = <A, R, P extends Record<string, unknown>>(c: Contract<A, R, P>) => c as unknown as Contract<unknown, unknown, Record<string, unknown>>;

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const C = ACME.channels;
const pt = (text: string) => ({ type: 'plain_text' as const, text });
let trigger = '';
let refreshToken = '';
let openIdCode = '';
let oauthCode = '';
let userToken = '';
const joinBot = (channel: string) => (s: SandboxApiServer) => s.state.addMembers(s.state.channel(ACME.teamId, channel)!, [ACME.botUserId]);

const CONTRACTS = [
  contract<ChatPostMessageArguments, ChatPostMessageResponse, { channel?: string; ts?: string }>({
    method: 'chat.postMessage',
    source: 'src/outbox/service.ts (every message; metadata carries the outbox id)',
    args: { channel: C.general, text: 'Hello', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Hello' } }], unfurl_links: false, metadata: { event_type: 'hearth_outbox', event_payload: { outbox_id: 1, key: 'k' } } },
    call: (web, a) => web.chat.postMessage(a),
    reads: (r) => ({ channel: r.channel, ts: r.ts }),
    kinds: { channel: 'string', ts: 'string' },
  }),
  contract<ChatUpdateArguments, ChatUpdateResponse, { channel?: string; ts?: string }>({
    method: 'chat.update',
    source: 'src/intros/meetings.ts, src/celebrations/member-dates.ts',
    args: { channel: C.general, ts: '', text: 'Updated', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Updated' } }] },
    before: (s) => {
      const message = s.state.addMessage(s.state.channel(ACME.teamId, C.general)!, { user: ACME.botUserId, text: 'to update' });
      (CONTRACTS.find((c) => c.method === 'chat.update')!.args as { ts: string }).ts = message.ts;
    },
    call: (web, a) => web.chat.update(a),
    reads: (r) => ({ channel: r.channel, ts: r.ts }),
    kinds: { channel: 'string', ts: 'string' },
  }),
  contract<ConversationsOpenArguments, ConversationsOpenResponse, { channelId?: string }>({
    method: 'conversations.open',
    source: 'src/outbox/service.ts (dm.post)',
    args: { users: 'U0DEMO002,U0DEMO003' },
    call: (web, a) => web.conversations.open(a),
    reads: (r) => ({ channelId: r.channel?.id }),
    kinds: { channelId: 'string' },
  }),
  contract<FilesUploadV2Arguments, WebAPICallResult & { files: FilesCompleteUploadExternalResponse[] }, { fileId?: string; title?: string; channels?: string[] }>({
    method: 'files.uploadV2',
    source: 'src/outbox/service.ts (dm.file: a report CSV; getUploadURLExternal, the bytes, completeUploadExternal)',
    args: { channel_id: C.general, filename: 'report.csv', title: 'report.csv', content: 'stat,value\nactive_users,3\n', initial_comment: 'Your report' },
    before: joinBot(C.general),
    call: (web, a) => web.filesUploadV2(a),
    reads: (r) => ({ fileId: r.files[0]?.files?.[0]?.id, title: r.files[0]?.files?.[0]?.title, channels: r.files[0]?.files?.[0]?.channels }),
    kinds: { fileId: 'string', title: 'string', channels: 'array' },
  }),
  contract<ConversationsJoinArguments, ConversationsJoinResponse, { channelId?: string }>({
    method: 'conversations.join',
    source: 'src/programs/service.ts, src/outbox/service.ts (reconcile)',
    args: { channel: C.watercooler },
    call: (web, a) => web.conversations.join(a),
    reads: (r) => ({ channelId: r.channel?.id }),
    kinds: { channelId: 'string' },
  }),
  contract<ConversationsInviteArguments, ConversationsInviteResponse, { channelId?: string; errors?: ConversationsInviteResponse['errors'] }>({
    method: 'conversations.invite',
    source: 'src/channels/service.ts (force, per-user errors)',
    args: { channel: C.buddyVolunteers, users: 'U0DEMO007,U0DEMO011', force: true },
    before: joinBot(C.buddyVolunteers),
    call: (web, a) => web.conversations.invite(a),
    reads: (r) => ({ channelId: r.channel?.id, errors: r.errors }),
    kinds: { channelId: 'string', errors: 'array' },
  }),
  contract<ConversationsHistoryArguments, ConversationsHistoryResponse, { messages?: ConversationsHistoryResponse['messages']; ts?: string; eventType?: string; hasMore?: boolean; nextCursor?: string }>({
    method: 'conversations.history',
    source: 'src/outbox/service.ts (reconcile)',
    args: { channel: C.celebrations, oldest: '0', latest: '9999999999.000000', inclusive: true, limit: 15, include_all_metadata: true },
    before: (s) => {
      joinBot(C.celebrations)(s);
      s.state.addMessage(s.state.channel(ACME.teamId, C.celebrations)!, { user: ACME.botUserId, text: 'x', metadata: { event_type: 'hearth_outbox', event_payload: { outbox_id: 7 } } });
    },
    call: (web, a) => web.conversations.history(a),
    reads: (r) => ({ messages: r.messages, ts: r.messages?.[0]?.ts, eventType: r.messages?.[0]?.metadata?.event_type, hasMore: r.has_more, nextCursor: r.response_metadata?.next_cursor }),
    kinds: { messages: 'array', ts: 'string', eventType: 'string', hasMore: 'boolean', nextCursor: 'string' },
  }),
  contract<ConversationsListArguments, ConversationsListResponse, { id?: string; name?: string; isPrivate?: boolean; isArchived?: boolean; isShared?: boolean; isOrgShared?: boolean; isExtShared?: boolean; isMember?: boolean; numMembers?: number; nextCursor?: string }>({
    method: 'conversations.list',
    source: 'src/channels/service.ts (sync)',
    args: { types: 'public_channel,private_channel', exclude_archived: true, limit: 200 },
    call: (web, a) => web.conversations.list(a),
    reads: (r) => {
      const c = r.channels?.[0];
      return { id: c?.id, name: c?.name, isPrivate: c?.is_private, isArchived: c?.is_archived, isShared: c?.is_shared, isOrgShared: c?.is_org_shared, isExtShared: c?.is_ext_shared, isMember: c?.is_member, numMembers: c?.num_members, nextCursor: r.response_metadata?.next_cursor };
    },
    kinds: { id: 'string', name: 'string', isPrivate: 'boolean', isArchived: 'boolean', isShared: 'boolean', isOrgShared: 'boolean', isExtShared: 'boolean', isMember: 'boolean', numMembers: 'number', nextCursor: 'string' },
  }),
  contract<ConversationsMembersArguments, ConversationsMembersResponse, { members?: string[]; first?: string; nextCursor?: string }>({
    method: 'conversations.members',
    source: 'src/channels/service.ts (syncRoster)',
    args: { channel: C.intros, limit: 200 },
    call: (web, a) => web.conversations.members(a),
    reads: (r) => ({ members: r.members, first: r.members?.[0], nextCursor: r.response_metadata?.next_cursor }),
    kinds: { members: 'array', first: 'string', nextCursor: 'string' },
  }),
  contract<UsersListArguments, UsersListResponse, { members?: UsersListResponse['members']; id?: string; teamId?: string; name?: string; realName?: string; displayName?: string; email?: string; tz?: string; title?: string; image72?: string; isBot?: boolean; isAppUser?: boolean; deleted?: boolean; isAdmin?: boolean; isOwner?: boolean; nextCursor?: string }>({
    method: 'users.list',
    source: 'src/people/service.ts (sync, memberValues)',
    args: { limit: 200 },
    call: (web, a) => web.users.list(a),
    reads: (r) => {
      const u = r.members?.find((m) => m.id === ACME.adminUserId);
      return { members: r.members, id: u?.id, teamId: u?.team_id, name: u?.name, realName: u?.real_name, displayName: u?.profile?.display_name, email: u?.profile?.email, tz: u?.tz, title: u?.profile?.title, image72: u?.profile?.image_72, isBot: u?.is_bot, isAppUser: u?.is_app_user, deleted: u?.deleted, isAdmin: u?.is_admin, isOwner: u?.is_owner, nextCursor: r.response_metadata?.next_cursor };
    },
    kinds: { members: 'array', id: 'string', teamId: 'string', name: 'string', realName: 'string', displayName: 'string', email: 'string', tz: 'string', title: 'string', image72: 'string', isBot: 'boolean', isAppUser: 'boolean', deleted: 'boolean', isAdmin: 'boolean', isOwner: 'boolean', nextCursor: 'string' },
  }),
  contract<UsersInfoArguments, UsersInfoResponse, { id?: string; name?: string; tz?: string; deleted?: boolean; isBot?: boolean }>({
    method: 'users.info',
    source: 'src/intros/service.ts',
    args: { user: 'U0DEMO002' },
    call: (web, a) => web.users.info(a),
    reads: (r) => ({ id: r.user?.id, name: r.user?.name, tz: r.user?.tz, deleted: r.user?.deleted, isBot: r.user?.is_bot }),
    kinds: { id: 'string', name: 'string', tz: 'string', deleted: 'boolean', isBot: 'boolean' },
  }),
  contract<ViewsOpenArguments, ViewsOpenResponse, { viewId?: string }>({
    method: 'views.open',
    source: 'src/intros/listeners.ts, src/celebrations/member-dates.ts',
    args: { trigger_id: '', view: { type: 'modal', title: pt('Hearth'), close: pt('Close'), blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Hi' } }] } },
    before: (s) => {
      trigger = s.state.issueTriggerId(ACME.teamId, ACME.adminUserId);
      (CONTRACTS.find((c) => c.method === 'views.open')!.args as { trigger_id: string }).trigger_id = trigger;
    },
    call: (web, a) => web.views.open(a),
    reads: (r) => ({ viewId: r.view?.id }),
    kinds: { viewId: 'string' },
  }),
  contract<ViewsPublishArguments, ViewsPublishResponse, { viewId?: string }>({
    method: 'views.publish',
    source: 'src/slack/home.ts',
    args: { user_id: ACME.adminUserId, view: { type: 'home', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Home' } }] } },
    call: (web, a) => web.views.publish(a),
    reads: (r) => ({ viewId: r.view?.id }),
    kinds: { viewId: 'string' },
  }),
  contract<Record<string, never>, AuthTestResponse, { teamId?: string; userId?: string; botId?: string }>({
    method: 'auth.test',
    source: 'Bolt (authorize, the OAuth install)',
    args: {},
    call: (web) => web.auth.test(),
    reads: (r) => ({ teamId: r.team_id, userId: r.user_id, botId: r.bot_id }),
    kinds: { teamId: 'string', userId: 'string', botId: 'string' },
  }),
  contract<OAuthV2AccessArguments, OauthV2AccessResponse, { accessToken?: string; refreshToken?: string; expiresIn?: number; botUserId?: string; appId?: string; teamId?: string; scope?: string; isEnterpriseInstall?: boolean; authedUserId?: string }>({
    method: 'oauth.v2.access',
    source: 'Bolt InstallProvider (install), src/slack/clients.ts (refresh)',
    args: { client_id: 'cid', client_secret: 'secret', code: '' },
    before: (s) => {
      oauthCode = s.state.issueOAuthCode({ teamId: ACME.teamId });
      (CONTRACTS.find((c) => c.method === 'oauth.v2.access')!.args as { code: string }).code = oauthCode;
    },
    call: (_web, a) => anonymous().oauth.v2.access(a),
    reads: (r) => {
      refreshToken = r.refresh_token ?? '';
      return { accessToken: r.access_token, refreshToken: r.refresh_token, expiresIn: r.expires_in, botUserId: r.bot_user_id, appId: r.app_id, teamId: r.team?.id, scope: r.scope, isEnterpriseInstall: r.is_enterprise_install, authedUserId: r.authed_user?.id };
    },
    kinds: { accessToken: 'string', refreshToken: 'string', expiresIn: 'number', botUserId: 'string', appId: 'string', teamId: 'string', scope: 'string', isEnterpriseInstall: 'boolean', authedUserId: 'string' },
  }),
  contract<OAuthV2AccessArguments, OauthV2AccessResponse, { accessToken?: string; refreshToken?: string; expiresIn?: number }>({
    method: 'oauth.v2.access (refresh)',
    source: 'src/slack/clients.ts (refresher)',
    args: { client_id: 'cid', client_secret: 'secret', grant_type: 'refresh_token', refresh_token: '' },
    before: () => {
      (CONTRACTS.find((c) => c.method === 'oauth.v2.access (refresh)')!.args as { refresh_token: string }).refresh_token = refreshToken;
    },
    call: (_web, a) => anonymous().oauth.v2.access(a),
    reads: (r) => ({ accessToken: r.access_token, refreshToken: r.refresh_token, expiresIn: r.expires_in }),
    kinds: { accessToken: 'string', refreshToken: 'string', expiresIn: 'number' },
  }),
  contract<OpenIDConnectTokenArguments, OpenIDConnectTokenResponse, { accessToken?: string }>({
    method: 'openid.connect.token',
    source: 'src/http/auth.ts (Sign in with Slack)',
    args: { client_id: 'cid', client_secret: 'secret', code: '', redirect_uri: 'http://127.0.0.1/auth/callback' },
    before: (s) => {
      openIdCode = s.state.issueOpenIdCode({ teamId: ACME.teamId, userId: ACME.adminUserId });
      (CONTRACTS.find((c) => c.method === 'openid.connect.token')!.args as { code: string }).code = openIdCode;
    },
    call: (_web, a) => anonymous().openid.connect.token(a),
    reads: (r) => {
      userToken = r.access_token ?? '';
      return { accessToken: r.access_token };
    },
    kinds: { accessToken: 'string' },
  }),
  contract<Record<string, never>, OpenIDConnectUserInfoResponse, { teamId?: string; userId?: string; name?: string; email?: string; picture?: string }>({
    method: 'openid.connect.userInfo',
    source: 'src/http/auth.ts (Sign in with Slack)',
    args: {},
    call: () => new WebClient(userToken, { slackApiUrl: sandbox.url, retryConfig: { retries: 0 } }).openid.connect.userInfo(),
    reads: (r) => ({ teamId: r['https://slack.com/team_id'], userId: r['https://slack.com/user_id'], name: r.name, email: r.email, picture: r.picture }),
    kinds: { teamId: 'string', userId: 'string', name: 'string', email: 'string', picture: 'string' },
  }),
];

let sandbox: SandboxApiServer;
const anonymous = () => new WebClient(undefined, { slackApiUrl: sandbox.url, retryConfig: { retries: 0 } });

describe('Web API contracts: Hearth’s requests and the fields it reads, pinned to @slack/web-api’s types', () => {
  let web: WebClient;
  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    // Contracts, not pacing: one call per method, limits off.
    sandbox.state.rateLimits.enabled = false;
    web = new WebClient(ACME.botToken, { slackApiUrl: sandbox.url, retryConfig: { retries: 0 } });
  });
  afterAll(() => sandbox.close());

  it('covers every Web API method Hearth calls', () => {
    expect(CONTRACTS.map((c) => c.method.replace(/ \(.*\)$/, '')).sort()).toEqual(
      [
        'auth.test',
        'chat.postMessage',
        'chat.update',
        'conversations.history',
        'conversations.invite',
        'conversations.join',
        'conversations.list',
        'conversations.members',
        'conversations.open',
        'files.uploadV2',
        'oauth.v2.access',
        'oauth.v2.access',
        'openid.connect.token',
        'openid.connect.userInfo',
        'users.info',
        'users.list',
        'views.open',
        'views.publish',
      ].sort(),
    );
  });

  it('the fields read are in Slack’s response types (checked by tsc)', () => {
    expectTypeOf<ChatPostMessageResponse>().toHaveProperty('ts');
    expectTypeOf<ConversationsInviteResponse>().toHaveProperty('errors');
    expectTypeOf<ConversationsHistoryResponse>().toHaveProperty('has_more');
    expectTypeOf<OauthV2AccessResponse>().toHaveProperty('refresh_token');
    expectTypeOf<OauthV2AccessResponse>().toHaveProperty('expires_in');
    expectTypeOf<ConversationsInviteArguments>().toHaveProperty('force');
    expectTypeOf<ConversationsHistoryArguments>().toHaveProperty('include_all_metadata');
  });

  for (const c of CONTRACTS) {
    it(`${c.method}: the sandbox answers every field Hearth reads, with the kind Slack's type gives it (${c.source})`, async () => {
      c.before?.(sandbox);
      const res = await c.call(web, c.args);
      const read = c.reads(res);
      const actual = Object.fromEntries(Object.keys(c.kinds).map((k) => [k, kindOf(read[k])]));
      expect(actual).toEqual(c.kinds);
    });
  }
});
