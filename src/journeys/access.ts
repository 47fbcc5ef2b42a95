import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { requireAccess, workspacePolicy, type AccessMode, type AccessPolicy, type WorkspaceResource } from '../platform/access.js';
import type { RouteFlowType } from './api-types.js';
import { routeFlowType } from './presenters.js';
import type { JourneyRepository } from './repository.js';
import type { SessionRepository } from './sessions.repository.js';
import type { JourneyEvent, JourneySession, JourneySessionEvent, JourneyTag } from './tables.js';

/** Those who run a journey: workspace admins, its creator and its permission users. */
async function runs(repo: JourneyRepository, auth: AuthContext, tag: JourneyTag): Promise<boolean> {
  return auth.isAdmin || tag.created_by_member_id === auth.member.id || (await repo.isPermissionUser(auth.workspace.id, tag.id, auth.member.id));
}

/** Whether this member runs any journey (admins run them all): who may enrol people and look them up to do so. */
export async function runsAJourney(repo: JourneyRepository, auth: AuthContext): Promise<boolean> {
  return auth.isAdmin || (await repo.runsAny(auth.workspace.id, auth.member.id));
}

const JOURNEY_FORBIDDEN = "Only this journey's owner, its permission users and workspace admins can change it";

/** A journey: every member sees it (the journeys list is no secret); those who run it change it. */
export function journeyPolicy(repo: JourneyRepository): AccessPolicy<JourneyTag> {
  return { load: (workspaceId, id) => repo.tag(workspaceId, id), canEdit: (auth, tag) => runs(repo, auth, tag), forbidden: JOURNEY_FORBIDDEN };
}

/**
 * The workspace's journeys as a whole: creating a journey, and the roles and presets every journey shares, are for
 * workspace admins (`requireAccess(auth, journeysPolicy, auth.workspace.id, 'edit')`).
 */
export const journeysPolicy: AccessPolicy<WorkspaceResource> = workspacePolicy({ canEdit: (auth) => auth.isAdmin, forbidden: 'Only workspace admins can do that' });

/** A journey's event with its journey. */
export interface EventOf {
  event: JourneyEvent;
  tag: JourneyTag;
}

/** One event of a journey (its message, task or poll): as its journey (journeyPolicy). */
export function eventPolicy(repo: JourneyRepository): AccessPolicy<EventOf> {
  return {
    load: async (workspaceId, id) => {
      const event = await repo.event(workspaceId, id);
      const tag = event && (await repo.tag(workspaceId, event.tag_id));
      return event && tag ? { event, tag } : undefined;
    },
    canEdit: (auth, { tag }) => runs(repo, auth, tag),
    forbidden: JOURNEY_FORBIDDEN,
  };
}

/** A session with its journey. */
export interface SessionOf {
  session: JourneySession;
  tag: JourneyTag;
}

/** A session event with its session and journey (the paths name it alone). */
export interface SessionEventOf extends SessionOf {
  se: JourneySessionEvent;
}

/**
 * One session (its people, its events, its states): those who run its journey and the session's own people
 * (participant, manager, buddy …) see it; only those who run the journey change it. Anyone else: not found.
 */
export function sessionPolicy(repo: JourneyRepository, sessions: SessionRepository): AccessPolicy<SessionOf> {
  return {
    load: async (workspaceId, id) => {
      const session = await sessions.session(workspaceId, id);
      const tag = session && (await repo.tag(workspaceId, session.tag_id));
      return session && tag ? { session, tag } : undefined;
    },
    canRead: async (auth, { session, tag }) => (await runs(repo, auth, tag)) || (await sessions.memberships(auth.workspace.id, [session.id])).some((m) => m.member_id === auth.member.id),
    canEdit: (auth, { tag }) => runs(repo, auth, tag),
    forbidden: JOURNEY_FORBIDDEN,
  };
}

/** One session event: as its session (sessionPolicy). */
export function sessionEventPolicy(repo: JourneyRepository, sessions: SessionRepository): AccessPolicy<SessionEventOf> {
  const session = sessionPolicy(repo, sessions);
  return {
    load: async (workspaceId, id) => {
      const se = await sessions.sessionEvent(workspaceId, id);
      const of = se && (await session.load(workspaceId, se.session_id));
      return se && of ? { ...of, se } : undefined;
    },
    canRead: (auth, of) => session.canRead!(auth, of),
    canEdit: (auth, of) => session.canEdit(auth, of),
    forbidden: session.forbidden,
  };
}

/** The paths of one journey come under its flow (/onboarding or /participants): under the other flow it is not found. */
export function requireFlow(tag: JourneyTag, flow: RouteFlowType | undefined): void {
  if (flow !== undefined && routeFlowType(tag.flow_type) !== flow) throw new HttpError(404, 'Not found');
}

/** `requireAccess` for a journey named in a path of `flow`. */
export async function requireJourney(auth: AuthContext, policy: AccessPolicy<JourneyTag>, id: number, mode: AccessMode, flow?: RouteFlowType): Promise<JourneyTag> {
  const tag = await requireAccess(auth, policy, id, mode);
  requireFlow(tag, flow);
  return tag;
}

/** `requireAccess` for a journey's event named in a path of `flow` (and, where the path names it, of journey `tagId`). */
export async function requireEvent(auth: AuthContext, policy: AccessPolicy<EventOf>, id: number, mode: AccessMode, flow: RouteFlowType, tagId?: number): Promise<EventOf> {
  const of = await requireAccess(auth, policy, id, mode);
  if (tagId !== undefined && of.event.tag_id !== tagId) throw new HttpError(404, 'Not found');
  requireFlow(of.tag, flow);
  return of;
}
