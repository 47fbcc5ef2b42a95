import type { UsersListResponse, WebClient } from '@slack/web-api';
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

/** Someone an HR system or applicant tracking reports as starting soon who is not a Slack member yet. */
export interface PendingHire {
  source: 'hris' | 'ats';
  name: string;
  email: string | null;
  /** 'YYYY-MM-DD'. */
  start_date: string;
  department: string | null;
  location: string | null;
  job_title: string | null;
}

/**
 * What the HR system and applicant tracking know of people, for the capabilities that use it (Celebrations'
 * upcoming new hires, Intros' groups) without importing the integrations capability, which answers it.
 */
export interface HrDirectory {
  /** The people starting between two local dates (inclusive) who are not in Slack yet. */
  pendingHires(workspaceId: number, from: string, to: string): Promise<PendingHire[]>;
  /** Members' department or location as the HR system reports them, by member id. */
  groups(workspaceId: number, memberIds: number[], by: 'department' | 'location'): Promise<Map<number, string>>;
  /** Whether the workspace has an HR system linked (pending its first sync, or active). */
  linked(workspaceId: number): Promise<boolean>;
  /** The work email of the manager the HR system gives the person with this work email (null: none known). */
  managerEmail(workspaceId: number, email: string): Promise<string | null>;
}

/** Members' linked calendars, for the capabilities that schedule meetings (Intros) (the integrations capability answers). */
export interface CalendarDirectory {
  /**
   * Up to three half-hour times in the coming week (9:00–17:00 weekdays in `tz`) when every one of these members is
   * free by their linked calendar; null unless all of them have a calendar linked.
   */
  freeTimes(workspaceId: number, memberIds: number[], tz: string): Promise<Date[] | null>;
  /** A Zoom meeting's join link for a group, hosted by the first of them who linked Zoom; null when none did. */
  zoomMeeting(workspaceId: number, key: string, memberIds: number[], meeting: { topic: string; start: Date | null; durationMinutes: number; tz: string }): Promise<string | null>;
  /** The fixed meeting's hold on the calendar of one of the group (the others invited); false when none linked one. */
  holdMeeting(workspaceId: number, key: string, memberIds: number[], event: { title: string; description: string; start: Date; end: Date }): Promise<boolean>;
}

const NO_HR: HrDirectory = { pendingHires: async () => [], groups: async () => new Map(), linked: async () => false, managerEmail: async () => null };

/** The member directory: users.list on install and daily, kept current by team_join and user_change. */
export class PeopleService {
  private readonly repo: PeopleRepository;
  private readonly workspaces: WorkspaceRepository;
  private hr: HrDirectory = NO_HR;
  private calendars: CalendarDirectory = { freeTimes: async () => null, zoomMeeting: async () => null, holdMeeting: async () => false };

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

  /** Lets the integrations capability answer what the HR system and applicant tracking know. */
  answerHr(directory: HrDirectory): void {
    this.hr = directory;
  }

  /** People starting between `from` and `to` ('YYYY-MM-DD', inclusive) whom an integration reports and Slack does not have yet. */
  pendingHires(workspaceId: number, from: string, to: string): Promise<PendingHire[]> {
    return this.hr.pendingHires(workspaceId, from, to);
  }

  /** Each member's department or location in the linked HR system (absent: not known there, or no HR system). */
  hrGroups(workspaceId: number, memberIds: number[], by: 'department' | 'location'): Promise<Map<number, string>> {
    return memberIds.length ? this.hr.groups(workspaceId, memberIds, by) : Promise.resolve(new Map());
  }

  /** Lets the integrations capability answer from members' linked calendars. */
  answerCalendars(directory: CalendarDirectory): void {
    this.calendars = directory;
  }

  /** Times when all these members are free by their linked calendars; null unless every one of them linked one. */
  freeTimes(workspaceId: number, memberIds: number[], tz: string): Promise<Date[] | null> {
    return memberIds.length >= 2 ? this.calendars.freeTimes(workspaceId, memberIds, tz) : Promise.resolve(null);
  }

  /** A Zoom meeting for a group (the intro DM's video link), or null when none of them linked Zoom. */
  zoomMeeting(workspaceId: number, key: string, memberIds: number[], meeting: { topic: string; start: Date | null; durationMinutes: number; tz: string }): Promise<string | null> {
    return this.calendars.zoomMeeting(workspaceId, key, memberIds, meeting);
  }

  /** Puts a group's fixed meeting on the calendar of one of them, inviting the others; false when none linked a calendar. */
  holdMeeting(workspaceId: number, key: string, memberIds: number[], event: { title: string; description: string; start: Date; end: Date }): Promise<boolean> {
    return this.calendars.holdMeeting(workspaceId, key, memberIds, event);
  }

  /** The work email of a person's manager in the linked HR system (null: no HR system, or none known there). */
  hrManagerEmail(workspaceId: number, email: string): Promise<string | null> {
    return this.hr.managerEmail(workspaceId, email.trim().toLowerCase());
  }

  /** Whether the workspace has an HR system linked. */
  hrLinked(workspaceId: number): Promise<boolean> {
    return this.hr.linked(workspaceId);
  }

  bySlackId(workspaceId: number, slackUserId: string): Promise<Member | undefined> {
    return this.repo.bySlackId(workspaceId, slackUserId);
  }

  /** Reachable humans of the workspace whose name or email contains `text` (the people pickers). */
  search(workspaceId: number, text: string, limit: number) {
    return this.repo.search(workspaceId, text, limit);
  }
}
