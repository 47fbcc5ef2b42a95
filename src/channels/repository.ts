import { sql } from 'kysely';
import type { Db, Executor } from '../db/index.js';
import type { Channel } from '../db/types.js';

export interface ChannelSearch {
  query: string;
  includeShared: boolean;
  includeOrgShared: boolean;
  includePrivate: boolean;
}

/** A channel as conversations.list describes it. */
export interface ListedChannel {
  channelId: string;
  name: string;
  isPrivate: boolean;
  isArchived: boolean;
  isShared: boolean;
  isOrgShared: boolean;
  isExtShared: boolean;
  botIsMember: boolean;
  numMembers: number | null;
}

/** The channel directory's and the channel rosters' SQL, scoped to a workspace. */
export class ChannelRepository {
  constructor(private readonly db: Db) {}

  async upsert(workspaceId: number, channels: ListedChannel[], now: Date): Promise<void> {
    if (!channels.length) return;
    await this.db
      .insertInto('channels')
      .values(
        channels.map((c) => ({
          workspace_id: workspaceId,
          channel_id: c.channelId,
          name: c.name,
          is_private: c.isPrivate,
          is_archived: c.isArchived,
          is_shared: c.isShared,
          is_org_shared: c.isOrgShared,
          is_ext_shared: c.isExtShared,
          bot_is_member: c.botIsMember,
          num_members: c.numMembers,
          updated_at: now,
        })),
      )
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
  }

  /** Marks archived every channel of the workspace not in `seen`. */
  async archiveAllBut(workspaceId: number, seen: string[], now: Date): Promise<void> {
    let q = this.db.updateTable('channels').set({ is_archived: true, updated_at: now }).where('workspace_id', '=', workspaceId);
    if (seen.length) q = q.where('channel_id', 'not in', seen);
    await q.execute();
  }

  async update(workspaceId: number, channelId: string, values: { name?: string; is_archived?: boolean; bot_is_member?: boolean; bot_removed_at?: Date | null }, now: Date): Promise<void> {
    await this.db.updateTable('channels').set({ ...values, updated_at: now }).where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).execute();
  }

  byId(workspaceId: number, channelId: string): Promise<Channel | undefined> {
    return this.db.selectFrom('channels').selectAll().where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).executeTakeFirst();
  }

  names(workspaceId: number, channelIds: string[], ex: Executor = this.db): Promise<Array<{ channel_id: string; name: string }>> {
    if (!channelIds.length) return Promise.resolve([]);
    return ex.selectFrom('channels').select(['channel_id', 'name']).where('workspace_id', '=', workspaceId).where('channel_id', 'in', channelIds).execute();
  }

  /** Makes the kept roster exactly `members`; returns who was added and who removed. */
  async replaceRoster(ex: Executor, workspaceId: number, channelId: string, members: string[], now: Date): Promise<{ added: string[]; removed: string[] }> {
    let stale = ex.deleteFrom('channel_members').where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId);
    if (members.length) stale = stale.where('slack_user_id', 'not in', members);
    const removed = await stale.returning('slack_user_id').execute();
    const added = members.length
      ? await ex
          .insertInto('channel_members')
          .values(members.map((u) => ({ workspace_id: workspaceId, channel_id: channelId, slack_user_id: u, joined_at: now })))
          .onConflict((oc) => oc.doNothing())
          .returning('slack_user_id')
          .execute()
      : [];
    return { added: added.map((r) => r.slack_user_id), removed: removed.map((r) => r.slack_user_id) };
  }

  /** Adds one member to the roster; false when they were already in it. */
  async addMember(ex: Executor, workspaceId: number, channelId: string, slackUserId: string, now: Date): Promise<boolean> {
    const row = await ex
      .insertInto('channel_members')
      .values({ workspace_id: workspaceId, channel_id: channelId, slack_user_id: slackUserId, joined_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('slack_user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Removes one member from the roster; false when they were not in it. */
  async removeMember(ex: Executor, workspaceId: number, channelId: string, slackUserId: string): Promise<boolean> {
    const row = await ex
      .deleteFrom('channel_members')
      .where('workspace_id', '=', workspaceId)
      .where('channel_id', '=', channelId)
      .where('slack_user_id', '=', slackUserId)
      .returning('slack_user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async roster(workspaceId: number, channelId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('channel_members').select('slack_user_id').where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).execute();
    return rows.map((r) => r.slack_user_id);
  }

  /** Names containing the text, those starting with it first; private ones only where the bot is. */
  search(workspaceId: number, s: ChannelSearch, limit: number) {
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
    return q
      .orderBy(sql`position(${text} in lower(name))`)
      .orderBy('name')
      .limit(limit)
      .execute();
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
