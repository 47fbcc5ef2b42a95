import { Router } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { params, query } from '../http/validate.js';
import type { Outbox } from '../outbox/service.js';
import { channelParams, pageQuery, searchQuery } from './schema.js';
import type { ChannelService } from './service.js';

export function channelRoutes(deps: { channels: ChannelService; outbox: Outbox }): Router {
  const router = Router();
  const { channels, outbox } = deps;

  /** The channel picker's remote search: `[{ uid, name }]`. */
  router.get('/channels/search', requireMember, async (req, res) => {
    const q = query(req, searchQuery);
    if (!q.query.trim()) return void res.json([]);
    const found = await channels.search(authOf(req).workspace.id, { query: q.query, includeShared: q.include_shared, includeOrgShared: q.include_org_shared, includePrivate: q.include_private });
    res.json(found.map(({ uid, name }) => ({ uid, name })));
  });

  /** The member's channels with a Hearth program, 10 a page: where their participation can be changed. */
  router.get('/users/channels.json', requireMember, async (req, res) => {
    const { page, per } = query(req, pageQuery);
    const { workspace, member } = authOf(req);
    const rows = await channels.memberProgramChannels(workspace.id, member.slack_user_id, { limit: per + 1, offset: (page - 1) * per });
    res.json({
      channels: rows.slice(0, per).map((r) => ({ program_id: r.id, type: r.type, uid: r.channel_id, name: r.name ?? r.channel_id, is_active: r.is_active })),
      page,
      per,
      next_page: rows.length > per ? page + 1 : null,
    });
  });

  /** The invite-users modal: add people to a program's channel (conversations.invite, through the outbox). */
  router.post('/channels/invite_users_as_json', requireMember, async (req, res) => {
    const { invited, added } = await channels.invite(authOf(req), req.body, outbox);
    res.json({ num_invited: invited, num_added: added });
  });

  /** Posts an admin's message into a program channel as Hearth. */
  router.post('/channels/:id/post_in_slack', requireMember, async (req, res) => {
    res.json(await channels.post(authOf(req), params(req, channelParams).id, req.body, outbox));
  });

  return router;
}
