import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';

/**
 * How to find one kind of thing (a program, a journey, a session, a report …) within a workspace and who may
 * read, edit or manage it. The capability that owns a kind of thing exports its policy, and each of its service
 * methods starts with one `requireAccess`; the capability's API.md has the table of who may do what.
 */
export interface AccessPolicy<T> {
  /** Finds it in this workspace only: another workspace's id is simply not found. */
  load(workspaceId: number, id: number): Promise<T | undefined>;
  /** Who may see it; everyone in the workspace when absent. */
  canRead?(auth: AuthContext, entity: T): Promise<boolean> | boolean;
  canEdit(auth: AuthContext, entity: T): Promise<boolean> | boolean;
  /** Who may manage it (ownership, permissions, deleting, money); those who may edit it when absent. */
  canManage?(auth: AuthContext, entity: T): Promise<boolean> | boolean;
  /** The 403's words, e.g. "Only this program's owner, editors and workspace admins can change it". */
  forbidden: string;
  /**
   * When the thing's existence is no secret (it is listed to everyone, or it is the workspace's own), a member
   * who may not read it gets a 403 with these words rather than a 404.
   */
  readForbidden?: string;
}

export type AccessMode = 'read' | 'edit' | 'manage';

/**
 * The one access check (in the spirit of immich's requireAccess): the thing if this member may `mode` it;
 * 404 when it is not in their workspace (or they may not even see it), 403 when they may see but not change it.
 */
export async function requireAccess<T>(auth: AuthContext, policy: AccessPolicy<T>, id: number, mode: AccessMode): Promise<T> {
  const entity = await policy.load(auth.workspace.id, id);
  if (entity === undefined) throw new HttpError(404, 'Not found');
  if (policy.canRead && !(await policy.canRead(auth, entity))) throw policy.readForbidden ? new HttpError(403, policy.readForbidden) : new HttpError(404, 'Not found');
  if (mode !== 'read' && !(await allows(auth, policy, entity, mode))) throw new HttpError(403, policy.forbidden);
  return entity;
}

/** Whether this member may `mode` it, for pages that show or hide an action (`can_edit`, `permissions`). */
export async function hasAccess<T>(auth: AuthContext, policy: AccessPolicy<T>, entity: T, mode: AccessMode): Promise<boolean> {
  if (policy.canRead && !(await policy.canRead(auth, entity))) return false;
  return mode === 'read' || (await allows(auth, policy, entity, mode));
}

async function allows<T>(auth: AuthContext, policy: AccessPolicy<T>, entity: T, mode: 'edit' | 'manage'): Promise<boolean> {
  return mode === 'manage' && policy.canManage ? policy.canManage(auth, entity) : policy.canEdit(auth, entity);
}

/** The workspace itself as a resource (its reporting, its data, its billing): its id is the caller's workspace id. */
export interface WorkspaceResource {
  workspaceId: number;
}

/** A policy for something a workspace has one of (reporting, billing, its data): `requireAccess(auth, p, auth.workspace.id, mode)`. */
export function workspacePolicy(rules: Omit<AccessPolicy<WorkspaceResource>, 'load'>): AccessPolicy<WorkspaceResource> {
  return { load: (workspaceId, id) => Promise.resolve(id === workspaceId ? { workspaceId } : undefined), ...rules };
}

/**
 * A member's own settings (their preferences, profile, snoozes, notifications): only they may read or change them;
 * another member's id, or another workspace's, is a 404. Services that serve a member's own settings start with it
 * and answer the caller's workspace and member.
 */
export function requireSelf(auth: AuthContext, memberId: number): Pick<AuthContext, 'workspace' | 'member'> {
  if (auth.member.id !== memberId) throw new HttpError(404, 'Not found');
  return { workspace: auth.workspace, member: auth.member };
}
