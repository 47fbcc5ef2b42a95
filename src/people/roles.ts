import type { Db } from '../db/index.js';
import type { Member } from '../db/types.js';

export interface Roles {
  /** Slack workspace admin or owner. */
  workspaceAdmin: boolean;
  /** Hearth account owner or one of its admins (billing, plan, admins). */
  accountOwner: boolean;
  accountAdmin: boolean;
}

export async function rolesOf(db: Db, member: Pick<Member, 'id' | 'workspace_id' | 'is_admin' | 'is_owner'>): Promise<Roles> {
  const account = await db
    .selectFrom('accounts')
    .leftJoin('account_admins', (j) => j.onRef('account_admins.account_id', '=', 'accounts.id').on('account_admins.member_id', '=', member.id))
    .select(['accounts.owner_member_id', 'account_admins.member_id as admin_id'])
    .where('accounts.workspace_id', '=', member.workspace_id)
    .executeTakeFirst();
  const accountOwner = account?.owner_member_id === member.id;
  return {
    workspaceAdmin: member.is_admin || member.is_owner,
    accountOwner,
    accountAdmin: accountOwner || account?.admin_id === member.id,
  };
}

/** May use the admin pages: a Slack admin/owner or a Hearth account owner/admin. */
export function isAdmin(roles: Roles): boolean {
  return roles.workspaceAdmin || roles.accountAdmin;
}
