import type { Workspace } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import type { PersonJson, PollResponseJson, RouteFlowType, SessionEventJson, TaskAssignmentJson } from '../journeys/api-types.js';
import { parse } from '../http/validate.js';
import { localToday, occurrence, requireJourney, type JourneyEvent, type JourneySession, type JourneyTag, type JourneysPublic, type SessionOf, type SessionView } from '../journeys/public.js';
import { personJson } from '../people/name.js';
import { hasAccess, requireAccess, type AccessPolicy } from '../platform/access.js';
import { event } from '../platform/events/define.js';
import { formatLocalDate } from '../time/zoned.js';
import {
  HUB_MODULES,
  MODULE_LABELS,
  type HubEventJson,
  type HubFrameData,
  type HubModuleData,
  type HubPersonJson,
  type HubSiteAnswer,
  type HubSiteJson,
  type HubTemplate,
  type HubTimelineData,
  type HubTimelineStatus,
} from './api-types.js';
import type { HubDeps } from './deps.js';
import { hubSiteSaved } from './events.js';
import type { HubRepository } from './repository.js';
import { siteBody } from './schema.js';
import type { HubSite } from './tables.js';

/** A new journey's site: every module on, in the default order. */
export function defaultTemplate(): HubTemplate {
  return {
    modules: HUB_MODULES.map((type) => ({
      type,
      enabled: true,
      title: type === 'welcome' ? 'Welcome!' : MODULE_LABELS[type],
      text: type === 'welcome' ? "This is your journey hub: the people you'll meet, what's coming up and what to do next." : '',
      image_asset_id: null,
      links: [],
      channel_ids: [],
    })),
  };
}

/** Who is looking at one session's hub, and what they may do there. */
export interface HubViewer {
  workspace: Workspace;
  memberId: number;
  session: JourneySession;
  view: SessionView;
  /** The roles whose events and tasks the hub shows: the viewer's own in the session, else the participant's. */
  roleIds: Set<number>;
  tag: JourneyTag;
  site: HubSiteJson;
  isParticipant: boolean;
  isJourneyAdmin: boolean;
}

const slackUrl = (teamId: string, id: string) => `https://slack.com/app_redirect?team=${encodeURIComponent(teamId)}&channel=${encodeURIComponent(id)}`;
const imageUrl = (assetId: number | null) => (assetId === null ? null : `/onboarding/assets/${assetId}/file`);

/**
 * The journey hub (journeys.md §2, §4, §6): one site per journey, edited by its admins, shown per session to the
 * session's people. Published means the participants (primary role) may open it; the session's other roles and
 * the journey's admins always may. Tasks and polls are answered through Journeys' own service (source site).
 */
export class HubService {
  constructor(
    private readonly s: Pick<HubDeps, 'clock' | 'events' | 'channels'>,
    private readonly repo: HubRepository,
    readonly journeys: JourneysPublic,
  ) {}

  /**
   * A session's hub: seen by whoever may see the session (the journey's runners and the session's own people);
   * the session is no secret to a member of the workspace, so anyone else is told whose hub it is (403).
   */
  get policy(): AccessPolicy<SessionOf> {
    return { ...this.journeys.sessionPolicy, readForbidden: "This journey hub belongs to someone else's journey." };
  }

  // ---- the editor

  async site(tag: JourneyTag): Promise<HubSiteJson> {
    return siteJson(tag.id, await this.repo.site(tag.workspace_id, tag.id));
  }

  /** PUT on the site path: the template, the published flag or both, recorded as hub.site_saved. */
  async save(auth: AuthContext, tagId: number, flow: RouteFlowType, input: unknown): Promise<HubSiteJson> {
    const tag = await requireJourney(auth, this.journeys.policy, tagId, 'edit', flow);
    const body = parse(siteBody, input);
    const before = await this.site(tag);
    const row = await this.s.events.transaction(async (trx, emit) => {
      const saved = await this.repo.upsert(trx, { workspace_id: tag.workspace_id, tag_id: tag.id, template: body.template, defaultTemplate: defaultTemplate(), published: body.published, member_id: auth.member.id, now: this.s.clock.now() });
      await this.journeys.setHubPublishedIn(trx, tag.workspace_id, tag.id, saved.published);
      emit(
        event(hubSiteSaved, tag.workspace_id, {
          tagId: tag.id,
          memberId: auth.member.id,
          published: saved.published,
          templateChanged: body.template !== undefined,
          publishedChanged: body.published !== undefined && body.published !== before.published,
        }),
      );
      return saved;
    });
    return siteJson(tag.id, row);
  }

  /**
   * GET /{flow}/tags/{id}/site: the site editor's site and the preview's sample session (the viewer as the
   * participant), for those who run the journey; participants see their own session's hub at /site/{sessionId}.
   */
  async preview(auth: AuthContext, tagId: number, flow: RouteFlowType): Promise<HubSiteAnswer> {
    const tag = await requireJourney(auth, this.journeys.policy, tagId, 'edit', flow);
    const site = await this.site(tag);
    const now = this.s.clock.now();
    const tz = auth.member.tz ?? auth.workspace.default_tz;
    const start = formatLocalDate(localToday(now, tz));
    const person: PersonJson = { ...personJson(auth.member), tz: auth.member.tz };
    const me = this.person(auth.workspace, person);
    const roles = (await this.journeys.rolesJson(tag.workspace_id)).filter((r) => tag.role_ids.includes(r.id));
    const primary = new Set(roles.filter((r) => r.primary).map((r) => r.id));
    const forParticipant = (e: JourneyEvent) => e.active && (e.recipient_type !== 'role' || (e.role_id !== null && primary.has(e.role_id)));
    // The sample session's texts, filled for the admin as the participant by the same filler as a real session's hub.
    const fill = await this.journeys.sampleFiller(tag, auth.member, start);
    const events = (await this.journeys.events(tag.workspace_id, tag.id)).filter(forParticipant).map((e) => {
      const o = occurrence(start, e.days_later, e.minute_in_day, tz);
      return { e, json: { id: e.id, title: fill(e.title), kind: e.kind, occurs_on: o.occursOn, minute_in_day: o.minuteInDay, occurs_at: o.at.toISOString(), state: o.at < now ? 'sent' : 'pending' } satisfies HubEventJson };
    });
    events.sort((a, b) => a.json.occurs_at.localeCompare(b.json.occurs_at));
    const sample = { id: 0, session_id: 0, session_event_id: 0, source: null, mine: true };
    const data: HubModuleData = {
      people: { people: roles.map((r) => ({ role_id: r.id, role_name: r.name, purpose: r.purpose, primary: r.primary, person: r.primary ? me : null })) },
      events: splitEvents(events.map((x) => x.json)),
      tasks: { tasks: events.filter((x) => x.e.kind === 'task').map((x) => ({ ...sample, title: fill(x.e.title), text: fill(x.e.text), state: 'incomplete' as const, assignee: person, completed_at: null, reminders_sent: 0 })) },
      polls: { polls: events.filter((x) => x.e.kind === 'poll').map((x) => ({ ...sample, question: fill(x.e.text), options: x.e.poll_options, answer_index: null, respondent: person, answered_at: null })) },
      channels: { channels: await this.channels(auth.workspace, site, [tag.channel_id]) },
      timeline: timeline(start, events.map((x) => x.json), [], []),
    };
    const frame: HubFrameData = {
      session: { id: 0, journey_name: tag.name, start_date: start, time_zone: tz, state: 'active', participant: me },
      viewer: { member_id: auth.member.id, is_participant: true, is_journey_admin: true },
      published: site.published,
      modules: modulesOf(site),
    };
    return { site, journey_name: tag.name, preview: { frame, data } };
  }

  // ---- one session's hub

  /**
   * Who may open session `sessionId`'s hub: another workspace's session is not found (404); the journey's admins
   * and the session's people in its other roles always may; its participants (primary role) once it is published;
   * anyone else is refused (403, the hub's policy).
   */
  async viewer(auth: AuthContext, sessionId: number): Promise<HubViewer> {
    const { session, tag } = await requireAccess(auth, this.policy, sessionId, 'read');
    const [view, site, isJourneyAdmin] = await Promise.all([this.journeys.sessionView(session, tag), this.site(tag), hasAccess(auth, this.journeys.policy, tag, 'edit')]);
    const primary = new Set(view.roles.filter((r) => r.primary).map((r) => r.id));
    const mine = view.session.memberships.filter((m) => m.user?.id === auth.member.id);
    const isParticipant = mine.some((m) => primary.has(m.role_id));
    const otherRole = mine.some((m) => !primary.has(m.role_id));
    if (!isJourneyAdmin && !otherRole && !site.published) throw new HttpError(403, "This journey's hub isn't published yet.");
    const roleIds = new Set(mine.length ? mine.map((m) => m.role_id) : primary);
    return { workspace: auth.workspace, memberId: auth.member.id, session, view, roleIds, tag, site, isParticipant, isJourneyAdmin };
  }

  frame(v: HubViewer): HubFrameData {
    return {
      session: {
        id: v.session.id,
        journey_name: v.tag.name,
        start_date: v.session.start_date,
        time_zone: v.session.time_zone,
        state: v.session.state,
        participant: v.view.session.participant && this.person(v.workspace, v.view.session.participant),
      },
      viewer: { member_id: v.memberId, is_participant: v.isParticipant, is_journey_admin: v.isJourneyAdmin },
      published: v.site.published,
      modules: modulesOf(v.site),
    };
  }

  async moduleData<K extends keyof HubModuleData>(v: HubViewer, module: K): Promise<HubModuleData[K]> {
    return (await this.data[module](v)) as HubModuleData[K];
  }

  private readonly data: { [K in keyof HubModuleData]: (v: HubViewer) => Promise<HubModuleData[K]> } = {
    people: async (v) => {
      const people = v.view.session.memberships.map((m) => {
        const r = v.view.roles.find((x) => x.id === m.role_id);
        return { role_id: m.role_id, role_name: r?.name ?? 'Role', purpose: r?.purpose ?? 'other', primary: r?.primary ?? false, person: m.user && this.person(v.workspace, m.user) };
      });
      // The participant first, then the other roles in the journey's order.
      const order = (roleId: number) => (v.tag.role_ids.indexOf(roleId) + 1 || 99) - (people.find((p) => p.role_id === roleId)?.primary ? 100 : 0);
      return { people: people.sort((a, b) => order(a.role_id) - order(b.role_id)) };
    },
    events: async (v) => splitEvents(sessionEvents(v)),
    tasks: async (v) => ({ tasks: v.view.tasks.filter((t) => forViewer(v, t.session_event_id)).map((t) => ({ ...t, mine: t.assignee?.id === v.memberId })) }),
    polls: async (v) => ({ polls: v.view.polls.filter((p) => forViewer(v, p.session_event_id)).map((p) => ({ ...p, mine: p.respondent?.id === v.memberId })) }),
    channels: async (v) => ({ channels: await this.channels(v.workspace, v.site, [v.tag.channel_id, await this.journeys.cohortChannel(v.session)]) }),
    timeline: async (v) => {
      // The viewer's own task or poll of each event (an admin sees the participant's).
      const pick = <T extends { session_event_id: number }>(rows: T[], mine: (r: T) => boolean) => rows.filter((r) => forViewer(v, r.session_event_id)).sort((a, b) => Number(mine(b)) - Number(mine(a)));
      return timeline(v.session.start_date, sessionEvents(v), pick(v.view.tasks, (t) => t.assignee?.id === v.memberId), pick(v.view.polls, (p) => p.respondent?.id === v.memberId));
    },
  };

  private person(ws: Workspace, p: PersonJson): HubPersonJson {
    return { ...p, slack_url: slackUrl(ws.team_id, p.slack_user_id) };
  }

  /** The journey's channel, the cohort's and the site's own list, with their names (unknown ones left out). */
  private async channels(ws: Workspace, site: HubSiteJson, extra: Array<string | null>) {
    const listed = site.template.modules.find((m) => m.type === 'channels')?.channel_ids ?? [];
    const ids = [...new Set([...extra.filter((c): c is string => c !== null), ...listed])];
    const found = await Promise.all(ids.map((id) => this.s.channels.byId(ws.id, id)));
    return found.filter((c) => c && !c.is_archived).map((c) => ({ id: c!.channel_id, name: c!.name, slack_url: slackUrl(ws.team_id, c!.channel_id) }));
  }
}

/** A saved site; modules added to the hub since it was saved come last, switched off. */
function siteJson(tagId: number, row: HubSite | undefined): HubSiteJson {
  const saved = row?.template.modules ?? defaultTemplate().modules;
  const added = defaultTemplate().modules.filter((m) => !saved.some((s) => s.type === m.type));
  return {
    tag_id: tagId,
    published: row?.published ?? false,
    template: { modules: [...saved, ...added.map((m) => ({ ...m, enabled: false }))] },
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

const modulesOf = (site: HubSiteJson): HubFrameData['modules'] => site.template.modules.filter((m) => m.enabled).map((m) => ({ ...m, image_url: imageUrl(m.image_asset_id) }));

/** Whether a session event goes to the roles the hub shows (or to a channel, which everyone sees). */
function forViewer(v: HubViewer, sessionEventId: number): boolean {
  const role = v.view.recipients.get(sessionEventId);
  return role === null || role === undefined || v.roleIds.has(role);
}

/** The session events the viewer's roles get (and channel posts), not deleted or skipped, soonest first. */
function sessionEvents(v: HubViewer): HubEventJson[] {
  return v.view.session.session_events
    .filter((e: SessionEventJson) => e.active && e.state !== 'deleted' && e.state !== 'skipped' && forViewer(v, e.id))
    .map((e) => ({ id: e.id, title: e.title, kind: e.kind, occurs_on: e.occurs_on, minute_in_day: e.minute_in_day, occurs_at: e.occurs_at, state: e.state }))
    .sort((a, b) => a.occurs_at.localeCompare(b.occurs_at));
}

/** Upcoming: not sent yet (soonest first); past: sent (latest first). */
function splitEvents(events: HubEventJson[]) {
  return { upcoming: events.filter((e) => e.state !== 'sent'), past: events.filter((e) => e.state === 'sent').reverse() };
}

/**
 * The journey's timeline: its start, then each event with what became of it — coming up, sent, and for a task or a
 * poll whether it is done or answered yet (the first of `tasks` / `polls` for an event is the one shown).
 */
function timeline(startDate: string, events: HubEventJson[], tasks: Array<Pick<TaskAssignmentJson, 'session_event_id' | 'state'>>, polls: Array<Pick<PollResponseJson, 'session_event_id' | 'answer_index'>>): HubTimelineData {
  const statusOf = (e: HubEventJson): HubTimelineStatus => {
    if (e.state !== 'sent') return 'coming_up';
    if (e.kind === 'task') return tasks.find((t) => t.session_event_id === e.id)?.state === 'complete' ? 'done' : 'to_do';
    if (e.kind === 'poll') return polls.find((p) => p.session_event_id === e.id)?.answer_index != null ? 'answered' : 'to_answer';
    return 'sent';
  };
  const start = { id: 0, title: 'Your journey starts', kind: 'start', occurs_on: startDate, minute_in_day: 0, occurs_at: `${startDate}T00:00:00.000Z`, state: 'sent', status: 'started' as const, start: true };
  return { items: [start, ...events.map((e) => ({ ...e, status: statusOf(e) }))] };
}
