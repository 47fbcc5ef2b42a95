import { useMemo, useState, type ReactNode } from 'react';
import { CakeIcon, EmptyState, InlineError, PartyIcon, SegmentedControl, SparklesIcon, StatusPill } from '../../../kit';
import { hourLabel, longDate, MONTHS, shortDate, timeIn, useEvents, yearsText, type CelebrationAnswer, type EventJson, type ScheduleType } from '../celebrationsApi';

const DAY_OPTIONS = [
  { value: '30' as const, label: '30 days' },
  { value: '60' as const, label: '60 days' },
];

const EVENT_ICON: Record<ScheduleType, ReactNode> = { birthday: <CakeIcon />, anniversary: <PartyIcon />, custom: <SparklesIcon /> };

function eventText(e: EventJson): ReactNode {
  if (e.type === 'birthday') return <><strong>{e.name}</strong>’s birthday</>;
  if (e.type === 'anniversary') return <><strong>{e.name}</strong>’s work anniversary · {yearsText(e.years ?? 0)}</>;
  return <><strong>{e.title}</strong>{e.name ? ` · ${e.name}` : ''}{e.years ? ` · ${yearsText(e.years)}` : ''}</>;
}

/** What Hearth will post in the next 30 or 60 days, day by day. */
export function ComingUp({ data, id }: { data: CelebrationAnswer; id: string }) {
  const [days, setDays] = useState<30 | 60>(30);
  const { data: events, isLoading, isError } = useEvents(id, days);
  const tz = data.celebration.time_zone;
  const groups = useMemo(() => {
    const byDay = new Map<string, EventJson[]>();
    for (const e of events?.events ?? []) byDay.set(e.post_on, [...(byDay.get(e.post_on) ?? []), e]);
    return [...byDay.entries()];
  }, [events]);
  return (
    <section className="card cel-section" aria-labelledby="cel-upcoming-title">
      <div className="cel-section-head">
        <div>
          <h2 id="cel-upcoming-title" className="card-title">Coming up</h2>
          <p className="muted">What Hearth will post in {data.program.channel}, one message a day at {hourLabel(data.celebration.posting_hour)}.</p>
        </div>
        <SegmentedControl label="How far ahead" hideLabel size="small" options={DAY_OPTIONS} value={String(days) as '30' | '60'} onChange={(v) => setDays(Number(v) as 30 | 60)} />
      </div>
      {isLoading && <p className="page-loading">Loading…</p>}
      {isError && <InlineError>Uh oh, something went wrong loading what’s coming up. Try reloading?</InlineError>}
      {events && groups.length === 0 && (
        <EmptyState title={`Nothing in the next ${days} days`} headingLevel={3}>
          Add people’s dates below, ask them for their dates, or import a CSV.
        </EmptyState>
      )}
      {groups.length > 0 && (
        <ol className="cel-timeline" aria-label={`Celebrations in the next ${days} days`}>
          {groups.map(([day, list]) => (
            <li key={day} className="divided-block cel-day">
              <div className="date-tile cel-day-date">
                <span className="date-tile-num">{Number(day.slice(8))}</span>
                <span className="date-tile-month">{MONTHS[Number(day.slice(5, 7)) - 1]!.slice(0, 3)}</span>
              </div>
              <div className="cel-day-body">
                <p className="muted small cel-day-when">
                  {longDate(day)} · {timeIn(list[0]!.posts_at, tz)}
                  {list.every((e) => e.posted) && <StatusPill tone="success">Posted</StatusPill>}
                </p>
                <ul className="cel-events">
                  {list.map((e) => (
                    <li key={e.key} className="cel-event">
                      <span className="cel-event-icon" aria-hidden="true">
                        {EVENT_ICON[e.type]}
                      </span>
                      <span>
                        {eventText(e)}
                        {e.shifted && <span className="text-warning small"> · {new Date(`${e.occurs_on}T12:00:00Z`) > new Date(`${e.post_on}T12:00:00Z`) ? 'early' : 'late'}, for {shortDate(e.occurs_on)}</span>}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
