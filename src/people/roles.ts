import type { Member } from '../db/types.js';
import type { AccountRole, PeopleRepository } from './repository.js';

export interface Roles {
  /** Slack workspace admin or owner. */
  workspaceAdmin: boolean;
  /** Hearth account owner or one of its admins (billing, plan, admins). */
  accountOwner: boolean;
  accountAdmin: boolean;
}

/** A member's roles, their place in the account read as a signed-in request reads it (none once deactivated). */
export async function rolesOf(people: PeopleRepository, member: Pick<Member, 'id' | 'workspace_id' | 'is_admin' | 'is_owner'>): Promise<Roles> {
  const active = await people.activeWithAccountRole(member.workspace_id, member.id);
  return roles(member, active?.account ?? { owner: false, admin: false });
}

/** A member's roles from their Slack flags and their place in the Hearth account. */
export function roles(member: Pick<Member, 'is_admin' | 'is_owner'>, account: AccountRole): Roles {
  return {
    workspaceAdmin: member.is_admin || member.is_owner,
    accountOwner: account.owner,
    accountAdmin: account.owner || account.admin,
  };
}

/** May use the admin pages: a Slack admin/owner or a Hearth account owner/admin. */
export function isAdmin(roles: Roles): boolean {
  return roles.workspaceAdmin || roles.accountAdmin;
}
