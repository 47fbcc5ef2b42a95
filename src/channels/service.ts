import type { WebClient } from '@slack/web-api';
import type { Db, Trx } from '../db/index.js';
import type { Channel, Workspace } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import type { Outbox } from '../outbox/service.js';
import { PeopleRepository } from '../people/repository.js';
import { requireAccess, workspacePolicy } from '../platform/access.js';
import { event, type PendingEvent } from '../platform/events/define.js';
import type { DomainEvents } from '../platform/events/service.js';
import { memberJoinedProgram, memberLeftProgram } from '../programs/events.js';
import { ProgramRepository } from '../programs/repository.js';
import type { Clock } from '../time/clock.js';
import { WorkspaceRepository } from '../workspaces/repository.js';
import { ChannelRepository, type ChannelSearch, type ListedChannel } from './repository.js';
import { inviteUsersBody, postInSlackBody } from './schema.js';

export type { ChannelSearch };

/** The outbox kind of an invite (its answer updates the roster). */
export const INVITE_KIND = 'invite';
/** The outbox kind of Hearth joining a channel (programs/service.ts). */
export const JOIN_KIND = 'join';

/**
 * The workspace's channels as Hearth acts in them: every member finds them (the channel picker); workspace admins
 * invite people into them and post in them as Hearth.
 */
export const channelsPolicy = workspacePolicy({ canEdit: (auth) => auth.isAdmin, forbidden: 'Only workspace admins can do that' });

/** The channel directory (from conversations.list) and channel rosters (from conversations.members and events). */
export class ChannelService {
  private readonly repo: ChannelRepository;
  private readonly programs: ProgramRepository;
  private readonly workspaces: WorkspaceRepository;
  private readonly people: PeopleRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {
    this.repo = new ChannelRepository(db);
    this.programs = new ProgramRepository(db);
    this.workspaces = new WorkspaceRepository(db, clock);
    this.people = new PeopleRepository(db);
  }

  /**
   * The invite-users modal: adds the workspace's own people to a channel (conversations.invite, through the
   * outbox). Anyone else — another workspace's member, a bot, a deactivated or external account — is a 400
   * naming them, and nothing is invited.
   */
  async invite(auth: AuthContext, rawBody: unknown, outbox: Outbox): Promise<{ invited: number; added: number }> {
    const { workspaceId } = await requireAccess(auth, channelsPolicy, auth.workspace.id, 'edit');
    const { channel_id: channelId, user_ids: slackUserIds } = parse(inviteUsersBody, rawBody);
    const channel = await this.byId(workspaceId, channelId);
    if (!channel) throw new HttpError(404, 'Not found');
    const wanted = [...new Set(slackUserIds)];
    const known = await this.people.reachableSlackIds(workspaceId, wanted);
    const unknown = wanted.filter((u) => !known.has(u));
    if (unknown.length) throw new HttpError(400, `user_ids: not people of this workspace: ${unknown.join(', ')}`, { user_ids: `not people of this workspace: ${unknown.join(', ')}` });
    const already = new Set(await this.roster(workspaceId, channel.channel_id));
    const toAdd = wanted.filter((u) => !already.has(u));
    // `force`: Slack fails the whole invite when one person cannot be added (already in the channel, say)
    // unless asked to add the rest. Who joined is recorded when Slack has answered (invited()).
    if (toAdd.length)
      await outbox.enqueue([
        {
          workspaceId,
          key: `invite:${channel.channel_id}:${this.clock.now().getTime()}:${[...toAdd].sort().join(',')}`,
          kind: INVITE_KIND,
          method: 'conversations.invite',
          args: { channel: channel.channel_id, users: toAdd.join(','), force: true },
        },
      ]);
    return { invited: slackUserIds.length, added: toAdd.length };
  }

  /** Posts an admin's message into one of the workspace's channels as Hearth (through the outbox); another workspace's channel is a 404. */
  async post(auth: AuthContext, channelId: string, rawBody: unknown, outbox: Outbox): Promise<{ ok: true; outbox_id: number }> {
    const { workspaceId } = await requireAccess(auth, channelsPolicy, auth.workspace.id, 'edit');
    const { text } = parse(postInSlackBody, rawBody);
    if (!(await this.byId(workspaceId, channelId))) throw new HttpError(404, 'Not found');
    const [outboxId] = await outbox.enqueue([{ workspaceId, key: `post:${channelId}:${auth.member.id}:${this.clock.now().getTime()}`, kind: 'admin_post', method: 'chat.postMessage', args: { channel: channelId, text } }]);
    return { ok: true, outbox_id: outboxId! };
  }

  /**
   * After Slack answered an invite: the people it added, and those it says were in the channel already, are
   * on the roster; anyone it names with another error (cant_invite, user_not_found…) is not.
   */
  async invited(row: { workspace_id: number; payload: unknown }, result: Record<string, unknown>): Promise<string[]> {
    const args = row.payload as { channel?: string; users?: string };
    if (!args.channel || !args.users) return [];
    const refused = new Set(
      ((result.errors as Array<{ user?: string; error?: string }> | undefined) ?? []).filter((e) => e.user && e.error !== 'already_in_channel').map((e) => e.user!),
    );
    const inChannel = args.users.split(',').map((u) => u.trim()).filter((u) => u && !refused.has(u));
    for (const u of inChannel) await this.joined(row.workspace_id, args.channel, u);
    return inChannel;
  }

  async sync(ws: Workspace, client: WebClient): Promise<number> {
    const now = this.clock.now();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.conversations.list({ types: 'public_channel,private_channel', exclude_archived: true, limit: 200, cursor });
      const listed: ListedChannel[] = (page.channels ?? [])
        .filter((c) => c.id && c.name)
        .map((c) => ({
          channelId: c.id!,
          name: c.name!,
          isPrivate: Boolean(c.is_private),
          isArchived: Boolean(c.is_archived),
          isShared: Boolean(c.is_shared),
          isOrgShared: Boolean(c.is_org_shared),
          isExtShared: Boolean(c.is_ext_shared),
          botIsMember: Boolean(c.is_member),
          numMembers: c.num_members ?? null,
        }));
      await this.repo.upsert(ws.id, listed, now);
      seen.push(...listed.map((c) => c.channelId));
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    // Channels Slack no longer lists were archived or deleted.
    await this.repo.archiveAllBut(ws.id, seen, now);
    await this.workspaces.markSynced(ws.id, 'channels', now);
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
    await this.events.transaction(async (trx, emit) => {
      const { added, removed } = await this.repo.replaceRoster(trx, ws.id, channelId, members, this.clock.now());
      emit(...(await this.rosterEvents(trx, ws.id, channelId, added, removed)));
    });
    return members;
  }

  async joined(workspaceId: number, channelId: string, userId: string): Promise<void> {
    await this.events.transaction(async (trx, emit) => {
      if (await this.repo.addMember(trx, workspaceId, channelId, userId, this.clock.now())) emit(...(await this.rosterEvents(trx, workspaceId, channelId, [userId], [])));
    });
  }

  async left(workspaceId: number, channelId: string, userId: string): Promise<void> {
    await this.events.transaction(async (trx, emit) => {
      if (await this.repo.removeMember(trx, workspaceId, channelId, userId)) emit(...(await this.rosterEvents(trx, workspaceId, channelId, [], [userId])));
    });
  }

  async update(workspaceId: number, channelId: string, values: { name?: string; is_archived?: boolean; bot_is_member?: boolean; bot_removed_at?: Date | null }): Promise<void> {
    await this.repo.update(workspaceId, channelId, values, this.clock.now());
  }

  /** Hearth was removed from the channel: it posts there no more until it is invited back. */
  async botRemoved(workspaceId: number, channelId: string): Promise<void> {
    const now = this.clock.now();
    await this.repo.update(workspaceId, channelId, { bot_is_member: false, bot_removed_at: now }, now);
  }

  byId(workspaceId: number, channelId: string): Promise<Channel | undefined> {
    return this.repo.byId(workspaceId, channelId);
  }

  /**
   * Channel ids from a request body, resolved in the caller's workspace: an id that is not one of its channels
   * (another workspace's, or made up) is a 400 on `field`, so it is never stored or posted to.
   */
  async requireOwn(workspaceId: number, field: string, channelIds: readonly string[]): Promise<void> {
    for (const id of new Set(channelIds)) {
      const channel = await this.repo.byId(workspaceId, id);
      if (!channel || channel.is_archived) throw new HttpError(400, `${field}: ${id} is not a channel of this workspace`, { [field]: `${id} is not a channel of this workspace` });
    }
  }

  roster(workspaceId: number, channelId: string): Promise<string[]> {
    return this.repo.roster(workspaceId, channelId);
  }

  /** The channel picker: names containing the text, those starting with it first; private ones only where the bot is. */
  async search(workspaceId: number, s: ChannelSearch, limit = 50): Promise<Array<{ uid: string; name: string; is_private: boolean }>> {
    const rows = await this.repo.search(workspaceId, s, limit);
    return rows.map((r) => ({ uid: r.channel_id, name: r.name, is_private: r.is_private }));
  }

  /** The member's channels that have a Hearth program, by channel name: a page of them. */
  memberProgramChannels(workspaceId: number, slackUserId: string, page: { limit: number; offset: number }) {
    return this.repo.memberProgramChannels(workspaceId, slackUserId, page);
  }

  /** A roster change as program membership: one event per person and program on the channel. */
  private async rosterEvents(trx: Trx, workspaceId: number, channelId: string, added: string[], removed: string[]): Promise<PendingEvent[]> {
    if (!added.length && !removed.length) return [];
    const programs = await this.programs.onChannel(trx, workspaceId, channelId);
    return programs.flatMap((p) => [
      ...added.map((slackUserId) => event(memberJoinedProgram, workspaceId, { programId: p.id, type: p.type, slackUserId })),
      ...removed.map((slackUserId) => event(memberLeftProgram, workspaceId, { programId: p.id, type: p.type, slackUserId })),
    ]);
  }
}
