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

/** Day (work days from the start; Day 1 is the start date) and local time, side by side. */
export function DayTimeFields({ value, onChange, errors }: { value: DayTime; onChange: (value: DayTime) => void; errors?: { day?: string; time?: string } }) {
  const id = useId();
  const parsed = readDayTime(value);
  return (
    <div className="field-row day-time-row">
      <div className="form-field">
        <label htmlFor={`${id}-side`}>When</label>
        <select id={`${id}-side`} value={value.side} onChange={(e) => onChange({ ...value, side: e.target.value as DayTime['side'] })}>
          <option value="after">On or after the start</option>
          <option value="before">Before the start</option>
        </select>
      </div>
      <div className={`form-field${errors?.day ? ' has-error' : ''}`}>
        <label htmlFor={`${id}-day`}>{value.side === 'before' ? 'Work days before' : 'Day'}</label>
        <input
          id={`${id}-day`}
          type="number"
          inputMode="numeric"
          min={1}
          max={value.side === 'before' ? -MIN_DAYS_LATER : MAX_DAYS_LATER + 1}
          value={value.day}
          aria-invalid={errors?.day ? true : undefined}
          aria-describedby={`${id}-day-hint`}
          onChange={(e) => onChange({ ...value, day: e.target.value })}
        />
        <p id={`${id}-day-hint`} className={errors?.day ? 'field-error' : 'field-hint'}>
          {errors?.day ?? ('daysLater' in parsed ? `${dayLabel(parsed.daysLater)} · ${weekdayHint(parsed.daysLater)}` : value.side === 'before' ? 'Work days before the start date.' : 'Day 1 is the start date.')}
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
