import { z } from 'zod';
import { personName } from '../people/name.js';
import { defineJob } from '../../jobs/definition.js';
import type { Executor, Trx } from '../db/index.js';
import type { Member } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { badRequest, HttpError } from '../http/errors.js';
import { hasAccess, requireAccess, workspacePolicy, type AccessPolicy, type WorkspaceResource } from '../platform/access.js';
import type { Emit } from '../platform/events/define.js';
import { parse } from '../http/validate.js';
import { requireJourney, type JourneySession, type JourneysPublic, type JourneyTag, type RoleSelectionInput } from '../journeys/public.js';
import { formatLocalDate, instantToZoned, isValidTimeZone, parseLocalDate } from '../time/zoned.js';
import {
  MAX_ENROLLMENT_ROWS,
  TOO_MANY_ROWS_TEXT,
  type BatchJson,
  type BatchesAnswer,
  type EnrollmentJson,
  type Flow,
  type HrisManagerAnswer,
  type ManualEnrollmentAnswer,
  type SavedSessionAnswer,
  type UpsertStatusAnswer,
  type UserByEmailJson,
} from './api-types.js';
import type { EnrollmentDeps } from './deps.js';
import type { Enroller } from './enroller.js';
import type { EnrollmentRepository } from './repository.js';
import { fromEmailQuery, managerQuery, manualEnrollmentBody, type ManualEnrollmentBody } from './schema.js';
import type { EnrollmentBatch } from './tables.js';

/** The upsert of one manual or CSV enrollment batch: all its rows in one transaction, or none. */
export const enrollmentUpsert = defineJob('enrollment.upsert', z.object({ workspaceId: z.number().int().positive(), batchId: z.number().int().positive() }));

const flowOfTag = (tag: JourneyTag): Flow => (tag.flow_type === 'onboarding' ? 'onboarding' : 'participants');

/** Enrolling into any journey of a flow ({base} without a journey: /{flow}/manual_enrollment, /{flow}/batches): workspace admins. */
const flowEnrollmentPolicy = workspacePolicy({ canRead: (auth) => auth.isAdmin, canEdit: (auth) => auth.isAdmin, forbidden: 'Only workspace admins can do that', readForbidden: 'Only workspace admins can do that' });

/** One person to enrol in one journey, resolved: a member, or (onboarding) an email waiting for them to join. */
type Planned =
  | { kind: 'create'; tag: JourneyTag; memberId: number; startDate: string; timeZone: string; memberships: Array<{ role_id: number; member_id: number }>; roleSelections: RoleSelectionInput[]; email: string | null; details: Record<string, unknown> }
  | { kind: 'pending'; tag: JourneyTag; email: string; startDate: string; timeZone: string; details: Record<string, unknown> }
  | { kind: 'update'; sessionId: number; startDate: string; timeZone: string; memberships: Array<{ role_id: number; member_id: number }>; roleSelections: RoleSelectionInput[]; replace: boolean; clearRoles: number[] };

interface Plan {
  items: Planned[];
  deletes: number[];
  /** Every journey the submission changes: those it enrols in, and those of the sessions it edits or deletes. */
  touched: JourneyTag[];
}

/**
 * Manual and CSV enrollment (journeys.md §2–§5, §7): the submission is checked at once (a 400 naming the row and
 * field), stored as a batch and upserted by a job in one transaction; the page polls the batch's status every 2 s.
 */
export class ManualEnrollment {
  constructor(
    private readonly s: Pick<EnrollmentDeps, 'clock' | 'events' | 'queue' | 'db' | 'people' | 'hrDirectory' | 'channels'>,
    private readonly journeys: JourneysPublic,
    private readonly repo: EnrollmentRepository,
    private readonly enroller: Enroller,
  ) {}

  /**
   * A batch and its status: seen by workspace admins, the member who submitted it, and those who may edit its journey
   * (a batch of one journey's page); anyone else: not found.
   */
  readonly batchPolicy: AccessPolicy<EnrollmentBatch> = {
    load: (workspaceId, id) => this.repo.batch(workspaceId, id),
    canRead: async (auth, b) => auth.isAdmin || b.created_by_member_id === auth.member.id || (b.tag_id !== null && (await this.mayEditJourney(auth, b.tag_id))),
    canEdit: (auth) => auth.isAdmin,
    forbidden: 'Only workspace admins can change a batch',
  };

  /**
   * Looking people up to enrol them (by email; their manager): workspace admins and those who run a journey (its
   * creator, its permission users), who enrol from their journey's page. Not every member: emails and managers are
   * not a directory for all.
   */
  readonly lookupPolicy: AccessPolicy<WorkspaceResource> = workspacePolicy({
    canRead: (auth) => this.journeys.runsAJourney(auth),
    canEdit: (auth) => this.journeys.runsAJourney(auth),
    forbidden: 'Only workspace admins and those who run a journey can look people up to enrol them',
    readForbidden: 'Only workspace admins and those who run a journey can look people up to enrol them',
  });

  private async mayEditJourney(auth: AuthContext, tagId: number): Promise<boolean> {
    const tag = await this.journeys.tag(auth.workspace.id, tagId);
    return tag !== undefined && (await hasAccess(auth, this.journeys.policy, tag, 'edit'));
  }

  /** {base}: the whole flow (workspace admins), or one journey of the flow (who may edit it). */
  private async scopeOf(auth: AuthContext, flow: Flow, tagId: number | undefined): Promise<JourneyTag | null> {
    if (tagId !== undefined) return requireJourney(auth, this.journeys.policy, tagId, 'edit', flow);
    await requireAccess(auth, flowEnrollmentPolicy, auth.workspace.id, 'edit');
    return null;
  }

  /** POST {base}/manual_enrollment → status_id. */
  async submit(auth: AuthContext, flow: Flow, tagId: number | undefined, input: unknown): Promise<ManualEnrollmentAnswer> {
    const scope = await this.scopeOf(auth, flow, tagId);
    const body = parse(manualEnrollmentBody, input);
    if (body.sessions.length > MAX_ENROLLMENT_ROWS) throw badRequest(TOO_MANY_ROWS_TEXT, { sessions: TOO_MANY_ROWS_TEXT });
    if (!body.sessions.length && !body.session_ids_to_delete?.length) throw badRequest('sessions: add at least one person', { sessions: 'add at least one person' });
    const { touched } = await this.plan(this.s.db, auth.workspace.id, flow, body);
    // Channels to pick a role's person from are this workspace's (checked here, not in the job's transaction).
    for (const [i, s] of body.sessions.entries())
      for (const [j, m] of s.memberships.entries())
        if (m.role_selection?.channel_id) await this.s.channels.requireOwn(auth.workspace.id, `sessions.${i}.memberships.${j}.role_selection.channel_id`, [m.role_selection.channel_id]);
    // From one journey's page ({base} = /tags/{id}) a member who may edit that journey changes only journeys they
    // may edit too: the others' sessions are neither created, changed nor deleted from here.
    for (const tag of touched) {
      if (!(await hasAccess(auth, this.journeys.policy, tag, 'edit'))) throw new HttpError(403, `You can’t change the journey “${tag.name}”`);
    }
    const batch = await this.repo.insertBatch(this.s.db, {
      workspace_id: auth.workspace.id,
      flow,
      tag_id: scope?.id ?? null,
      source: body.source ?? 'manual',
      payload: JSON.stringify(body),
      error: null,
      created_by_member_id: auth.member.id,
      created_at: this.s.clock.now(),
    });
    await this.s.queue.enqueue(enrollmentUpsert, { workspaceId: auth.workspace.id, batchId: batch.id }, { jobId: `enrollment-upsert:${batch.id}` });
    return { status_id: batch.id };
  }

  /** GET /onboarding/manual_enrollment/upsert_status/{id}: as the batch (batchPolicy). */
  async status(auth: AuthContext, id: number): Promise<UpsertStatusAnswer> {
    const batch = await requireAccess(auth, this.batchPolicy, id, 'read');
    return { status: batch.status, error: batch.error };
  }

  /** The job: every row of the batch, or (on any failure) none, the batch then marked error with the reason. */
  async upsert(workspaceId: number, batchId: number): Promise<void> {
    const batch = await this.repo.batch(workspaceId, batchId);
    if (!batch || batch.status !== 'pending') return;
    try {
      await this.s.events.transaction(async (trx, emit) => {
        const locked = await this.repo.lockBatch(trx, workspaceId, batchId);
        if (!locked || locked.status !== 'pending') return;
        const plan = await this.plan(trx, workspaceId, batch.flow, batch.payload as ManualEnrollmentBody);
        const counts = await this.apply(trx, emit, batch, plan);
        await this.repo.finishBatch(trx, workspaceId, batchId, { status: 'success', error: null, ...counts, finished_at: this.s.clock.now() });
      });
    } catch (err) {
      const reason = err instanceof HttpError ? err.message : 'Unexpected error while enrolling';
      await this.s.events.transaction(async (trx, emit) => {
        const locked = await this.repo.lockBatch(trx, workspaceId, batchId);
        if (!locked || locked.status !== 'pending') return;
        await this.repo.finishBatch(trx, workspaceId, batchId, { status: 'error', error: reason, finished_at: this.s.clock.now() });
        await this.enroller.failIn(trx, emit, { workspaceId, tagId: null, source: batch.source, batchId, reason });
      });
      if (!(err instanceof HttpError)) throw err;
    }
  }

  private async apply(trx: Trx, emit: Emit, batch: EnrollmentBatch, plan: Plan) {
    const counts = { sessions_created: 0, sessions_updated: 0, sessions_deleted: 0 };
    const common = { workspaceId: batch.workspace_id, source: batch.source, batchId: batch.id, createdByMemberId: batch.created_by_member_id };
    for (const item of plan.items) {
      if (item.kind === 'update') {
        if (!(await this.journeys.updateIn(trx, batch.workspace_id, item.sessionId, item))) throw badRequest(`Session ${item.sessionId} is no longer active`);
        counts.sessions_updated++;
      } else if (item.kind === 'pending') {
        await this.repo.insertEnrollments(trx, [
          {
            workspace_id: batch.workspace_id,
            batch_id: batch.id,
            tag_id: item.tag.id,
            session_id: null,
            member_id: null,
            email: item.email,
            source: batch.source,
            state: 'pending',
            reason: 'Waiting for them to join Slack',
            start_date: item.startDate,
            details: JSON.stringify({ ...item.details, time_zone: item.timeZone }),
            created_at: this.s.clock.now(),
          },
        ]);
      } else {
        await this.enroller.enrolIn(trx, emit, { ...common, tag: item.tag, memberId: item.memberId, startDate: item.startDate, timeZone: item.timeZone, memberships: item.memberships, roleSelections: item.roleSelections, details: item.details });
        counts.sessions_created++;
      }
    }
    for (const id of plan.deletes) if (await this.journeys.cancelIn(trx, batch.workspace_id, id)) counts.sessions_deleted++;
    return counts;
  }

  /**
   * Checks a submission against the workspace and resolves it (a 400 naming `sessions.{i}.{field}` otherwise):
   * real dates and zones, journeys of this flow, a participant for each row (a user, or in onboarding an email
   * that may join later), the other roles' people or role selections (a user or a role who selects, or a channel to
   * pick from; never with a user, never for the participant), and existing sessions of this workspace. Without
   * `preserve`, an existing session's memberships of the roles given are replaced; with it, they are kept.
   */
  private async plan(ex: Executor, workspaceId: number, flow: Flow, body: ManualEnrollmentBody): Promise<Plan> {
    const [tags, roles] = await Promise.all([this.journeys.tags(workspaceId, ex as Trx), this.journeys.roles(workspaceId, ex as Trx)]);
    const tagById = new Map(tags.map((t) => [t.id, t]));
    const primaryIds = new Set(roles.filter((r) => r.is_primary).map((r) => r.id));
    const roleIds = new Set(roles.map((r) => r.id));
    const userIds = [...new Set(body.sessions.flatMap((s) => s.memberships.flatMap((m) => [m.user_id, m.role_selection?.selector_id]).filter((id): id is number => typeof id === 'number')))];
    const emails = [...new Set(body.sessions.flatMap((s) => s.memberships.filter((m) => !m.user_id && m.email).map((m) => m.email!.trim().toLowerCase())))];
    const [byId, byEmail] = await Promise.all([this.repo.members(workspaceId, userIds, ex), this.repo.membersByEmails(workspaceId, emails, ex)]);
    const members = new Map<number, Member>(byId.filter((m) => !m.deleted).map((m) => [m.id, m]));
    const emailOwners = new Map<string, Member>(byEmail.map((m) => [m.email!.toLowerCase(), m]));

    const items: Planned[] = [];
    const touched = new Map<number, JourneyTag>();
    for (const [i, s] of body.sessions.entries()) {
      const at = (field: string, message: string) => badRequest(`Row ${i + 1}: ${field.replace(/_/g, ' ')} ${message}`, { [`sessions.${i}.${field}`]: message });
      try {
        parseLocalDate(s.start_date);
      } catch {
        throw at('start_date', 'must be a date (YYYY-MM-DD)');
      }
      const timeZone = s.time_zone_name || 'sync';
      if (timeZone !== 'sync' && !isValidTimeZone(timeZone)) throw at('time_zone_name', 'is not a known time zone');
      if (!s.tag_ids.length) throw at('tag_ids', 'choose at least one journey');
      const sessionTags = s.tag_ids.map((id) => {
        const tag = tagById.get(id);
        if (!tag || flowOfTag(tag) !== flow) throw at('tag_ids', `journey ${id} is not one of this workspace's ${flow} journeys`);
        touched.set(tag.id, tag);
        return tag;
      });
      let participant: Member | undefined;
      let participantEmail: string | null = null;
      const others: Array<{ role_id: number; member_id: number }> = [];
      const selections: RoleSelectionInput[] = [];
      /** Roles listed with nobody and no selection: emptied on an existing session unless `preserve`. */
      const cleared: number[] = [];
      for (const [j, m] of s.memberships.entries()) {
        if (!roleIds.has(m.role_id)) throw at('memberships', `role ${m.role_id} is not a role of this workspace`);
        const sel = m.role_selection;
        if (sel && (sel.selector_id || sel.selector_role_id || sel.channel_id)) {
          const field = `memberships.${j}.role_selection`;
          if (m.user_id || m.email?.trim()) throw at(field, 'set a user or a role selection, not both');
          if (primaryIds.has(m.role_id)) throw at(field, 'the participant cannot be chosen by a role selection');
          if (sel.channel_id && (sel.selector_id || sel.selector_role_id)) throw at(field, 'choose a selector or a channel, not both');
          if (sel.selector_id && sel.selector_role_id) throw at(field, 'choose a selecting user or a selecting role, not both');
          if (sel.selector_id && !members.has(sel.selector_id)) throw at(`${field}.selector_id`, `user ${sel.selector_id} is not a member of this workspace`);
          if (sel.selector_role_id && !roleIds.has(sel.selector_role_id)) throw at(`${field}.selector_role_id`, `role ${sel.selector_role_id} is not a role of this workspace`);
          if (others.some((o) => o.role_id === m.role_id) || selections.some((o) => o.role_id === m.role_id)) throw at(field, 'this role is already filled in this row');
          selections.push({ role_id: m.role_id, selector_id: sel.selector_id ?? null, selector_role_id: sel.selector_role_id ?? null, channel_id: sel.channel_id ?? null });
          continue;
        }
        const email = m.email?.trim().toLowerCase() || null;
        const member = m.user_id ? members.get(m.user_id) : email ? emailOwners.get(email) : undefined;
        if (m.user_id && !member) throw at('memberships', `user ${m.user_id} is not a member of this workspace`);
        if (primaryIds.has(m.role_id)) {
          participant = member;
          participantEmail = email ?? member?.email ?? null;
        } else if (member) others.push({ role_id: m.role_id, member_id: member.id });
        else if (email) throw at('memberships', `nobody in this workspace has the email ${email}`);
        else cleared.push(m.role_id);
      }
      const details = { first_name: s.memberships.find((m) => primaryIds.has(m.role_id))?.first_name ?? null, last_name: s.memberships.find((m) => primaryIds.has(m.role_id))?.last_name ?? null, personal_email: s.memberships.find((m) => primaryIds.has(m.role_id))?.personal_email ?? null };
      const existing = typeof s.id === 'number' || (typeof s.id === 'string' && /^\d+$/.test(s.id)) ? Number(s.id) : null;
      if (existing !== null) {
        const session = await this.journeys.session(workspaceId, existing, ex as Trx);
        const sessionTag = session && tagById.get(session.tag_id);
        if (!session || !sessionTag || flowOfTag(sessionTag) !== flow) throw at('id', `is not a session of this workspace's ${flow} journeys`);
        if (!this.notStarted(session)) throw at('id', 'has already started or ended, so it cannot be changed here');
        touched.set(sessionTag.id, sessionTag);
        items.push({ kind: 'update', sessionId: existing, startDate: s.start_date, timeZone, memberships: others, roleSelections: selections, replace: !body.preserve, clearRoles: cleared });
        for (const tag of sessionTags.filter((t) => t.id !== session.tag_id)) {
          if (!participant) throw at('memberships', 'name the participant (a user in the primary role)');
          items.push({ kind: 'create', tag, memberId: participant.id, startDate: s.start_date, timeZone, memberships: others, roleSelections: selections, email: participantEmail, details });
        }
        continue;
      }
      for (const tag of sessionTags) {
        if (participant) items.push({ kind: 'create', tag, memberId: participant.id, startDate: s.start_date, timeZone, memberships: others, roleSelections: selections, email: participantEmail, details });
        else if (flow === 'onboarding' && participantEmail && !others.length && !selections.length) items.push({ kind: 'pending', tag, email: participantEmail, startDate: s.start_date, timeZone, details });
        else throw at('memberships', 'name the participant (a user in the primary role)');
      }
    }
    const deletes = body.session_ids_to_delete ?? [];
    for (const id of deletes) {
      const session = await this.journeys.session(workspaceId, id, ex as Trx);
      const tag = session && tagById.get(session.tag_id);
      if (!session || !tag) throw badRequest(`session_ids_to_delete: session ${id} is not a session of this workspace`, { session_ids_to_delete: `session ${id} is not a session of this workspace` });
      touched.set(tag.id, tag);
    }
    return { items, deletes, touched: [...touched.values()] };
  }

  /** A saved session can be changed in the form while it is active and has not started (its start date is after today in its zone). */
  private notStarted(session: JourneySession): boolean {
    return session.state === 'active' && session.start_date > formatLocalDate(instantToZoned(this.s.clock.now(), session.time_zone).date);
  }

  /** GET {base}/manual_enrollment/sessions/{sessionId}: a saved session as a form row, and whether it can still be changed. */
  async savedSession(auth: AuthContext, flow: Flow, tagId: number | undefined, sessionId: number): Promise<SavedSessionAnswer> {
    const scope = await this.scopeOf(auth, flow, tagId);
    const workspaceId = auth.workspace.id;
    const session = await this.journeys.session(workspaceId, sessionId);
    const tag = session && (await this.journeys.tag(workspaceId, session.tag_id));
    if (!session || !tag || flowOfTag(tag) !== flow || (scope && scope.id !== tag.id)) throw new HttpError(404, 'Not found');
    const [json] = await this.journeys.sessionsJson(workspaceId, [session]);
    return {
      session: {
        id: session.id,
        start_date: session.start_date,
        tag_ids: [session.tag_id],
        time_zone_name: session.time_zone_source === 'sync' ? 'sync' : session.time_zone,
        memberships: json!.memberships.map((m) => ({ role_id: m.role_id, user_id: m.user?.id ?? null, user_name: m.user?.name ?? null, email: null, role_selection: m.user ? null : m.role_selection })),
      },
      editable: this.notStarted(session),
    };
  }

  // ---- batches

  /** GET {base}/batches (batch_id: one of them with its rows, when it is of this flow and, on a journey's page, of that journey). */
  async batches(auth: AuthContext, flow: Flow, tagId: number | undefined, batchId: number | undefined): Promise<BatchesAnswer> {
    const scope = await this.scopeOf(auth, flow, tagId);
    const workspaceId = auth.workspace.id;
    const list = await this.repo.batches(workspaceId, { flow, tagId: scope?.id });
    let batch: BatchesAnswer['batch'] = null;
    if (batchId !== undefined) {
      const one = await requireAccess(auth, this.batchPolicy, batchId, 'read');
      if (one.flow !== flow || (scope && one.tag_id !== scope.id)) throw new HttpError(404, 'Not found');
      const rows = await this.repo.enrollmentsOfBatch(workspaceId, batchId);
      batch = { ...batchJson({ ...one, created_by: list.find((b) => b.id === one.id)?.created_by ?? null }), enrollments: rows.map(enrollmentJson) };
    }
    return { batches: list.map(batchJson), batch };
  }

  // ---- lookups

  /** GET /onboarding/users/from_email?emails=a,b (the page asks 50 at a time): those who may enrol (lookupPolicy). */
  async usersFromEmail(auth: AuthContext, input: unknown): Promise<UserByEmailJson[]> {
    const { workspaceId } = await requireAccess(auth, this.lookupPolicy, auth.workspace.id, 'read');
    const { emails } = parse(fromEmailQuery, input);
    return (await this.repo.membersByEmails(workspaceId, emails)).map(userJson);
  }

  /**
   * GET /hris/manager?email= (or ?user_id=, a new hire picked from Slack with no email typed): the person's manager —
   * the one the linked HR system names (its synced data), else the manager they set on their profile. `managerOf` is
   * the one place that knows where managers come from (the manual enrollment form's HR-manager import asks it for
   * each row). Those who may enrol (lookupPolicy); a user_id of another workspace is a field error.
   */
  async hrisManager(auth: AuthContext, input: unknown): Promise<HrisManagerAnswer> {
    const { workspaceId } = await requireAccess(auth, this.lookupPolicy, auth.workspace.id, 'read');
    const q = parse(managerQuery, input);
    if (q.user_id !== undefined) await this.s.people.requireOwn(workspaceId, 'user_id', [q.user_id]);
    const person = q.user_id !== undefined ? await this.repo.member(workspaceId, q.user_id) : (await this.repo.membersByEmails(workspaceId, [q.email!]))[0];
    const email = q.email ?? person?.email?.toLowerCase() ?? null;
    const manager = await this.managerOf(workspaceId, email, person);
    const who = q.email ?? (person ? personName(person) : `user ${q.user_id}`);
    return manager ? { success: true, manager: userJson(manager) } : { success: false, error: `No manager is known for ${who}` };
  }

  private async managerOf(workspaceId: number, email: string | null, person: Member | undefined): Promise<Member | undefined> {
    const fromHr = email ? ((await this.s.hrDirectory.get()?.managerEmail(workspaceId, email)) ?? null) : null;
    const [hrManager] = fromHr ? await this.repo.membersByEmails(workspaceId, [fromHr]) : [];
    if (hrManager) return hrManager;
    if (!person) return undefined;
    const managerId = await this.repo.managerId(workspaceId, person.id);
    return managerId === undefined ? undefined : this.repo.member(workspaceId, managerId);
  }
}

function batchJson(b: EnrollmentBatch & { created_by: string | null }): BatchJson {
  return {
    id: b.id,
    flow: b.flow,
    tag_id: b.tag_id,
    source: b.source,
    status: b.status,
    error: b.error,
    sessions_created: b.sessions_created,
    sessions_updated: b.sessions_updated,
    sessions_deleted: b.sessions_deleted,
    created_by: b.created_by,
    created_at: b.created_at.toISOString(),
    finished_at: b.finished_at ? b.finished_at.toISOString() : null,
  };
}

function enrollmentJson(e: Awaited<ReturnType<EnrollmentRepository['enrollmentsOfBatch']>>[number]): EnrollmentJson {
  return {
    id: e.id,
    tag_id: e.tag_id,
    tag_name: e.tag_name,
    session_id: e.session_id,
    member: e.member_id !== null && e.slack_user_id ? { id: e.member_id, name: e.member_name ?? '', slack_user_id: e.slack_user_id } : null,
    email: e.email,
    state: e.state,
    reason: e.reason,
    start_date: e.start_date,
    source: e.source,
    created_at: e.created_at.toISOString(),
  };
}

export function userJson(m: Member): UserByEmailJson {
  return { id: m.id, email: (m.email ?? '').toLowerCase(), name: personName(m), slack_user_id: m.slack_user_id, avatar_url: m.avatar_url };
}
