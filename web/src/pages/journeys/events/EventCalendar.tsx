import { Plus } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { TemplateText } from '../../../kit';
import type { RoleJson, ScheduleEventJson } from '../api/journeysApi';
import { KIND_INFO, KindIcon, recipientLabel } from '../lib/labels';
import { dayLabel, minuteLabel, quietRunEnd, toWeeks, type Week } from '../lib/schedule';

const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
/** A week with nothing on it, other than the start's (Day 1 always shows). */
const quiet = (week: Week<ScheduleEventJson>) => week.week !== 0 && week.days.every((d) => d.items.length === 0);
const DRAG_TYPE = 'application/x-hearth-event';

export interface EventCalendarProps {
  events: readonly ScheduleEventJson[];
  roles: readonly RoleJson[];
  onOpen: (event: ScheduleEventJson) => void;
  /** Dropping an event on another day reschedules it (same time of day). */
  onMove: (event: ScheduleEventJson, daysLater: number) => void;
  /** Add a message on a day. */
  onAdd?: (daysLater: number) => void;
}


export function EventChip({ event, roles, onOpen, draggable }: { event: ScheduleEventJson; roles: readonly RoleJson[]; onOpen: () => void; draggable?: boolean }) {
  const onDragStart = (e: DragEvent) => {
    e.dataTransfer.setData(DRAG_TYPE, String(event.id));
    e.dataTransfer.effectAllowed = 'move';
  };
  return (
    <button
      type="button"
      className={`event-chip accent-${KIND_INFO[event.kind].accent}${event.active ? '' : ' is-inactive'}`}
      onClick={onOpen}
      draggable={draggable}
      onDragStart={draggable ? onDragStart : undefined}
    >
      {/* The name is the visible text (WCAG 2.5.3: speech users say what they see), with the kind before it and the day after. */}
      <span className="visually-hidden">{KIND_INFO[event.kind].label}: </span>
      <span className="event-chip-top">
        <KindIcon kind={event.kind} size={14} />
        <span className="event-chip-time">{minuteLabel(event.minute_in_day)}</span>{' '}
        {!event.active && <span className="event-chip-off">Off</span>}
      </span>{' '}
      <span className="event-chip-title">{event.title ? <TemplateText text={event.title} /> : 'Untitled'}</span>{' '}
      <span className="event-chip-to">{recipientLabel(event, roles)}</span>
      <span className="visually-hidden"> · {dayLabel(event.days_later)}</span>
    </button>
  );
}

/** The journey's events on weeks of five work days (days_later 0 is Day 1), with drag and drop to another day. */
export function EventCalendar({ events, roles, onOpen, onMove, onAdd }: EventCalendarProps) {
  const weeks = toWeeks(events, (e) => e.days_later, (e) => e.minute_in_day);
  const [over, setOver] = useState<number | null>(null);
  const byId = new Map(events.map((e) => [e.id, e]));

  const onDrop = (e: DragEvent, daysLater: number) => {
    e.preventDefault();
    setOver(null);
    const event = byId.get(Number(e.dataTransfer.getData(DRAG_TYPE)));
    if (event && event.days_later !== daysLater) onMove(event, daysLater);
  };

  return (
    <div className="journey-calendar">
      <p className="muted small jcal-note">Weeks of five work days, drawn as if the start date is a Monday. Drag a message to another day to move it.</p>
      {weeks.map((week, index) => {
        if (quiet(week)) {
          // A run of empty weeks shows once, as one thin line.
          const last = quietRunEnd(weeks, index, quiet);
          if (last === null) return null;
          const label = last === index ? week.label : `Weeks ${week.week + 1}–${weeks[last]!.week + 1}`;
          return (
            <p key={week.week} className="week-gap jcal-gap">
              {label}: nothing scheduled
            </p>
          );
        }
        return (
        <section key={week.week} className="jcal-week" aria-label={week.label}>
          <h3 className="eyebrow-text jcal-week-title">{week.label}</h3>
          <div className="jcal-days">
            {week.days.map((day, column) => (
              <div
                key={day.daysLater}
                className={`week-day jcal-day${over === day.daysLater ? ' is-drop-target' : ''}${day.daysLater === 0 ? ' is-start' : ''}`}
                role="group"
                aria-label={dayLabel(day.daysLater)}
                onDragOver={(e) => {
                  if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
                  e.preventDefault();
                  setOver(day.daysLater);
                }}
                onDragLeave={() => setOver((at) => (at === day.daysLater ? null : at))}
                onDrop={(e) => onDrop(e, day.daysLater)}
              >
                <div className="week-day-head jcal-day-head">
                  <span className="week-day-name">{dayLabel(day.daysLater)}</span>
                  <span className="week-day-weekday">{WEEKDAY_SHORT[column]}</span>
                </div>
                <div className="jcal-day-items">
                  {day.items.map((event) => (
                    <EventChip key={event.id} event={event} roles={roles} onOpen={() => onOpen(event)} draggable />
                  ))}
                </div>
                {onAdd && (
                  <button type="button" className="week-day-add jcal-add" aria-label={`Add a message on ${dayLabel(day.daysLater)}`} onClick={() => onAdd(day.daysLater)}>
                    <Plus size={14} aria-hidden="true" /> Add
                  </button>
                )}
              </div>
            ))}
          </div>
        </section>
        );
      })}
    </div>
  );
}
