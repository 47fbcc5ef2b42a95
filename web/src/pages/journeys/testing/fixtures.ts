import type { DryRunAnswer, RoleJson, ScheduleEventJson, TagDetail, TagJson } from '../api/journeysApi';

export const ROLES: RoleJson[] = [
  { id: 1, purpose: 'primary', primary: true, name: 'New hire', plural_name: 'New hires' },
  { id: 2, purpose: 'manager', primary: false, name: 'Manager', plural_name: 'Managers' },
  { id: 3, purpose: 'buddy', primary: false, name: 'Buddy', plural_name: 'Buddies' },
];

export function event(over: Partial<ScheduleEventJson> & { id: number }): ScheduleEventJson {
  return {
    type: 'OnboardingScheduleEvent',
    kind: 'message',
    active: true,
    held_by_plan: false,
    days_later: 0,
    minute_in_day: 540,
    recipient_type: 'role',
    role: 1,
    role_ids: [],
    tag_ids: [7],
    channel_id: null,
    channel_send: false,
    batch_channel_send: false,
    event_type: 'messaging',
    group: null,
    title: 'Welcome aboard',
    text: 'Welcome, {first_name}!',
    poll_options: [],
    preset_id: null,
    occurs_on: null,
    skipped: false,
    manually_sendable: true,
    updated_at: '2026-03-01T00:00:00Z',
    ...over,
  };
}

export function tag(over: Partial<TagJson> = {}): TagJson {
  return {
    id: 7,
    name: 'Engineering onboarding',
    flow_type: 'onboarding',
    route_flow_type: 'onboarding',
    roleIds: [1, 2, 3],
    role_selection_settings: {},
    permission_users: [],
    involved_roles: ROLES,
    archived: false,
    channel_id: null,
    auto_enroll: false,
    past_start_policy: 'catch_up',
    preset_bundle_id: null,
    cohort_channels: false,
    self_enroll: false,
    num_events: 4,
    num_active_events: 3,
    num_sessions: 2,
    num_active_sessions: 1,
    created_at: '2026-03-01T00:00:00Z',
    ...over,
  };
}

export function tagDetail(events: ScheduleEventJson[] = defaultEvents()): TagDetail {
  return {
    tag: tag(),
    flow_type: { flow_type: 'onboarding', label: 'Onboarding', routeResource: 'onboarding', is_onboarding: true, primaryRolePlural: 'New hires' },
    roles: ROLES,
    events,
    limits: { paid: true, journeys: null, journeys_active: 1, journey_messages: null },
    can_edit: true,
  };
}

export function defaultEvents(): ScheduleEventJson[] {
  return [
    event({ id: 11, title: 'Welcome aboard', days_later: 0, minute_in_day: 540 }),
    event({ id: 12, title: "Set up {first_name}'s laptop", kind: 'task', event_type: 'task', days_later: 0, minute_in_day: 600 }),
    event({ id: 13, title: 'Meet your buddy', kind: 'intro', event_type: 'intro', days_later: 2, role_ids: [3] }),
    event({ id: 14, title: 'How is week two going?', kind: 'poll', event_type: 'poll', days_later: 5, poll_options: ['Great', 'Okay', 'Hard'] }),
    event({ id: 15, title: 'Old checklist', active: false, days_later: 1, role: 2 }),
  ];
}

export const DRY_RUN: DryRunAnswer = {
  start_date: '2026-03-09',
  time_zone: 'Asia/Kolkata',
  participant: null,
  past_start_policy: 'catch_up',
  session_id: null,
  items: [
    { event_id: 11, session_event_id: null, state: 'planned', note: null, skip_reason: null, rescheduled: false, kind: 'message', title: 'Welcome aboard', text: 'Welcome!', recipient_type: 'role', recipient_label: 'New hire', role_id: 1, days_later: 0, occurs_on: '2026-03-09', minute_in_day: 540, local_time: '9:00 AM', time_zone: 'Asia/Kolkata', at: '2026-03-09T03:30:00.000Z', weekday: 1, past: false, preview: { text: 'Welcome!', blocks: [{ type: 'section', block_id: 'w', text: { type: 'mrkdwn', text: '*Welcome*, Ada!' } }] } },
    { event_id: 14, session_event_id: null, state: 'planned', note: null, skip_reason: null, rescheduled: false, kind: 'poll', title: 'How is week two going?', text: '…', recipient_type: 'role', recipient_label: 'New hire', role_id: 1, days_later: 5, occurs_on: '2026-03-16', minute_in_day: 540, local_time: '9:00 AM', time_zone: 'Asia/Kolkata', at: '2026-03-16T03:30:00.000Z', weekday: 1, past: false, preview: { text: 'Poll', blocks: [{ type: 'section', block_id: 'p', text: { type: 'mrkdwn', text: 'How is week two going?' } }] } },
  ],
};
