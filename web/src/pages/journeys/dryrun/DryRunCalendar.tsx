import { useState } from 'react';
import type { DryRunAnswer, DryRunItem } from '../api/journeysApi';
import { BlockPreview } from '../events/BlockPreview';
import { KIND_INFO, KindIcon } from '../lib/labels';
import { dayLabel, minuteLabel, plural } from '../lib/schedule';
import { dryRunWeeks, offCalendar } from './dryRunCalendar';
import { formatLongPlainDate, formatMonthDay, formatPlainDate, zoneName } from '../../../kit';

/** What became of an item of a participant's real calendar (a would-be participant's plan only says what is past). */
export function itemStatus(item: DryRunItem): string | null {
  switch (item.state) {
    case 'planned':
      return item.past ? 'already past' : null;
    case 'pending':
      return item.note === 'catch_up' ? 'catching up' : item.rescheduled ? 'moved for this person' : null;
    case 'sending':
      return 'sending';
    case 'sent':
      return 'sent';
    case 'deleted':
      return 'deleted for this person';
    case 'skipped':
      return item.note === 'inactive' ? 'skipped: deactivated' : item.note === 'missing_role' ? 'skipped: nobody in the role' : 'skipped';
    default:
      return item.state;
  }
}

/** A day whose items all fall on their planned day ("Day 3"): a catch-up or a moved item is not on it. */
function onItsDay(items: DryRunItem[]): boolean {
  return items.length > 0 && items.every((i) => i.note !== 'catch_up' && !i.rescheduled && i.days_later === items[0]!.days_later);
}

function Item({ item, zone, selected, onSelect }: { item: DryRunItem; zone: string; selected: boolean; onSelect: (item: DryRunItem) => void }) {
  return (
    <li className={`dry-run-item accent-${KIND_INFO[item.kind].accent}${item.past ? ' is-past' : ''}${selected ? ' is-selected' : ''}`}>
      <button type="button" className="dry-run-item-button" aria-pressed={selected} onClick={() => onSelect(item)}>
        {/* The name is the visible text (WCAG 2.5.3: speech users say what they see), with the kind before it. */}
        <span className="visually-hidden">{KIND_INFO[item.kind].label}:</span>{' '}
        <span className="dry-run-time">{minuteLabel(item.minute_in_day)}</span>{' '}
        <span className="dry-run-what">
          <KindIcon kind={item.kind} size={14} />
          <span className="dry-run-title">{item.title}</span>
        </span>{' '}
        <span className="dry-run-to muted small">
          to {item.recipient_label}
          {item.time_zone !== '' && item.time_zone !== zone && <> · {zoneName(item.time_zone)} time</>}
          {itemStatus(item) && ` · ${itemStatus(item)}`}
        </span>
      </button>
    </li>
  );
}

/**
 * The dry run's answer on Monday–Friday weeks of real dates, each item at its local time; the chosen item's Slack
 * message below, as the server builds it to send.
 */
export function DryRunCalendar({ answer, stale }: { answer: DryRunAnswer; stale?: boolean }) {
  const [chosen, setChosen] = useState<{ event_id: number; at: string } | null>(null);
  const shown = answer.items.find((i) => chosen && i.event_id === chosen.event_id && i.at === chosen.at) ?? answer.items.find((i) => !i.past) ?? answer.items[0];
  const itemOf = (item: DryRunItem) => (
    <Item key={`${item.event_id}-${item.at}`} item={item} zone={answer.time_zone} selected={item === shown} onSelect={(i) => setChosen({ event_id: i.event_id, at: i.at })} />
  );
  const weeks = dryRunWeeks(answer.items);
  const odd = offCalendar(answer.items);
  const counts = Object.entries(
    answer.items.reduce<Record<string, number>>((acc, i) => ({ ...acc, [i.kind]: (acc[i.kind] ?? 0) + 1 }), {}),
  ).map(([kind, n]) => plural(n, KIND_INFO[kind as DryRunItem['kind']].label.toLowerCase()));
  let emptyRun = 0;
  return (
    <section className={`dry-run-result${stale ? ' is-stale' : ''}`} aria-label="Dry run calendar">
      <header className="dry-run-summary">
        <h3>
          {answer.participant ? answer.participant.name : 'Someone'} starting {formatLongPlainDate(answer.start_date, { year: 'always' })}
        </h3>
        <p className="muted">
          {zoneName(answer.time_zone)} time · {answer.items.length === 0 ? 'nothing scheduled' : counts.join(', ')}
          {answer.session_id === null && answer.items.some((i) => i.past) && (answer.past_start_policy === 'catch_up' ? ' · past items are caught up in working hours after enrolment' : ' · past items are skipped')}
          {answer.session_id !== null && ' · their own calendar: what was sent, skipped or moved, and what comes next'}
        </p>
      </header>
      {answer.items.length === 0 && <p className="muted">This journey has no active messages yet.</p>}
      {weeks.map((week) => {
        const empty = week.days.every((d) => d.items.length === 0);
        if (empty) {
          emptyRun++;
          return emptyRun === 1 ? (
            <p key={week.monday} className="dry-run-gap muted small">
              · · · quiet weeks · · ·
            </p>
          ) : null;
        }
        emptyRun = 0;
        return (
          <div key={week.monday} className="dry-run-week" role="group" aria-label={`Week of ${formatMonthDay(week.monday)}`}>
            {week.days.map((day) => (
              <div key={day.date} className={`dry-run-day${day.items.length === 0 ? ' is-empty' : ''}`}>
                <h4 className="dry-run-date">
                  <span>{formatPlainDate(day.date)}</span>
                  {onItsDay(day.items) && <span className="dry-run-day-no">{dayLabel(day.items[0]!.days_later)}</span>}
                </h4>
                {day.items.length > 0 && (
                  <ol className="dry-run-items" aria-label={formatLongPlainDate(day.date, { year: 'never' })}>
                    {day.items.map(itemOf)}
                  </ol>
                )}
              </div>
            ))}
          </div>
        );
      })}
      {odd.length > 0 && (
        <ol className="dry-run-items" aria-label="On a weekend">
          {odd.map(itemOf)}
        </ol>
      )}
      {shown && (
        <div className="dry-run-preview">
          <h4 className="pane-title eyebrow-text">
            {shown.title} · {formatLongPlainDate(shown.occurs_on, { year: 'never' })}, to {shown.recipient_label}
          </h4>
          <BlockPreview preview={shown.preview} time={minuteLabel(shown.minute_in_day)} />
        </div>
      )}
    </section>
  );
}
