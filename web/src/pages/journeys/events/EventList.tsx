import { CalendarClock, Copy, Pencil, Power, PowerOff, Send } from 'lucide-react';
import { StatusPill, templatePlainText, TemplateText } from '../../../kit';
import type { RoleJson, ScheduleEventJson } from '../api/journeysApi';
import { KIND_INFO, KindIcon, recipientLabel } from '../lib/labels';
import { dayLabel, minuteLabel } from '../lib/schedule';

export interface EventRowActions {
  onOpen: (event: ScheduleEventJson) => void;
  onMove: (event: ScheduleEventJson) => void;
  onDuplicate: (event: ScheduleEventJson) => void;
  onSendTest: (event: ScheduleEventJson) => void;
  onToggle: (event: ScheduleEventJson) => void;
  sendingTest: number | null;
}

/** The same events as the calendar, as a table in day and time order, with every action on each row. */
export function EventList({ events, roles, ...actions }: { events: readonly ScheduleEventJson[]; roles: readonly RoleJson[] } & EventRowActions) {
  const sorted = [...events].sort((a, b) => a.days_later - b.days_later || a.minute_in_day - b.minute_in_day || a.id - b.id);
  return (
    <div className="card table-card">
      <div className="table-scroll">
      <table className="data-table event-table" aria-label="Messages of this journey">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">To</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((event) => (
            <tr key={event.id} className={event.active ? undefined : 'is-inactive'}>
              <td className="nowrap">
                <strong>{dayLabel(event.days_later)}</strong>
                <div className="muted small">{minuteLabel(event.minute_in_day)}</div>
              </td>
              <th scope="row" className="cell-plain">
                <span className="event-table-name">
                  <KindIcon kind={event.kind} />
                  <span>
                    <button type="button" className="row-link event-table-title" onClick={() => actions.onOpen(event)}>
                      {event.title ? <TemplateText text={event.title} /> : 'Untitled'}
                    </button>
                    <span className="muted small event-table-kind">{KIND_INFO[event.kind].label}{event.group ? ` · ${event.group}` : ''}</span>
                  </span>
                </span>
              </th>
              <td>{recipientLabel(event, roles)}</td>
              <td>
                <StatusPill tone={event.active ? 'success' : 'neutral'}>{event.active ? 'Active' : 'Inactive'}</StatusPill>
              </td>
              <td className="row-actions-cell">
                <div className="row-actions">
                <button type="button" className="icon-button" aria-label={`Edit ${templatePlainText(event.title)}`} title="Edit" onClick={() => actions.onOpen(event)}>
                  <Pencil size={16} aria-hidden="true" />
                </button>
                <button type="button" className="icon-button" aria-label={`Move ${templatePlainText(event.title)}`} title="Move" onClick={() => actions.onMove(event)}>
                  <CalendarClock size={16} aria-hidden="true" />
                </button>
                <button type="button" className="icon-button" aria-label={`Duplicate ${templatePlainText(event.title)}`} title="Duplicate" onClick={() => actions.onDuplicate(event)}>
                  <Copy size={16} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Send a test of ${event.title} to me`}
                  title="Send a test to me"
                  disabled={actions.sendingTest === event.id}
                  onClick={() => actions.onSendTest(event)}
                >
                  <Send size={16} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={event.active ? `Deactivate ${templatePlainText(event.title)}` : `Turn on ${templatePlainText(event.title)}`}
                  title={event.active ? 'Deactivate' : 'Turn on'}
                  onClick={() => actions.onToggle(event)}
                >
                  {event.active ? <PowerOff size={16} aria-hidden="true" /> : <Power size={16} aria-hidden="true" />}
                </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </div>
  );
}
