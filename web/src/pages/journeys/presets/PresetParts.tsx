import { Link } from 'react-router';
import { MessagePreview, StatusPill, TemplateText } from '../../../kit';
import type { InvolvedRoleJson, PresetEventJson, PresetJson } from '../api/journeysApi';
import { FlowBadge, KIND_INFO, KindIcon } from '../lib/labels';
import { dayLabel, minuteLabel, plural } from '../lib/schedule';
import { PURPOSE_LABELS } from '../roles/roleRules';

export function RolesLine({ roles }: { roles: readonly InvolvedRoleJson[] }) {
  if (roles.length === 0) return null;
  return (
    <ul className="chip-list" aria-label="Roles involved">
      {roles.map((r) => (
        <li key={`${r.purpose}-${r.name}`} className="chip">
          {r.name}
        </li>
      ))}
    </ul>
  );
}

/** A preset in a grid: name, description, flow types, roles and how many items. `to` is where it opens. */
export function PresetCard({ preset, to, actions }: { preset: PresetJson; to: string; actions?: React.ReactNode }) {
  const days = preset.events.map((e) => e.days_later);
  return (
    <li className={`card link-card preset-card${preset.selected ? ' panel-on' : ''}`}>
      <div className="preset-card-head">
        {preset.flow_types.map((f) => (
          <FlowBadge key={f} flow={f} />
        ))}
        {preset.selected && <StatusPill tone="success">Added</StatusPill>}
        {preset.edited && <StatusPill>Edited</StatusPill>}
      </div>
      <h3 className="card-title preset-card-name">
        <Link className="row-link" to={to}>
          {preset.name}
        </Link>
      </h3>
      <p className="muted small preset-card-text">{preset.description}</p>
      <p className="small preset-card-meta">
        {plural(preset.events.length, 'item')}
        {days.length > 0 && <> · {dayLabel(Math.min(...days))} to {dayLabel(Math.max(...days))}</>}
      </p>
      <RolesLine roles={preset.involvedRoles} />
      {actions && <div className="preset-card-actions">{actions}</div>}
    </li>
  );
}

export function recipientOfPresetEvent(e: PresetEventJson): string {
  if (e.recipient_type === 'channel') return 'A channel';
  if (e.recipient_type === 'cohortChannel') return 'Cohort channel';
  return e.recipient_purpose ? PURPOSE_LABELS[e.recipient_purpose] : 'A role';
}

/** A preset's items in day order; each links to its own page when `hrefOf` is given. */
export function PresetEventsTable({ events, hrefOf, extra }: { events: readonly PresetEventJson[]; hrefOf?: (e: PresetEventJson) => string; extra?: (e: PresetEventJson) => React.ReactNode }) {
  const sorted = [...events].sort((a, b) => a.days_later - b.days_later || a.minute_in_day - b.minute_in_day);
  return (
    <div className="card table-card">
      <div className="table-scroll">
      <table className="data-table" aria-label="Items in this preset">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">To</th>
            {extra && (
              <th scope="col">
                <span className="visually-hidden">In this journey</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {sorted.map((e) => (
            <tr key={e.id} className={e.in_use === false ? 'is-inactive' : undefined}>
              <td className="nowrap">
                <strong>{dayLabel(e.days_later)}</strong>
                <div className="muted small">{minuteLabel(e.minute_in_day)}</div>
              </td>
              <th scope="row" className="cell-plain">
                <span className="event-table-name">
                  <KindIcon kind={e.kind} />
                  <span>
                    {hrefOf ? (
                      <Link className="row-link event-table-title" to={hrefOf(e)}>
                        <TemplateText text={e.title} />
                      </Link>
                    ) : (
                      <span className="strong-text event-table-title">
                        <TemplateText text={e.title} />
                      </span>
                    )}
                    <span className="muted small event-table-kind">{KIND_INFO[e.kind].label}</span>
                  </span>
                </span>
              </th>
              <td>{recipientOfPresetEvent(e)}</td>
              {extra && <td>{extra(e)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </div>
  );
}

/** A library item's text as a Slack message (the library has no journey yet, so names stay as fill-ins). */
export function PresetEventPreview({ event }: { event: PresetEventJson }) {
  return (
    <div className="preset-event-preview">
      <MessagePreview text={event.text} excludeVariables time={minuteLabel(event.minute_in_day)} />
      {event.kind === 'poll' && event.poll_options.length > 0 && (
        <ul className="chip-list poll-preview" aria-label="Answers">
          {event.poll_options.map((o, i) => (
            <li key={i} className="chip">
              {o}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
