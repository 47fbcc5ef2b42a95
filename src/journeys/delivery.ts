import type { Executor, Trx } from '../db/index.js';
import type { Member, OutboxRow } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { siteLink, siteUrl, type SiteLinkClaims } from '../http/site-links.js';
import type { NewOutboxRow } from '../outbox/repository.js';
import type { DeliveryStatus } from '../outbox/reasons.js';
import { personName } from '../people/name.js';
import type { AccessPolicy } from '../platform/access.js';
import { event as domainEvent, type Emit } from '../platform/events/define.js';
import { formatLocalDate, parseLocalDate } from '../time/zoned.js';
import { mentions, type MrkdwnValue } from '../slack/mrkdwn.js';
import { eventPolicy, requireEvent, type EventOf } from './access.js';
import type { RouteFlowType } from './api-types.js';
import { attentionNote, eventMessage, fillMrkdwn, fillText, journeyMessage, taskReminder, type TextVars } from './blocks.js';
import type { JourneysDeps } from './deps.js';
import { journeyChannelMissing, journeyConnectionsMissing, journeyDeliveryFailed, journeyDeliveryRecovered, journeyMessageSent, journeyRoleMissing, journeySessionFinished } from './events.js';
import { journeysDeliver } from './jobs.js';
import { localInstant, zoneOf } from './plan.js';
import { personJson, routeFlowType } from './presenters.js';
import type { JourneyRepository } from './repository.js';
import { workDayFrom, localToday } from './schedule.js';
import type { SessionRepository } from './sessions.repository.js';
import type { JourneyEvent, JourneyMembership, JourneyRole, JourneySession, JourneySessionEvent, JourneyTag } from './tables.js';

/** How many session events one tick claims (the rest wait for the next minute). */
const CLAIM_LIMIT = 20_000;
/** A claimed session event whose job vanished is claimed again after this long. */
const STUCK_AFTER_MS = 5 * 60_000;
/** An unfinished task is reminded each work day, this many times, then becomes an attention item. */
export const MAX_TASK_REMINDERS = 3;
/** A cohort channel Slack has not created yet: look again in a minute. */
const COHORT_RETRY_MS = 60_000;

type OutRow = Omit<NewOutboxRow, 'notBefore'>;
type Membership = JourneyMembership & { member: Member | null };

/**
 * Sending journeys: the tick claims due session events; each is delivered by a job that resolves the role members
 * at send time, re-checks every recipient's local time (their zone may have changed), writes the messages to the
 * outbox once per recipient (journey_deliveries), and records the domain events, all in one transaction.
 */
export class JourneyDelivery {
  /** Who may send a test of one of a journey's events: those who may edit it. */
  private readonly eventPolicy: AccessPolicy<EventOf>;

  constructor(
    private readonly s: Pick<JourneysDeps, 'clock' | 'log' | 'queue' | 'outbox' | 'events' | 'config'>,
    private readonly journeys: JourneyRepository,
    private readonly repo: SessionRepository,
  ) {
    this.eventPolicy = eventPolicy(journeys);
    s.outbox.onFailed('journey', (row, status) => this.deliveryFailed(row, status));
    s.outbox.onSent('journey', (row) => this.deliverySent(row));
  }

  /**
   * A session event's message failed for good, or was never confirmed (cause `outcome_unknown`): the cause is kept
   * on its delivery and the session gets an attention-required issue (one per session and cause), naming what
   * failed, to whom and why.
   */
  private async deliveryFailed(row: OutboxRow, status: DeliveryStatus): Promise<void> {
    const code = status.code ?? 'error';
    await this.s.events.transaction(async (trx, emit) => {
      for (const d of await this.repo.markDeliveryFailed(trx, row.workspace_id, row.idempotency_key, code)) {
        const vars = await sessionTextVars(this.journeys, this.repo, row.workspace_id, { name: d.tag_name }, d, trx);
        const about = { eventTitle: fillText(d.title, vars), journeyName: d.tag_name, flowType: d.flow_type };
        emit(
          domainEvent(journeyDeliveryFailed, row.workspace_id, {
            sessionId: d.session_id,
            sessionEventId: d.session_event_id,
            tagId: d.tag_id,
            code,
            reason: status.reason ?? code,
            recipientName: d.recipient_name,
            ...about,
          }),
        );
      }
    });
  }

  /** A delivery that had failed was tried again and went: its session's issue of that cause closes (if no other has it). */
  private async deliverySent(row: OutboxRow): Promise<void> {
    await this.s.events.transaction(async (trx, emit) => {
      for (const c of await this.repo.clearDeliveryFailed(trx, row.workspace_id, row.idempotency_key))
        emit(domainEvent(journeyDeliveryRecovered, row.workspace_id, { sessionId: c.session_id, tagId: c.tag_id, stillFailing: c.still_failing }));
    });
  }

  /** The tick: claim what is due (and what a dead worker left), enqueue one job each; remind unfinished tasks. */
  async collectDue(now: Date): Promise<number> {
    const claimed = await this.repo.claimDue(now, CLAIM_LIMIT);
    const stuck = await this.repo.reclaimStuck(now, new Date(now.getTime() - STUCK_AFTER_MS), 1000);
    for (const r of claimed) await this.s.queue.enqueue(journeysDeliver, { workspaceId: r.workspace_id, sessionEventId: r.id }, { jobId: `journeys-deliver:${r.id}:${now.getTime()}` });
    for (const r of stuck)
      await this.s.queue.enqueue(journeysDeliver, { workspaceId: r.workspace_id, sessionEventId: r.id }, { jobId: `journeys-deliver:${r.id}:retry:${now.getTime()}` });
    const reminded = await this.remindTasks(now);
    return claimed.length + stuck.length + reminded;
  }

  nextDue(): Promise<Date | null> {
    return this.repo.nextDue();
  }

  /** Task reminders: each due one is written to the outbox and moved to the next work day, in one transaction. */
  private async remindTasks(now: Date): Promise<number> {
    const ids = await this.s.events.transaction(async (trx) => {
      const due = await this.repo.claimReminders(trx, now, 2000);
      const ctx = await this.repo.reminderContext(
        trx,
        due.map((t) => t.id),
      );
      const rows: OutRow[] = [];
      for (const c of ctx) {
        const n = c.reminders_sent + 1;
        // Reminded until done, even after the session's last event went out; not once the session is cancelled.
        if (c.session_state === 'cancelled') {
          await this.repo.setReminded(trx, c.id, { reminders_sent: c.reminders_sent, next_remind_at: null }, now);
          continue;
        }
        // The same placeholders as the task's own message.
        const vars = await sessionTextVars(this.journeys, this.repo, c.workspace_id, { name: c.journey_name }, c, trx);
        const msg = taskReminder({ taskId: c.id, title: fillMrkdwn(c.title, vars), text: fillMrkdwn(c.text, vars), journeyName: c.journey_name, n });
        rows.push({ workspaceId: c.workspace_id, key: `journey:task:${c.id}:remind:${n}`, kind: 'journey', method: 'dm.post', args: { users: [c.slack_user_id], ...msg } });
        const tz = c.tz ?? c.time_zone;
        const next = n >= MAX_TASK_REMINDERS ? null : localInstant(formatLocalDate(workDayFrom(localToday(now, tz), 1)), c.minute_in_day, tz);
        await this.repo.setReminded(trx, c.id, { reminders_sent: n, next_remind_at: next }, now);
      }
      return this.s.outbox.add(trx, rows);
    });
    return ids.length;
  }

  /** The job: deliver one claimed session event (or a manual trigger of it). */
  async deliver(workspaceId: number, sessionEventId: number, manual = false): Promise<void> {
    await this.s.events.transaction(async (trx, emit) => this.s.outbox.add(trx, await this.deliverIn(trx, emit, workspaceId, sessionEventId, manual)));
  }

  /** One delivery's changes, made in `trx`; returns the messages it sends, which the caller adds to the outbox. */
  private async deliverIn(trx: Trx, emit: Emit, workspaceId: number, sessionEventId: number, manual: boolean): Promise<OutRow[]> {
    const now = this.s.clock.now();
    const se = await this.repo.lockSessionEvent(trx, workspaceId, sessionEventId);
    if (!se || se.state !== 'sending') return [];
    const session = (await this.repo.lockSession(trx, workspaceId, se.session_id))!;
    const event = await this.journeys.event(workspaceId, se.event_id, trx);
    const tag = await this.journeys.tag(workspaceId, session.tag_id, trx);
    // A skip for an empty role keeps that role's name (`skippedRole`), so why it never went stays true when the roles change.
    const settle = async (state: 'skipped' | 'sent', note: string | null, skippedRole: string | null = null): Promise<void> => {
      await this.repo.updateSessionEvent(trx, workspaceId, se.id, { state, note, skipped_role: skippedRole, triggering: false, ...(state === 'sent' ? { sent_at: now } : {}), updated_at: now });
      await this.finishIfDone(trx, emit, session, now);
    };
    if (!event || !tag || session.state !== 'active') { await settle('skipped', 'session not active'); return []; }
    if (!manual && (!event.active || !se.active)) { await settle('skipped', 'inactive'); return []; }

    const memberships = await this.repo.memberships(workspaceId, [session.id], trx);
    const roles = await this.journeys.roles(workspaceId, trx);
    const vars = textVars(tag, session, memberships, roles);
    const title = fillText(event.title, vars);
    // What goes to Slack: the same texts as mrkdwn (src/slack/mrkdwn.ts).
    const sent = { title: fillMrkdwn(event.title, vars), text: fillMrkdwn(event.text, vars) };
    const rows: OutRow[] = [];
    const key = (recipient: string) => `journey:se:${se.id}:${recipient}`;

    if (event.recipient_type === 'channel' || event.recipient_type === 'cohortChannel') {
      let channel: string | null;
      let recipient: string;
      if (event.recipient_type === 'channel') {
        channel = event.channel_id ?? tag.channel_id;
        recipient = `channel:${channel}`;
        if (!channel) {
          // Nobody chose where it posts: an attention item until it goes out.
          emit(domainEvent(journeyChannelMissing, workspaceId, { sessionId: session.id, sessionEventId: se.id, tagId: tag.id, ...aboutEvent(tag, title) }));
          await settle('skipped', 'channels_not_selected');
          const note = { title, verb: 'posted' as const, problem: 'no channel was selected', fix: 'Choose a channel' };
          return this.ownerNote(trx, tag, session, memberships, `channels_not_selected:${se.id}`, note);
        }
      } else {
        const cohort = session.cohort_id === null ? undefined : await this.repo.cohort(workspaceId, session.cohort_id, trx);
        if (!cohort) { await settle('skipped', 'no cohort'); return []; }
        channel = await this.cohortChannel(trx, workspaceId, cohort.id, cohort.channel_name, cohort.channel_id, rows);
        if (!channel) {
          // Slack has not created the channel yet: write its creation (once) and look again in a minute.
          await this.repo.updateSessionEvent(trx, workspaceId, se.id, { state: 'pending', due_at: new Date(now.getTime() + COHORT_RETRY_MS), claimed_at: null, updated_at: now });
          return rows;
        }
        const participant = memberships.find((m) => m.member_id === session.participant_member_id)?.member;
        if (participant) rows.push({ workspaceId, key: `journey:cohort:${cohort.id}:invite:${participant.slack_user_id}`, kind: 'journey', method: 'conversations.invite', args: { channel, users: participant.slack_user_id } });
        recipient = `cohort:${cohort.id}`;
        // One post per cohort and event, however many of its sessions reach it.
        const msg = journeyMessage({ kind: event.kind, ...sent, journeyName: tag.name });
        if (await this.repo.recordDelivery(trx, workspaceId, se.id, recipient, `journey:cohort:${cohort.id}:event:${event.id}`, now)) {
          rows.push({ workspaceId, key: `journey:cohort:${cohort.id}:event:${event.id}`, kind: 'journey', method: 'chat.postMessage', args: { channel, ...msg } });
          emit(domainEvent(journeyMessageSent, workspaceId, { sessionId: session.id, sessionEventId: se.id, eventId: event.id, tagId: tag.id, kind: event.kind, recipients: [channel], manual }));
        }
        await settle('sent', null);
        return rows;
      }
      const msg = journeyMessage({ kind: event.kind, ...sent, journeyName: tag.name });
      if (await this.repo.recordDelivery(trx, workspaceId, se.id, recipient, key(recipient), now)) {
        rows.push({ workspaceId, key: key(recipient), kind: 'journey', method: 'chat.postMessage', args: { channel, ...msg } });
        emit(domainEvent(journeyMessageSent, workspaceId, { sessionId: session.id, sessionEventId: se.id, eventId: event.id, tagId: tag.id, kind: event.kind, recipients: [channel], manual }));
      }
      await settle('sent', null);
      return rows;
    }

    // A role: its members now (roles are resolved at send time); an unfilled role is an attention item.
    const membersOf = (roleId: number | null) => memberships.filter((m) => m.role_id === roleId && m.member && !m.member.deleted).map((m) => m.member!);
    const recipients = membersOf(event.role_id);
    const introduced = event.kind === 'intro' ? event.role_ids : [];
    const missing = [event.role_id, ...introduced].filter((id): id is number => id !== null && membersOf(id).length === 0);
    // An intro with nobody in any role it introduces: the participant's strategic connections were not selected.
    const noConnections = introduced.length > 0 && introduced.every((id) => membersOf(id).length === 0);
    if (missing.length) {
      for (const roleId of missing) {
        if (noConnections && introduced.includes(roleId)) continue;
        rows.push(...(await this.roleMissing(trx, emit, tag, session, se, { ...event, title }, roles, memberships, roleId)));
      }
      if (noConnections) {
        const names = introduced.map((id) => roles.find((r) => r.id === id)?.name ?? 'role');
        emit(domainEvent(journeyConnectionsMissing, workspaceId, { sessionId: session.id, sessionEventId: se.id, tagId: tag.id, roleIds: introduced, roleNames: names, ...aboutEvent(tag, title) }));
        const problem = `no strategic connections were selected (nobody is the ${names.map((n) => `*${n}*`).join(' or ')})`;
        rows.push(...(await this.ownerNote(trx, tag, session, memberships, `strategic_connections_not_selected:${se.id}`, { title, problem, fix: 'Choose whom to introduce' })));
      }
      // The recipients' role when nobody fills it, else the first empty role it introduces (connections apart).
      const empty = missing.find((id) => !(noConnections && introduced.includes(id)));
      if (empty === undefined) await settle('skipped', 'strategic_connections_not_selected');
      else await settle('skipped', 'missing_role', roles.find((r) => r.id === empty)?.name ?? null);
      return rows;
    }

    // Each recipient at their own local time: those whose time has come get it now, the rest stay pending.
    const delivered = await this.repo.deliveredTo(trx, workspaceId, se.id);
    const later: Date[] = [];
    for (const member of recipients) {
      if (delivered.has(member.slack_user_id)) continue;
      const at = localInstant(se.occurs_on, se.minute_in_day, zoneOf(session, member.id, member.tz));
      if (!manual && at.getTime() > now.getTime()) {
        later.push(at);
        continue;
      }
      if (!(await this.repo.recordDelivery(trx, workspaceId, se.id, member.slack_user_id, key(member.slack_user_id), now))) continue;
      delivered.add(member.slack_user_id);
      rows.push(await this.messageFor(trx, { workspaceId, tag, session, se, event, member, ...sent, at, now, key: key(member.slack_user_id), about: event.role_ids.flatMap(membersOf) }));
    }
    if (later.length) {
      const next = new Date(Math.min(...later.map((d) => d.getTime())));
      await this.repo.updateSessionEvent(trx, workspaceId, se.id, { state: 'pending', due_at: next, claimed_at: null, updated_at: now });
    } else {
      // Once, by the run that reached the last recipient (a repeated delivery reaches no one and records nothing).
      if (rows.length) {
        const roleIds = [...new Set([event.role_id, ...introduced].filter((id): id is number => id !== null))];
        emit(domainEvent(journeyMessageSent, workspaceId, { sessionId: session.id, sessionEventId: se.id, eventId: event.id, tagId: tag.id, kind: event.kind, recipients: [...delivered], manual, roleIds }));
      }
      await settle('sent', null);
    }
    return rows;
  }

  /** One recipient's message: a task or poll gets its row first, so its buttons carry its id. */
  private async messageFor(
    trx: Trx,
    c: { workspaceId: number; tag: JourneyTag; session: JourneySession; se: JourneySessionEvent; event: JourneyEvent; member: Member; /** mrkdwn */ title: string; text: string; at: Date; now: Date; key: string; about: Member[] },
  ): Promise<OutRow> {
    const siteUrl = hubLink(this.s.config, c.tag, { workspaceId: c.workspaceId, sessionId: c.session.id, memberId: c.member.id }, c.now);
    const base = { kind: c.event.kind, title: c.title, text: c.text, journeyName: c.tag.name, siteUrl };
    if (c.event.kind === 'task') {
      const tz = zoneOf(c.session, c.member.id, c.member.tz);
      const remindOn = workDayFrom(parseLocalDate(c.se.occurs_on), 1);
      const remindAt = localInstant(formatLocalDate(remindOn), c.se.minute_in_day, tz);
      const task = await this.repo.upsertTask(trx, { workspace_id: c.workspaceId, session_id: c.session.id, session_event_id: c.se.id, member_id: c.member.id, next_remind_at: new Date(Math.max(remindAt.getTime(), c.now.getTime() + 3_600_000)) }, c.now);
      return { workspaceId: c.workspaceId, key: c.key, kind: 'journey', method: 'dm.post', args: { users: [c.member.slack_user_id], ...journeyMessage({ ...base, task: { id: task.id, done: task.state === 'complete' } }) } };
    }
    if (c.event.kind === 'poll') {
      const poll = await this.repo.upsertPoll(trx, { workspace_id: c.workspaceId, session_id: c.session.id, session_event_id: c.se.id, member_id: c.member.id }, c.now);
      return { workspaceId: c.workspaceId, key: c.key, kind: 'journey', method: 'dm.post', args: { users: [c.member.slack_user_id], ...journeyMessage({ ...base, poll: { id: poll.id, options: c.event.poll_options, answerIndex: poll.answer_index } }) } };
    }
    if (c.event.kind === 'intro') {
      const users = [...new Set([c.member.slack_user_id, ...c.about.map((m) => m.slack_user_id)])];
      return { workspaceId: c.workspaceId, key: c.key, kind: 'journey', method: 'dm.post', args: { users, ...journeyMessage(base) } };
    }
    return { workspaceId: c.workspaceId, key: c.key, kind: 'journey', method: 'dm.post', args: { users: [c.member.slack_user_id], ...journeyMessage(base) } };
  }

  /** The cohort's channel id, or null while Slack creates it (its creation written to the outbox once). */
  private async cohortChannel(trx: Trx, workspaceId: number, cohortId: number, name: string, channelId: string | null, rows: OutRow[]): Promise<string | null> {
    if (channelId) return channelId;
    const createKey = `journey:cohort:${cohortId}:create`;
    const out = await this.repo.outboxResult(trx, workspaceId, createKey);
    // The outbox keeps what Slack answered, the new channel as its id.
    const created = (out?.result as { channel?: string } | null)?.channel;
    if (out?.state === 'sent' && created) {
      await this.repo.setCohortChannel(trx, workspaceId, cohortId, created);
      return created;
    }
    if (!out) rows.push({ workspaceId, key: createKey, kind: 'journey', method: 'conversations.create', args: { name, is_private: false } });
    return null;
  }

  private async roleMissing(
    trx: Trx,
    emit: Emit,
    tag: JourneyTag,
    session: JourneySession,
    se: JourneySessionEvent,
    event: JourneyEvent,
    roles: JourneyRole[],
    memberships: Membership[],
    roleId: number,
  ): Promise<OutRow[]> {
    const role = roles.find((r) => r.id === roleId);
    // The attention-required issue is Reporting's, kept from this event.
    emit(domainEvent(journeyRoleMissing, tag.workspace_id, { sessionId: session.id, sessionEventId: se.id, tagId: tag.id, roleId, roleName: role?.name ?? 'role', ...aboutEvent(tag, event.title) }));
    return this.ownerNote(trx, tag, session, memberships, `missing_role:${se.id}:${roleId}`, { title: event.title, problem: `nobody is the *${role?.name ?? 'role'}*`, fix: 'Fill the role' });
  }

  /** The journey owner's DM about an event that could not go out, once per issue. */
  private async ownerNote(
    trx: Trx,
    tag: JourneyTag,
    session: JourneySession,
    memberships: Membership[],
    issueKey: string,
    note: Pick<Parameters<typeof attentionNote>[0], 'title' | 'problem' | 'fix' | 'verb'>,
  ): Promise<OutRow[]> {
    if (tag.created_by_member_id === null) return [];
    const owner = await this.journeys.member(tag.workspace_id, tag.created_by_member_id, trx);
    if (!owner || owner.deleted) return [];
    const participant = memberships.find((m) => m.member_id === session.participant_member_id)?.member;
    const url = `${this.s.config.publicUrl}/${routeFlowType(tag.flow_type)}/tags/${tag.id}`;
    const message = attentionNote({ ...note, participant: participant ? `<@${participant.slack_user_id}>` : 'a participant', journeyName: tag.name, url });
    return [{ workspaceId: tag.workspace_id, key: `journey:issue:${issueKey}`, kind: 'journey', method: 'dm.post', args: { users: [owner.slack_user_id], ...message } }];
  }

  /** send_test: the event as the admin would get it, sent to the admin themselves (as the participant), now. */
  async sendTest(auth: AuthContext, tagId: number, id: number, flow: RouteFlowType): Promise<{ sent_to: string; preview: { text: string; blocks: unknown[] } }> {
    const { event, tag } = await requireEvent(auth, this.eventPolicy, id, 'edit', flow, tagId);
    const now = this.s.clock.now();
    const roles = await this.journeys.roles(auth.workspace.id);
    const primary = roles.find((r) => r.is_primary && tag.role_ids.includes(r.id));
    const memberships: Membership[] = primary
      ? [{ id: 0, workspace_id: auth.workspace.id, session_id: 0, role_id: primary.id, member_id: auth.member.id, role_selection: null, created_at: now, member: auth.member }]
      : [];
    const vars = textVars(tag, { start_date: formatLocalDate(localToday(now, auth.member.tz ?? 'UTC')), participant_member_id: auth.member.id }, memberships, roles);
    const msg = eventMessage(event, vars, tag.name, { test: true });
    await this.s.outbox.enqueue([{ workspaceId: auth.workspace.id, key: `journey:test:${event.id}:${auth.member.id}:${now.getTime()}`, kind: 'journey', method: 'dm.post', args: { users: [auth.member.slack_user_id], ...msg } }]);
    return { sent_to: auth.member.slack_user_id, preview: msg };
  }

  /** A session whose every event was sent or skipped is finished (once). */
  private async finishIfDone(trx: Trx, emit: Emit, session: JourneySession, now: Date): Promise<void> {
    if (session.state !== 'active') return;
    if ((await this.repo.countOpenSessionEvents(trx, session.workspace_id, session.id)) > 0) return;
    await this.repo.updateSession(trx, session.workspace_id, session.id, { state: 'finished', finished_at: now, updated_at: now });
    emit(domainEvent(journeySessionFinished, session.workspace_id, { sessionId: session.id, tagId: session.tag_id, participantMemberId: session.participant_member_id }));
  }
}

/** What an attention item names: the event's title (placeholders filled) and the journey (its flow gives the page to fix it on). */
const aboutEvent = (tag: JourneyTag, eventTitle: string) => ({ eventTitle, journeyName: tag.name, flowType: tag.flow_type });
/**
 * The recipient's own signed link to the session's journey hub, or none while the journey's hub is not published
 * (its participants could not open it). The send, the message's later updates (a task done, a poll answered) and the
 * admin's previews (`'preview'`: the same link with a stand-in token) all take it from here, so each shows the link
 * the message is sent with.
 */
export function hubLink(config: Pick<JourneysDeps['config'], 'publicUrl' | 'sessionSecret'>, tag: Pick<JourneyTag, 'hub_published'>, claims: SiteLinkClaims, now: Date | 'preview'): string | undefined {
  if (!tag.hub_published) return undefined;
  return now === 'preview' ? siteUrl(config.publicUrl, claims.sessionId, 'preview') : siteLink(config.publicUrl, config.sessionSecret, claims, now);
}

/** The placeholders of one session, read from the database (a task's reminder and its message after "Mark as done"). */
export async function sessionTextVars(
  journeys: JourneyRepository,
  repo: SessionRepository,
  workspaceId: number,
  tag: Pick<JourneyTag, 'name'>,
  session: Pick<JourneySession, 'start_date' | 'participant_member_id'> & { session_id: number },
  ex?: Executor,
): Promise<TextVars> {
  const memberships = await repo.memberships(workspaceId, [session.session_id], ex);
  return textVars(tag, session, memberships, await journeys.roles(workspaceId, ex));
}

/** The placeholders of one session: the participant, the start date, the journey, and each role's members. */
export function textVars(tag: Pick<JourneyTag, 'name'>, session: Pick<JourneySession, 'start_date' | 'participant_member_id'>, memberships: Membership[], roles: JourneyRole[]): TextVars {
  const participant = memberships.find((m) => m.member_id === session.participant_member_id)?.member ?? null;
  const full = participant ? personName(participant) : 'there';
  const roleVars: Record<string, MrkdwnValue> = {};
  for (const role of roles) {
    const members = memberships.filter((m) => m.role_id === role.id && m.member).map((m) => m.member!.slack_user_id);
    const value = members.length ? mentions(members) : `your ${role.name.toLowerCase()}`;
    roleVars[role.name.toLowerCase()] = value;
    if (!role.is_primary && !(role.purpose in roleVars)) roleVars[role.purpose] = value;
  }
  return { first_name: full.split(/\s+/)[0] ?? full, name: full, start_date: session.start_date, tz: participant?.tz ?? 'UTC', journey: tag.name, roles: roleVars };
}

/** A session's texts as the pages show them (the hub, the People tab, the dry run): placeholders filled as when sent, mentions shown as names. */
export function pageFiller(tag: Pick<JourneyTag, 'name'>, session: Pick<JourneySession, 'start_date' | 'participant_member_id'>, memberships: Parameters<typeof textVars>[2], roles: JourneyRole[]): (text: string) => string {
  const vars = textVars(tag, session, memberships, roles);
  const names = new Map(memberships.flatMap((m) => (m.member ? [[m.member.slack_user_id, personJson(m.member).name] as const] : [])));
  return (text) => fillText(text, vars).replace(/<@(\w+)>/g, (whole, id: string) => names.get(id) ?? whole);
}
