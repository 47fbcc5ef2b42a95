import { sql } from 'kysely';
import type { UsersListResponse, WebClient } from '@slack/web-api';
import type { Db } from '../db/index.js';
import type { Member, Workspace } from '../db/types.js';
import type { Clock } from '../time/clock.js';

export type SlackUser = NonNullable<UsersListResponse['members']>[number];

/** Who may be paired, celebrated or enrolled: never bots, deactivated or external (Slack Connect) members. */
export function isReachableHuman(m: Pick<Member, 'is_bot' | 'deleted' | 'is_external'>): boolean {
  return !m.is_bot && !m.deleted && !m.is_external;
}

function memberValues(ws: Workspace, u: SlackUser) {
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
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async upsert(ws: Workspace, users: SlackUser[]): Promise<void> {
    if (!users.length) return;
    const now = this.clock.now();
    const rows = users.filter((u) => u.id).map((u) => ({ workspace_id: ws.id, slack_user_id: u.id!, ...memberValues(ws, u), created_at: now, updated_at: now }));
    await this.db
      .insertInto('members')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'slack_user_id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          real_name: eb.ref('excluded.real_name'),
          display_name: eb.ref('excluded.display_name'),
          email: eb.ref('excluded.email'),
          tz: eb.ref('excluded.tz'),
          title: eb.ref('excluded.title'),
          avatar_url: eb.ref('excluded.avatar_url'),
          is_bot: eb.ref('excluded.is_bot'),
          deleted: eb.ref('excluded.deleted'),
          is_external: eb.ref('excluded.is_external'),
          is_admin: eb.ref('excluded.is_admin'),
          is_owner: eb.ref('excluded.is_owner'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
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
    await this.db.updateTable('workspaces').set({ members_synced_at: this.clock.now() }).where('id', '=', ws.id).execute();
    await this.claimAccountOwner(ws);
    return count;
  }

  /** The installer owns the workspace's Hearth account until someone transfers it. */
  private async claimAccountOwner(ws: Workspace): Promise<void> {
    const installer = await this.db
      .selectFrom('installations')
      .innerJoin('members', (j) => j.onRef('members.slack_user_id', '=', 'installations.installer_user_id').on('members.workspace_id', '=', ws.id))
      .select('members.id')
      .where('installations.team_id', '=', ws.team_id)
      .executeTakeFirst();
    if (!installer) return;
    await this.db.updateTable('accounts').set({ owner_member_id: installer.id }).where('workspace_id', '=', ws.id).where('owner_member_id', 'is', null).execute();
  }

  bySlackId(workspaceId: number, slackUserId: string): Promise<Member | undefined> {
    return this.db
      .selectFrom('members')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('slack_user_id', '=', slackUserId)
      .executeTakeFirst();
  }

  /** Reachable humans of the workspace whose name or email contains `text` (the people pickers). */
  search(workspaceId: number, text: string, limit: number) {
    const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.db
      .selectFrom('members')
      .select(['id', 'slack_user_id', 'real_name', 'display_name', 'name', 'email', 'avatar_url'])
      .where('workspace_id', '=', workspaceId)
      .where('is_bot', '=', false)
      .where('deleted', '=', false)
      .where('is_external', '=', false)
      .where((eb) => eb.or(['real_name', 'display_name', 'name', 'email'].map((c) => eb(sql`lower(${sql.ref(c)})`, 'like', like))))
      .orderBy('real_name')
      .limit(limit)
      .execute();
  }
}
