import { Router } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { jsonApi } from '../http/api.js';
import type { Outbox } from '../outbox/service.js';
import { channelOptionsJson, invitedJson, memberChannelsPage, postedJson } from './api-types.js';
import { channelParams, inviteUsersBody, pageQuery, postInSlackBody, searchQuery } from './schema.js';
import type { ChannelService } from './service.js';

export function channelRoutes(deps: { channels: ChannelService; outbox: Outbox }): Router {
  const router = Router();
  const { channels, outbox } = deps;

  const api = jsonApi(router, 'Channels');

  /** The channel picker's remote search: `[{ uid, name }]`. */
  api.get('/channels/search', { summary: 'Search the workspace’s channels by name', query: searchQuery, response: channelOptionsJson }, async ({ query, req }) => {
    if (!query.query.trim()) return [];
    const found = await channels.search(authOf(req).workspace.id, { query: query.query, includeShared: query.include_shared, includeOrgShared: query.include_org_shared, includePrivate: query.include_private });
    return found.map(({ uid, name }) => ({ uid, name }));
  }, requireMember);

  /** The member's channels with a Hearth program, 10 a page: where their participation can be changed. */
  api.get('/users/channels.json', { summary: 'The member’s channels with a Hearth program', query: pageQuery, response: memberChannelsPage }, async ({ query, req }) => {
    const { page, per } = query;
    const { workspace, member } = authOf(req);
    const rows = await channels.memberProgramChannels(workspace.id, member.slack_user_id, { limit: per + 1, offset: (page - 1) * per });
    return {
      channels: rows.slice(0, per).map((r) => ({ program_id: r.id, type: r.type, uid: r.channel_id, name: r.name ?? r.channel_id, is_active: r.is_active })),
      page,
      per,
      next_page: rows.length > per ? page + 1 : null,
    };
  }, requireMember);

  /** The invite-users modal: add people to a program's channel (conversations.invite, through the outbox). */
  api.post('/channels/invite_users_as_json', { summary: 'Add people to a program’s channel', serviceBody: inviteUsersBody, response: invitedJson }, async ({ req }) => {
    const { invited, added } = await channels.invite(authOf(req), req.body, outbox);
    return { num_invited: invited, num_added: added };
  }, requireMember);

  /** Posts an admin's message into a program channel as Hearth. */
  api.post('/channels/:id/post_in_slack', { summary: 'Post a message in a program’s channel as Hearth', params: channelParams, serviceBody: postInSlackBody, response: postedJson }, ({ params, req }) =>
    channels.post(authOf(req), params.id, req.body, outbox), requireMember);

  return router;
}
