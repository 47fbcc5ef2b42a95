// Rows → the API's JSON (api-types.ts). Pure.
import type { Member } from '../db/types.js';
import { personJson as personRef } from '../people/name.js';
import type { Delivery } from '../outbox/api-types.js';
import type {
  EventType,
  FlowType,
  FlowTypeJson,
  InvolvedRoleJson,
  JourneyLimitsJson,
  MembershipJson,
  PersonJson,
  PollResponseJson,
  PresetBundleJson,
  PresetCategoryJson,
  PresetEventJson,
  PresetJson,
  RoleJson,
  RouteFlowType,
  ScheduleEventJson,
  SessionEventJson,
  SessionJson,
  TagJson,
  TaskAssignmentJson,
} from './api-types.js';
import { FLOW_TYPES } from './api-types.js';
import { CATEGORIES, PRESETS, PRIMARY_ROLE, ROLE_DEFAULTS, type LibraryBundle, type LibraryCategory, type LibraryEvent, type LibraryPreset } from './library.js';
import { presetSpan } from './presets.js';
import type { JourneyEvent, JourneyMembership, JourneyPollResponse, JourneyRole, JourneySession, JourneySessionEvent, JourneyTag, JourneyTaskAssignment } from './tables.js';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export const routeFlowType = (f: FlowType): RouteFlowType => (f === 'onboarding' ? 'onboarding' : 'participants');

const FLOW_LABEL: Record<FlowType, string> = { onboarding: 'Onboarding', events: 'Events', mentorship: 'Mentorship', training: 'Training', offboarding: 'Offboarding', other: 'Other' };

export function flowTypeJson(f: FlowType): FlowTypeJson {
  return { flow_type: f, label: FLOW_LABEL[f], routeResource: routeFlowType(f), is_onboarding: f === 'onboarding', primaryRolePlural: f === 'onboarding' ? PRIMARY_ROLE.onboarding.plural_name : PRIMARY_ROLE.other.plural_name };
}
export const allFlowTypes = (): FlowTypeJson[] => FLOW_TYPES.map(flowTypeJson);

export function personJson(m: Member): PersonJson {
  return { ...personRef(m), tz: m.tz };
}

export function roleJson(r: JourneyRole): RoleJson {
  return { id: r.id, purpose: r.purpose, primary: r.is_primary, name: r.name, plural_name: r.plural_name };
}

export function tagJson(
  t: JourneyTag,
  extra: { roles: JourneyRole[]; permissionUsers: Member[]; involvedRoleIds: number[]; counts: { events: number; active_events: number; sessions: number; active_sessions: number } },
): TagJson {
  const roleById = new Map(extra.roles.map((r) => [r.id, r]));
  return {
    id: t.id,
    name: t.name,
    flow_type: t.flow_type,
    route_flow_type: routeFlowType(t.flow_type),
    roleIds: t.role_ids,
    role_selection_settings: t.role_selection_settings,
    permission_users: extra.permissionUsers.map(personJson),
    involved_roles: extra.involvedRoleIds.map((id) => roleById.get(id)).filter((r): r is JourneyRole => r !== undefined).map(roleJson),
    archived: t.archived,
    channel_id: t.channel_id,
    auto_enroll: t.auto_enroll,
    past_start_policy: t.past_start_policy,
    preset_bundle_id: t.preset_bundle_id,
    cohort_channels: t.cohort_channels,
    self_enroll: t.self_enroll,
    num_events: extra.counts.events,
    num_active_events: extra.counts.active_events,
    num_sessions: extra.counts.sessions,
    num_active_sessions: extra.counts.active_sessions,
    created_at: iso(t.created_at)!,
  };
}

export function eventTypeOf(e: Pick<JourneyEvent, 'kind' | 'recipient_type'>): EventType {
  if (e.recipient_type !== 'role') return 'messaging';
  return e.kind === 'task' ? 'task' : e.kind === 'poll' ? 'poll' : e.kind === 'intro' ? 'intro' : 'messaging';
}

export function eventJson(e: JourneyEvent, occursOn: string | null = null): ScheduleEventJson {
  return {
    id: e.id,
    type: 'OnboardingScheduleEvent',
    kind: e.kind,
    active: e.active,
    held_by_plan: e.held_by_plan,
    days_later: e.days_later,
    minute_in_day: e.minute_in_day,
    recipient_type: e.recipient_type,
    role: e.role_id,
    role_ids: e.role_ids,
    tag_ids: [e.tag_id],
    channel_id: e.channel_id,
    channel_send: e.recipient_type === 'channel',
    batch_channel_send: e.recipient_type === 'cohortChannel',
    event_type: eventTypeOf(e),
    group: e.group_name,
    title: e.title,
    text: e.text,
    poll_options: e.poll_options,
    preset_id: e.preset_id,
    occurs_on: occursOn,
    skipped: false,
    manually_sendable: e.active,
    updated_at: iso(e.updated_at)!,
  };
}

/** Involved roles of a library preset: by purpose, with this workspace's role where it has one. */
export function involvedRoles(preset: LibraryPreset, flowType: FlowType | null, roles: JourneyRole[]): InvolvedRoleJson[] {
  const purposes = new Set<string>();
  for (const e of preset.events) {
    if (e.recipient) purposes.add(e.recipient);
    for (const p of e.about) purposes.add(p);
  }
  return [...purposes].map((purpose) => {
    if (purpose === 'primary') {
      const names = flowType === 'onboarding' || (flowType === null && preset.flow_types.includes('onboarding')) ? PRIMARY_ROLE.onboarding : PRIMARY_ROLE.other;
      const role = roles.find((r) => r.is_primary && r.name === names.name);
      return { id: role?.id ?? null, purpose: 'primary', ...names };
    }
    const defaults = ROLE_DEFAULTS[purpose as keyof typeof ROLE_DEFAULTS];
    const role = roles.find((r) => r.purpose === purpose);
    return { id: role?.id ?? null, purpose: purpose as InvolvedRoleJson['purpose'], name: role?.name ?? defaults.name, plural_name: role?.plural_name ?? defaults.plural_name };
  });
}

export function presetEventJson(presetId: number, e: LibraryEvent, inUse?: boolean): PresetEventJson {
  return {
    id: e.id,
    preset_id: presetId,
    kind: e.kind,
    days_later: e.days_later,
    minute_in_day: e.minute_in_day,
    recipient_type: e.recipient_type,
    recipient_purpose: e.recipient,
    about_purposes: e.about,
    title: e.title,
    text: e.text,
    poll_options: e.poll_options ?? [],
    ...(inUse === undefined ? {} : { in_use: inUse }),
  };
}

export function presetJson(p: LibraryPreset, opts: { flowType?: FlowType; roles?: JourneyRole[]; state?: { selected: boolean; edited: boolean }; inUse?: Set<number> } = {}): PresetJson {
  return {
    id: p.id,
    category_id: p.category_id,
    name: p.name,
    description: p.description,
    flow_types: p.flow_types,
    involvedRoles: involvedRoles(p, opts.flowType ?? null, opts.roles ?? []),
    events: p.events.map((e) => presetEventJson(p.id, e, opts.inUse ? opts.inUse.has(e.id) : undefined)),
    ...(p.custom ? { custom: true } : {}),
    ...(opts.state ? { selected: opts.state.selected, edited: opts.state.edited } : {}),
  };
}

export function categoryJson(c: LibraryCategory): PresetCategoryJson {
  return { id: c.id, name: c.name, description: c.description, flow_types: c.flow_types, num_presets: PRESETS.filter((p) => p.category_id === c.id).length };
}
export const allCategories = (): PresetCategoryJson[] => CATEGORIES.map(categoryJson);

export function bundleJson(b: LibraryBundle, roles: JourneyRole[] = []): PresetBundleJson {
  return {
    id: b.id,
    name: b.name,
    description: b.description,
    flow_type: b.flow_type,
    presets: b.preset_ids
      .map((id) => PRESETS.find((p) => p.id === id))
      .filter((p): p is LibraryPreset => p !== undefined)
      .map((p) => ({
        id: p.id,
        name: p.name,
        active: true,
        involved_roles: involvedRoles(p, b.flow_type, roles),
        ...presetSpan(p),
        num_events: p.events.length,
        events: p.events.map((e) => ({ ...presetEventJson(p.id, e), requirements: e.requirements ?? [] })),
      })),
  };
}

/** What the People tab calls a skip's reason, by the note the skip left ('past': a day already gone when they were enrolled). */
const SKIP_REASONS: Record<string, string> = {
  inactive: 'turned off',
  past: 'already past at enrolment',
  channels_not_selected: 'no channel chosen',
  strategic_connections_not_selected: 'no connections chosen',
  'no cohort': 'no cohort',
  'session not active': 'session had ended',
};

/**
 * Why a session event was skipped, in words: for a role nobody filled, that role as it was named when the message
 * was skipped ("no manager"), so the reason stays true when the roles change later; null unless it was skipped.
 */
export function skipReason(se: Pick<JourneySessionEvent, 'state' | 'note' | 'skipped_role'>): string | null {
  if (se.state !== 'skipped') return null;
  if (se.note === 'missing_role') {
    const name = se.skipped_role;
    // "Manager" reads "no manager"; an initialism ("IT buddy") keeps its capitals.
    return name ? `no ${/^\p{Lu}\p{Ll}/u.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name}` : 'nobody in the role';
  }
  return (se.note && SKIP_REASONS[se.note]) ?? 'skipped';
}

export function sessionEventJson(se: JourneySessionEvent & { kind: string; title: string; skip_reason: string | null }, delivery: Delivery | null): SessionEventJson {
  return {
    id: se.id,
    session_id: se.session_id,
    event_id: se.event_id,
    kind: se.kind as SessionEventJson['kind'],
    title: se.title,
    active: se.active,
    state: se.state,
    occurs_on: se.occurs_on,
    minute_in_day: se.minute_in_day,
    occurs_at: iso(se.due_at)!,
    rescheduled: se.rescheduled,
    triggering: se.triggering,
    sent_at: iso(se.sent_at),
    skip_reason: se.skip_reason,
    delivery,
  };
}

export function membershipJson(m: JourneyMembership & { member: Member | null }): MembershipJson {
  return { id: m.id, role_id: m.role_id, user: m.member ? personJson(m.member) : null, role_selection: m.role_selection };
}

export function sessionJson(
  s: JourneySession,
  memberships: Array<JourneyMembership & { member: Member | null }>,
  events: Array<JourneySessionEvent & { kind: string; title: string }>,
  deliveries: Map<number, Delivery>,
  participant: Member | null,
): SessionJson {
  return {
    id: s.id,
    tag_id: s.tag_id,
    start_date: s.start_date,
    time_zone: s.time_zone,
    time_zone_source: s.time_zone_source,
    state: s.state,
    past_start_policy: s.past_start_policy,
    participant: participant ? personJson(participant) : null,
    memberships: memberships.map(membershipJson),
    session_events: events.map((e) => sessionEventJson({ ...e, skip_reason: skipReason(e) }, deliveries.get(e.id) ?? null)),
    cohort_id: s.cohort_id,
    is_sandbox: s.is_sandbox,
    created_at: iso(s.created_at)!,
  };
}

export function taskJson(t: JourneyTaskAssignment, event: { title: string; text: string }, assignee: Member | null): TaskAssignmentJson {
  return {
    id: t.id,
    session_id: t.session_id,
    session_event_id: t.session_event_id,
    title: event.title,
    text: event.text,
    state: t.state,
    assignee: assignee ? personJson(assignee) : null,
    completed_at: iso(t.completed_at),
    source: t.source,
    reminders_sent: t.reminders_sent,
  };
}

export function pollJson(p: JourneyPollResponse, event: { text: string; poll_options: string[] }, respondent: Member | null): PollResponseJson {
  return {
    id: p.id,
    session_id: p.session_id,
    session_event_id: p.session_event_id,
    question: event.text,
    options: event.poll_options,
    answer_index: p.answer_index,
    respondent: respondent ? personJson(respondent) : null,
    answered_at: iso(p.answered_at),
    source: p.source,
  };
}

export function limitsJson(limits: { journeys: number | null; journeyMessages: number | null }, paid: boolean, active: number): JourneyLimitsJson {
  return { paid, journeys: limits.journeys, journeys_active: active, journey_messages: limits.journeyMessages };
}
