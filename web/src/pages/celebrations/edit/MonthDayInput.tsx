import { daysIn, MONTHS } from '../celebrationsApi';

const MONTH_OPTIONS = MONTHS.map((m, i) => ({ value: i + 1, label: m }));

/**
 * A month and a day (no year), the day list following the month: February offers 29 days. Its two selects are named
 * "Month" and "Day" for screen readers, or "`what` month" and "`what` day" when the page around does not say whose.
 */
export function MonthDayInput({ value, onChange, idPrefix, invalid, what }: { value: { month: number; day: number }; onChange: (v: { month: number; day: number }) => void; idPrefix: string; invalid?: boolean; what?: string }) {
  return (
    <span className="cel-md">
      <label className="visually-hidden" htmlFor={`${idPrefix}-m`}>
        {what ? `${what} month` : 'Month'}
      </label>
      <select id={`${idPrefix}-m`} className="kit-input" aria-invalid={invalid || undefined} value={value.month || ''} onChange={(e) => onChange({ month: Number(e.target.value), day: Math.min(value.day, daysIn(Number(e.target.value))) })}>
        <option value="">Month</option>
        {MONTH_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${idPrefix}-d`}>
        {what ? `${what} day` : 'Day'}
      </label>
      <select id={`${idPrefix}-d`} className="kit-input" aria-invalid={invalid || undefined} value={value.day || ''} onChange={(e) => onChange({ ...value, day: Number(e.target.value) })}>
        <option value="">Day</option>
        {Array.from({ length: daysIn(value.month || 1) }, (_, i) => (
          <option key={i + 1} value={i + 1}>
            {i + 1}
          </option>
        ))}
      </select>
    </span>
  );
}
