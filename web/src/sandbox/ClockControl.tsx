import { useEffect, useId, useState } from 'react';
import { useClock } from './api';
import { zoneName } from '../kit/dates';
import { formatClock, fromLocalInput, nextMondayNine, toLocalInput } from './time';

export interface ClockControlProps {
  /** The chosen member's zone: times are shown and read in it. */
  timeZone: string;
  /** The zone the shortcuts use: the workspace's programs' zone (its admin's), so "Next Monday 9:00" lands on the round. */
  programsZone?: string;
  busy: boolean;
  onAdvance(target: { minutes: number } | { to: string }, label: string): void;
}

/** Sandbox time, and the buttons that move it forward (every scheduler tick in between runs). */
export function ClockControl({ timeZone, programsZone = timeZone, busy, onAdvance }: ClockControlProps) {
  const [zone, setZone] = useState(programsZone);
  useEffect(() => setZone(programsZone), [programsZone]);
  const zoneId = useId();
  const city = zoneName(zone);
  const clock = useClock();
  const inputId = useId();
  // The sandbox clock keeps flowing like a wall clock between fetches.
  const fetchedAt = clock.dataUpdatedAt;
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 15_000);
    return () => clearInterval(timer);
  }, []);
  const now = clock.data ? new Date(new Date(clock.data).getTime() + (Date.now() - fetchedAt)) : undefined;
  const [target, setTarget] = useState('');

  return (
    <section className="sbx-clock" aria-label="Sandbox clock">
      <div className="sbx-clock-now">
        <span className="sbx-clock-label">Sandbox time</span>
        <output className="sbx-clock-value" aria-live="polite">
          {now ? formatClock(now, timeZone) : '…'}
        </output>
      </div>
      <div className="sbx-clock-buttons" role="group" aria-label="Advance the clock">
        <button type="button" className="sbx-chip" disabled={busy} onClick={() => onAdvance({ minutes: 60 }, '+1 hour')}>
          +1 hour
        </button>
        <button type="button" className="sbx-chip" disabled={busy} onClick={() => onAdvance({ minutes: 24 * 60 }, '+1 day')}>
          +1 day
        </button>
        <button type="button" className="sbx-chip" disabled={busy} onClick={() => onAdvance({ minutes: 7 * 24 * 60 }, '+1 week')}>
          +1 week
        </button>
        <button
          type="button"
          className="sbx-chip"
          disabled={busy || !now}
          onClick={() => now && onAdvance({ to: nextMondayNine(now, zone).toISOString() }, `next Monday 9:00 ${city}`)}
        >
          Next Monday 9:00 {city}
        </button>
        {programsZone !== timeZone && (
          <select id={zoneId} className="sbx-input sbx-zone" aria-label="Shortcuts' time zone" value={zone} onChange={(e) => setZone(e.target.value)}>
            <option value={programsZone}>{zoneName(programsZone)} (programs)</option>
            <option value={timeZone}>{zoneName(timeZone)} (you)</option>
          </select>
        )}
      </div>
      <form
        className="sbx-clock-to"
        onSubmit={(e) => {
          e.preventDefault();
          const at = fromLocalInput(target, timeZone);
          if (at) onAdvance({ to: at.toISOString() }, target.replace('T', ' '));
        }}
      >
        <label htmlFor={inputId}>Advance to</label>
        <input
          id={inputId}
          type="datetime-local"
          className="sbx-input sbx-input-datetime"
          value={target}
          min={now ? toLocalInput(now, timeZone) : undefined}
          onChange={(e) => setTarget(e.target.value)}
        />
        <button type="submit" className="sbx-chip" disabled={busy || !target}>
          {busy ? 'Advancing…' : 'Go'}
        </button>
      </form>
    </section>
  );
}
