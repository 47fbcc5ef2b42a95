import type { WebClient } from '@slack/web-api';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Channel, Workspace } from '../db/types.js';
import type { Clock } from '../time/clock.js';

export interface ChannelSearch {
  query: string;
  includeShared: boolean;
  includeOrgShared: boolean;
  includePrivate: boolean;
}

/** The channel directory (from conversations.list) and channel rosters (from conversations.members and events). */
export class ChannelService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async sync(ws: Workspace, client: WebClient): Promise<number> {
    const now = this.clock.now();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.conversations.list({ types: 'public_channel,private_channel', exclude_archived: true, limit: 200, cursor });
      const rows = (page.channels ?? [])
        .filter((c) => c.id && c.name)
        .map((c) => ({
          workspace_id: ws.id,
          channel_id: c.id!,
          name: c.name!,
          is_private: Boolean(c.is_private),
          is_archived: Boolean(c.is_archived),
          is_shared: Boolean(c.is_shared),
          is_org_shared: Boolean(c.is_org_shared),
          is_ext_shared: Boolean(c.is_ext_shared),
          bot_is_member: Boolean(c.is_member),
          num_members: c.num_members ?? null,
          updated_at: now,
        }));
      if (rows.length)
        await this.db
          .insertInto('channels')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['workspace_id', 'channel_id']).doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              is_private: eb.ref('excluded.is_private'),
              is_archived: eb.ref('excluded.is_archived'),
              is_shared: eb.ref('excluded.is_shared'),
              is_org_shared: eb.ref('excluded.is_org_shared'),
              is_ext_shared: eb.ref('excluded.is_ext_shared'),
              bot_is_member: eb.ref('excluded.bot_is_member'),
              num_members: eb.ref('excluded.num_members'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      seen.push(...rows.map((r) => r.channel_id));
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    // Channels Slack no longer lists were archived or deleted.
    let gone = this.db.updateTable('channels').set({ is_archived: true, updated_at: now }).where('workspace_id', '=', ws.id);
    if (seen.length) gone = gone.where('channel_id', 'not in', seen);
    await gone.execute();
    await this.db.updateTable('workspaces').set({ channels_synced_at: now }).where('id', '=', ws.id).execute();
    return seen.length;
  }

  /** Reads a channel's members from Slack and makes the kept roster match. */
  async syncRoster(ws: Workspace, channelId: string, client: WebClient): Promise<string[]> {
    const members: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.conversations.members({ channel: channelId, limit: 200, cursor });
      members.push(...(page.members ?? []));
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    await this.db.transaction().execute(async (trx) => {
      let stale = trx.deleteFrom('channel_members').where('workspace_id', '=', ws.id).where('channel_id', '=', channelId);
      if (members.length) stale = stale.where('slack_user_id', 'not in', members);
      await stale.execute();
      if (members.length)
        await trx
          .insertInto('channel_members')
          .values(members.map((u) => ({ workspace_id: ws.id, channel_id: channelId, slack_user_id: u, joined_at: this.clock.now() })))
          .onConflict((oc) => oc.doNothing())
          .execute();
    });
    return members;
  }

  async joined(workspaceId: number, channelId: string, userId: string): Promise<void> {
    await this.db
      .insertInto('channel_members')
      .values({ workspace_id: workspaceId, channel_id: channelId, slack_user_id: userId, joined_at: this.clock.now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async left(workspaceId: number, channelId: string, userId: string): Promise<void> {
    await this.db.deleteFrom('channel_members').where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).where('slack_user_id', '=', userId).execute();
  }

  async update(workspaceId: number, channelId: string, values: { name?: string; is_archived?: boolean; bot_is_member?: boolean }): Promise<void> {
    await this.db.updateTable('channels').set({ ...values, updated_at: this.clock.now() }).where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).execute();
  }

  byId(workspaceId: number, channelId: string): Promise<Channel | undefined> {
    return this.db.selectFrom('channels').selectAll().where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).executeTakeFirst();
  }

  roster(workspaceId: number, channelId: string): Promise<string[]> {
    return this.db
      .selectFrom('channel_members')
      .select('slack_user_id')
      .where('workspace_id', '=', workspaceId)
      .where('channel_id', '=', channelId)
      .execute()
      .then((rows) => rows.map((r) => r.slack_user_id));
  }

  /** The channel picker: names containing the text, those starting with it first; private ones only where the bot is. */
  async search(workspaceId: number, s: ChannelSearch, limit = 50): Promise<Array<{ uid: string; name: string; is_private: boolean }>> {
    const text = s.query.trim().replace(/^#/, '').toLowerCase();
    let q = this.db
      .selectFrom('channels')
      .select(['channel_id', 'name', 'is_private'])
      .where('workspace_id', '=', workspaceId)
      .where('is_archived', '=', false)
      .where(sql<boolean>`position(${text} in lower(name)) > 0`);
    if (!s.includePrivate) q = q.where('is_private', '=', false);
    else q = q.where((eb) => eb.or([eb('is_private', '=', false), eb('bot_is_member', '=', true)]));
    if (!s.includeShared) q = q.where('is_ext_shared', '=', false);
    if (!s.includeOrgShared) q = q.where('is_org_shared', '=', false);
    const rows = await q
      .orderBy(sql`position(${text} in lower(name))`)
      .orderBy('name')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ uid: r.channel_id, name: r.name, is_private: r.is_private }));
  }

  /** The member's channels that have a Hearth program, by channel name: a page of them. */
  memberProgramChannels(workspaceId: number, slackUserId: string, page: { limit: number; offset: number }) {
    return this.db
      .selectFrom('channel_programs as p')
      .innerJoin('channel_members as cm', (j) => j.onRef('cm.channel_id', '=', 'p.channel_id').onRef('cm.workspace_id', '=', 'p.workspace_id').on('cm.slack_user_id', '=', slackUserId))
      .leftJoin('channels as c', (j) => j.onRef('c.channel_id', '=', 'p.channel_id').onRef('c.workspace_id', '=', 'p.workspace_id'))
      .where('p.workspace_id', '=', workspaceId)
      .select(['p.id', 'p.type', 'p.channel_id', 'p.is_active', 'c.name'])
      .orderBy('c.name')
      .orderBy('p.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }
}
