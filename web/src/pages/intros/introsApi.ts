import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { ProgramJson } from '../programs/programsApi';
import type { CalendarSelection, PairingType, VideoPlatform } from './settingsRules';

/** The shapes of src/intros/API.md. */
export interface CategoryJson {
  id?: number;
  name: string;
  num_members?: number;
}

export interface CoffeeConfigurationJson {
  id: number;
  pairing_type: PairingType;
  group_size: number;
  enforce_group_size: boolean;
  claiming_allowed: boolean;
  period: number;
  weekday: number;
  occurrence_hour: number;
  tz: string;
  next_fixed_meeting_on: string | null;
  next_fixed_meeting_time: string | null;
  calendar_scheduling_selection: CalendarSelection;
  video_platform: VideoPlatform;
  intro_message: string;
  default_intro_type: string;
  categories: CategoryJson[];
  next_run_at: string | null;
  next_occurrence_on: string | null;
  max_participants: number | null;
  paid_pairing_types: PairingType[];
}

export type MemberStatus = 'active' | 'snoozed' | 'opted_out' | 'ghost' | 'ineligible';

export interface MemberJson {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url: string | null;
  tz: string | null;
  status: MemberStatus;
  status_reason: string | null;
  snoozed_until: string | null;
  category_ids: number[];
  unanswered_in_a_row: number;
  times_left_out: number;
  last_intro_on: string | null;
}

export interface PersonJson {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url?: string | null;
}

export type MeetingState = 'pending' | 'met' | 'not_yet' | 'skipped' | 'cancelled';

export interface MeetingJson {
  id: number;
  round_id: number;
  state: MeetingState;
  reason: string;
  members: PersonJson[];
  answered_by: PersonJson | null;
  answered_at: string | null;
}

export type RoundState = 'pending' | 'sent' | 'skipped' | 'failed';

export interface RoundJson {
  id: number;
  number: number;
  scheduled_for: string;
  date: string;
  kind: 'scheduled' | 'send_now';
  state: RoundState;
  problem: { code: string; message: string } | null;
  num_candidates: number;
  num_groups: number;
  num_left_out: number;
  checkin_at: string | null;
  reminder_at: string | null;
  ends_at: string | null;
  closed: boolean;
  groups?: MeetingJson[];
}

export interface MemberCounts {
  active: number;
  snoozed: number;
  opted_out: number;
  ghost: number;
  ineligible: number;
  need_categories: number;
}

/** GET /coffee/{id} */
export interface CoffeePageData {
  program: ProgramJson;
  config: CoffeeConfigurationJson;
  members: MemberJson[];
  member_counts: MemberCounts;
  current_round: RoundJson | null;
  rounds: RoundJson[];
  team: { id: number; pairing_welcome_message: string | null };
  can_edit: boolean;
}

/** PUT /coffee/{id}/update_as_json */
export interface CoffeeUpdateAnswer extends CoffeePageData {
  adjusted: Record<string, string>;
}

/** GET /coffee/{id}/preview_next_round */
export interface RoundPreview {
  scheduled_for: string | null;
  round_number: number;
  groups: Array<{ members: PersonJson[]; reason: string }>;
  left_out: Array<{ member: PersonJson; code: string; why: string }>;
  excluded: Array<{ member: PersonJson; reason: string; why: string }>;
  problem: { code: string; message: string } | null;
  stats: { candidates: number; grouped: number; pairs: number; repeatPairs: number; method?: string };
}

export interface IcebreakerJson {
  id: number;
  question: string;
  theme: string;
  library_key: string | null;
  active: boolean;
}

export interface IcebreakerLibrary {
  themes: Array<{ key: string; label: string }>;
  icebreakers: Array<{ library_key: string; question: string; theme: string }>;
}

/** GET /reporting/{id}/pairing_show */
export interface PairingReport {
  batches: Array<{
    id: number;
    date: string;
    groups: Array<{ id: number; members: PersonJson[]; state: MeetingState; reason: string }>;
  }>;
  stats: {
    rounds: number;
    groups: number;
    met_rate: number;
    repeat_rate: number;
    coverage: number;
    longest_wait_rounds: number | null;
    participants: number;
  };
  maxPairsInBatch: number;
}

export const coffeeKey = (id: string | number) => ['coffee', String(id)] as const;
export const previewKey = (id: string | number) => ['coffee', String(id), 'preview'] as const;
export const icebreakersKey = (id: string | number) => ['coffee', String(id), 'icebreakers'] as const;

export function useCoffee(id: string | undefined) {
  return useQuery({
    queryKey: coffeeKey(id ?? ''),
    queryFn: () => api.get<CoffeePageData>(`/coffee/${id}`, { toastOnError: false }),
    enabled: Boolean(id),
  });
}

/** Puts a fresh page body (GET or PUT answer) into the cache, and refreshes the program lists. */
export function useStoreCoffee(id: string | number) {
  const queryClient = useQueryClient();
  return (data: CoffeePageData) => {
    const { adjusted: _adjusted, ...rest } = data as CoffeeUpdateAnswer;
    queryClient.setQueryData(coffeeKey(id), rest);
    void queryClient.invalidateQueries({ queryKey: ['channel_programs'] });
  };
}

export const STATE_LABELS: Record<MeetingState, string> = {
  pending: 'Waiting to hear',
  met: 'Met',
  not_yet: 'Not yet',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

export const ROUND_STATE_LABELS: Record<RoundState, string> = {
  pending: 'Scheduled',
  sent: 'Sent',
  skipped: 'Skipped',
  failed: 'Failed',
};

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  snoozed: 'Snoozed',
  opted_out: 'Opted out',
  ghost: 'Ghost',
  ineligible: 'Not eligible',
};

/** "9:00 AM" for an hour of the day. */
export function hourLabel(hour: number): string {
  const h = ((hour % 24) + 24) % 24;
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve}:00 ${h < 12 ? 'AM' : 'PM'}`;
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export function weekdayName(isoWeekday: number): string {
  return WEEKDAYS[isoWeekday - 1] ?? '';
}

/** How often rounds happen. */
export function periodLabel(period: number): string {
  if (period <= 0) return 'One round only';
  if (period === 1) return 'Every week';
  return `Every ${period} weeks`;
}

/** An instant in the program's zone: "Mon, Mar 9, 9:00 AM". */
export function formatInstant(iso: string | null | undefined, tz: string | undefined, withTime = true): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
      timeZone: tz || undefined,
    }).format(date);
  } catch {
    return date.toUTCString();
  }
}

export function percent(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return `${(value * 100).toFixed(digits)}%`;
}

export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}
