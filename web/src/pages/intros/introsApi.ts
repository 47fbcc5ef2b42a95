import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '../../api/client';
import { formatDay, formatTime, isTimeZone } from '../../kit';
import type { CoffeePageData, CoffeeUpdateAnswer, MeetingState, MemberStatus, RoundState } from '../../../../src/intros/api-types';

/** The shapes of src/intros/API.md: the server's own types. */
export type * from '../../../../src/intros/api-types';

export const coffeeKey = (id: string | number) => ['coffee', String(id)] as const;
export const previewKey = (id: string | number) => ['coffee', String(id), 'preview'] as const;
export const icebreakersKey = (id: string | number) => ['coffee', String(id), 'icebreakers'] as const;

/** GET /coffee/{id}: the program's page (the route table prefetches it). */
export const coffeeQuery = (id: string) => queryOptions({ queryKey: coffeeKey(id), queryFn: () => api.get<CoffeePageData>(`/coffee/${id}`, { toastOnError: false }) });

export function useCoffee(id: string | undefined) {
  return useQuery({ ...coffeeQuery(id ?? ''), enabled: Boolean(id) });
}

/**
 * A page of the roster or of a round's groups (GET /coffee/{id}/members or /groups). `first` is the first page
 * without search or filter, which GET /coffee/{id} already holds: shown as is when `params` ask for it, and
 * kept up (like the previous page) while another loads. Under coffeeKey, so refreshing the page refreshes these too.
 */
export function useCoffeeList<P>(id: string, list: 'members' | 'groups', params: QueryParams, first: P, isFirst: boolean): { data: P | undefined; isFetching: boolean; isError: boolean; refetch: () => void } {
  // Typed as unknown inside: react-query cannot narrow placeholder data of a type parameter.
  const query = useQuery({
    queryKey: [...coffeeKey(id), list, params],
    queryFn: () => api.get<unknown>(`/coffee/${id}/${list}`, { query: params, toastOnError: false }),
    enabled: !isFirst,
    placeholderData: (previous: unknown) => previous ?? first,
  });
  const refetch = () => void query.refetch();
  return isFirst ? { data: first, isFetching: false, isError: false, refetch } : { data: query.data as P | undefined, isFetching: query.isFetching, isError: query.isError, refetch };
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

/** An instant in the program's zone: "Mon, Mar 9, 9:00 AM" (the kit's date module). */
export function formatInstant(iso: string | null | undefined, tz: string | undefined, withTime = true): string {
  if (!iso) return '';
  const zone = tz && isTimeZone(tz) ? tz : 'UTC';
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  return withTime ? `${formatDay(iso, zone)}, ${formatTime(iso, zone)}` : formatDay(iso, zone);
}

export function percent(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return `${(value * 100).toFixed(digits)}%`;
}

