import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatLongPlainDate, formatPlainDate } from '../dates';
import { CalendarIcon } from '../icons';
import './dateField.css';

/**
 * A date field in the form mm/dd/yyyy with a calendar that closes on a pick (programs.md §5); with
 * `weekends={false}` weekend days cannot be chosen, nor days before `min` or after `max`. Values are plain dates
 * 'YYYY-MM-DD' (no time zone).
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAY_HEADERS = [
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
  ['Su', 'Sunday'],
] as const;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** 'YYYY-MM-DD' → 'mm/dd/yyyy'. */
export function toDisplay(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${m}/${d}/${y}` : '';
}

/** 'mm/dd/yyyy' (1- or 2-digit month and day) → 'YYYY-MM-DD', or null when it is not a real date. */
export function parseDisplay(text: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

function utc(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

function isoOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isWeekendDate(iso: string): boolean {
  const day = utc(iso).getUTCDay();
  return day === 0 || day === 6;
}

function addDaysIso(iso: string, days: number): string {
  const d = utc(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return isoOf(d);
}

/** The weeks (Monday first) that show a month: 'YYYY-MM-DD' or null for padding. */
export function monthGrid(year: number, month: number): Array<Array<string | null>> {
  const first = new Date(Date.UTC(year, month, 1));
  const offset = (first.getUTCDay() + 6) % 7;
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: Array<string | null> = [...Array<null>(offset).fill(null)];
  for (let d = 1; d <= days; d++) cells.push(`${year}-${pad(month + 1)}-${pad(d)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

interface DateFieldBaseProps {
  label: string;
  /** The label is read by screen readers only (a date in a row that names it already). */
  hideLabel?: boolean;
  /** Whether weekend days may be chosen (default true). */
  weekends?: boolean;
  /** Why a typed weekend day is refused, when `weekends` is false. */
  weekendText?: string;
  /** The earliest and latest days that can be chosen ('YYYY-MM-DD'; a report's dates end today). */
  min?: string;
  max?: string;
  /** The calendar opens under the field's end (a field at the right of a row). */
  alignEnd?: boolean;
  /**
   * The calendar opens in the flow under the field, moving what follows down, rather than over it: for a field whose
   * own actions (Save, Cancel) sit beside or under it, and for one in a table, whose scrolling box would cut it off.
   */
  calendarInFlow?: boolean;
  value: string | null;
  /** Days to mark as the allowed window (shown, not enforced: the rule decides). */
  highlightFrom?: string | null;
  highlightUntil?: string | null;
  disabled?: boolean;
  hint?: React.ReactNode;
  error?: string | null;
  /** Today, for the calendar's starting month when there is no value. */
  today?: string;
}

/**
 * A required date changes to another date; an optional one (a filter) may also be emptied: "(optional)" shows beside
 * its label, a Clear button beside it while it has a date, and emptying the text clears it too (`onChange(null)`).
 */
export type DateFieldProps = DateFieldBaseProps & ({ optional?: false; onChange: (iso: string) => void } | { optional: true; onChange: (iso: string | null) => void });

export function DateField(props: DateFieldProps) {
  const { label, hideLabel, weekends = true, weekendText = 'Choose a weekday', min, max, alignEnd, calendarInFlow, value, highlightFrom, highlightUntil, disabled, hint, error, today } = props;
  const id = useId();
  /** Why a day cannot be chosen, or null when it can. */
  const refusal = (iso: string) => {
    if (min && iso < min) return `Choose a day on or after ${formatPlainDate(min, { weekday: false, year: 'always' })}`;
    if (max && iso > max) return `Choose a day on or before ${formatPlainDate(max, { weekday: false, year: 'always' })}`;
    return !weekends && isWeekendDate(iso) ? weekendText : null;
  };
  const blocked = (iso: string) => refusal(iso) !== null;
  const [text, setText] = useState(toDisplay(value));
  const [typedError, setTypedError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const start = value ?? highlightFrom ?? today ?? isoOf(new Date());
  const [month, setMonth] = useState(() => ({ year: utc(start).getUTCFullYear(), month: utc(start).getUTCMonth() }));
  const [focusDay, setFocusDay] = useState<string>(start);
  const wrapRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const onChange = (iso: string) => props.onChange(iso);
  const clear = () => {
    if (!props.optional) return;
    props.onChange(null);
    setText('');
    setTypedError(null);
    setOpen(false);
    // The Clear button goes with the date: the field keeps the focus.
    inputRef.current?.focus();
  };

  // A new value from outside (a rule moved the date) shows in the field.
  useEffect(() => {
    setText(toDisplay(value));
    setTypedError(null);
  }, [value]);

  const weeks = useMemo(() => monthGrid(month.year, month.month), [month]);

  const openCalendar = () => {
    const base = value ?? highlightFrom ?? today ?? isoOf(new Date());
    setMonth({ year: utc(base).getUTCFullYear(), month: utc(base).getUTCMonth() });
    setFocusDay(base);
    setOpen(true);
  };

  // Focus the chosen day when the calendar opens or the focused day moves.
  useEffect(() => {
    if (!open) return;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focusDay}"]`)?.focus();
  }, [open, focusDay, month]);

  // Clicking outside closes it: a calendar over the page as the press starts; one in the flow once the click is
  // done, since closing it moves what follows up, and a press on Cancel would otherwise end on something else.
  useEffect(() => {
    if (!open) return;
    const type = calendarInFlow ? 'click' : 'mousedown';
    const onOutside = (event: MouseEvent) => {
      if (wrapRef.current && event.target instanceof Node && !wrapRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener(type, onOutside);
    return () => document.removeEventListener(type, onOutside);
  }, [open, calendarInFlow]);

  const pick = (iso: string) => {
    if (blocked(iso)) return;
    onChange(iso);
    setText(toDisplay(iso));
    setTypedError(null);
    setOpen(false);
    toggleRef.current?.focus();
  };

  const commitText = () => {
    if (text.trim() === '' && props.optional && value) {
      clear();
      return;
    }
    if (text.trim() === '' || text === toDisplay(value)) {
      setText(toDisplay(value));
      setTypedError(null);
      return;
    }
    const iso = parseDisplay(text);
    if (!iso) {
      setTypedError('Enter a date as mm/dd/yyyy');
      return;
    }
    const refused = refusal(iso);
    if (refused) {
      setTypedError(refused);
      return;
    }
    setTypedError(null);
    onChange(iso);
  };

  const moveFocus = (days: number) => {
    const next = addDaysIso(focusDay, days);
    const d = utc(next);
    setMonth({ year: d.getUTCFullYear(), month: d.getUTCMonth() });
    setFocusDay(next);
  };

  const onGridKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    if (event.key in moves) {
      event.preventDefault();
      moveFocus(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  const shiftMonth = (delta: number) => {
    const d = new Date(Date.UTC(month.year, month.month + delta, 1));
    setMonth({ year: d.getUTCFullYear(), month: d.getUTCMonth() });
    setFocusDay(isoOf(d));
  };

  const shownError = typedError ?? error ?? null;
  const inWindow = (iso: string) => Boolean(highlightFrom && highlightUntil && iso >= highlightFrom && iso < highlightUntil);

  const calendar = (
    <div className={calendarInFlow ? 'calendar-popover calendar-in-flow' : 'calendar-popover'} role="dialog" aria-modal="false" aria-label={`Choose ${label.toLowerCase()}`}>
      <div className="calendar-head">
        <button type="button" className="icon-button" aria-label="Previous month" onClick={() => shiftMonth(-1)}>
          ‹
        </button>
        <span className="calendar-month" aria-live="polite">
          {MONTHS[month.month]} {month.year}
        </span>
        <button type="button" className="icon-button" aria-label="Next month" onClick={() => shiftMonth(1)}>
          ›
        </button>
      </div>
      <table className="calendar-grid" role="grid" ref={gridRef} onKeyDown={onGridKey}>
        <thead>
          <tr>
            {DAY_HEADERS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((iso, d) =>
                iso ? (
                  <td key={iso} role="gridcell" aria-selected={iso === value}>
                    <button
                      type="button"
                      data-date={iso}
                      tabIndex={iso === focusDay ? 0 : -1}
                      className={[
                        'calendar-day',
                        iso === value && 'is-selected',
                        inWindow(iso) && 'is-in-window',
                        iso === today && 'is-today',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      aria-disabled={blocked(iso) || undefined}
                      aria-label={`${formatLongPlainDate(iso, { year: 'always' })}${blocked(iso) ? `${isWeekendDate(iso) && !weekends ? ', weekend' : ''}, not available` : ''}`}
                      onClick={() => pick(iso)}
                    >
                      {Number(iso.slice(8))}
                    </button>
                  </td>
                ) : (
                  <td key={`pad-${w}-${d}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {!weekends && <p className="calendar-legend muted">Weekends are not available.</p>}
    </div>
  );

  return (
    <div className={['kit-field', 'date-field', alignEnd && 'date-field-end'].filter(Boolean).join(' ')} ref={wrapRef}>
      <label className={hideLabel ? 'visually-hidden' : 'kit-field-label'} htmlFor={`${id}-input`}>
        {label}
        {props.optional && !hideLabel && <span className="kit-field-optional"> (optional)</span>}
      </label>
      <div className="date-input-row">
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="kit-input date-input"
          inputMode="numeric"
          placeholder="mm/dd/yyyy"
          value={text}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError || hint ? `${id}-hint` : undefined}
          onChange={(e) => setText(e.target.value)}
          onBlur={commitText}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commitText();
            }
          }}
        />
        <button
          ref={toggleRef}
          type="button"
          className="button button-secondary date-toggle"
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={disabled}
          onClick={() => (open ? setOpen(false) : openCalendar())}
        >
          <CalendarIcon />
          <span className="visually-hidden">Choose {label.toLowerCase()}</span>
        </button>
        {props.optional && value && (
          <button type="button" className="button button-secondary date-clear" aria-label={`Clear ${label.toLowerCase()}`} disabled={disabled} onClick={clear}>
            Clear
          </button>
        )}
        {open && !calendarInFlow && calendar}
      </div>
      {open && calendarInFlow && calendar}
      {(shownError || hint) && (
        <div id={`${id}-hint`} className={shownError ? 'kit-field-error' : 'kit-field-hint'} role={shownError ? 'alert' : undefined}>
          {shownError ?? hint}
        </div>
      )}
    </div>
  );
}
