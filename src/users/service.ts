import type { Db } from '../db/index.js';
import type { AuthContext } from '../http/auth.js';
import type { Member } from '../db/types.js';
import { Entitlements } from '../platform/entitlements/service.js';
import type { Clock } from '../time/clock.js';
import { UserRepository } from './repository.js';

/** Whose settings: a member of a workspace. */
type SettingsOwner = Pick<Member, 'id' | 'workspace_id'>;

/** programs.md §3 "Current user", plus what the pages need to show who is signed in. */
export interface CurrentUser {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url: string | null;
  team: { id: number; slack_team_id: string; name: string; domain: string };
  is_admin: boolean;
  can_change_plan: boolean;
  onboarding_unrestricted: boolean;
  notifications: Record<string, boolean>;
  progress: { has_used_pairing_announcement: boolean };
  has_valid_zoom_identity: boolean;
  has_valid_google_identity: boolean;
  has_valid_microsoft_identity: boolean;
  csrf_token: string;
  /** Every workspace this person is in (by their email), the current one first marked; the user menu switches between them. */
  workspaces: Array<{ team_id: string; name: string; current: boolean }>;
  /** A running Premium trial, for the shell's notice to admins: when it ends and the whole days left; else null. */
  trial: { ends_at: string; days_left: number } | null;
}

/** Which calendar and video accounts a member has linked and valid (the integrations capability answers). */
export type IdentityFlags = (workspaceId: number, memberId: number) => Promise<Record<'zoom' | 'google' | 'microsoft', boolean>>;

export class UserService {
  private readonly repo: UserRepository;
  private identityFlags: IdentityFlags = async () => ({ zoom: false, google: false, microsoft: false });

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly entitlements: Entitlements,
  ) {
    this.repo = new UserRepository(db);
  }

  /** Lets the integrations capability answer has_valid_*_identity. */
  answerIdentityFlags(fn: IdentityFlags): void {
    this.identityFlags = fn;
  }

  async current(auth: AuthContext): Promise<CurrentUser> {
    const { member, workspace } = auth;
    const [settings, identities, access] = await Promise.all([this.repo.settings(workspace.id, member.id), this.identityFlags(workspace.id, member.id), this.entitlements.plan(workspace.id)]);
    const daysLeft = Entitlements.trialDaysLeft(access, this.clock.now());
    return {
      id: member.id,
      slack_user_id: member.slack_user_id,
      name: member.display_name || member.real_name || member.name,
      avatar_url: member.avatar_url,
      team: { id: workspace.id, slack_team_id: workspace.team_id, name: workspace.name, domain: workspace.domain },
      is_admin: auth.isAdmin,
      can_change_plan: auth.roles.accountAdmin,
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
