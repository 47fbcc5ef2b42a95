import { sql } from 'kysely';
import type { Db, Executor } from '../db/index.js';
import type { Member, NewMember } from '../db/types.js';

/**
 * personName (people/name.ts) in SQL, over the `members` table or its alias: the full name, else the display name,
 * else the handle. Queries that sort or select people by name use it, so a list's order and its names agree.
 */
export const personNameSql = (members = 'members') =>
  sql<string>`coalesce(nullif(${sql.ref(`${members}.real_name`)}, ''), nullif(${sql.ref(`${members}.display_name`)}, ''), ${sql.ref(`${members}.name`)})`;

/** A member's directory fields, as Slack describes them. */
export type MemberValues = Required<Omit<NewMember, 'id' | 'workspace_id' | 'slack_user_id' | 'created_at' | 'updated_at'>>;

/** The directory fields a refresh may change. */
const CHANGEABLE = ['name', 'real_name', 'display_name', 'email', 'tz', 'title', 'avatar_url', 'is_bot', 'deleted', 'is_external', 'is_admin', 'is_owner'] as const;

/** A member's place in the workspace's Hearth account. */
export interface AccountRole {
  owner: boolean;
  admin: boolean;
}

/** The member directory's and the Hearth account's SQL, scoped to a workspace. */
export class PeopleRepository {
  constructor(private readonly db: Db) {}

  /**
   * Writes these members' directory fields (a member whose fields are as stored is left alone); answers those whose
   * zone changed (a member new to Hearth has none to change).
   */
  async upsert(ex: Executor, workspaceId: number, members: Array<{ slackUserId: string; values: MemberValues }>, now: Date): Promise<Array<{ memberId: number; from: string | null; to: string | null }>> {
    if (!members.length) return [];
    const before = new Map(
      (await ex.selectFrom('members').select(['slack_user_id', 'tz']).where('workspace_id', '=', workspaceId).where('slack_user_id', 'in', members.map((m) => m.slackUserId)).execute()).map((m) => [m.slack_user_id, m.tz]),
    );
    const after = await ex
      .insertInto('members')
      .values(members.map((m) => ({ workspace_id: workspaceId, slack_user_id: m.slackUserId, ...m.values, created_at: now, updated_at: now })))
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
        }))
          // The daily refresh rewrites only the members whose directory fields changed.
          .where(sql<boolean>`(${sql.join(CHANGEABLE.map((c) => sql.ref(`members.${c}`)))}) is distinct from (${sql.join(CHANGEABLE.map((c) => sql.ref(`excluded.${c}`)))})`),
      )
      .returning(['id', 'slack_user_id', 'tz'])
      .execute();
    return after.filter((m) => before.has(m.slack_user_id) && before.get(m.slack_user_id) !== m.tz).map((m) => ({ memberId: m.id, from: before.get(m.slack_user_id) ?? null, to: m.tz }));
  }

  /** Makes the installer of the workspace's team the account's owner, unless it has one. */
  async claimAccountOwner(workspaceId: number, teamId: string): Promise<void> {
    const installer = await this.db
      .selectFrom('installations')
      .innerJoin('members', (j) => j.onRef('members.slack_user_id', '=', 'installations.installer_user_id').on('members.workspace_id', '=', workspaceId))
      .select('members.id')
      .where('installations.team_id', '=', teamId)
      .executeTakeFirst();
    if (!installer) return;
    await this.db.updateTable('accounts').set({ owner_member_id: installer.id }).where('workspace_id', '=', workspaceId).where('owner_member_id', 'is', null).execute();
  }

  bySlackId(workspaceId: number, slackUserId: string): Promise<Member | undefined> {
    return this.db.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('slack_user_id', '=', slackUserId).executeTakeFirst();
  }

  /** A member of the workspace who has not been deactivated. */
  active(workspaceId: number, memberId: number, ex: Executor = this.db): Promise<Member | undefined> {
    return ex.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', memberId).where('deleted', '=', false).executeTakeFirst();
  }

  /**
   * An active member and their place in the Hearth account (owner, admin), in one query: a signed-in request reads
   * both before its handler runs.
   */
  async activeWithAccountRole(workspaceId: number, memberId: number): Promise<{ member: Member; account: AccountRole } | undefined> {
    const row = await this.db
      .selectFrom('members')
      .leftJoin('accounts', 'accounts.workspace_id', 'members.workspace_id')
      .leftJoin('account_admins', (j) => j.onRef('account_admins.account_id', '=', 'accounts.id').onRef('account_admins.member_id', '=', 'members.id'))
      .selectAll('members')
      .select(['accounts.owner_member_id as account_owner_id', 'account_admins.member_id as account_admin_id'])
      .where('members.workspace_id', '=', workspaceId)
      .where('members.id', '=', memberId)
      .where('members.deleted', '=', false)
      .executeTakeFirst();
    if (!row) return undefined;
    const { account_owner_id, account_admin_id, ...member } = row;
    return { member, account: { owner: account_owner_id === memberId, admin: account_admin_id === memberId } };
  }

  /** Which of these ids are active members of the workspace. */
  async activeIds(workspaceId: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('members').select('id').where('workspace_id', '=', workspaceId).where('deleted', '=', false).where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Which of these Slack user ids are reachable humans of the workspace (not bots, deactivated or external). */
  async reachableSlackIds(workspaceId: number, slackUserIds: string[]): Promise<Set<string>> {
    if (!slackUserIds.length) return new Set();
    const rows = await this.db
      .selectFrom('members')
      .select('slack_user_id')
      .where('workspace_id', '=', workspaceId)
      .where('slack_user_id', 'in', slackUserIds)
      .where('is_bot', '=', false)
      .where('deleted', '=', false)
      .where('is_external', '=', false)
      .execute();
    return new Set(rows.map((r) => r.slack_user_id));
  }

  names(workspaceId: number, ids: number[]): Promise<Array<Pick<Member, 'id' | 'real_name' | 'display_name' | 'name'>>> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('members').select(['id', 'real_name', 'display_name', 'name']).where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
  }

  /** Reachable humans of the workspace whose name or email contains `text`. */
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
