import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useOptimisticMutation } from '../../../api/optimistic';
import { ConfirmDialog, DateField, DeliveryBadge, EmptyState, formatPlainDate, PageState, PersonName, showToast, Spinner, StatusPill, zoneName } from '../../../kit';
import { sessionEventCalls, sessionsKey, sessionsQuery, useTriggerSessionEvents, type Flow, type SessionEventJson, type SessionJson, type SessionsIndex, type TagDetail } from '../api/journeysApi';
import { eventErrorToast, EVENT_ERROR_TEXTS } from '../events/useEventActions';
import { KindIcon, SESSION_EVENT_STATE_LABELS, SESSION_EVENT_STATE_TONES, SESSION_STATE_LABELS, SESSION_STATE_TONES } from '../lib/labels';
import { minuteLabel, plural } from '../lib/schedule';

function patchSessionEvent(old: SessionsIndex | undefined, id: number, patch: Partial<SessionEventJson>): SessionsIndex | undefined {
  if (!old) return old;
  return { sessions: old.sessions.map((s) => ({ ...s, session_events: s.session_events.map((e) => (e.id === id ? { ...e, ...patch } : e)) })) };
}

/** Deactivate and reschedule one person's session event: shown at once, reverted on error (journeys.md §4). */
function useSessionEventActions(flow: Flow, tagId: number) {
  const queryKey = sessionsKey(flow, tagId);
  const remove = useOptimisticMutation<number, unknown, SessionsIndex>({
    queryKey,
    mutationFn: (id) => sessionEventCalls.remove(flow, id),
    apply: (old, id) => patchSessionEvent(old, id, { active: false }),
    onError: (error) => eventErrorToast(error, EVENT_ERROR_TEXTS.deleting),
  });
  // A weekend day is confirmed first; a time the clocks skip that day is refused with the server's reason.
  const [weekend, setWeekend] = useState<{ id: number; date: string; reason: string } | null>(null);
  const reschedule = useOptimisticMutation<{ id: number; date: string; allowWeekend?: boolean }, unknown, SessionsIndex>({
    queryKey,
    mutationFn: ({ id, date, allowWeekend }) => sessionEventCalls.reschedule(flow, id, { onboarding_session_event: { occurs_at: date, ...(allowWeekend ? { allow_weekend: true } : {}) } }),
    apply: (old, { id, date }) => patchSessionEvent(old, id, { occurs_on: date, rescheduled: true }),
    onError: (error, { id, date }) => {
      const fields = error instanceof ApiError && error.status === 400 ? error.fields : undefined;
      const said = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(' ') : v);
      const reason = said(fields?.occurs_at);
      if (fields?.allow_weekend) setWeekend({ id, date, reason: reason ?? said(fields.allow_weekend)! });
      else if (reason) showToast({ type: 'error', text: `Not moved: ${reason}` });
      else eventErrorToast(error, EVENT_ERROR_TEXTS.moving);
    },
  });
  // The event being sent now (sending is one after the other).
  const [current, setCurrent] = useState<number | null>(null);
  const send = useTriggerSessionEvents(flow);
  const trigger = (ids: number[]) => send.mutate({ ids, onEach: setCurrent });
  const triggering = send.isPending ? current : null;
  return { remove, reschedule, trigger, triggering, weekend, setWeekend };
}

function SessionEventRow({ event, actions }: { event: SessionEventJson; actions: ReturnType<typeof useSessionEventActions> }) {
  const done = event.state === 'sent' || event.state === 'skipped';
  // Each row is the same grid of columns (journeys.css), so dates, times and states line up whatever each says.
  return (
    <li className={`session-event${event.active ? '' : ' is-off'}`}>
      <KindIcon kind={event.kind} />
      <span className="session-event-title">{event.title}</span>
      <DateField label={`Date of ${event.title}`} hideLabel alignEnd value={event.occurs_on} disabled={done || !event.active} onChange={(date) => date !== event.occurs_on && actions.reschedule.mutate({ id: event.id, date })} />
      <span className="muted small nowrap">{minuteLabel(event.minute_in_day)}</span>
      <span className="session-event-state">
        {event.active && event.delivery ? <DeliveryBadge delivery={event.delivery} /> : <StatusPill tone={SESSION_EVENT_STATE_TONES[event.active ? event.state : 'off']}>{SESSION_EVENT_STATE_LABELS[event.active ? event.state : 'off']}</StatusPill>}
        {/* Why it was skipped, as the server stored it then; one turned off for this journey already reads Off. */}
        {event.active && event.skip_reason && <span className="muted small">{event.skip_reason}</span>}
      </span>
      <span className="row-actions">
        {!done && event.active && (
          <button type="button" className="icon-button" aria-label={`Send ${event.title} now`} title="Send now" disabled={actions.triggering !== null} onClick={() => actions.trigger([event.id])}>
            {actions.triggering === event.id ? <Spinner /> : <Play size={15} aria-hidden="true" />}
          </button>
        )}
        {event.active && !done && (
          <button type="button" className="icon-button" aria-label={`Remove ${event.title} for this person`} title="Remove for this person" onClick={() => actions.remove.mutate(event.id)}>
            <Trash2 size={15} aria-hidden="true" />
          </button>
        )}
      </span>
    </li>
  );
}

/**
 * A session's progress: its (active) events sent or skipped are done, so a finished session reads 3/3; what was
 * skipped is said with why ("1 sent · 2 skipped: no manager"). Sent is what Slack accepted, not what Hearth wrote.
 * Before anything went, it says so and when the first message goes ("Nothing sent yet · first message Mon, Mar 9").
 */
function sessionProgress(session: SessionJson): { done: number; total: number; summary: string } {
  const active = session.session_events.filter((e) => e.active);
  const sent = active.filter((e) => (e.delivery ? e.delivery.label === 'Sent' : e.state === 'sent')).length;
  const skipped = active.filter((e) => e.state === 'skipped');
  const done = sent + skipped.length;
  if (done === 0) {
    const first = active.map((e) => e.occurs_on).sort()[0];
    return { done, total: active.length, summary: ['Nothing sent yet', ...(first ? [`first message ${formatPlainDate(first)}`] : [])].join(' · ') };
  }
  const reasons = new Map<string, number>();
  for (const e of skipped) reasons.set(e.skip_reason ?? 'skipped', (reasons.get(e.skip_reason ?? 'skipped') ?? 0) + 1);
  const why = reasons.size === 1 ? [...reasons.keys()][0]! : [...reasons].map(([reason, n]) => `${n} ${reason}`).join(', ');
  const summary = [`${sent} sent`, ...(skipped.length ? [`${skipped.length} skipped: ${why}`] : [])].join(' · ');
  return { done, total: active.length, summary };
}

function SessionRow({ session, actions, onDryRun }: { session: SessionJson; actions: ReturnType<typeof useSessionEventActions>; onDryRun: (s: SessionJson) => void }) {
  const [open, setOpen] = useState(false);
  const { done, total, summary } = sessionProgress(session);
  const pct = total ? Math.round((done / total) * 100) : 0;
  return (
    <li className="card session-card">
      <button type="button" className="row-button session-head" aria-expanded={open} onClick={() => setOpen(!open)}>
        <ChevronRight size={16} aria-hidden="true" className="disclosure" />
        <span className="session-who">
          {session.participant ? <PersonName person={session.participant} /> : <span className="strong-text">Someone</span>}
          {session.is_sandbox && <StatusPill>Sandbox</StatusPill>}
          <span className="muted small">
            Starts {formatPlainDate(session.start_date, { weekday: false, year: 'always' })} · {zoneName(session.time_zone)} time
          </span>
          <span className="muted small">{summary}</span>
        </span>
        <span className="session-progress" aria-label={`${done} of ${total} done`}>
          <span className="meter">
            <span className="meter-fill meter-good" style={{ width: `${pct}%` }} />
          </span>
          <span className="small muted">
            {done}/{total}
          </span>
        </span>
        <StatusPill tone={SESSION_STATE_TONES[session.state]}>{SESSION_STATE_LABELS[session.state]}</StatusPill>
      </button>
      {open && (
        <div className="session-body divided-block">
          <div className="button-row">
            <button type="button" className="button button-secondary button-small" onClick={() => onDryRun(session)}>
              See their calendar
            </button>
            <a className="button button-secondary button-small" href={`/site/${session.id}`} target="_blank" rel="noopener noreferrer">
              Open their hub
            </a>
          </div>
          <ol className="session-events divided-list" aria-label={`Schedule of ${session.participant?.name ?? 'this person'}`}>
            {[...session.session_events]
              .sort((a, b) => a.occurs_on.localeCompare(b.occurs_on) || a.minute_in_day - b.minute_in_day)
              .map((e) => (
                <SessionEventRow key={e.id} event={e} actions={actions} />
              ))}
          </ol>
        </div>
      )}
    </li>
  );
}

/**
 * Who is on it now, as the journey's header counts them (num_active_sessions: sessions still active, a later start
 * included), then those who finished or were cancelled, still listed below.
 */
function peopleSummary(list: SessionJson[]): string {
  const count = (state: SessionJson['state']) => list.filter((s) => s.state === state).length;
  const [finished, cancelled] = [count('finished'), count('cancelled')];
  return [`${plural(count('active'), 'person', 'people')} on it now`, ...(finished ? [`${finished} finished`] : []), ...(cancelled ? [`${cancelled} cancelled`] : [])].join(' · ');
}

/** The people on the journey (sessions), each with their own schedule. */
export function SessionsTab({ flow, data, onDryRun }: { flow: Flow; data: TagDetail; onDryRun: (s: SessionJson) => void }) {
  const sessions = useQuery(sessionsQuery(flow, data.tag.id));
  const actions = useSessionEventActions(flow, data.tag.id);
  const { weekend, setWeekend, reschedule } = actions;
  return (
    <>
    {weekend && (
      <ConfirmDialog title="Send on a weekend day?" confirmText="Send on that day" onConfirm={() => reschedule.mutateAsync({ id: weekend.id, date: weekend.date, allowWeekend: true })} onClose={() => setWeekend(null)}>
        <p>{weekend.reason}. Send it on that day anyway?</p>
      </ConfirmDialog>
    )}
    <PageState query={sessions} what="people">
      {({ sessions: list }) =>
        list.length === 0 ? (
          <EmptyState title="Nobody is on this journey yet">People appear here once they are enrolled. Try it first with the dry run, or in the sandbox.</EmptyState>
        ) : (
          <>
            <p className="muted">{peopleSummary(list)}</p>
            <ul className="session-list" aria-label="People on this journey">
              {list.map((s) => (
                <SessionRow key={s.id} session={s} actions={actions} onDryRun={onDryRun} />
              ))}
            </ul>
          </>
        )
      }
    </PageState>
    </>
  );
}
