import type { Db } from '../db/index.js';
import type { AuthContext } from '../http/auth.js';
import type { Clock } from '../time/clock.js';

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
}

export class UserService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async settings(memberId: number) {
    const row = await this.db.selectFrom('member_settings').selectAll().where('member_id', '=', memberId).executeTakeFirst();
    return { notifications: row?.notifications ?? {}, progress: row?.progress ?? {} };
  }

  async current(auth: AuthContext): Promise<CurrentUser> {
    const { member, workspace } = auth;
    const settings = await this.settings(member.id);
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
      // Calendar and video accounts arrive with the integrations work; until then none is linked.
      has_valid_zoom_identity: false,
      has_valid_google_identity: false,
      has_valid_microsoft_identity: false,
      csrf_token: auth.csrfToken,
    };
  }

  async updateNotifications(memberId: number, append: string[], remove: string[]): Promise<Record<string, boolean>> {
    const current = (await this.settings(memberId)).notifications;
    const next = { ...current };
    for (const k of append) next[k] = true;
    for (const k of remove) delete next[k];
    await this.save(memberId, { notifications: JSON.stringify(next) });
    return next;
  }

  async recordProgress(memberId: number, flag: string): Promise<void> {
    const progress = { ...(await this.settings(memberId)).progress, [flag]: true };
    await this.save(memberId, { progress: JSON.stringify(progress) });
  }

  private async save(memberId: number, values: { notifications?: string; progress?: string }): Promise<void> {
    const now = this.clock.now();
    await this.db
      .insertInto('member_settings')
      .values({ member_id: memberId, notifications: values.notifications ?? '{}', progress: values.progress ?? '{}', updated_at: now })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ ...values, updated_at: now }))
      .execute();
  }
}
