import { useQueryClient } from '@tanstack/react-query';
import { celebrationKey, initials, type ScheduleType } from '../celebrationsApi';

/** programs.md §8. */
export const SAVE_ERROR_TEXT = 'Error saving settings. Please try again.';
export const PEOPLE_SEARCH = { path: '/people/search' };

export const pad = (n: number) => String(n).padStart(2, '0');

export function Avatar({ name, url }: { name: string | null; url: string | null }) {
  return url ? <img className="cel-avatar" src={url} alt="" /> : <span className="cel-avatar cel-avatar-initials">{initials(name)}</span>;
}

/** Reloads what a change touched: everything, the program, or one kind's dates (and what is coming up). */
export function useRefresh(id: string) {
  const client = useQueryClient();
  return (what: 'all' | 'program' | ScheduleType = 'all') => {
    if (what === 'all') return client.invalidateQueries({ queryKey: ['celebrations', id] });
    if (what === 'program') return client.invalidateQueries({ queryKey: celebrationKey(id), exact: true });
    void client.invalidateQueries({ queryKey: ['celebrations', id, 'events'] });
    return client.invalidateQueries({ queryKey: ['celebrations', id, 'schedules', what] });
  };
}
