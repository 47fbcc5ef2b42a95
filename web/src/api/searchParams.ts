import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** One query parameter as state: the address bar is the source of truth. Setting '' or null removes it. */
export function useSearchParam(name: string, fallback?: string) {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? fallback ?? null;
  const setValue = useCallback(
    (next: string | null, options: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const copy = new URLSearchParams(prev);
          if (next === null || next === '') copy.delete(name);
          else copy.set(name, next);
          return copy;
        },
        { replace: options.replace ?? false },
      );
    },
    [name, setParams],
  );
  return [value, setValue] as const;
}

export interface DateRange {
  start_date: string | null;
  end_date: string | null;
}

/**
 * start_date and end_date of the reporting pages. Put `range` in the query key: changing the dates changes
 * the key, so the page's data reloads.
 */
export function useDateRangeParams() {
  const [params, setParams] = useSearchParams();
  const range: DateRange = { start_date: params.get('start_date'), end_date: params.get('end_date') };
  const setRange = useCallback(
    (next: Partial<DateRange>) => {
      setParams((prev) => {
        const copy = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(next)) {
          if (value) copy.set(key, value);
          else copy.delete(key);
        }
        return copy;
      });
    },
    [setParams],
  );
  return { range, setRange };
}

/** The preset bundle being looked at stays in the address bar as ?id= (journeys.md §2). */
export function usePresetBundleIdParam() {
  return useSearchParam('id');
}
