// Test data for the program pages' tests (shapes of src/programs/service.ts and src/intros/API.md).
import type { CoffeePageData, CoffeeConfigurationJson, MemberJson } from '../intros/introsApi';
import type { ProgramJson } from '../programs/programsApi';

export function program(overrides: Partial<ProgramJson> = {}): ProgramJson {
  const id = overrides.id ?? 7;
  const type = overrides.type ?? 'CoffeeConfiguration';
  const controller = type === 'CoffeeConfiguration' ? 'coffee' : type === 'Watercooler' ? 'watercooler' : 'celebrations';
  return {
    id,
    type,
    is_active: true,
    channel: '#intros',
    channel_uid: 'C0INTRO',
    creator: { id: 1, name: 'Ada Lovelace' },
    owner: { id: 1, name: 'Ada Lovelace' },
    permission_users: [],
    num_participants: 12,
    next_occurrence_on: '2026-03-09',
    next_occurrence_on_days_from_now: 3,
    controller_path: `/${controller}/${id}`,
    page_path: type === 'CoffeeConfiguration' ? `/coffee/${id}` : `/${controller}/${id}/edit`,
    send_now_data: { allow_send_now: true, slack_url: 'https://engines.slack.com/archives/C0INTRO', isLoading: false },
    service_account: { paidFeatureAccess: false, paidCoffeeTrialAllowed: true },
    ...overrides,
  };
}

export function config(overrides: Partial<CoffeeConfigurationJson> = {}): CoffeeConfigurationJson {
  return {
    id: 7,
    pairing_type: 'topic_based',
    group_size: 3,
    enforce_group_size: true,
    claiming_allowed: false,
    period: 2,
    weekday: 1,
    occurrence_hour: 9,
    tz: 'America/New_York',
    next_fixed_meeting_on: null,
    next_fixed_meeting_time: null,
    calendar_scheduling_selection: 'groups-choose-meeting-time',
    video_platform: 'meet_and_teams',
    intro_message: 'Grab a coffee and get to know each other!',
    default_intro_type: 'custom',
    categories: [{ id: 3, name: 'Hiking', num_members: 2 }],
    next_run_at: '2026-03-09T13:00:00.000Z',
    next_occurrence_on: '2026-03-09',
    max_participants: 24,
    lottery_fixed_member_ids: [],
    hris_groups: 'none',
    paid_pairing_types: ['cross_group_pairing', 'within_group_pairing', 'lottery'],
    ...overrides,
  };
}

export function member(overrides: Partial<MemberJson> & Pick<MemberJson, 'id' | 'name'>): MemberJson {
  return {
    slack_user_id: `U${overrides.id}`,
    avatar_url: null,
    tz: 'UTC',
    status: 'active',
    status_reason: null,
    snoozed_until: null,
    category_ids: [],
    unanswered_in_a_row: 0,
    times_left_out: 0,
    last_intro_on: null,
    ...overrides,
  };
}

export function coffeePage(overrides: Partial<CoffeePageData> = {}): CoffeePageData {
  const members = overrides.members ?? [
    member({ id: 41, name: 'Ananya Iyer', category_ids: [3] }),
    member({ id: 42, name: 'Rohan Gupta' }),
    member({ id: 43, name: 'Lena Fischer', status: 'snoozed', snoozed_until: '2026-03-20' }),
    member({ id: 44, name: 'Jonas Weber', status: 'ghost', unanswered_in_a_row: 3 }),
  ];
  return {
    program: program({ service_account: { paidFeatureAccess: true, paidCoffeeTrialAllowed: false } }),
    config: config(),
    members,
    members_page: { page: 1, per: 50, total: members.length, next_page: null },
    member_counts: { active: 2, snoozed: 1, opted_out: 0, ghost: 1, ineligible: 0, need_categories: 1 },
    current_round: null,
    groups_page: null,
    rounds: [],
    team: { id: 1, pairing_welcome_message: 'Welcome to Intros!' },
    can_edit: true,
    hris_linked: false,
    planned_round: { people: 2, groups: 1 },
    ...overrides,
  };
}
