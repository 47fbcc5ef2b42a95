import type { Trx } from '../db/index.js';
import type { Member } from '../db/types.js';
import { badRequest, HttpError } from '../http/errors.js';
import { event as domainEvent, type Emit } from '../platform/events/define.js';
import { formatLocalDate, isValidTimeZone, parseLocalDate, skippedUntil, type LocalDate } from '../time/zoned.js';
import { formatCalendarDate, zoneCity } from '../slack/dates.js';
import type { AuthContext } from '../http/auth.js';
import { parse } from '../http/validate.js';
import { requireAccess, type AccessPolicy } from '../platform/access.js';
import { MembersPublic } from '../members/public.js';
import { journeyPolicy, requireFlow, requireJourney, sessionEventPolicy, sessionPolicy, type SessionEventOf, type SessionOf } from './access.js';
import type { PastStartPolicy, RouteFlowType, SessionEventJson, SessionJson } from './api-types.js';
import type { Delivery } from '../outbox/api-types.js';
import { mostUrgent } from '../outbox/reasons.js';
import type { JourneysDeps } from './deps.js';
import { journeySessionCreated } from './events.js';
import { journeysDeliver } from './jobs.js';
import { pageFiller } from './delivery.js';
import { movedTiming, recipientZones, timingTable, zoneOf } from './plan.js';
import { catchUpSlots, formatMinute, isWorkDay } from './schedule.js';
import { sessionEventJson, sessionJson, skipReason } from './presenters.js';
import type { JourneyRepository } from './repository.js';
import type { GenerateMode, SessionRepository, SessionTarget } from './sessions.repository.js';
import { createSessionBody, rescheduleBody } from './schema.js';
import type { JourneyEvent, JourneySession, JourneySessionEvent, JourneyTag } from './tables.js';

/** A role filled by a selection: chosen later by a selector (a user or a role), or picked from a channel now. */
export interface RoleSelectionInput {
  role_id: number;
  selector_id?: number | null;
  selector_role_id?: number | null;
  channel_id?: string | null;
}

/** What enrolling one person needs. Enrollment (manual, CSV, rules) calls `createIn` inside its own transaction. */
export interface NewSession {
  workspaceId: number;
  tag: JourneyTag;
  participantMemberId: number;
  startDate: string;
  /** 'sync' (default): the participant's Slack zone, followed when it changes. Else an IANA zone. */
  timeZone?: string;
  pastStartPolicy?: PastStartPolicy;
  /** People in other roles; roles left out are filled from the journey's role selection settings. */
  memberships?: Array<{ role_id: number; member_id: number }>;
  /** Roles filled by an explicit role selection (a selector, or a channel to pick from) instead of a person. */
  roleSelections?: RoleSelectionInput[];
  isSandbox?: boolean;
  createdByMemberId?: number | null;
  source: string;
}

/**
 * Sessions: creating them (with memberships and cohorts), generating their session events from the journey's
 * events and keeping them in step when the journey changes, and the admin's changes to one session event.
 */
export class SessionService {
  private readonly members: MembersPublic;
  /** Who may see and change one session, and one of its events (`./access.ts`). */
  readonly policy: AccessPolicy<SessionOf>;
  readonly eventPolicy: AccessPolicy<SessionEventOf>;
  private readonly journeyPolicy: AccessPolicy<JourneyTag>;

  constructor(
    private readonly s: Pick<JourneysDeps, 'clock' | 'db' | 'events' | 'queue' | 'workspaces' | 'outbox' | 'people'>,
    private readonly journeys: JourneyRepository,
    private readonly repo: SessionRepository,
  ) {
    this.members = new MembersPublic(s.db);
    this.policy = sessionPolicy(journeys, repo);
    this.eventPolicy = sessionEventPolicy(journeys, repo);
    this.journeyPolicy = journeyPolicy(journeys);
  }

  /** Enrols one person: the session, its memberships, its cohort and its session events, in the caller's transaction. */
  async createIn(trx: Trx, emit: Emit, input: NewSession): Promise<JourneySession> {
    const now = this.s.clock.now();
    const { tag, workspaceId } = input;
    try {
      parseLocalDate(input.startDate);
    } catch {
      throw badRequest('start_date: must be a date (YYYY-MM-DD)', { start_date: 'must be a date (YYYY-MM-DD)' });
    }
    const participant = await this.journeys.member(workspaceId, input.participantMemberId, trx);
    if (!participant || participant.deleted) throw badRequest('user_id: is not a member of this workspace', { user_id: 'is not a member of this workspace' });
    const tzInput = input.timeZone ?? 'sync';
    if (tzInput !== 'sync' && !isValidTimeZone(tzInput)) throw badRequest('time_zone: is not a known time zone', { time_zone: 'is not a known time zone' });
    const timeZone = tzInput === 'sync' ? (participant.tz && isValidTimeZone(participant.tz) ? participant.tz : await this.journeys.defaultTz(trx, workspaceId)) : tzInput;

    const roles = await this.journeys.roles(workspaceId, trx);
    const primary = roles.find((r) => r.is_primary && tag.role_ids.includes(r.id)) ?? roles.find((r) => r.is_primary);
    if (!primary) throw new HttpError(409, 'This journey has no primary role');

    const events = await this.journeys.events(workspaceId, tag.id, trx);
    const wantsCohort = tag.cohort_channels || events.some((e) => e.active && e.recipient_type === 'cohortChannel');
    const cohort = wantsCohort ? await this.repo.cohortFor(trx, workspaceId, tag.id, input.startDate, cohortChannelName(tag.name, input.startDate), now) : null;

    const session = await this.repo.insertSession(trx, {
      workspace_id: workspaceId,
      tag_id: tag.id,
      participant_member_id: participant.id,
      start_date: input.startDate,
      time_zone: timeZone,
      time_zone_source: tzInput === 'sync' ? 'sync' : 'explicit',
      past_start_policy: input.pastStartPolicy ?? tag.past_start_policy,
      cohort_id: cohort?.id ?? null,
      is_sandbox: input.isSandbox ?? false,
      created_by_member_id: input.createdByMemberId ?? null,
      created_at: now,
      updated_at: now,
    });

    // Memberships: the participant in the primary role, the given people, then the journey's defaults.
    const rows: Array<{ role_id: number; member_id: number | null; role_selection: string | null }> = [{ role_id: primary.id, member_id: participant.id, role_selection: null }];
    const given = new Set<number>([primary.id]);
    for (const m of input.memberships ?? []) {
      if (m.role_id === primary.id && m.member_id === participant.id) continue;
      if (!roles.some((r) => r.id === m.role_id)) throw badRequest('memberships: a role is not one of this workspace', { memberships: 'unknown role' });
      const member = await this.journeys.member(workspaceId, m.member_id, trx);
      if (!member || member.deleted) throw badRequest('memberships: a user is not a member of this workspace', { memberships: 'unknown user' });
      rows.push({ role_id: m.role_id, member_id: member.id, role_selection: null });
      given.add(m.role_id);
    }
    for (const sel of input.roleSelections ?? []) {
      if (given.has(sel.role_id)) continue;
      rows.push(await this.selectionRow(trx, workspaceId, sel, participant.id));
      given.add(sel.role_id);
    }
    for (const roleId of tag.role_ids) {
      if (given.has(roleId)) continue;
      const setting = tag.role_selection_settings[String(roleId)];
      if (!setting) continue;
      if (setting.method === 'specific_user' && setting.user_id) {
        const member = await this.journeys.member(workspaceId, setting.user_id, trx);
        if (member && !member.deleted) rows.push({ role_id: roleId, member_id: member.id, role_selection: null });
      } else if (setting.method === 'from_channel' && setting.channel_id) {
        const pick = await this.pickFromChannel(trx, workspaceId, roleId, setting.channel_id, participant.id);
        rows.push({ role_id: roleId, member_id: pick?.id ?? null, role_selection: JSON.stringify({ channel_id: setting.channel_id }) });
      } else if (setting.method === 'selected_by_role' || setting.method === 'selected_by_user') {
        rows.push({ role_id: roleId, member_id: null, role_selection: JSON.stringify({ selector_id: setting.selector_id ?? null, selector_role_id: setting.selector_role_id ?? null }) });
      }
    }
    await this.repo.insertMemberships(
      trx,
      rows.map((r) => ({ ...r, workspace_id: workspaceId, session_id: session.id, created_at: now })),
    );

    await this.generate(trx, workspaceId, { tagId: tag.id, sessionId: session.id }, events, 'enrolment');
    if (session.past_start_policy === 'catch_up') await this.catchUp(trx, session);
    emit(
      domainEvent(journeySessionCreated, workspaceId, {
        sessionId: session.id,
        tagId: tag.id,
        flowType: tag.flow_type,
        participantMemberId: participant.id,
        startDate: session.start_date,
        source: input.source,
        isSandbox: session.is_sandbox,
      }),
    );
    return session;
  }

  /**
   * The membership row of an explicit role selection: from a channel, its least busy member now (the channel kept
   * as the selection); otherwise nobody yet, the selector (a user or a role) kept.
   */
  async selectionRow(trx: Trx, workspaceId: number, sel: RoleSelectionInput, participantId: number): Promise<{ role_id: number; member_id: number | null; role_selection: string }> {
    if (sel.channel_id) {
      const pick = await this.pickFromChannel(trx, workspaceId, sel.role_id, sel.channel_id, participantId);
      return { role_id: sel.role_id, member_id: pick?.id ?? null, role_selection: JSON.stringify({ channel_id: sel.channel_id }) };
    }
    return { role_id: sel.role_id, member_id: null, role_selection: JSON.stringify({ selector_id: sel.selector_id ?? null, selector_role_id: sel.selector_role_id ?? null }) };
  }

  /** The least busy member of a channel (not the participant) for a role picked from a channel. */
  private async pickFromChannel(trx: Trx, workspaceId: number, roleId: number, channelId: string, participantId: number): Promise<Member | undefined> {
    const candidates = (await this.journeys.channelMembers(workspaceId, channelId, trx)).filter((m) => m.id !== participantId);
    const counts = await this.repo.activeMembershipCounts(trx, workspaceId, roleId, candidates.map((c) => c.id));
    return candidates.sort((a, b) => (counts.get(a.id) ?? 0) - (counts.get(b.id) ?? 0) || a.id - b.id)[0];
  }

  private async zonesOf(trx: Trx, workspaceId: number, sessionId: number) {
    return (await this.repo.memberships(workspaceId, [sessionId], trx)).map((m) => ({ role_id: m.role_id, member_id: m.member_id, tz: m.member?.tz ?? null }));
  }

  /**
   * A journey changed: regenerate its active sessions' events for `eventIds` (all its events when omitted). Pending
   * session events take the new day, time and active flag (a deactivated event's end `skipped`, a reactivated one's
   * still ahead come back); sent ones keep theirs, ones moved by hand keep their date and time; a day already past is
   * skipped (it never goes out late). One statement, however many sessions.
   */
  async syncIn(trx: Trx, workspaceId: number, tagId: number, eventIds?: number[]): Promise<number> {
    const all = await this.journeys.events(workspaceId, tagId, trx);
    const events = eventIds ? all.filter((e) => eventIds.includes(e.id)) : all;
    const n = await this.generate(trx, workspaceId, { tagId }, events, 'sync');
    await this.repo.followActive(trx, workspaceId, tagId, events.map((e) => e.id), this.s.clock.now());
    return n;
  }

  /**
   * A recipient's zone moved (their Slack profile, or the session's own zone): every pending event of the session is
   * timed again through the one resolver, in the caller's transaction — generated ones from the journey, ones moved
   * by hand or caught up at their own local date and minute. A message still owed goes at once rather than never
   * (`sync`, for a new start date: a day now past is skipped instead).
   */
  async retimeIn(trx: Trx, session: JourneySession, mode: Extract<GenerateMode, 'retime' | 'sync'> = 'retime'): Promise<void> {
    const ws = session.workspace_id;
    await this.generate(trx, ws, { tagId: session.tag_id, sessionId: session.id }, await this.journeys.events(ws, session.tag_id, trx), mode);
    const moved = await this.repo.moved(trx, ws, session.id);
    if (!moved.length) return;
    const timed = { ...session, zones: await this.zonesOf(trx, ws, session.id) };
    const now = this.s.clock.now();
    for (const se of moved) {
      const event = await this.journeys.event(ws, se.event_id, trx);
      if (!event) continue;
      const dueAt = movedTiming(se.occurs_on, se.minute_in_day, recipientZones(timed, event));
      if (dueAt.getTime() !== new Date(se.due_at).getTime()) await this.repo.updateSessionEvent(trx, ws, se.id, { due_at: dueAt, updated_at: now });
    }
  }

  /**
   * A member's Slack zone changed (`people.zone_changed`): each active session they are in is re-timed in this one
   * transaction, and a participant whose session follows their Slack zone takes it as the session's zone too.
   */
  async onZoneChanged(trx: Trx, workspaceId: number, memberId: number, tz: string | null): Promise<void> {
    const now = this.s.clock.now();
    for (let session of await this.repo.activeSessionsWith(trx, workspaceId, memberId)) {
      if (session.participant_member_id === memberId && session.time_zone_source === 'sync' && tz && isValidTimeZone(tz) && tz !== session.time_zone)
        session = (await this.repo.updateSession(trx, workspaceId, session.id, { time_zone: tz, updated_at: now }))!;
      await this.retimeIn(trx, session);
    }
  }

  /** Session events of `events` for the target sessions, timed by schedule.ts (`mode`: how a day already past is treated). */
  private async generate(trx: Trx, workspaceId: number, target: SessionTarget, events: readonly JourneyEvent[], mode: GenerateMode): Promise<number> {
    if (!events.length) return 0;
    const keys = await this.repo.timingKeys(trx, workspaceId, target);
    if (!keys.length) return 0;
    const table = timingTable(keys, events);
    return this.repo.generateSessionEvents(trx, workspaceId, { ...target, eventIds: events.map((e) => e.id) }, table, { now: this.s.clock.now(), mode });
  }

  /**
   * A session that starts in the past and catches up: its overdue messages go out in order, spaced, from each
   * recipient's next working window on a work day in their own zone (schedule.ts `catchUpSlots`; a channel post in the
   * session's zone), each kept at its new local date and minute like a move by hand (so a later change to the journey
   * does not send it back into the past).
   */
  private async catchUp(trx: Trx, session: JourneySession): Promise<void> {
    const ws = session.workspace_id;
    const now = this.s.clock.now();
    const overdue = await this.repo.overdue(trx, ws, session.id, now);
    if (!overdue.length) return;
    const timed = { ...session, zones: await this.zonesOf(trx, ws, session.id) };
    // One queue per first recipient (whose zone and working hours time it), each in the order the messages were due.
    const queues = new Map<string, { tz: string; memberId: number | null; items: Array<{ se: JourneySessionEvent; event: JourneyEvent }> }>();
    for (const se of overdue) {
      const event = (await this.journeys.event(ws, se.event_id, trx))!;
      const first = event.recipient_type === 'role' ? timed.zones.find((z) => z.role_id === event.role_id && z.member_id !== null) : undefined;
      const key = first ? `member:${first.member_id}` : 'session';
      const queue = queues.get(key) ?? { tz: first ? zoneOf(session, first.member_id, first.tz) : session.time_zone, memberId: first?.member_id ?? null, items: [] };
      queue.items.push({ se, event });
      queues.set(key, queue);
    }
    for (const q of queues.values()) {
      const hours = q.memberId === null ? null : await this.members.workingWindow(ws, q.memberId, trx);
      const slots = catchUpSlots(q.items.map((i) => ({ minuteInDay: i.se.minute_in_day })), now, q.tz, hours);
      for (const [i, { se, event }] of q.items.entries()) {
        const slot = slots[i]!;
        const dueAt = movedTiming(slot.occursOn, slot.minuteInDay, recipientZones(timed, event));
        await this.repo.updateSessionEvent(trx, ws, se.id, { occurs_on: slot.occursOn, minute_in_day: slot.minuteInDay, due_at: dueAt, rescheduled: true, note: 'catch_up', updated_at: now });
      }
    }
  }

  // ---- one session event (the session page)

  /** The session event in a path of `flow`, if this member may change it. */
  private async editableSessionEvent(auth: AuthContext, id: number, flow: RouteFlowType) {
    const { se, tag } = await requireAccess(auth, this.eventPolicy, id, 'edit');
    requireFlow(tag, flow);
    return se;
  }

  /** DELETE: it will not be sent (optimistic on the page). */
  async deleteSessionEvent(auth: AuthContext, id: number, flow: RouteFlowType): Promise<SessionEventJson> {
    const se = await this.editableSessionEvent(auth, id, flow);
    if (se.state === 'sent' || se.state === 'sending') throw badRequest('It has already been sent', { id: 'already sent' });
    return this.sessionEventJson((await this.repo.inTransaction(async (trx) => this.repo.updateSessionEvent(trx, se.workspace_id, se.id, { active: false, state: 'deleted', updated_at: this.s.clock.now() })))!);
  }

  /**
   * PUT occurs_at: a new local date ('YYYY-MM-DD', same minute) or date and time ('YYYY-MM-DDTHH:mm'), checked like a
   * generated one: a weekend day only with `allowWeekend` (the page asks first), and a time the clocks skip that day in
   * a recipient's zone (spring forward) is refused, naming the first time after the gap.
   */
  async reschedule(auth: AuthContext, id: number, flow: RouteFlowType, body: unknown): Promise<SessionEventJson> {
    const se = await this.editableSessionEvent(auth, id, flow);
    const { occurs_at: occursAt, allow_weekend: allowWeekend = false } = parse(rescheduleBody, body).onboarding_session_event;
    const workspaceId = se.workspace_id;
    if (se.state === 'sent' || se.state === 'sending') throw badRequest('occurs_at: it has already been sent', { occurs_at: 'already sent' });
    const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(occursAt);
    let date: LocalDate;
    let minute = se.minute_in_day;
    try {
      if (!m) throw new RangeError();
      date = parseLocalDate(m[1]!);
      if (m[2] !== undefined) {
        const h = Number(m[2]);
        const min = Number(m[3]);
        if (h > 23 || min > 59) throw new RangeError();
        minute = h * 60 + min;
      }
    } catch {
      throw badRequest('occurs_at: must be a date (YYYY-MM-DD) or a local date and time (YYYY-MM-DDTHH:mm)', { occurs_at: 'must be YYYY-MM-DD or YYYY-MM-DDTHH:mm' });
    }
    if (!isWorkDay(date) && !allowWeekend) {
      const why = `${formatCalendarDate(date)} is a weekend day: journeys send on work days`;
      throw badRequest(`occurs_at: ${why}`, { occurs_at: why, allow_weekend: 'confirm to send on a weekend day' });
    }
    const updated = await this.repo.inTransaction(async (trx) => {
      const session = (await this.repo.session(workspaceId, se.session_id, trx))!;
      const event = (await this.journeys.event(workspaceId, se.event_id, trx))!;
      const zones = recipientZones({ ...session, zones: await this.zonesOf(trx, workspaceId, session.id) }, event);
      for (const tz of zones) {
        const after = skippedUntil(date, minute, tz);
        if (after === null) continue;
        const why = `${formatMinute(minute)} does not exist on ${formatCalendarDate(date)} in ${zoneCity(tz)} (the clocks go forward); choose ${formatMinute(after)} or later`;
        throw badRequest(`occurs_at: ${why}`, { occurs_at: why });
      }
      const occursOn = formatLocalDate(date);
      const updated = await this.repo.updateSessionEvent(trx, workspaceId, se.id, {
        occurs_on: occursOn,
        minute_in_day: minute,
        due_at: movedTiming(occursOn, minute, zones),
        rescheduled: true,
        active: true,
        state: 'pending',
        note: null,
        updated_at: this.s.clock.now(),
      });
      return updated!;
    });
    return this.sessionEventJson(updated);
  }

  /** POST trigger: send it now, to every recipient, whatever their local time (the page triggers them one by one). */
  async trigger(auth: AuthContext, id: number, flow: RouteFlowType): Promise<SessionEventJson> {
    const se = await this.editableSessionEvent(auth, id, flow);
    const workspaceId = se.workspace_id;
    if (se.state === 'sent') throw badRequest('It has already been sent', { id: 'already sent' });
    const now = this.s.clock.now();
    const updated = await this.repo.inTransaction(async (trx) => {
      const locked = await this.repo.lockSessionEvent(trx, workspaceId, se.id);
      if (!locked || locked.state === 'sent') throw badRequest('It has already been sent', { id: 'already sent' });
      return (await this.repo.updateSessionEvent(trx, workspaceId, se.id, { state: 'sending', active: true, triggering: true, claimed_at: now, updated_at: now }))!;
    });
    await this.s.queue.enqueue(journeysDeliver, { workspaceId, sessionEventId: se.id, manual: true }, { jobId: `journeys-deliver:${se.id}:manual:${now.getTime()}` });
    return this.sessionEventJson(updated);
  }

  // ---- reads and the minimal enrolment

  /**
   * POST /{flow}/tags/{id}/sessions: enrol one person (the participant is the primary role's user). Its people and
   * roles are this workspace's: another workspace's id is a field error, never stored.
   */
  async enrol(auth: AuthContext, tagId: number, flow: RouteFlowType, body: unknown): Promise<SessionJson> {
    const tag = await requireJourney(auth, this.journeyPolicy, tagId, 'edit', flow);
    const input = parse(createSessionBody, body);
    try {
      parseLocalDate(input.start_date);
    } catch {
      throw badRequest('start_date: must be a date (YYYY-MM-DD)', { start_date: 'must be a date (YYYY-MM-DD)' });
    }
    const roles = await this.journeys.roles(auth.workspace.id);
    if (input.memberships.some((m) => !roles.some((r) => r.id === m.role_id))) throw badRequest('memberships: a role is not one of this workspace', { memberships: 'a role is not one of this workspace' });
    await this.s.people.requireOwn(auth.workspace.id, 'memberships', input.memberships.map((m) => m.user_id));
    const primaryIds = new Set(roles.filter((r) => r.is_primary).map((r) => r.id));
    const participant = input.memberships.find((m) => primaryIds.has(m.role_id));
    if (!participant) throw badRequest('memberships: name the participant (a user in the primary role)', { memberships: 'name the participant (a user in the primary role)' });
    const session = await this.s.events.transaction((trx, emit) =>
      this.createIn(trx, emit, {
        workspaceId: auth.workspace.id,
        tag,
        participantMemberId: participant.user_id,
        startDate: input.start_date,
        timeZone: input.time_zone,
        pastStartPolicy: input.past_start_policy,
        memberships: input.memberships.filter((m) => m !== participant).map((m) => ({ role_id: m.role_id, member_id: m.user_id })),
        createdByMemberId: auth.member.id,
        source: 'api',
      }),
    );
    return (await this.sessionsJson(auth.workspace.id, [session]))[0]!;
  }

  /** A journey's sessions: its people (participants, managers, buddies, states) are seen by those who run it, not by every member. */
  async sessionsOf(auth: AuthContext, tagId: number, flow: RouteFlowType, state: 'active' | 'finished' | 'cancelled' | 'all'): Promise<SessionJson[]> {
    const tag = await requireJourney(auth, this.journeyPolicy, tagId, 'edit', flow);
    const sessions = await this.repo.sessions(tag.workspace_id, { tagId: tag.id, ...(state === 'all' ? {} : { state }) });
    return this.sessionsJson(tag.workspace_id, sessions);
  }

  /** A session event as the operation left it, its title as the People tab shows it (`sessionsJson`). */
  private async sessionEventJson(se: JourneySessionEvent): Promise<SessionEventJson> {
    const ws = se.workspace_id;
    const [session, event, memberships, roles, deliveries] = await Promise.all([
      this.repo.session(ws, se.session_id),
      this.journeys.event(ws, se.event_id),
      this.repo.memberships(ws, [se.session_id]),
      this.journeys.roles(ws),
      this.deliveries(ws, [se.id]),
    ]);
    const tag = session && (await this.journeys.tag(ws, session.tag_id));
    const title = session && tag ? pageFiller(tag, session, memberships, roles)(event?.title ?? '') : (event?.title ?? '');
    return sessionEventJson({ ...se, kind: event?.kind ?? 'message', title, skip_reason: skipReason(se) }, deliveries.get(se.id) ?? null);
  }

  /**
   * What really happened to each session event's messages, read from the outbox: the most urgent of its
   * recipients' deliveries (one that failed shows, with why, even if the others arrived).
   */
  async deliveries(workspaceId: number, sessionEventIds: number[]): Promise<Map<number, Delivery>> {
    const keys = await this.repo.deliveryKeys(workspaceId, sessionEventIds);
    const byKey = await this.s.outbox.deliveries(workspaceId, keys.map((k) => k.outbox_key));
    const bySessionEvent = new Map<number, Delivery[]>();
    for (const k of keys) {
      const d = byKey.get(k.outbox_key);
      if (d) bySessionEvent.set(k.session_event_id, [...(bySessionEvent.get(k.session_event_id) ?? []), d]);
    }
    return new Map([...bySessionEvent].map(([id, ds]) => [id, mostUrgent(ds)!]));
  }

  async sessionsJson(workspaceId: number, sessions: JourneySession[]): Promise<SessionJson[]> {
    const ids = sessions.map((s) => s.id);
    const [memberships, events] = await Promise.all([this.repo.memberships(workspaceId, ids), this.repo.sessionEvents(workspaceId, ids)]);
    const deliveries = await this.deliveries(workspaceId, events.map((e) => e.id));
    const participants = new Map((await this.journeys.members(workspaceId, sessions.map((s) => s.participant_member_id).filter((id): id is number => id !== null))).map((m) => [m.id, m]));
    // Titles as the pages show them ("Plan Grace's first week", not "Plan {first_name}'s first week").
    const roles = await this.journeys.roles(workspaceId);
    const tags = new Map(await Promise.all([...new Set(sessions.map((s) => s.tag_id))].map(async (id) => [id, await this.journeys.tag(workspaceId, id)] as const)));
    return sessions.map((s) => {
      const own = memberships.filter((m) => m.session_id === s.id);
      const fill = pageFiller(tags.get(s.tag_id) ?? { name: '' }, s, own, roles);
      return sessionJson(
        s,
        own,
        events.filter((e) => e.session_id === s.id).map((e) => ({ ...e, title: fill(e.title) })),
        deliveries,
        s.participant_member_id === null ? null : (participants.get(s.participant_member_id) ?? null),
      );
    });
  }
}

/** A Slack channel name for a cohort: lower case, dashes, at most 80 characters. */
export function cohortChannelName(journeyName: string, startDate: string): string {
  const base = journeyName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'journey'}-${startDate}`;
}
