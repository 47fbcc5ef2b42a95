import type { Db } from '../db/index.js';
import type { AuthContext } from '../http/auth.js';
import type { Member } from '../db/types.js';
import { personName } from '../people/name.js';
import type { PortHandles } from '../platform/ports.js';
import { Entitlements } from '../platform/entitlements/service.js';
import type { Clock } from '../time/clock.js';
import type { CurrentUser } from './api-types.js';
import { UserRepository } from './repository.js';
import { requireSelf } from '../platform/access.js';

/** Whose settings: a member of a workspace. */
type SettingsOwner = Pick<Member, 'id' | 'workspace_id'>;

export class UserService {
  private readonly repo: UserRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
    /** has_valid_*_identity: the members' linked calendar and video accounts, when a capability provides them; who runs journeys. */
    private readonly linked: Pick<PortHandles, 'calendars' | 'videoMeetings' | 'journeyRunners'>,
    private readonly entitlements: Entitlements,
  ) {
    this.repo = new UserRepository(db);
  }

  private async identities(workspaceId: number, memberId: number): Promise<Record<'zoom' | 'google' | 'microsoft', boolean>> {
    const calendars = this.linked.calendars.get();
    const video = this.linked.videoMeetings.get();
    const [accounts, zoom] = await Promise.all([calendars ? calendars.linkedAccounts(workspaceId, memberId) : { google: false, microsoft: false }, video ? video.linked(workspaceId, memberId) : false]);
    return { ...accounts, zoom };
  }

  async current(auth: AuthContext): Promise<CurrentUser> {
    const { member, workspace } = auth;
    const [settings, identities, access, runsAJourney] = await Promise.all([
      this.repo.settings(workspace.id, member.id),
      this.identities(workspace.id, member.id),
      this.entitlements.plan(workspace.id),
      auth.isAdmin || (this.linked.journeyRunners.get()?.runsAny(workspace.id, member.id) ?? false),
    ]);
    const daysLeft = Entitlements.trialDaysLeft(access, this.clock.now());
    return {
      id: member.id,
      slack_user_id: member.slack_user_id,
      name: personName(member),
      avatar_url: member.avatar_url,
      team: { id: workspace.id, slack_team_id: workspace.team_id, name: workspace.name, domain: workspace.domain },
      is_admin: auth.isAdmin,
      can_change_plan: auth.roles.accountAdmin,
      permissions: { journeys: auth.isAdmin, run_journeys: runsAJourney, reporting: auth.isAdmin, manage_points: auth.isAdmin, billing: auth.isAdmin, workspace_data: auth.isAdmin, deliveries: auth.isAdmin, manage_integrations: auth.isAdmin },
      onboarding_unrestricted: auth.isAdmin,
      notifications: settings.notifications,
      progress: { has_used_pairing_announcement: settings.progress.has_used_pairing_announcement === true },
      has_valid_zoom_identity: identities.zoom,
      has_valid_google_identity: identities.google,
      has_valid_microsoft_identity: identities.microsoft,
      csrf_token: auth.csrfToken,
      workspaces: (await this.repo.workspacesOf(member.email, member.id)).map((w) => ({ team_id: w.team_id, name: w.name, current: w.workspace_id === workspace.id })),
      trial: auth.isAdmin && daysLeft !== null ? { ends_at: access.trialEndsAt!.toISOString(), days_left: daysLeft } : null,
    };
  }

  /** The member to sign in as when this person switches to `teamId` (another workspace with their email), or undefined. */
  async switchTarget(auth: AuthContext, teamId: string): Promise<{ workspaceId: number; memberId: number } | undefined> {
    const target = (await this.repo.workspacesOf(auth.member.email, auth.member.id)).find((w) => w.team_id === teamId);
    return target && { workspaceId: target.workspace_id, memberId: target.member_id };
  }

  /** A member changes only their own notifications: another member's id is a 404 (`requireSelf`). */
  async updateNotifications(auth: AuthContext, memberId: number, append: string[], remove: string[]): Promise<Record<string, boolean>> {
    const { member } = requireSelf(auth, memberId);
    const next = { ...(await this.repo.settings(member.workspace_id, member.id)).notifications };
    for (const k of append) next[k] = true;
    for (const k of remove) delete next[k];
    await this.repo.save(member.workspace_id, member.id, { notifications: next }, this.clock.now());
    return next;
  }

  async recordProgress(member: SettingsOwner, flag: string): Promise<void> {
    const progress = { ...(await this.repo.settings(member.workspace_id, member.id)).progress, [flag]: true };
    await this.repo.save(member.workspace_id, member.id, { progress }, this.clock.now());
  }
}
