import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { errorText } from '../../api/client';
import { CalendarIcon, CheckCircleIcon, ExternalIcon, HashIcon, InlineError, Mrkdwn, SkeletonLines, Spinner, UserIcon, formatDateTime, formatLongPlainDate } from '../../kit';
import { hubModuleQuery, useHubActions, type DataModule, type HubEventJson, type HubFrameData, type HubModuleData, type HubPersonJson, type HubTimelineStatus } from './hubApi';
import './hub.css';

/** Where the modules' data comes from: a session's hub (one call per module), or the editor's sample data. */
type HubSource = { kind: 'session'; sessionId: string } | { kind: 'preview'; data: HubModuleData };
const SourceContext = createContext<HubSource>({ kind: 'preview', data: { people: { people: [] }, events: { upcoming: [], past: [] }, tasks: { tasks: [] }, polls: { polls: [] }, channels: { channels: [] }, timeline: { items: [] } } });

function useModuleData<K extends DataModule>(module: K) {
  const source = useContext(SourceContext);
  const query = useQuery(hubModuleQuery(source.kind === 'session' ? source.sessionId : '', module, source.kind === 'session'));
  return source.kind === 'preview' ? { data: source.data[module], isError: false, error: null, refetch: () => undefined } : query;
}

type Module = HubFrameData['modules'][number];

/** {first_name}, {name}, {journey} and {start_date} in the site's texts, for this session. */
function fill(text: string, frame: HubFrameData): string {
  const name = frame.session.participant?.name ?? 'there';
  const vars: Record<string, string> = { first_name: name.split(/\s+/)[0] ?? name, name, journey: frame.session.journey_name, start_date: formatLongPlainDate(frame.session.start_date) };
  return text.replace(/\{(first_name|name|journey|start_date)\}/g, (_, k: string) => vars[k] ?? '');
}

/**
 * A journey hub: the site's modules in order, for one session or for the editor's preview (the same components,
 * so what the admin previews is what the participants see).
 */
export function HubView({ frame, source }: { frame: HubFrameData; source: HubSource }) {
  return (
    <SourceContext.Provider value={source}>
      <div className="hub">
        <header className="hub-header">
          <h1 className="hub-title">{frame.session.journey_name}</h1>
          <p className="muted hub-start">
            <CalendarIcon aria-hidden="true" /> Started {formatLongPlainDate(frame.session.start_date)}
          </p>
        </header>
        {frame.modules.map((m) => (
          <HubModule key={m.type} module={m} frame={frame} />
        ))}
        {frame.modules.length === 0 && <p className="muted">Nothing here yet.</p>}
      </div>
    </SourceContext.Provider>
  );
}

function HubModule({ module, frame }: { module: Module; frame: HubFrameData }) {
  // Links with none listed and nothing written: nothing to show, so no empty card.
  if (module.type === 'resources' && !module.links.length && !module.text) return null;
  const headingId = `hub-${module.type}`;
  const title = fill(module.title, frame);
  return (
    <section className={`card hub-module hub-module-${module.type}`} aria-labelledby={headingId}>
      {module.type === 'welcome' && module.image_url && <img className="thumbnail hub-welcome-image" src={module.image_url} alt="" />}
      <h2 id={headingId} className={module.type === 'welcome' ? 'figure-text hub-welcome-title' : 'card-title hub-module-title'}>
        {title || ' '}
      </h2>
      {module.text && (
        <div className="hub-text">
          <Mrkdwn text={fill(module.text, frame)} />
        </div>
      )}
      <ModuleBody module={module} frame={frame} />
    </section>
  );
}

function ModuleBody({ module, frame }: { module: Module; frame: HubFrameData }) {
  switch (module.type) {
    case 'welcome':
      return null;
    case 'resources':
      return module.links.length ? (
        <ul className="hub-list">
          {module.links.map((l, i) => (
            <li key={i}>
              <ExternalLink href={l.url}>{l.label}</ExternalLink>
            </li>
          ))}
        </ul>
      ) : null;
    case 'people':
      return <Loaded module="people">{(d) => <People people={d.people} />}</Loaded>;
    case 'events':
      return <Loaded module="events">{(d) => <Events data={d} zone={frame.session.time_zone} />}</Loaded>;
    case 'tasks':
      return <Loaded module="tasks">{(d) => <Tasks tasks={d.tasks} />}</Loaded>;
    case 'polls':
      return <Loaded module="polls">{(d) => <Polls polls={d.polls} />}</Loaded>;
    case 'channels':
      return <Loaded module="channels">{(d) => <Channels channels={d.channels} />}</Loaded>;
    case 'timeline':
      return <Loaded module="timeline">{(d) => <Timeline items={d.items} zone={frame.session.time_zone} />}</Loaded>;
  }
}

function Loaded<K extends DataModule>({ module, children }: { module: K; children: (data: HubModuleData[K]) => ReactNode }) {
  const q = useModuleData(module);
  if (q.data !== undefined) return <>{children(q.data)}</>;
  if (q.isError)
    return (
      <InlineError className="hub-error" onRetry={() => void q.refetch()}>
        {errorText(q.error)}
      </InlineError>
    );
  return <SkeletonLines />;
}

function ExternalLink({ href, children, label }: { href: string; children: ReactNode; label?: string }) {
  return (
    <a className="hub-link" href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
      {children}
      <ExternalIcon aria-hidden="true" />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function Avatar({ person }: { person: HubPersonJson | null }) {
  return person?.avatar_url ? <img className="avatar-circle hub-avatar" src={person.avatar_url} alt="" /> : <span className="avatar-circle avatar-empty hub-avatar hub-avatar-empty" aria-hidden="true"><UserIcon /></span>;
}

function People({ people }: { people: HubModuleData['people']['people'] }) {
  if (!people.length) return <p className="muted">No one yet: the people on your journey (your manager, your buddy …) appear here once they are chosen.</p>;
  return (
    <ul className="hub-people">
      {people.map((p, i) => (
        <li key={`${p.role_id}-${p.person?.id ?? i}`} className="hub-person">
          <Avatar person={p.person} />
          <div className="hub-person-text">
            <span className="strong-text">{p.person?.name ?? 'Not assigned yet'}</span>
            <span className="muted">{p.role_name}</span>
            {p.person && (
              <ExternalLink href={p.person.slack_url} label={`Message in Slack: ${p.person.name}`}>
                Message in Slack
              </ExternalLink>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function EventList({ events, zone, empty }: { events: HubEventJson[]; zone: string; empty: string }) {
  if (!events.length) return <p className="muted">{empty}</p>;
  return (
    <ul className="hub-list hub-events">
      {events.map((e) => (
        <li key={e.id}>
          <span className="strong-text hub-event-title">{e.title}</span>
          <span className="muted">{formatDateTime(e.occurs_at, zone)}</span>
        </li>
      ))}
    </ul>
  );
}

function Events({ data, zone }: { data: HubModuleData['events']; zone: string }) {
  return (
    <div className="hub-columns">
      <div>
        <h3 className="hub-subtitle">Coming up</h3>
        <EventList events={data.upcoming.slice(0, 8)} zone={zone} empty="Nothing planned yet: your journey's next messages, tasks and polls appear here before they arrive." />
      </div>
      <div>
        <h3 className="hub-subtitle">Past</h3>
        <EventList events={data.past.slice(0, 8)} zone={zone} empty="Nothing yet: what your journey has sent you appears here." />
      </div>
    </div>
  );
}

/** In the editor's preview the buttons show but do nothing. */
function useActions() {
  const source = useContext(SourceContext);
  const actions = useHubActions(source.kind === 'session' ? source.sessionId : '');
  return source.kind === 'session' ? actions : null;
}

function Tasks({ tasks }: { tasks: HubModuleData['tasks']['tasks'] }) {
  const actions = useActions();
  if (!tasks.length) return <p className="muted">No tasks yet: tasks from your journey appear here when they are sent to you.</p>;
  return (
    <ul className="hub-list hub-tasks">
      {tasks.map((t) => {
        const busy = actions?.completeTask.isPending && actions.completeTask.variables === t.id;
        return (
          <li key={`${t.id}-${t.title}`} className={t.state === 'complete' ? 'muted' : undefined}>
            <div className="hub-task-text">
              <span className="strong-text hub-event-title">{t.title}</span>
              {!t.mine && t.assignee && <span className="muted">For {t.assignee.name}</span>}
            </div>
            {t.state === 'complete' ? (
              <span className="text-success strong-text hub-done">
                <CheckCircleIcon aria-hidden="true" /> Done
              </span>
            ) : t.mine ? (
              <button type="button" className="button button-secondary button-small" disabled={!actions || busy} onClick={() => actions?.completeTask.mutate(t.id)} aria-label={`Mark as done: “${t.title}”`}>
                {busy && <Spinner title="" />} Mark as done
              </button>
            ) : (
              <span className="muted">To do</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Polls({ polls }: { polls: HubModuleData['polls']['polls'] }) {
  const actions = useActions();
  if (!polls.length) return <p className="muted">No polls yet: questions from your journey appear here when they are asked.</p>;
  return (
    <ul className="hub-list hub-polls">
      {polls.map((p, i) => {
        const busy = actions?.answerPoll.isPending && actions.answerPoll.variables?.id === p.id;
        const questionId = `hub-poll-${p.id}-${i}`;
        return (
          <li key={`${p.id}-${i}`}>
            <div className="hub-poll">
              <div id={questionId} className="hub-poll-question">
                <Mrkdwn text={p.question} />
              </div>
              {p.answer_index !== null ? (
                <p className="text-success strong-text hub-done">
                  <CheckCircleIcon aria-hidden="true" /> {p.mine ? 'You answered' : `${p.respondent?.name ?? 'They'} answered`} <strong>{p.options[p.answer_index]}</strong>
                </p>
              ) : p.mine ? (
                <div className="hub-poll-options" role="group" aria-labelledby={questionId}>
                  {p.options.map((o, index) => (
                    <button key={index} type="button" className="button button-secondary button-small" disabled={!actions || busy} onClick={() => actions?.answerPoll.mutate({ id: p.id, index })}>
                      {o}
                    </button>
                  ))}
                </div>
              ) : (
                <p className="muted">Not answered yet</p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Channels({ channels }: { channels: HubModuleData['channels']['channels'] }) {
  if (!channels.length) return <p className="muted">No channels yet: channels to join for your journey appear here.</p>;
  return (
    <ul className="hub-list">
      {channels.map((c) => (
        <li key={c.id}>
          <ExternalLink href={c.slack_url} label={`Open #${c.name} in Slack`}>
            <HashIcon aria-hidden="true" />
            {c.name}
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}

/** A timeline item's real state: a task is only done when it is done, a poll when it is answered. */
const TIMELINE_STATUS: Record<HubTimelineStatus, { label: string; done: boolean }> = {
  started: { label: 'Started', done: true },
  coming_up: { label: 'Coming up', done: false },
  sent: { label: 'Sent', done: true },
  to_do: { label: 'To do', done: false },
  done: { label: 'Done', done: true },
  to_answer: { label: 'Waiting for an answer', done: false },
  answered: { label: 'Answered', done: true },
};

function Timeline({ items, zone }: { items: HubModuleData['timeline']['items']; zone: string }) {
  return (
    <ol className="nested-group hub-timeline">
      {items.map((e) => (
        <li key={`${e.kind}-${e.id}`} className={TIMELINE_STATUS[e.status].done ? 'muted' : undefined}>
          <span className="strong-text hub-event-title">{e.title}</span>
          <span className="muted">
            {e.start ? formatLongPlainDate(e.occurs_on) : formatDateTime(e.occurs_at, zone)} · {TIMELINE_STATUS[e.status].label}
          </span>
        </li>
      ))}
    </ol>
  );
}
