import { useId } from 'react';
import { columnOf, dayLabel, inputToMinute, minuteToInput, weekLabel, weekOf } from '../lib/schedule';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
export const MIN_DAYS_LATER = -60;
export const MAX_DAYS_LATER = 365;

/** "Week 2, Monday" for a day (as if the start is a Monday). */
export function weekdayHint(daysLater: number): string {
  return `${weekLabel(weekOf(daysLater))}, ${WEEKDAYS[columnOf(daysLater)]}`;
}

export interface DayTime {
  /** The day as typed: Day N is days_later N - 1. */
  day: string;
  time: string;
}

export function dayTimeOf(daysLater: number, minuteInDay: number): DayTime {
  return { day: String(daysLater + 1), time: minuteToInput(minuteInDay) };
}

/** The values, or the field in error and why. */
export function readDayTime(value: DayTime): { daysLater: number; minuteInDay: number } | { field: 'day' | 'time'; error: string } {
  const day = Number(value.day);
  if (value.day.trim() === '' || !Number.isInteger(day)) return { field: 'day', error: 'Enter a whole number of work days.' };
  const daysLater = day - 1;
  if (daysLater < MIN_DAYS_LATER || daysLater > MAX_DAYS_LATER) return { field: 'day', error: `Pick a day between ${MIN_DAYS_LATER + 1} and ${MAX_DAYS_LATER + 1}.` };
  const minuteInDay = inputToMinute(value.time);
  if (minuteInDay === null) return { field: 'time', error: 'Enter a time like 9:00 AM.' };
  return { daysLater, minuteInDay };
}

/** Day (work days from the start; Day 1 is the start date) and local time, side by side. */
export function DayTimeFields({ value, onChange, errors }: { value: DayTime; onChange: (value: DayTime) => void; errors?: { day?: string; time?: string } }) {
  const id = useId();
  const parsed = readDayTime(value);
  return (
    <div className="field-row">
      <div className={`form-field${errors?.day ? ' has-error' : ''}`}>
        <label htmlFor={`${id}-day`}>Day</label>
        <input
          id={`${id}-day`}
          type="number"
          inputMode="numeric"
          min={MIN_DAYS_LATER + 1}
          max={MAX_DAYS_LATER + 1}
          value={value.day}
          aria-invalid={errors?.day ? true : undefined}
          aria-describedby={`${id}-day-hint`}
          onChange={(e) => onChange({ ...value, day: e.target.value })}
        />
        <p id={`${id}-day-hint`} className={errors?.day ? 'field-error' : 'field-hint'}>
          {errors?.day ?? ('daysLater' in parsed ? `${dayLabel(parsed.daysLater)} · ${weekdayHint(parsed.daysLater)}` : 'Day 1 is the start date; 0 is the work day before.')}
        </p>
      </div>
      <div className={`form-field${errors?.time ? ' has-error' : ''}`}>
        <label htmlFor={`${id}-time`}>Time</label>
        <input
          id={`${id}-time`}
          type="time"
          step={300}
          value={value.time}
          aria-invalid={errors?.time ? true : undefined}
          aria-describedby={`${id}-time-hint`}
          onChange={(e) => onChange({ ...value, time: e.target.value })}
        />
        <p id={`${id}-time-hint`} className={errors?.time ? 'field-error' : 'field-hint'}>
          {errors?.time ?? "In each recipient's own time zone. Weekends are skipped."}
        </p>
      </div>
    </div>
  );
}
