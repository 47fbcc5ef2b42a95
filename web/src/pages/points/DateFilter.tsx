import { Field } from '../../kit';

/** An optional From/To filter (empty: no limit), as the leaderboard and the redemptions list take it. */
export interface DateFilterValue {
  start: string;
  end: string;
}

export const NO_DATES: DateFilterValue = { start: '', end: '' };

/** The filter's query parameters: start_date and end_date, each only when set. */
export function dateParams(range: DateFilterValue): { start_date?: string; end_date?: string } {
  return { ...(range.start ? { start_date: range.start } : {}), ...(range.end ? { end_date: range.end } : {}) };
}

export function DateFilter({ value, onChange }: { value: DateFilterValue; onChange: (next: DateFilterValue) => void }) {
  return (
    <>
      <Field label="From" optional>
        {(control) => <input className="kit-input" type="date" {...control} value={value.start} onChange={(e) => onChange({ ...value, start: e.target.value })} />}
      </Field>
      <Field label="To" optional>
        {(control) => <input className="kit-input" type="date" {...control} value={value.end} onChange={(e) => onChange({ ...value, end: e.target.value })} />}
      </Field>
    </>
  );
}
