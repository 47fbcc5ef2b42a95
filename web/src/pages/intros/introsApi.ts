import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '../../api/client';
import { useOptimisticMutation } from '../../api/optimistic';
import { formatDay, formatTime, isTimeZone, type StatusTone } from '../../kit';
import type {
  CoffeePageData,
  CoffeeUpdateAnswer,
  IcebreakerJson,
  IcebreakerLibrary,
  MeetingState,
  MemberStatus,
  RoundPreview,
  RoundState,
} from '../../../../src/intros/api-types';

/** The shapes of src/intros/API.md: the server's own types. */
export type * from '../../../../src/intros/api-types';

export const coffeeKey = (id: string | number) => ['coffee', String(id)] as const;
export const previewKey = (id: string | number) => ['coffee', String(id), 'preview'] as const;
export const icebreakersKey = (id: string | number) => ['coffee', String(id), 'icebreakers'] as const;
const icebreakerLibraryKey = ['icebreakers', 'library'] as const;
/** The program lists of /all_channels and the sidebar (programsApi's keys start with it). */
const channelProgramsKey = ['channel_programs'] as const;

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
    queryKey: [...coffeeKey(id), list, params] as const,
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
    void queryClient.invalidateQueries({ queryKey: channelProgramsKey });
  };
}

/** Refetches the program's page (and the roster and round pages under its key). */
export function useRefreshCoffee(id: string | number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: coffeeKey(id) });
}

/**
 * PUT /coffee/{id}/update_as_json: saves settings (or is_active) and stores the answer. `toastOnError: false`
 * when the page shows the errors at their fields.
 */
export function useUpdateCoffee(id: string, options: { toastOnError?: boolean } = {}) {
  const store = useStoreCoffee(id);
  return useMutation({
    mutationFn: (coffee_configuration: Record<string, unknown>) =>
      api.put<CoffeeUpdateAnswer>(`/coffee/${id}/update_as_json`, { coffee_configuration }, { toastOnError: options.toastOnError }),
    onSuccess: store,
  });
}

/** PUT /teams/{id}: the workspace's pairing welcome message. */
export function useSaveWelcomeMessage(id: string, data: CoffeePageData) {
  const store = useStoreCoffee(id);
  return useMutation({
    mutationFn: (text: string) => api.put<{ team?: CoffeePageData['team'] }>(`/teams/${data.team.id}`, { team: { pairing_welcome_message: text } }),
    onSuccess: (answer, text) => store({ ...data, team: answer.team ?? { ...data.team, pairing_welcome_message: text } }),
  });
}

export type MemberStatusChange = 'active' | 'snoozed' | 'opted_out';

/** POST /coffee/{id}/update_users_status for one person (snoozing is for 14 days); refetches the page. */
export function useSetMemberStatus(id: string, configId: number) {
  const refresh = useRefreshCoffee(id);
  return useMutation({
    mutationFn: ({ slackUserId, status }: { slackUserId: string; status: MemberStatusChange }) =>
      api.post(`/coffee/${id}/update_users_status`, {
        user_uids: [slackUserId],
        status,
        coffee_configuration_id: configId,
        ...(status === 'snoozed' ? { days_to_snooze: 14 } : {}),
      }),
    onSuccess: refresh,
  });
}

/** POST /coffee/{id}/remind_users_to_pick_category_options → how many people were messaged. */
export function useRemindInterests(id: string) {
  return useMutation({
    mutationFn: async () => Number((await api.post<{ num_users_messaged: number }>(`/coffee/${id}/remind_users_to_pick_category_options`, {}))?.num_users_messaged ?? 0),
  });
}

/**
 * DELETE /coffee/{id}/destroy_ghosts_as_json, page after page until the server has none left. Answers how many
 * were removed; on a failure part way, `removedBefore` on the error says how many went first. Refetches the page.
 */
export function useRemoveGhosts(id: string) {
  const refresh = useRefreshCoffee(id);
  return useMutation({
    mutationFn: async () => {
      let removed = 0;
      try {
        let page: number | null = 1;
        for (let guard = 0; page !== null && guard < 100; guard++) {
          const answer: { removed: number; next_page: number | null } = await api.delete(`/coffee/${id}/destroy_ghosts_as_json`, { body: { page } });
          removed += Number(answer?.removed ?? 0);
          page = answer?.next_page ?? null;
        }
      } catch (error) {
        throw Object.assign(error instanceof Error ? error : new Error(String(error)), { removedBefore: removed });
      }
      return removed;
    },
    onSettled: refresh,
  });
}

/** PUT /coffee_meetings/{id}: how a meeting went; refetches the program's page. */
export function useSetMeetingState(id: string) {
  const refresh = useRefreshCoffee(id);
  return useMutation({
    mutationFn: ({ meetingId, state }: { meetingId: number; state: MeetingState }) => api.put(`/coffee_meetings/${meetingId}`, { state }),
    onSuccess: refresh,
  });
}

/** GET /coffee/{id}/preview_next_round. */
export const roundPreviewQuery = (id: string) =>
  queryOptions({ queryKey: previewKey(id), queryFn: () => api.get<RoundPreview>(`/coffee/${id}/preview_next_round`, { toastOnError: false }) });

/** GET /coffee/{id}/icebreakers: the program's icebreakers. */
export const icebreakersQuery = (programId: string) =>
  queryOptions({
    queryKey: icebreakersKey(programId),
    queryFn: async () => (await api.get<{ icebreakers: IcebreakerJson[] }>(`/coffee/${programId}/icebreakers`, { toastOnError: false })).icebreakers ?? [],
  });

/** GET /icebreakers/index_no_config: the library and its themes (rarely changes). */
export const icebreakerLibraryQuery = queryOptions({
  queryKey: icebreakerLibraryKey,
  queryFn: () => api.get<IcebreakerLibrary>('/icebreakers/index_no_config', { toastOnError: false }),
  staleTime: 10 * 60_000,
});

/** PUT /coffee/{id}/icebreakers/{icebreaker}: on or off, shown at once and put back if it fails. */
export function useToggleIcebreaker(programId: string) {
  return useOptimisticMutation<{ icebreakerId: number; active: boolean }, unknown, IcebreakerJson[]>({
    queryKey: icebreakersKey(programId),
    mutationFn: ({ icebreakerId, active }) => api.put(`/coffee/${programId}/icebreakers/${icebreakerId}`, { icebreaker: { active } }),
    apply: (list, { icebreakerId, active }) => list?.map((i) => (i.id === icebreakerId ? { ...i, active } : i)),
    invalidate: false,
  });
}

/** POST /coffee/{id}/icebreakers: one of your own, or one from the library. */
export function useAddIcebreaker(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (icebreaker: { question: string; theme: string } | { library_key: string }) =>
      api.post<{ icebreaker: IcebreakerJson }>(`/coffee/${programId}/icebreakers`, { icebreaker }),
    onSuccess: (answer) => queryClient.setQueryData<IcebreakerJson[]>(icebreakersKey(programId), (old) => [...(old ?? []), answer.icebreaker]),
  });
}

export const STATE_LABELS: Record<MeetingState, string> = {
  pending: 'Waiting to hear',
  met: 'Met',
  not_yet: 'Not yet',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

/** What each state means to the reader, for its StatusPill. */
export const STATE_TONES: Record<MeetingState, StatusTone> = { pending: 'info', met: 'success', not_yet: 'warning', skipped: 'neutral', cancelled: 'neutral' };

export const ROUND_STATE_LABELS: Record<RoundState, string> = {
  pending: 'Scheduled',
  sent: 'Sent',
  skipped: 'Skipped',
  failed: 'Failed',
};

export const ROUND_STATE_TONES: Record<RoundState, StatusTone> = { pending: 'info', sent: 'success', skipped: 'neutral', failed: 'error' };

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  snoozed: 'Snoozed',
  opted_out: 'Opted out',
  ghost: 'Ghost',
  ineligible: 'Not eligible',
};

export const MEMBER_STATUS_TONES: Record<MemberStatus, StatusTone> = { active: 'success', snoozed: 'info', opted_out: 'neutral', ghost: 'warning', ineligible: 'neutral' };

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

