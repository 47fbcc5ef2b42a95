import { DateField } from '../../kit';

/** An optional From/To filter (no date: no limit), as the leaderboard and the redemptions list take it. */
export interface DateFilterValue {
  start: string | null;
  end: string | null;
}

export const NO_DATES: DateFilterValue = { start: null, end: null };

/** The filter's query parameters: start_date and end_date, each only when set. */
export function dateParams(range: DateFilterValue): { start_date?: string; end_date?: string } {
  return { ...(range.start ? { start_date: range.start } : {}), ...(range.end ? { end_date: range.end } : {}) };
}

export function DateFilter({ value, onChange }: { value: DateFilterValue; onChange: (next: DateFilterValue) => void }) {
  return (
    <>
      <DateField label="From date" optional value={value.start} onChange={(start) => onChange({ ...value, start })} />
      <DateField label="To date" optional alignEnd value={value.end} onChange={(end) => onChange({ ...value, end })} />
    </>
  );
}
