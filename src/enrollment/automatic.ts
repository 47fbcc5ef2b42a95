import type { Trx } from '../db/index.js';
import type { Member } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { badRequest, HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess, workspacePolicy } from '../platform/access.js';
import type { DomainEvent, Emit, PendingEvent } from '../platform/events/define.js';
import type { NewHire } from '../platform/events/new-hire.js';
import { requireJourney, routeFlowType, type JourneysPublic, type JourneyTag } from '../journeys/public.js';
import type {
  AutoEnrollChannelsAnswer,
  EnrollmentSettingsAnswer,
  Flow,
  SelfEnrollSettingsAnswer,
  SelfEnrollValidationAnswer,
} from './api-types.js';
import { SELF_ENROLL_ERROR_TEXT } from './api-types.js';
import { joinedMessage } from './blocks.js';
import { homePublish } from '../slack/jobs.js';
import type { EnrollmentDeps } from './deps.js';
import type { Enroller } from './enroller.js';
import type { EnrollmentSourceKind } from './events.js';
import type { EnrollmentRepository } from './repository.js';
import { ruleMatches, type Attributes } from './rules.js';
import { autoChannelsBody, mappingsBody, rulesBody, selfEnrollBody, selfEnrollSettingsBody } from './schema.js';
import { nextIsoMonday } from './survey-rules.js';

/** The workspace's enrollment rules and HR mappings: workspace admins read and change them. */
export const enrollmentSettingsPolicy = workspacePolicy({
  canRead: (auth) => auth.isAdmin,
  canEdit: (auth) => auth.isAdmin,
  forbidden: 'Only workspace admins can change enrollment settings',
  readForbidden: 'Only workspace admins can see enrollment settings',
});

/** 'YYYY-MM-DD' of an instant (UTC). */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);


/** Which journeys a new hire goes to: the matching rules' (rules), or the HR mappings' (auto_enroll). Pure. */
export function journeysForNewHire(
  hire: Pick<NewHire, 'source' | 'identityId' | 'attributes'>,
  setup: {
    source: 'none' | 'auto_enroll' | 'rules';
    rules: ReadonlyArray<{ integration_identity_type: string; integration_identity_id: number | null; tag_ids: number[]; processing_rule: Parameters<typeof ruleMatches>[0] }>;
    mappings: ReadonlyArray<{ kind: 'mapping' | 'exclusion'; hris_type: string; hris_value: string; target_ids: number[] }>;
    defaultTagIds: number[];
  },
): number[] {
  const attrs: Attributes = hire.attributes;
  const value = (type: string) => Object.entries(attrs).find(([k]) => k.toLowerCase() === type.toLowerCase())?.[1]?.trim().toLowerCase() ?? '';
  const out = new Set<number>();
  if (setup.source === 'rules') {
    const type = hire.source === 'hris' ? 'HrisIdentity' : 'AtsIdentity';
    for (const r of setup.rules)
      if (r.integration_identity_type === type && (r.integration_identity_id === null || r.integration_identity_id === hire.identityId) && ruleMatches(r.processing_rule, attrs)) for (const id of r.tag_ids) out.add(id);
  } else if (setup.source === 'auto_enroll' && hire.source === 'hris') {
    const holds = (m: { hris_type: string; hris_value: string }) => value(m.hris_type) === m.hris_value.trim().toLowerCase();
    if (setup.mappings.some((m) => m.kind === 'exclusion' && holds(m))) return [];
    for (const m of setup.mappings) if (m.kind === 'mapping' && holds(m)) for (const id of m.target_ids) out.add(id);
    if (!out.size) for (const id of setup.defaultTagIds) out.add(id);
  }
  return [...out];
}

/**
 * Automatic enrollment: new hires from the HR system or applicant tracking (by enrollment rules or HR mappings),
 * people joining an auto-enroll channel or the workspace, and people enrolling themselves. Automatic enrollment
 * is a paid feature (the entitlements module says so); a workspace back on the free plan keeps its settings but
 * enrols nobody automatically.
 */
export class AutomaticEnrollment {
  constructor(
    private readonly s: Pick<EnrollmentDeps, 'clock' | 'config' | 'events' | 'entitlements' | 'channels' | 'outbox' | 'queue'>,
    private readonly journeys: JourneysPublic,
    private readonly repo: EnrollmentRepository,
    private readonly enroller: Enroller,
  ) {}

  private async requirePaid(workspaceId: number, what: string): Promise<void> {
    await this.s.entitlements.require(workspaceId, { feature: 'premium', what });
  }

  private async paid(workspaceId: number, trx?: Trx): Promise<boolean> {
    return (await this.s.entitlements.plan(workspaceId, trx)).paidFeatureAccess;
  }

  /** Tag ids of this workspace's journeys, or a 400 naming `field`. */
  private async checkTags(workspaceId: number, ids: number[], field: string): Promise<void> {
    const known = new Set((await this.journeys.tags(workspaceId)).map((t) => t.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw badRequest(`${field}: journey ${unknown} is not one of this workspace's journeys`, { [field]: `journey ${unknown} is not one of this workspace's journeys` });
  }

  // ---- the rules and mappings page

  async settings(auth: AuthContext): Promise<EnrollmentSettingsAnswer> {
    const { workspaceId } = await requireAccess(auth, enrollmentSettingsPolicy, auth.workspace.id, 'read');
    return this.settingsOf(workspaceId);
  }

  private async settingsOf(workspaceId: number): Promise<EnrollmentSettingsAnswer> {
    const [settings, rules, mappings, paid] = await Promise.all([this.repo.settings(workspaceId), this.repo.rules(workspaceId), this.repo.hrMappings(workspaceId), this.paid(workspaceId)]);
    const types = new Set(['department', 'location', 'employment_type', 'job_title', 'manager_email']);
    for (const r of rules) for (const g of r.processing_rule.groups) for (const f of g.formulas) types.add(f.type);
    for (const m of mappings) types.add(m.hris_type);
    return {
      team_id: workspaceId,
      enrollment_source: settings.enrollment_source,
      default_tag_ids: settings.default_tag_ids,
      mappings: mappings.filter((m) => m.kind === 'mapping').map((m) => ({ hris_type: m.hris_type, hris_value: m.hris_value, category_value: m.category_value, target_ids: m.target_ids })),
      exclusions: mappings.filter((m) => m.kind === 'exclusion').map((m) => ({ hris_type: m.hris_type, hris_value: m.hris_value })),
      channel_joins: { tag_ids: settings.workspace_join_tag_ids },
      enrollment_rules: rules.map((r) => ({
        id: r.id,
        team_id: r.workspace_id,
        integration_identity_type: r.integration_identity_type,
        integration_identity_id: r.integration_identity_id,
        target_class: r.target_class,
        tag_ids: r.tag_ids,
        processing_rule: r.processing_rule,
      })),
      formula_types: [...types].sort(),
      paid,
    };
  }

  /** PUT /onboarding/tags/enrollment_rules: the whole rule set, and the enrollment source becomes the rules. */
  async saveRules(auth: AuthContext, input: unknown): Promise<EnrollmentSettingsAnswer> {
    const { workspaceId: ws } = await requireAccess(auth, enrollmentSettingsPolicy, auth.workspace.id, 'edit');
    const body = parse(rulesBody, input);
    await this.requirePaid(ws, 'Enrollment rules');
    for (const [i, r] of body.enrollment_rules.entries()) await this.checkTags(ws, r.tag_ids, `enrollment_rules.${i}.tag_ids`);
    const now = this.s.clock.now();
    await this.s.events.transaction(async (trx) => {
      await this.repo.replaceRules(
        trx,
        ws,
        body.enrollment_rules.map((r) => ({
          workspace_id: ws,
          integration_identity_type: r.integration_identity_type,
          integration_identity_id: r.integration_identity_id,
          target_class: r.target_class,
          tag_ids: JSON.stringify(r.tag_ids),
          processing_rule: JSON.stringify(r.processing_rule),
          created_at: now,
          updated_at: now,
        })),
      );
      await this.repo.saveSettings(trx, ws, { enrollment_source: 'rules' }, now);
    });
    return this.settingsOf(ws);
  }

  /** PATCH /onboarding/tags/hris_category_mappings/bulk_update. */
  async saveMappings(auth: AuthContext, input: unknown): Promise<EnrollmentSettingsAnswer> {
    const { workspaceId: ws } = await requireAccess(auth, enrollmentSettingsPolicy, auth.workspace.id, 'edit');
    const body = parse(mappingsBody, input);
    if (body.enrollment_source === 'auto_enroll') await this.requirePaid(ws, 'Enrollment from your HR system');
    await this.checkTags(ws, body.default_tag_ids, 'default_tag_ids');
    for (const [i, m] of body.mappings.entries()) await this.checkTags(ws, m.target_ids, `mappings.${i}.target_ids`);
    if (body.channel_joins) await this.checkTags(ws, body.channel_joins.tag_ids, 'channel_joins.tag_ids');
    const now = this.s.clock.now();
    await this.s.events.transaction(async (trx) => {
      await this.repo.replaceHrMappings(trx, ws, [
        ...body.mappings.map((m) => ({ workspace_id: ws, kind: 'mapping' as const, hris_type: m.hris_type, hris_value: m.hris_value, category_value: m.category_value ?? null, target_ids: JSON.stringify(m.target_ids) })),
        ...(body.exclusions ?? []).map((m) => ({ workspace_id: ws, kind: 'exclusion' as const, hris_type: m.hris_type, hris_value: m.hris_value, category_value: null, target_ids: '[]' })),
      ]);
      await this.repo.saveSettings(trx, ws, { enrollment_source: body.enrollment_source, default_tag_ids: body.default_tag_ids, ...(body.channel_joins ? { workspace_join_tag_ids: body.channel_joins.tag_ids } : {}) }, now);
    });
    return this.settingsOf(ws);
  }

  // ---- new hires (the `integrations.new_hire` subscriber, in its delivery transaction)

  async onNewHire(trx: Trx, e: DomainEvent<NewHire>): Promise<void> {
    const ws = e.workspaceId;
    if (!(await this.paid(ws, trx))) return;
    const [settings, rules, mappings] = await Promise.all([this.repo.settings(ws, trx), this.repo.rules(ws, trx), this.repo.hrMappings(ws, trx)]);
    const tagIds = journeysForNewHire(e.payload, { source: settings.enrollment_source, rules, mappings, defaultTagIds: settings.default_tag_ids });
    if (!tagIds.length) return;
    const source: EnrollmentSourceKind = settings.enrollment_source === 'rules' ? 'rule' : 'hr_mapping';
    const email = e.payload.email.trim().toLowerCase();
    const [member] = await this.repo.membersByEmails(ws, [email], trx);
    const startDate = e.payload.startDate ?? isoDay(this.s.clock.now());
    const pending: PendingEvent[] = [];
    const emit: Emit = (...events) => pending.push(...events);
    for (const id of tagIds) {
      const tag = await this.journeys.tag(ws, id, trx);
      if (!tag || tag.archived) {
        await this.enroller.failIn(trx, emit, { workspaceId: ws, tagId: tag ? tag.id : null, email, source, reason: tag ? `${tag.name} is archived` : `Journey ${id} no longer exists`, startDate });
      } else if (member) {
        if (!(await this.journeys.activeSessionOf(ws, tag.id, member.id, trx))) await this.enroller.tryEnrolIn(trx, emit, { workspaceId: ws, tag, memberId: member.id, startDate, source, email });
      } else {
        // Not in Slack yet: enrolled when they join (team_join).
        await this.repo.insertEnrollments(trx, [
          {
            workspace_id: ws,
            batch_id: null,
            tag_id: tag.id,
            session_id: null,
            member_id: null,
            email,
            source,
            state: 'pending',
            reason: 'Waiting for them to join Slack',
            start_date: startDate,
            details: JSON.stringify({ first_name: e.payload.firstName, last_name: e.payload.lastName }),
            created_at: this.s.clock.now(),
          },
        ]);
      }
    }
    await this.s.events.append(trx, pending);
  }

  // ---- joining the workspace or a channel

  /** Someone joined the workspace: their pending enrollments (by email) and the workspace-join journeys. */
  async memberJoined(workspaceId: number, member: Member): Promise<void> {
    await this.s.events.transaction(async (trx, emit) => {
      const today = isoDay(this.s.clock.now());
      for (const p of member.email ? await this.repo.pendingFor(trx, workspaceId, member.email) : []) {
        const tag = await this.journeys.tag(workspaceId, p.tag_id, trx);
        const details = p.details as { time_zone?: string };
        const common = { workspaceId, source: p.source as EnrollmentSourceKind, batchId: p.batch_id, email: p.email, pendingId: p.id };
        if (tag) await this.enroller.tryEnrolIn(trx, emit, { ...common, tag, memberId: member.id, startDate: p.start_date ?? today, timeZone: details.time_zone });
        else await this.enroller.failIn(trx, emit, { ...common, tagId: null, reason: 'The journey no longer exists' });
      }
      if (!(await this.paid(workspaceId, trx))) return;
      const settings = await this.repo.settings(workspaceId, trx);
      for (const id of settings.workspace_join_tag_ids) await this.enrolOnce(trx, emit, workspaceId, id, member, today, 'workspace_join');
    });
  }

  /** Someone joined a channel: the journeys it auto-enrols into (paid plan). */
  async channelJoined(workspaceId: number, channelId: string, member: Member): Promise<void> {
    const tags = await this.repo.autoChannelTags(workspaceId, channelId);
    if (!tags.length || !(await this.paid(workspaceId))) return;
    const now = this.s.clock.now();
    await this.s.events.transaction(async (trx, emit) => {
      for (const t of tags) await this.enrolOnce(trx, emit, workspaceId, t.tag_id, member, t.start_date_rule === 'next_monday' ? nextIsoMonday(isoDay(now)) : isoDay(now), 'channel');
    });
  }

  private async enrolOnce(trx: Trx, emit: Emit, workspaceId: number, tagId: number, member: Member, startDate: string, source: EnrollmentSourceKind): Promise<void> {
    const tag = await this.journeys.tag(workspaceId, tagId, trx);
    if (!tag || tag.archived || (await this.journeys.activeSessionOf(workspaceId, tag.id, member.id, trx))) return;
    await this.enroller.tryEnrolIn(trx, emit, { workspaceId, tag, memberId: member.id, startDate, source, email: member.email });
  }

  // ---- auto-enroll channels of a journey

  /** GET …/auto_enroll_channels/load_channels_as_json: as the journey (every member reads it). */
  async loadChannels(auth: AuthContext, flow: Flow, id: number): Promise<AutoEnrollChannelsAnswer> {
    return this.channelsOf(await requireJourney(auth, this.journeys.policy, id, 'read', flow));
  }

  private async channelsOf(tag: JourneyTag): Promise<AutoEnrollChannelsAnswer> {
    const rows = await this.repo.autoChannels(tag.workspace_id, tag.id);
    return { channels: rows.map((r) => ({ channel_id: r.channel_id, name: r.name, start_date_rule: r.start_date_rule })) };
  }

  /** PUT …/auto_enroll_channels/bulk_update (who may edit the journey): its whole list (empty stops them all), channels of this workspace. */
  async saveChannels(auth: AuthContext, flow: Flow, id: number, input: unknown): Promise<AutoEnrollChannelsAnswer> {
    const tag = await requireJourney(auth, this.journeys.policy, id, 'edit', flow);
    const body = parse(autoChannelsBody, input);
    if (body.channels.length) await this.requirePaid(tag.workspace_id, 'Auto-enroll channels');
    for (const [i, c] of body.channels.entries()) await this.s.channels.requireOwn(tag.workspace_id, `channels.${i}.channel_id`, [c.channel_id]);
    const unique = [...new Map(body.channels.map((c) => [c.channel_id, { channel_id: c.channel_id, start_date_rule: c.start_date_rule ?? ('join_date' as const) }])).values()];
    await this.s.events.transaction((trx) => this.repo.replaceAutoChannels(trx, tag.workspace_id, tag.id, unique, this.s.clock.now()));
    return this.channelsOf(tag);
  }

  // ---- self-enroll

  /** GET …/self_enroll_settings (who may edit the journey): whether members may join it themselves, the link to share, and who joined that way. */
  async selfEnrollSettings(auth: AuthContext, flow: Flow, id: number): Promise<SelfEnrollSettingsAnswer> {
    return this.selfEnrollJson(await requireJourney(auth, this.journeys.policy, id, 'edit', flow));
  }

  private async selfEnrollJson(tag: JourneyTag): Promise<SelfEnrollSettingsAnswer> {
    const joined = await this.repo.selfEnrolled(tag.workspace_id, tag.id);
    return {
      enabled: tag.self_enroll,
      link: `${this.s.config.publicUrl}/${routeFlowType(tag.flow_type)}/tags/${tag.id}/join`,
      joined: joined.map((j) => ({ id: j.member_id, name: j.member_name, slack_user_id: j.slack_user_id, start_date: j.start_date, joined_at: j.created_at.toISOString() })),
    };
  }

  /** PUT …/self_enroll_settings {enabled} (who may edit the journey). */
  async setSelfEnroll(auth: AuthContext, flow: Flow, id: number, input: unknown): Promise<SelfEnrollSettingsAnswer> {
    const tag = await requireJourney(auth, this.journeys.policy, id, 'edit', flow);
    const { enabled } = parse(selfEnrollSettingsBody, input);
    await this.s.events.transaction((trx) => this.journeys.setSelfEnrollIn(trx, tag.workspace_id, tag.id, enabled));
    return this.selfEnrollJson({ ...tag, self_enroll: enabled });
  }

  /** The journeys a member may join themselves now (self-enroll on, not archived, not already on it): `/hearth join` and the Home tab. */
  async joinable(workspaceId: number, member: Member): Promise<JourneyTag[]> {
    const open = (await this.journeys.tags(workspaceId)).filter((t) => t.self_enroll);
    const already = await Promise.all(open.map((t) => this.journeys.activeSessionOf(workspaceId, t.id, member.id)));
    return open.filter((_, i) => !already[i]);
  }

  /** GET …/self_enroll_validation: whether this member may join the journey themselves now (every member may ask). */
  async selfEnrollValidation(auth: AuthContext, flow: Flow, id: number): Promise<SelfEnrollValidationAnswer> {
    const tag = await requireJourney(auth, this.journeys.policy, id, 'read', flow);
    return this.validation(auth.workspace.id, auth.member, tag);
  }

  private async validation(workspaceId: number, member: Member, tag: JourneyTag, test = false): Promise<SelfEnrollValidationAnswer> {
    const already = Boolean(await this.journeys.activeSessionOf(workspaceId, tag.id, member.id));
    const displayError = tag.archived ? `${tag.name} is archived` : already ? `You're already on ${tag.name}` : !tag.self_enroll && !test ? `${tag.name} isn't open to join yourself. Ask its admins to enroll you.` : null;
    return { valid: displayError === null, displayError, already_enrolled: already, journey: { id: tag.id, name: tag.name } };
  }

  /**
   * A member joins from Slack (`/hearth join`'s or the Home tab's Join button): enrolled as from the link, and told so
   * (or why not, in the spec's words) in a DM, through the outbox; their Home tab is redrawn.
   */
  async joinFromSlack(workspaceId: number, member: Member, tagId: number): Promise<void> {
    const tag = await this.journeys.tag(workspaceId, tagId);
    let message: { text: string };
    try {
      if (!tag) throw new HttpError(404, 'Not found');
      const { session_id } = await this.enrolSelf(workspaceId, member, tag, { test: false });
      const session = await this.journeys.session(workspaceId, session_id);
      message = joinedMessage({ journeyName: tag.name, startDate: session!.start_date, tz: session!.time_zone });
    } catch (err) {
      const displayError = err instanceof HttpError ? (err.extra?.displayError as string | undefined) : undefined;
      message = joinedMessage({ error: displayError ?? SELF_ENROLL_ERROR_TEXT });
    }
    const now = this.s.clock.now().getTime();
    await this.s.outbox.enqueue([{ workspaceId, key: `enrollment-self-join:${tagId}:${member.slack_user_id}:${now}`, kind: 'enrollment', method: 'dm.post', args: { users: [member.slack_user_id], ...message } }]);
    await this.s.queue.enqueue(homePublish, { workspaceId, userId: member.slack_user_id }, { jobId: `home:${workspaceId}:self-join:${member.slack_user_id}:${now}` });
  }

  /** POST …/self_enroll {start_date}: the member joins it themselves while its self-enroll is on (any member may try). */
  async selfEnroll(auth: AuthContext, flow: Flow, id: number, input: unknown): Promise<{ success: true; session_id: number }> {
    const tag = await requireJourney(auth, this.journeys.policy, id, 'read', flow);
    const { start_date: startDate } = parse(selfEnrollBody, input);
    return this.enrolSelf(auth.workspace.id, auth.member, tag, { startDate, test: false });
  }

  /** POST …/self_test (who may edit the journey): a test run of joining it, marked as such. */
  async selfTest(auth: AuthContext, flow: Flow, id: number): Promise<{ success: true; session_id: number }> {
    const tag = await requireJourney(auth, this.journeys.policy, id, 'edit', flow);
    return this.enrolSelf(auth.workspace.id, auth.member, tag, { test: true });
  }

  /** The member joins (from today: its link, `/hearth join`, the Home tab), or a test run for the admin. */
  private async enrolSelf(workspaceId: number, member: Member, tag: JourneyTag, opts: { startDate?: string; test: boolean }): Promise<{ success: true; session_id: number }> {
    const check = await this.validation(workspaceId, member, tag, opts.test);
    if (!check.valid && !(opts.test && check.already_enrolled)) throw new HttpError(422, check.displayError!, undefined, { displayError: check.displayError });
    const startDate = opts.startDate ?? isoDay(this.s.clock.now());
    const result = await this.s.events.transaction((trx, emit) =>
      this.enroller.tryEnrolIn(trx, emit, { workspaceId, tag, memberId: member.id, startDate, source: 'self', email: member.email, isSandbox: opts.test, createdByMemberId: member.id }),
    );
    if ('reason' in result) throw new HttpError(422, result.reason, undefined, { displayError: result.reason });
    return { success: true, session_id: result.sessionId };
  }
}
