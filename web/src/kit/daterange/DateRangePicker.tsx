import { useState } from 'react';
import { DateField } from '../datefield/DateField';
import { SegmentedControl } from '../segmented/SegmentedControl';
import { addPlainDays, formatPlainRange, plainDaysBetween } from '../dates';
import { CalendarIcon } from '../icons';
import './daterange.css';

/** A range of plain dates, both ends included: { from: '2026-11-01', to: '2026-11-30' }. */
export interface DateRange {
  from: string;
  to: string;
}

export interface DateRangePreset {
  id: string;
  label: string;
  /** Days back from today, today included (7 = the last 7 days). */
  days: number;
}

export const DEFAULT_RANGE_PRESETS: readonly DateRangePreset[] = [
  { id: '7d', label: '7 days', days: 7 },
  { id: '30d', label: '30 days', days: 30 },
  { id: '90d', label: '90 days', days: 90 },
  { id: '12m', label: '12 months', days: 365 },
];

/** The range a preset means, ending `today`. */
export function presetRange(preset: DateRangePreset, today: string): DateRange {
  return { from: addPlainDays(today, -(preset.days - 1)), to: today };
}

export interface DateRangePickerProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** Today as 'YYYY-MM-DD' in the zone the report is about (see todayIn). */
  today: string;
  label?: string;
  presets?: readonly DateRangePreset[];
  /** The earliest day that can be picked. */
  min?: string;
  /** The latest (default today). */
  max?: string;
  className?: string;
}

/**
 * The date range for reports: presets ("Last 7 days"…) and a custom range with two kit DateFields (typed as
 * mm/dd/yyyy or picked on a calendar, days outside min…max refused); an invalid custom range (end before start) is
 * shown as an error at the end date and not passed on.
 */
export function DateRangePicker({ value, onChange, today, label = 'Date range', presets = DEFAULT_RANGE_PRESETS, min, max = today, className }: DateRangePickerProps) {
  const matching = presets.find((p) => {
    const r = presetRange(p, today);
    return r.from === value.from && r.to === value.to;
  });
  const [custom, setCustom] = useState(!matching);
  const [draft, setDraft] = useState<DateRange>(value);
  const mode = custom ? 'custom' : (matching?.id ?? 'custom');
  const invalid = plainDaysBetween(draft.from, draft.to) < 0;

  const setEnd = (key: keyof DateRange, iso: string) => {
    const next = { ...draft, [key]: iso };
    setDraft(next);
    if (plainDaysBetween(next.from, next.to) >= 0) onChange(next);
  };

  return (
    <div className={['kit-daterange', className].filter(Boolean).join(' ')}>
      <SegmentedControl
        label={label}
        size="small"
        options={[...presets.map((p) => ({ value: p.id, label: p.label })), { value: 'custom', label: 'Custom' }]}
        value={mode}
        onChange={(next) => {
          if (next === 'custom') {
            setCustom(true);
            setDraft(value);
            return;
          }
          const preset = presets.find((p) => p.id === next);
          if (!preset) return;
          setCustom(false);
          const range = presetRange(preset, today);
          setDraft(range);
          onChange(range);
        }}
      />
      {mode === 'custom' ? (
        <div className="kit-daterange-custom">
          <DateField label="From" value={draft.from} min={min} max={max} today={today} onChange={(iso) => setEnd('from', iso)} />
          <DateField label="To" value={draft.to} min={min} max={max} today={today} error={invalid ? 'The end date is before the start date.' : null} onChange={(iso) => setEnd('to', iso)} />
        </div>
      ) : null}
      <p className="kit-daterange-summary" aria-live="polite">
        <CalendarIcon /> {formatPlainRange(value.from, value.to)}
      </p>
    </div>
  );
}
