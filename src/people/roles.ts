import type { Member } from '../db/types.js';
import type { PeopleRepository } from './repository.js';

export interface Roles {
  /** Slack workspace admin or owner. */
  workspaceAdmin: boolean;
  /** Hearth account owner or one of its admins (billing, plan, admins). */
  accountOwner: boolean;
  accountAdmin: boolean;
}

export async function rolesOf(people: PeopleRepository, member: Pick<Member, 'id' | 'workspace_id' | 'is_admin' | 'is_owner'>): Promise<Roles> {
  const account = await people.accountRole(member.workspace_id, member.id);
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
