import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { formatLongPlainDate, formatPlainDate, formatTime } from '../../kit';

/** The shapes of GET /celebrations/{id} and friends: the server's own types. */
export type * from '../../../../src/celebrations/api-types';
import type { CelebrationAnswer, CelebrationPreviewJson, EventsJson, NewHiresJson, ScheduleIndex, ScheduleType, LeapPolicy, WeekendPolicy } from '../../../../src/celebrations/api-types';

export const celebrationKey = (id: string) => ['celebrations', id] as const;
export const schedulesKey = (id: string, type: ScheduleType) => ['celebrations', id, 'schedules', type] as const;
export const eventsKey = (id: string, days: number) => ['celebrations', id, 'events', days] as const;
export const MY_SCHEDULES_KEY = ['celebration_schedules', 'mine'] as const;

export function useCelebration(id: string) {
  return useQuery({ queryKey: celebrationKey(id), queryFn: () => api.get<CelebrationAnswer>(`/celebrations/${id}`, { toastOnError: false }) });
}

export function useSchedules(id: string, type: ScheduleType) {
  return useQuery({
    queryKey: schedulesKey(id, type),
    queryFn: () => api.get<ScheduleIndex>('/celebration_schedules/index_as_json', { query: { celebration_program_id: id, schedule_type: type }, toastOnError: false }),
  });
}

export function useEvents(id: string, days: 30 | 60) {
  return useQuery({ queryKey: eventsKey(id, days), queryFn: () => api.get<EventsJson>(`/celebrations/${id}/events/index_as_json`, { query: { days }, toastOnError: false }) });
}

/**
 * POST /celebrations/{id}/preview_as_json: the messages the server's own builder makes from these (unsaved)
 * settings, fetched a moment after the last keystroke; the last good preview stays up meanwhile.
 */
export function usePreview(id: string, settings: Record<string, unknown>) {
  const key = JSON.stringify(settings);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), 300);
    return () => clearTimeout(timer);
  }, [key]);
  return useQuery({
    queryKey: ['celebrations', id, 'preview', settled],
    queryFn: ({ signal }) => api.post<CelebrationPreviewJson>(`/celebrations/${id}/preview_as_json`, JSON.parse(settled), { signal, toastOnError: false }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useNewHires() {
  return useQuery({ queryKey: ['upcoming_new_hires'], queryFn: () => api.get<NewHiresJson>('/upcoming_new_hires', { query: { days: 90 }, toastOnError: false }) });
}

// ---- wording shared by the pages ----------------------------------------------------------------------------------

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysIn(month: number): number {
  return DAYS_IN_MONTH[month - 1] ?? 31;
}

export const WEEKEND_POLICY_TEXT: Record<WeekendPolicy, { label: string; help: string }> = {
  friday_before: { label: 'The Friday before', help: 'Saturday and Sunday dates are celebrated on Friday, with a note saying so.' },
  on_the_day: { label: 'On the day', help: 'Weekend dates are posted on Saturday or Sunday.' },
  monday_after: { label: 'The Monday after', help: 'Saturday and Sunday dates are celebrated on Monday, with a note saying so.' },
};

export const LEAP_POLICY_TEXT: Record<LeapPolicy, string> = {
  feb28: 'February 28',
  mar1: 'March 1',
};

export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "Friday, March 6" from YYYY-MM-DD (a plain date: no zone), the kit's house style. */
export function longDate(iso: string): string {
  return formatLongPlainDate(iso);
}

/** "Fri, Mar 6". */
export function shortDate(iso: string): string {
  return formatPlainDate(iso);
}

/** "9:00 AM" in the program's zone. */
export function timeIn(instant: string, tz: string): string {
  return formatTime(instant, tz);
}

export function yearsText(n: number): string {
  return `${n} ${n === 1 ? 'year' : 'years'}`;
}

export function initials(name: string | null): string {
  return (name ?? '?')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
