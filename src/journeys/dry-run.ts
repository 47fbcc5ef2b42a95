import type { KnownBlock } from '@slack/types';
import type { AuthContext } from '../http/auth.js';
import { mentionedUsers } from '../slack/mrkdwn.js';
import { badRequest } from '../http/errors.js';
import { parse } from '../http/validate.js';
import type { AccessPolicy } from '../platform/access.js';
import type { Member, Workspace } from '../db/types.js';
import { formatLocalDate, instantToZoned, isValidTimeZone, parseLocalDate, weekdayOf } from '../time/zoned.js';
import { eventPolicy, journeyPolicy, requireEvent, requireJourney, type EventOf } from './access.js';
import type { DryRunAnswer, DryRunItem, MessagePreviewJson, RouteFlowType, TryInSandboxAnswer } from './api-types.js';
import { eventMessage, fillText, homeSection } from './blocks.js';
import type { JourneysDeps } from './deps.js';
import { hubLink, pageFiller, textVars } from './delivery.js';
import { localInstant, recipientZones, timingOf, type TimedSession } from './plan.js';
import { personJson, skipReason } from './presenters.js';
import type { JourneyRepository } from './repository.js';
import { dryRunQuery, previewBody, previewQuery, tryBody } from './schema.js';
import { formatMinute, nextWorkDay } from './schedule.js';
import type { SessionService } from './sessions.js';
import type { SessionRepository } from './sessions.repository.js';
import type { JourneyEvent, JourneySessionEvent, JourneyTag } from './tables.js';

/**
 * The journey dry run: every active event of a journey for one participant (their session, or a would-be one) or a
 * hypothetical start date and zone, each at its local time, computed by plan.ts/schedule.ts — the code that sends
 * them. Also "try it in the sandbox" and the participant's Home tab section.
 */
export class JourneyDryRun {
  private readonly policy: AccessPolicy<JourneyTag>;
  private readonly eventPolicy: AccessPolicy<EventOf>;

  constructor(
    private readonly s: Pick<JourneysDeps, 'clock' | 'config' | 'events' | 'workspaces' | 'channels' | 'people'>,
    private readonly journeys: JourneyRepository,
    private readonly repo: SessionRepository,
    private readonly sessions: SessionService,
  ) {
    this.policy = journeyPolicy(journeys);
    this.eventPolicy = eventPolicy(journeys);
  }

  /** Whose journey: a chosen member (their active session, or a would-be one), or a sample person; timed and with their placeholders. */
  private async subject(tag: JourneyTag, q: { user_id?: number; start_date?: string; time_zone?: string }) {
    const ws = tag.workspace_id;
    const now = this.s.clock.now();
    const workspace = await this.s.workspaces.byId(ws);
    if (q.time_zone !== undefined && !isValidTimeZone(q.time_zone)) throw badRequest('time_zone: is not a known time zone', { time_zone: 'is not a known time zone' });
    if (q.start_date !== undefined) {
      try {
        parseLocalDate(q.start_date);
      } catch {
        throw badRequest('start_date: must be a date (YYYY-MM-DD)', { start_date: 'must be a date (YYYY-MM-DD)' });
      }
    }
    const roles = await this.journeys.roles(ws);
    const primary = roles.find((r) => r.is_primary && tag.role_ids.includes(r.id));
    let participant: Member | null = null;
    let timed: TimedSession;
    let memberships: Parameters<typeof textVars>[2] = [];
    if (q.user_id !== undefined) {
      participant = (await this.journeys.member(ws, q.user_id)) ?? null;
      if (!participant) throw badRequest('user_id: is not a member of this workspace', { user_id: 'is not a member of this workspace' });
    }
    // Their active session, else their latest (a finished journey's calendar is what was sent).
    const session = participant
      ? ((await this.repo.sessions(ws, { tagId: tag.id, participantMemberId: participant.id, state: 'active', limit: 1 }))[0] ??
        (await this.repo.sessions(ws, { tagId: tag.id, participantMemberId: participant.id, limit: 1 }))[0])
      : undefined;
    if (session && q.start_date === undefined && q.time_zone === undefined) {
      memberships = await this.repo.memberships(ws, [session.id]);
      timed = { ...session, zones: memberships.map((m) => ({ role_id: m.role_id, member_id: m.member_id, tz: m.member?.tz ?? null })) };
    } else {
      const tz = q.time_zone ?? participant?.tz ?? workspace?.default_tz ?? 'UTC';
      const start = q.start_date ?? nextWorkDay(now, tz);
      const pid = participant?.id ?? -1;
      timed = { start_date: start, time_zone: tz, time_zone_source: q.time_zone ? 'explicit' : 'sync', participant_member_id: pid, zones: primary ? [{ role_id: primary.id, member_id: pid, tz }] : [] };
      if (participant && primary) memberships = [{ id: 0, workspace_id: ws, session_id: 0, role_id: primary.id, member_id: participant.id, role_selection: null, created_at: now, member: participant }];
    }
    const vars = textVars(tag, { start_date: timed.start_date, participant_member_id: participant?.id ?? null }, memberships, roles);
    if (!participant) Object.assign(vars, { first_name: 'Alex', name: 'Alex Example' });
    // What the page shows as an item's title: people by name, not as Slack mentions.
    const pageText = participant ? pageFiller(tag, { start_date: timed.start_date, participant_member_id: participant.id }, memberships, roles) : (text: string) => fillText(text, vars);
    return { now, roles, participant, session, timed, vars, pageText };
  }

  /**
   * GET /{flow}/events/{id}/preview: the Block Kit message, built as it is sent, for a sample or chosen participant.
   * Previews and dry runs show what Hearth would send someone: for those who run the journey only.
   */
  async preview(auth: AuthContext, id: number, flow: RouteFlowType, q: unknown): Promise<MessagePreviewJson> {
    const { event, tag } = await requireEvent(auth, this.eventPolicy, id, 'edit', flow);
    return this.message(tag, event, parse(previewQuery, q));
  }

  /** POST /{flow}/tags/{id}/events/preview: an unsaved event (the editor's form as it stands), as `preview`. */
  async previewDraft(auth: AuthContext, id: number, flow: RouteFlowType, input: unknown): Promise<MessagePreviewJson> {
    const tag = await requireJourney(auth, this.policy, id, 'edit', flow);
    const body = parse(previewBody, input);
    return this.message(tag, body.onboarding_schedule_event, { user_id: body.user_id });
  }

  private async message(tag: JourneyTag, event: Pick<JourneyEvent, 'kind' | 'title' | 'text' | 'poll_options'>, q: { user_id?: number }): Promise<MessagePreviewJson> {
    const { vars, session } = await this.subject(tag, q);
    const [named] = await this.named(tag.workspace_id, [eventMessage(event, vars, tag.name, { siteUrl: this.hubLink(tag, session) })]);
    return named!;
  }

  /**
   * Each message with the people it mentions ({@U…}, {manager} …) named as the pages name people, so its preview reads
   * as Slack shows it: "@Name".
   */
  private async named(workspaceId: number, messages: MessagePreviewJson[]): Promise<MessagePreviewJson[]> {
    const mentioned = messages.map((m) => mentionedUsers(JSON.stringify(m)));
    const found = await Promise.all([...new Set(mentioned.flat())].map((id) => this.s.people.bySlackId(workspaceId, id)));
    const names = new Map(found.flatMap((m) => (m ? [[m.slack_user_id, personJson(m).name] as const] : [])));
    return messages.map((m, i) => ({ ...m, user_names: Object.fromEntries(mentioned[i]!.flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : []))) }));
  }

  /** The hub link the message would carry, with a stand-in token (the session's, or 0 for a sample person). */
  private hubLink(tag: JourneyTag, session: { id: number } | undefined | null): string | undefined {
    return hubLink(this.s.config, tag, { workspaceId: tag.workspace_id, sessionId: session?.id ?? 0, memberId: 0 }, 'preview');
  }

  /**
   * The dry run. For an enrolled participant (no other start date or zone asked for) it is their real calendar: each
   * of their session's events in its state (sent, skipped, deleted, pending …) at the instant it went or will go — a
   * move by hand, a catch-up, a zone change included — read from the rows the sender claims. Otherwise (a would-be
   * participant, a start date and zone) each active event of the journey as it would be timed by plan.ts, the code
   * that generates those rows.
   */
  async dryRun(auth: AuthContext, id: number, flow: RouteFlowType, query: unknown): Promise<DryRunAnswer> {
    const tag = await requireJourney(auth, this.policy, id, 'edit', flow);
    const q = parse(dryRunQuery, query);
    const ws = tag.workspace_id;
    const { now, roles, participant, session, timed, vars, pageText } = await this.subject(tag, q);
    const pastStartPolicy = session?.past_start_policy ?? tag.past_start_policy;
    const events = await this.journeys.events(ws, tag.id);
    // Channels by name, as the page shows them (a channel Hearth has not synced yet stays "a channel").
    const channelIds = [...new Set(events.map((e) => e.channel_id ?? tag.channel_id).filter((c): c is string => c !== null))];
    const channelNames = new Map(await Promise.all(channelIds.map(async (c) => [c, (await this.s.channels.byId(ws, c))?.name] as const)));
    const channelLabel = (c: string | null) => (c ? (channelNames.get(c) ? `#${channelNames.get(c)}` : 'a channel') : 'the journey channel');
    // Why it was or will be skipped, as the People tab says it: a would-be participant's days already past are skipped
    // at enrolment when the journey skips those (else caught up).
    const skipOf = (past: boolean, row?: Pick<JourneySessionEvent, 'state' | 'note' | 'skipped_role'>) => {
      const skip = row ?? (past && pastStartPolicy === 'skip' ? { state: 'skipped' as const, note: 'past', skipped_role: null } : null);
      return skip ? skipReason(skip) : null;
    };
    const item = (e: JourneyEvent, zone: string, at: Date, occursOn: string, minuteInDay: number, row?: Pick<JourneySessionEvent, 'id' | 'state' | 'note' | 'skipped_role' | 'rescheduled'>): DryRunItem => ({
      event_id: e.id,
      session_event_id: row?.id ?? null,
      state: row?.state ?? 'planned',
      note: row?.note ?? null,
      skip_reason: skipOf(at.getTime() < now.getTime(), row),
      rescheduled: row?.rescheduled ?? false,
      kind: e.kind,
      title: pageText(e.title),
      text: fillText(e.text, vars),
      preview: eventMessage(e, vars, tag.name, { siteUrl: this.hubLink(tag, session) }),
      recipient_type: e.recipient_type,
      recipient_label: e.recipient_type === 'channel' ? channelLabel(e.channel_id ?? tag.channel_id) : e.recipient_type === 'cohortChannel' ? 'Cohort channel' : (roles.find((r) => r.id === e.role_id)?.name ?? 'Unknown role'),
      role_id: e.role_id,
      days_later: e.days_later,
      occurs_on: occursOn,
      minute_in_day: minuteInDay,
      local_time: formatMinute(minuteInDay),
      time_zone: zone,
      at: at.toISOString(),
      weekday: weekdayOf(parseLocalDate(occursOn)),
      past: at.getTime() < now.getTime(),
    });
    const items: DryRunItem[] = [];
    if (session && q.start_date === undefined && q.time_zone === undefined) {
      const byId = new Map(events.map((e) => [e.id, e]));
      for (const se of await this.repo.sessionEvents(ws, [session.id])) {
        const e = byId.get(se.event_id);
        if (!e) continue;
        const zone = recipientZones(timed, e)[0]!;
        // One turned off for this person that is still pending is skipped when its time comes, as 'inactive'.
        const row = se.state === 'pending' && !se.active ? { ...se, state: 'skipped' as const, note: se.note ?? 'inactive' } : se;
        if (se.sent_at && row.state === 'sent') {
          const sent = new Date(se.sent_at);
          const local = instantToZoned(sent, zone);
          items.push(item(e, zone, sent, formatLocalDate(local.date), local.minuteOfDay, row));
        } else items.push(item(e, zone, localInstant(se.occurs_on, se.minute_in_day, zone), se.occurs_on, se.minute_in_day, row));
      }
    } else {
      for (const e of events) {
        if (!e.active) continue;
        const t = timingOf(timed, e);
        const zone = t.zones[0]!;
        items.push(item(e, zone, localInstant(t.occursOn, t.minuteInDay, zone), t.occursOn, t.minuteInDay));
      }
    }
    items.sort((a, b) => a.at.localeCompare(b.at) || a.event_id - b.event_id);
    const previews = await this.named(ws, items.map((i) => i.preview));
    items.forEach((i, k) => (i.preview = previews[k]!));
    return { start_date: timed.start_date, time_zone: timed.time_zone, participant: participant ? personJson(participant) : null, past_start_policy: pastStartPolicy, session_id: session && q.start_date === undefined && q.time_zone === undefined ? session.id : null, items };
  }

  /** Enrols a sandbox person (the admin, or a chosen member) starting on the next work day; other roles get someone else. */
  async tryInSandbox(auth: AuthContext, id: number, flow: RouteFlowType, input: unknown): Promise<TryInSandboxAnswer> {
    const tag = await requireJourney(auth, this.policy, id, 'edit', flow);
    const userId = parse(tryBody, input).user_id;
    const ws = auth.workspace.id;
    if (!this.s.config.sandboxEnabled) throw badRequest('This works in the sandbox workspace only', { workspace: 'not a sandbox' });
    const participant = userId !== undefined ? await this.journeys.member(ws, userId) : auth.member;
    if (!participant) throw badRequest('user_id: is not a member of this workspace', { user_id: 'is not a member of this workspace' });
    const other = participant.id === auth.member.id ? await this.journeys.someoneElse(ws, participant.id) : auth.member;
    const roles = await this.journeys.roles(ws);
    const memberships = other ? tag.role_ids.filter((id) => !roles.find((r) => r.id === id)?.is_primary).map((role_id) => ({ role_id, member_id: other.id })) : [];
    const tz = participant.tz ?? auth.workspace.default_tz;
    const session = await this.s.events.transaction((trx, emit) =>
      this.sessions.createIn(trx, emit, {
        workspaceId: ws,
        tag,
        participantMemberId: participant.id,
        startDate: nextWorkDay(this.s.clock.now(), tz),
        memberships,
        isSandbox: true,
        createdByMemberId: auth.member.id,
        source: 'sandbox',
      }),
    );
    const [json] = await this.sessions.sessionsJson(ws, [session]);
    return { session: json!, sandbox_url: '/sandbox' };
  }

  /** The participant's Home tab section: their open tasks and polls and what comes next. */
  async homeBlocks(workspace: Workspace, member: Member): Promise<KnownBlock[]> {
    const ws = workspace.id;
    const sessions = await this.repo.sessions(ws, { participantMemberId: member.id, state: 'active', limit: 10 });
    const [tasks, polls] = await Promise.all([this.repo.tasksOf(ws, { memberId: member.id, state: 'incomplete' }), this.repo.pollsOf(ws, { memberId: member.id, open: true })]);
    if (!sessions.length && !tasks.length && !polls.length) return [];
    const tags = await Promise.all([...new Set(sessions.map((s) => s.tag_id))].map((id) => this.journeys.tag(ws, id)));
    const now = this.s.clock.now();
    // What comes next for them: pending events sent to a role they fill in that session.
    const mine = new Set((await this.repo.memberships(ws, sessions.map((s) => s.id))).filter((m) => m.member_id === member.id).map((m) => `${m.session_id}:${m.role_id}`));
    const events = (await this.repo.sessionEvents(ws, sessions.map((s) => s.id))).filter(
      (e) => e.active && e.state === 'pending' && new Date(e.due_at) > now && e.recipient_type === 'role' && mine.has(`${e.session_id}:${e.event_role_id}`),
    );
    const describe = async (sessionEventId: number) => {
      const se = (await this.repo.sessionEvent(ws, sessionEventId))!;
      return (await this.journeys.event(ws, se.event_id))!;
    };
    // Their hubs: the first message carries the link, and so do `/hearth journey` and the Home tab.
    const hubs = sessions.flatMap((session) => {
      const tag = tags.find((t) => t?.id === session.tag_id);
      const url = tag && hubLink(this.s.config, tag, { workspaceId: ws, sessionId: session.id, memberId: member.id }, now);
      return tag && url ? [{ journey: tag.name, url }] : [];
    });
    return homeSection({
      hubs,
      journeys: tags.filter((t): t is JourneyTag => t !== undefined).map((t) => t.name),
      upcoming: events.slice(0, 8).map((e) => ({ title: e.title, kind: e.kind as DryRunItem['kind'], occursOn: e.occurs_on, minuteInDay: e.minute_in_day, tz: member.tz ?? workspace.default_tz })),
      tasks: await Promise.all(tasks.slice(0, 10).map(async (t) => ({ id: t.id, title: (await describe(t.session_event_id)).title }))),
      polls: await Promise.all(polls.slice(0, 5).map(async (p) => {
        const e = await describe(p.session_event_id);
        return { id: p.id, question: e.text, options: e.poll_options };
      })),
    });
  }
}
