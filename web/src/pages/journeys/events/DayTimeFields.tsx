import { SegmentedControl, TextField } from '../../../kit';
import { columnOf, dayLabel, inputToMinute, minuteToInput, weekLabel, weekOf } from '../lib/schedule';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const SIDES = [
  { value: 'after' as const, label: 'On or after the start' },
  { value: 'before' as const, label: 'Before the start' },
];
export const MIN_DAYS_LATER = -60;
export const MAX_DAYS_LATER = 365;

/** "Week 2, Monday" for a day (as if the start is a Monday). */
export function weekdayHint(daysLater: number): string {
  return `${weekLabel(weekOf(daysLater))}, ${WEEKDAYS[columnOf(daysLater)]}`;
}

export interface DayTime {
  /** 'after': Day N of the journey (days_later N - 1); 'before': N work days before the start (days_later -N). */
  side: 'after' | 'before';
  day: string;
  time: string;
}

export function dayTimeOf(daysLater: number, minuteInDay: number): DayTime {
  return daysLater < 0 ? { side: 'before', day: String(-daysLater), time: minuteToInput(minuteInDay) } : { side: 'after', day: String(daysLater + 1), time: minuteToInput(minuteInDay) };
}

/** The values, or the field in error and why. */
export function readDayTime(value: DayTime): { daysLater: number; minuteInDay: number } | { field: 'day' | 'time'; error: string } {
  const day = Number(value.day);
  if (value.day.trim() === '' || !Number.isInteger(day) || day < 1) return { field: 'day', error: 'Enter a whole number of work days.' };
  const daysLater = value.side === 'before' ? -day : day - 1;
  if (daysLater < MIN_DAYS_LATER) return { field: 'day', error: `At most ${-MIN_DAYS_LATER} work days before the start.` };
  if (daysLater > MAX_DAYS_LATER) return { field: 'day', error: `At most Day ${MAX_DAYS_LATER + 1}.` };
  const minuteInDay = inputToMinute(value.time);
  if (minuteInDay === null) return { field: 'time', error: 'Enter a time like 9:00 AM.' };
  return { daysLater, minuteInDay };
}

/** On or after the start or before it, then the day (work days from the start; Day 1 is the start date) and local time side by side. */
export function DayTimeFields({ value, onChange, errors }: { value: DayTime; onChange: (value: DayTime) => void; errors?: { day?: string; time?: string } }) {
  const parsed = readDayTime(value);
  return (
    <>
      <SegmentedControl<DayTime['side']> label="When" options={SIDES} value={value.side} onChange={(side) => onChange({ ...value, side })} />
      <div className="field-row day-time-row">
        <TextField
          label={value.side === 'before' ? 'Work days before' : 'Day'}
          hint={'daysLater' in parsed ? `${dayLabel(parsed.daysLater)} · ${weekdayHint(parsed.daysLater)}` : value.side === 'before' ? 'Work days before the start date.' : 'Day 1 is the start date.'}
          error={errors?.day}
          type="number"
          inputMode="numeric"
          min={1}
          max={value.side === 'before' ? -MIN_DAYS_LATER : MAX_DAYS_LATER + 1}
          value={value.day}
          onChange={(day) => onChange({ ...value, day })}
        />
        <TextField label="Time" hint="In each recipient's own time zone. Weekends are skipped." error={errors?.time} type="time" step={300} value={value.time} onChange={(time) => onChange({ ...value, time })} />
      </div>
    </>
  );
}
