import type { UsersListResponse, WebClient } from '@slack/web-api';
import { HttpError } from '../http/errors.js';
import type { Db } from '../db/index.js';
import type { Member, Workspace } from '../db/types.js';
import type { Clock } from '../time/clock.js';
import { event } from '../platform/events/define.js';
import { memberZoneChanged } from '../platform/events/member-zone.js';
import type { DomainEvents } from '../platform/events/service.js';
import { WorkspaceRepository } from '../workspaces/repository.js';
import { PeopleRepository, type MemberValues } from './repository.js';

export type SlackUser = NonNullable<UsersListResponse['members']>[number];

/** Who may be paired, celebrated or enrolled: never bots, deactivated or external (Slack Connect) members. */
export function isReachableHuman(m: Pick<Member, 'is_bot' | 'deleted' | 'is_external'>): boolean {
  return !m.is_bot && !m.deleted && !m.is_external;
}

function memberValues(ws: Workspace, u: SlackUser): MemberValues {
  // is_stranger marks Slack Connect members; the type omits it.
  const external = Boolean((u as { is_stranger?: boolean }).is_stranger) || (u.team_id !== undefined && u.team_id !== ws.team_id && !u.enterprise_user);
  return {
    name: u.name ?? '',
    real_name: u.real_name ?? u.profile?.real_name ?? '',
    display_name: u.profile?.display_name ?? '',
    email: u.profile?.email?.toLowerCase() ?? null,
    tz: u.tz ?? null,
    title: u.profile?.title ?? null,
    avatar_url: u.profile?.image_72 ?? null,
    is_bot: Boolean(u.is_bot) || Boolean(u.is_app_user) || u.id === 'USLACKBOT',
    deleted: Boolean(u.deleted),
    is_external: external,
    is_admin: Boolean(u.is_admin),
    is_owner: Boolean(u.is_owner),
  };
}

/** The member directory: users.list on install and daily, kept current by team_join and user_change. */
export class PeopleService {
  private readonly repo: PeopleRepository;
  private readonly workspaces: WorkspaceRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {
    this.repo = new PeopleRepository(db);
    this.workspaces = new WorkspaceRepository(db, clock);
  }

  /** Keeps these members current; a changed zone is recorded (`people.zone_changed`) in the same transaction. */
  async upsert(ws: Workspace, users: SlackUser[]): Promise<void> {
    const members = users.filter((u) => u.id).map((u) => ({ slackUserId: u.id!, values: memberValues(ws, u) }));
    await this.events.transaction(async (trx, emit) => {
      for (const moved of await this.repo.upsert(trx, ws.id, members, this.clock.now())) emit(event(memberZoneChanged, ws.id, moved));
    });
  }

  /** Reads the whole directory, 200 a page as Slack recommends, and records the sync time. */
  async sync(ws: Workspace, client: WebClient): Promise<number> {
    let cursor: string | undefined;
    let count = 0;
    do {
      const page = await client.users.list({ limit: 200, cursor });
      await this.upsert(ws, page.members ?? []);
      count += page.members?.length ?? 0;
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    await this.workspaces.markSynced(ws.id, 'members', this.clock.now());
    // The installer owns the workspace's Hearth account until someone transfers it.
    await this.repo.claimAccountOwner(ws.id, ws.team_id);
    return count;
  }

  /**
   * Member ids from a request body, resolved in the caller's workspace: an id that is not one of its active members
   * (another workspace's, deactivated, or made up) is a 400 on `field`, so it is never stored (ChannelService.requireOwn
   * does the same for channel ids).
   */
  async requireOwn(workspaceId: number, field: string, memberIds: readonly number[]): Promise<void> {
    const ids = [...new Set(memberIds)];
    const known = await this.repo.activeIds(workspaceId, ids);
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw new HttpError(400, `${field}: user ${unknown} is not a member of this workspace`, { [field]: `user ${unknown} is not a member of this workspace` });
  }

  bySlackId(workspaceId: number, slackUserId: string): Promise<Member | undefined> {
    return this.repo.bySlackId(workspaceId, slackUserId);
  }

  /** Reachable humans of the workspace whose name or email contains `text` (the people pickers). */
  search(workspaceId: number, text: string, limit: number) {
    return this.repo.search(workspaceId, text, limit);
  }
}
