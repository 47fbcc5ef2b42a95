import type { Trx } from '../db/index.js';
import { event, type Emit } from '../platform/events/define.js';
import type { JourneysPublic, JourneyTag, RoleSelectionInput } from '../journeys/public.js';
import { enrolled, enrollmentFailed, type EnrollmentSourceKind } from './events.js';
import type { EnrollmentRepository } from './repository.js';

export interface EnrolInput {
  workspaceId: number;
  tag: JourneyTag;
  memberId: number;
  startDate: string;
  timeZone?: string;
  memberships?: Array<{ role_id: number; member_id: number }>;
  roleSelections?: RoleSelectionInput[];
  source: EnrollmentSourceKind;
  batchId?: number | null;
  createdByMemberId?: number | null;
  details?: Record<string, unknown>;
  email?: string | null;
  /** A test run (self_test): the session is marked as one. */
  isSandbox?: boolean;
  /** A pending enrollment (waiting for the person to join Slack) this completes. */
  pendingId?: number;
}

/**
 * The one way a person is enrolled: their journey session (through Journeys' public service), the enrollment row
 * and `enrollment.enrolled`, all in the caller's transaction.
 */
export class Enroller {
  constructor(
    private readonly journeys: JourneysPublic,
    private readonly repo: EnrollmentRepository,
    private readonly now: () => Date,
  ) {}

  async enrolIn(trx: Trx, emit: Emit, input: EnrolInput): Promise<{ sessionId: number }> {
    const session = await this.journeys.createIn(trx, emit, {
      workspaceId: input.workspaceId,
      tag: input.tag,
      participantMemberId: input.memberId,
      startDate: input.startDate,
      timeZone: input.timeZone,
      memberships: input.memberships,
      roleSelections: input.roleSelections,
      createdByMemberId: input.createdByMemberId ?? null,
      isSandbox: input.isSandbox ?? false,
      source: `enrollment:${input.source}`,
    });
    await this.recordIn(trx, emit, { ...input, sessionId: session.id });
    return { sessionId: session.id };
  }

  /** Records the enrollment of a session just created: a new row, or the pending one it completes. */
  private async recordIn(trx: Trx, emit: Emit, input: Omit<EnrolInput, 'tag'> & { tag: { id: number }; sessionId: number }): Promise<void> {
    let enrollmentId = input.pendingId;
    if (enrollmentId !== undefined) await this.repo.markEnrolled(trx, input.workspaceId, enrollmentId, input.sessionId, input.memberId);
    else enrollmentId = (await this.insert(trx, { ...input, state: 'enrolled', sessionId: input.sessionId, reason: null }))[0]!.id;
    emit(event(enrolled, input.workspaceId, { enrollmentId, tagId: input.tag.id, sessionId: input.sessionId, memberId: input.memberId, source: input.source, batchId: input.batchId ?? null }));
  }

  /**
   * Enrols, or records why not: a refusal (the person left, the journey has no primary role …) becomes a failed
   * enrollment row and `enrollment.failed`, and nothing else of it is written. Checks first, so nothing is half
   * done in the caller's transaction; other errors are thrown.
   */
  async tryEnrolIn(trx: Trx, emit: Emit, input: EnrolInput): Promise<{ sessionId: number } | { reason: string }> {
    const reason = await this.refusal(trx, input);
    if (reason) {
      await this.failIn(trx, emit, { ...input, tagId: input.tag.id, reason });
      return { reason };
    }
    return this.enrolIn(trx, emit, input);
  }

  async failIn(trx: Trx, emit: Emit, input: { workspaceId: number; tagId: number | null; memberId?: number | null; email?: string | null; source: EnrollmentSourceKind; batchId?: number | null; reason: string; startDate?: string | null; pendingId?: number }): Promise<void> {
    if (input.pendingId !== undefined) await this.repo.markFailed(trx, input.workspaceId, input.pendingId, input.reason);
    else if (input.tagId !== null)
      await this.repo.insertEnrollments(trx, [
        {
          workspace_id: input.workspaceId,
          batch_id: input.batchId ?? null,
          tag_id: input.tagId,
          session_id: null,
          member_id: input.memberId ?? null,
          email: input.email ?? null,
          source: input.source,
          state: 'failed',
          reason: input.reason,
          start_date: input.startDate ?? null,
          details: '{}',
          created_at: this.now(),
        },
      ]);
    emit(event(enrollmentFailed, input.workspaceId, { tagId: input.tagId, memberId: input.memberId ?? null, email: input.email ?? null, source: input.source, batchId: input.batchId ?? null, reason: input.reason }));
  }

  /** Why this enrolment cannot be made, checked without writing; undefined when it can. */
  private async refusal(trx: Trx, input: EnrolInput): Promise<string | undefined> {
    if (input.tag.archived) return `${input.tag.name} is archived`;
    const member = await this.repo.member(input.workspaceId, input.memberId, trx);
    if (!member || member.deleted) return 'They are no longer in this workspace';
    const roles = await this.journeys.roles(input.workspaceId, trx);
    if (!roles.some((r) => r.is_primary)) return `${input.tag.name} has no primary role`;
    return undefined;
  }

  private insert(trx: Trx, input: Omit<EnrolInput, 'tag'> & { tag: { id: number }; state: 'enrolled'; sessionId: number; reason: null }) {
    return this.repo.insertEnrollmentsReturning(trx, [
      {
        workspace_id: input.workspaceId,
        batch_id: input.batchId ?? null,
        tag_id: input.tag.id,
        session_id: input.sessionId,
        member_id: input.memberId,
        email: input.email ?? null,
        source: input.source,
        state: input.state,
        reason: input.reason,
        start_date: input.startDate,
        details: JSON.stringify(input.details ?? {}),
        created_at: this.now(),
      },
    ]);
  }
}
