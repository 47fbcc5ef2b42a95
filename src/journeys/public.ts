import type { Trx } from '../db/index.js';
import type { Member } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import type { AccessPolicy } from '../platform/access.js';
import type { Emit } from '../platform/events/define.js';
import { JourneyAnswers } from './answers.js';
import type { PollResponseJson, RoleJson, SessionJson, TaskAssignmentJson } from './api-types.js';
import { pageFiller } from './delivery.js';
import { runsAJourney, type SessionOf } from './access.js';
import type { JourneysDeps } from './deps.js';
import { JourneyService } from './journeys.js';
import { roleJson, sessionJson } from './presenters.js';
import { JourneyRepository } from './repository.js';
import { SessionService, type NewSession, type RoleSelectionInput } from './sessions.js';
import { SessionRepository } from './sessions.repository.js';
import type { JourneyEvent, JourneyRole, JourneySession, JourneyTag } from './tables.js';

export type { NewSession, RoleSelectionInput } from './sessions.js';
export type { JourneyEvent, JourneyRole, JourneySession, JourneyTag } from './tables.js';
/** The journey hub shows sessions' dates and flows as Journeys computes them. */
export { routeFlowType } from './presenters.js';
/** A journey named in a path of a flow (/onboarding or /participants), checked as its policy says. */
export { requireFlow, requireJourney, type SessionOf } from './access.js';
export { localToday, occurrence } from './schedule.js';

export interface SessionView {
  session: SessionJson;
  /** Each session event's recipient role (null: a channel post everyone sees). */
  recipients: Map<number, number | null>;
  roles: RoleJson[];
  tasks: TaskAssignmentJson[];
  polls: PollResponseJson[];
}

/**
 * What other capabilities may use of Journeys (Enrollment and the journey hub build on it): read journeys, roles
 * and one session as its people see it; answer tasks and polls through the same service as the Slack buttons (so
 * the same domain events); create, change or cancel sessions inside the caller's own transaction. Built from the
 * caller's platform services; the repositories stay inside Journeys.
 */
export class JourneysPublic {
  readonly answers: JourneyAnswers;
  private readonly repo: JourneyRepository;
  private readonly sessionRepo: SessionRepository;
  private readonly sessions: SessionService;
  private readonly journeys: JourneyService;

  constructor(private readonly s: JourneysDeps) {
    this.repo = new JourneyRepository(s.db);
    this.sessionRepo = new SessionRepository(s.db);
    this.sessions = new SessionService(s, this.repo, this.sessionRepo);
    this.journeys = new JourneyService(s, this.repo, this.sessions);
    this.answers = new JourneyAnswers(s, this.repo, this.sessionRepo);
  }

  /** Who may see and change a journey (for `requireAccess`): admins, its creator and its permission users. */
  get policy(): AccessPolicy<JourneyTag> {
    return this.journeys.policy;
  }

  /** Whether this member runs any journey: admins, and each journey's creator and permission users. */
  runsAJourney(auth: AuthContext): Promise<boolean> {
    return runsAJourney(this.repo, auth);
  }

  /** Who may see and change one session (for `requireAccess`): the journey's runners; its own people may see it. */
  get sessionPolicy(): AccessPolicy<SessionOf> {
    return this.sessions.policy;
  }

  tag(workspaceId: number, id: number, trx?: Trx): Promise<JourneyTag | undefined> {
    return this.repo.tag(workspaceId, id, trx);
  }

  /** The hub's site was saved: Journeys' messages carry the hub link only while it is published (in the caller's transaction). */
  setHubPublishedIn(trx: Trx, workspaceId: number, tagId: number, published: boolean): Promise<void> {
    return this.repo.setHubPublished(trx, workspaceId, tagId, published);
  }

  /** Turns self-enrollment on or off for a journey, in the caller's transaction. */
  setSelfEnrollIn(trx: Trx, workspaceId: number, tagId: number, enabled: boolean): Promise<void> {
    return this.repo.setSelfEnroll(trx, workspaceId, tagId, enabled, this.s.clock.now());
  }

  /** The workspace's journeys that are not archived. */
  tags(workspaceId: number, trx?: Trx): Promise<JourneyTag[]> {
    return this.repo.tags(workspaceId, { archived: false }, trx);
  }

  roles(workspaceId: number, trx?: Trx): Promise<JourneyRole[]> {
    return this.repo.roles(workspaceId, trx);
  }

  session(workspaceId: number, id: number, trx?: Trx): Promise<JourneySession | undefined> {
    return this.sessionRepo.session(workspaceId, id, trx);
  }

  /** Who is on a running journey now (participants of active sessions, test sessions left out): Billing counts them as seats. */
  activeParticipantIds(workspaceId: number): Promise<number[]> {
    return this.sessionRepo.activeParticipantIds(workspaceId);
  }

  /** This member's active session of a journey, if they have one. */
  async activeSessionOf(workspaceId: number, tagId: number, memberId: number, trx?: Trx): Promise<JourneySession | undefined> {
    return (await this.sessionRepo.sessions(workspaceId, { tagId, participantMemberId: memberId, state: 'active', limit: 1 }, trx))[0];
  }

  /** Enrols one person in the caller's transaction (records `journey.session_created`). */
  createIn(trx: Trx, emit: Emit, input: NewSession): Promise<JourneySession> {
    return this.sessions.createIn(trx, emit, input);
  }

  /**
   * Changes an active session in the caller's transaction: a new start date or zone re-times its pending events
   * (ones sent keep theirs; ones moved by hand keep their local date and time). People and role selections given for a role the session has nobody
   * in yet fill it; with `replace`, the given roles' existing memberships are replaced instead (the participant's
   * primary membership never is), and `clearRoles` are emptied. Without `replace`, existing memberships are kept.
   */
  async updateIn(
    trx: Trx,
    workspaceId: number,
    sessionId: number,
    change: { startDate: string; timeZone?: string; memberships: Array<{ role_id: number; member_id: number }>; roleSelections?: RoleSelectionInput[]; replace?: boolean; clearRoles?: number[] },
  ): Promise<JourneySession | undefined> {
    const session = await this.sessionRepo.lockSession(trx, workspaceId, sessionId);
    if (!session || session.state !== 'active') return undefined;
    const now = this.s.clock.now();
    const zone = change.timeZone && change.timeZone !== 'sync' ? { time_zone: change.timeZone, time_zone_source: 'explicit' as const } : {};
    const updated = (await this.sessionRepo.updateSession(trx, workspaceId, sessionId, { start_date: change.startDate, ...zone, updated_at: now }))!;
    const existing = await this.sessionRepo.memberships(workspaceId, [sessionId], trx);
    const primary = new Set((await this.repo.roles(workspaceId, trx)).filter((r) => r.is_primary).map((r) => r.id));
    const selections = (change.roleSelections ?? []).filter((r) => !primary.has(r.role_id));
    const people = change.memberships.filter((m) => !primary.has(m.role_id));
    if (change.replace) await this.sessionRepo.deleteMemberships(trx, workspaceId, sessionId, [...new Set([...people, ...selections].map((m) => m.role_id).concat((change.clearRoles ?? []).filter((id) => !primary.has(id))))]);
    const filled = change.replace ? new Set<number>() : new Set(existing.filter((m) => m.member_id !== null || m.role_selection !== null).map((m) => m.role_id));
    const rows: Array<{ role_id: number; member_id: number | null; role_selection: string | null }> = [];
    for (const m of people) if (!filled.has(m.role_id)) rows.push({ role_id: m.role_id, member_id: m.member_id, role_selection: null });
    for (const sel of selections) if (!filled.has(sel.role_id) && !people.some((m) => m.role_id === sel.role_id)) rows.push(await this.sessions.selectionRow(trx, workspaceId, sel, session.participant_member_id ?? 0));
    if (rows.length) await this.sessionRepo.insertMemberships(trx, rows.map((r) => ({ ...r, workspace_id: workspaceId, session_id: sessionId, created_at: now })));
    await this.sessions.retimeIn(trx, updated, updated.start_date === session.start_date ? 'retime' : 'sync');
    return updated;
  }

  /** Ends an active session in the caller's transaction: it is cancelled and its pending events will not go out. */
  async cancelIn(trx: Trx, workspaceId: number, sessionId: number): Promise<boolean> {
    const session = await this.sessionRepo.lockSession(trx, workspaceId, sessionId);
    if (!session || session.state !== 'active') return false;
    const now = this.s.clock.now();
    await this.sessionRepo.updateSession(trx, workspaceId, sessionId, { state: 'cancelled', finished_at: now, updated_at: now });
    for (const se of await this.sessionRepo.sessionEvents(workspaceId, [sessionId], trx))
      if (se.state === 'pending') await this.sessionRepo.updateSessionEvent(trx, workspaceId, se.id, { active: false, state: 'deleted', updated_at: now });
    return true;
  }

  sessionsJson(workspaceId: number, sessions: JourneySession[]): Promise<SessionJson[]> {
    return this.sessions.sessionsJson(workspaceId, sessions);
  }

  /**
   * The session as its people see it: its memberships, its session events (with the role each is sent to) and
   * its tasks and polls, texts filled in as they were sent ({first_name}, {manager} … as names).
   */
  async sessionView(session: JourneySession, tag: JourneyTag): Promise<SessionView> {
    const ws = session.workspace_id;
    const [memberships, events, roles, taskRows, pollRows] = await Promise.all([
      this.sessionRepo.memberships(ws, [session.id]),
      this.sessionRepo.sessionEvents(ws, [session.id]),
      this.repo.roles(ws),
      this.sessionRepo.tasksOf(ws, { sessionIds: [session.id] }),
      this.sessionRepo.pollsOf(ws, { sessionIds: [session.id] }),
    ]);
    const fill = pageFiller(tag, session, memberships, roles);
    const participant = memberships.find((m) => m.member_id === session.participant_member_id)?.member ?? null;
    const [tasks, polls] = await Promise.all([Promise.all(taskRows.map((t) => this.answers.taskJsonOf(ws, t))), Promise.all(pollRows.map((p) => this.answers.pollJsonOf(ws, p)))]);
    return {
      session: sessionJson(session, memberships, events.map((e) => ({ ...e, title: fill(e.title) })), await this.sessions.deliveries(ws, events.map((e) => e.id)), participant),
      recipients: new Map(events.map((e) => [e.id, e.recipient_type === 'role' ? e.event_role_id : null])),
      roles: roles.map(roleJson),
      tasks: tasks.map((t) => ({ ...t, title: fill(t.title), text: fill(t.text) })),
      polls: polls.map((p) => ({ ...p, question: fill(p.question) })),
    };
  }

  /**
   * The hub editor's preview: texts filled for a sample session whose participant is `member` (the admin), starting
   * `startDate`, by the same filler as a real session's hub (and the same placeholders as the send).
   */
  async sampleFiller(tag: JourneyTag, member: Member, startDate: string): Promise<(text: string) => string> {
    const roles = await this.repo.roles(tag.workspace_id);
    const primary = roles.find((r) => r.is_primary && tag.role_ids.includes(r.id));
    const memberships = primary ? [{ id: 0, workspace_id: tag.workspace_id, session_id: 0, role_id: primary.id, member_id: member.id, role_selection: null, created_at: this.s.clock.now(), member }] : [];
    return pageFiller(tag, { start_date: startDate, participant_member_id: member.id }, memberships, roles);
  }

  /** The workspace's roles as the API answers them. */
  async rolesJson(workspaceId: number): Promise<RoleJson[]> {
    return (await this.repo.roles(workspaceId)).map(roleJson);
  }

  /** The journey's events (the hub's preview, before anyone is enrolled). */
  events(workspaceId: number, tagId: number): Promise<JourneyEvent[]> {
    return this.repo.events(workspaceId, tagId);
  }

  /** The session's cohort channel, once Slack has made it. */
  async cohortChannel(session: JourneySession): Promise<string | null> {
    if (session.cohort_id === null) return null;
    return (await this.sessionRepo.cohort(session.workspace_id, session.cohort_id))?.channel_id ?? null;
  }
}
