import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { CoffeePageData, CoffeeUpdateAnswer, MeetingState, MemberStatus, RoundState } from '../../../../src/intros/api-types';

/** The shapes of src/intros/API.md: the server's own types. */
export type * from '../../../../src/intros/api-types';

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
