import type { Db } from '../db/index.js';
import type { AuthContext } from '../http/auth.js';
import type { Member } from '../db/types.js';
import type { Clock } from '../time/clock.js';
import { UserRepository } from './repository.js';

/** Whose settings: a member of a workspace. */
type SettingsOwner = Pick<Member, 'id' | 'workspace_id'>;

/** programs.md §3 "Current user", plus what the pages need to show who is signed in. */
/**
 * What the signed-in member may use, as the server's own checks answer it; the pages' navigation, home cards and
 * buttons follow it, so a member is never offered what would answer 403. Every member may start channel programs,
 * run the ones they own or edit, link their own calendar, and see and export their own data.
 */
export interface Permissions {
  /** Build journeys, enrol people, set enrollment rules (workspace admins; a journey's permission users reach theirs by link). */
  journeys: boolean;
  /** Workspace reporting: stat modules, attention required, the CSV report (workspace admins). */
  reporting: boolean;
  /** Run points, shoutouts and the rewards catalogue; the people page and every redemption (workspace admins). */
  manage_points: boolean;
  /** See the Hearth account and billing (workspace admins); `can_change_plan` says who may change it. */
  billing: boolean;
  /** Export and import the whole workspace's data (workspace admins). */
  workspace_data: boolean;
  /** The workspace's HR system and applicant tracking connections (workspace admins). */
  manage_integrations: boolean;
}

export interface CurrentUser {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url: string | null;
  team: { id: number; slack_team_id: string; name: string; domain: string };
  is_admin: boolean;
  can_change_plan: boolean;
  permissions: Permissions;
  onboarding_unrestricted: boolean;
  notifications: Record<string, boolean>;
  progress: { has_used_pairing_announcement: boolean };
  has_valid_zoom_identity: boolean;
  has_valid_google_identity: boolean;
  has_valid_microsoft_identity: boolean;
  csrf_token: string;
  /** Every workspace this person is in (by their email), the current one first marked; the user menu switches between them. */
  workspaces: Array<{ team_id: string; name: string; current: boolean }>;
}

/** Which calendar and video accounts a member has linked and valid (the integrations capability answers). */
export type IdentityFlags = (workspaceId: number, memberId: number) => Promise<Record<'zoom' | 'google' | 'microsoft', boolean>>;

export class UserService {
  private readonly repo: UserRepository;
  private identityFlags: IdentityFlags = async () => ({ zoom: false, google: false, microsoft: false });

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new UserRepository(db);
  }

  /** Lets the integrations capability answer has_valid_*_identity. */
  answerIdentityFlags(fn: IdentityFlags): void {
    this.identityFlags = fn;
  }

  async current(auth: AuthContext): Promise<CurrentUser> {
    const { member, workspace } = auth;
    const [settings, identities] = await Promise.all([this.repo.settings(workspace.id, member.id), this.identityFlags(workspace.id, member.id)]);
    return {
      id: member.id,
      slack_user_id: member.slack_user_id,
      name: member.display_name || member.real_name || member.name,
      avatar_url: member.avatar_url,
      team: { id: workspace.id, slack_team_id: workspace.team_id, name: workspace.name, domain: workspace.domain },
      is_admin: auth.isAdmin,
      can_change_plan: auth.roles.accountAdmin,
      permissions: { journeys: auth.isAdmin, reporting: auth.isAdmin, manage_points: auth.isAdmin, billing: auth.isAdmin, workspace_data: auth.isAdmin, manage_integrations: auth.isAdmin },
      onboarding_unrestricted: auth.isAdmin,
      notifications: settings.notifications,
      progress: { has_used_pairing_announcement: settings.progress.has_used_pairing_announcement === true },
      has_valid_zoom_identity: identities.zoom,
      has_valid_google_identity: identities.google,
      has_valid_microsoft_identity: identities.microsoft,
      csrf_token: auth.csrfToken,
      workspaces: (await this.repo.workspacesOf(member.email, member.id)).map((w) => ({ team_id: w.team_id, name: w.name, current: w.workspace_id === workspace.id })),
    };
  }

  /** The member to sign in as when this person switches to `teamId` (another workspace with their email), or undefined. */
  async switchTarget(auth: AuthContext, teamId: string): Promise<{ workspaceId: number; memberId: number } | undefined> {
    const target = (await this.repo.workspacesOf(auth.member.email, auth.member.id)).find((w) => w.team_id === teamId);
    return target && { workspaceId: target.workspace_id, memberId: target.member_id };
  }

  async updateNotifications(member: SettingsOwner, append: string[], remove: string[]): Promise<Record<string, boolean>> {
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
