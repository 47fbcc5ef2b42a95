import { useQuery } from '@tanstack/react-query';
import { FlaskConical, Rocket } from 'lucide-react';
import { useState } from 'react';
import { Callout, DateField, formatPlainDate, PageState, SegmentedControl, Select, Spinner, TimeZoneSelect } from '../../../kit';
import { dryRunQuery, useTryInSandbox, type DryRunQuery, type Flow, type TagDetail } from '../api/journeysApi';
import { nextMonday } from '../lib/schedule';
import { DryRunCalendar } from './DryRunCalendar';

type Mode = 'person' | 'date';

export interface DryRunSubject {
  userId?: number;
  userName?: string;
}

function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function TryInSandbox({ flow, tagId }: { flow: Flow; tagId: number }) {
  const tryIt = useTryInSandbox(flow, tagId);
  if (tryIt.data)
    return (
      <Callout
        action={
          <a className="button button-primary" href={tryIt.data.sandbox_url} target="_blank" rel="noreferrer">
            <Rocket size={16} aria-hidden="true" /> Open the sandbox
          </a>
        }
      >
        <strong>{tryIt.data.session.participant?.name ?? 'A sandbox person'} is on the journey</strong>, starting {formatPlainDate(tryIt.data.session.start_date)}. Open the sandbox and move its clock forward to watch each message arrive.
      </Callout>
    );
  return (
    <button type="button" className="button button-secondary" disabled={tryIt.isPending} onClick={() => tryIt.mutate()}>
      {tryIt.isPending ? <Spinner /> : <FlaskConical size={16} aria-hidden="true" />} Try it in the sandbox
    </button>
  );
}

/**
 * The journey dry run: for a person, or a start date and time zone, every message, task, poll and intro they
 * would get, at its local time, from the server's own schedule code. Nobody is enrolled and nothing is sent.
 */
export function DryRunPanel({ flow, data, subject }: { flow: Flow; data: TagDetail; subject?: DryRunSubject }) {
  const [mode, setMode] = useState<Mode>(subject?.userId ? 'person' : 'date');
  const [person, setPerson] = useState<{ id: number; name: string } | null>(subject?.userId ? { id: subject.userId, name: subject.userName ?? '' } : null);
  const [startDate, setStartDate] = useState(nextMonday());
  const [zone, setZone] = useState(browserZone());
  const query: DryRunQuery | null =
    mode === 'person' ? (person ? { user_id: person.id } : null) : /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? { start_date: startDate, time_zone: zone } : null;
  const dryRun = useQuery(dryRunQuery(flow, data.tag.id, query));
  const primary = data.roles.find((r) => r.primary);

  return (
    <div className="dry-run">
      <div className="card dry-run-controls">
        <div className="dry-run-intro">
          <h2 className="section-title">Dry run</h2>
          <p className="muted">See exactly what {primary ? `a ${primary.name.toLowerCase()}` : 'someone'} would get and when, in their own time zone. Nobody is enrolled and nothing is sent.</p>
        </div>
        <div className="dry-run-fields">
          <SegmentedControl<Mode>
            label="Run it for"
            value={mode}
            onChange={setMode}
            options={[
              { value: 'date', label: 'A start date' },
              { value: 'person', label: 'A person' },
            ]}
          />
          {mode === 'person' ? (
            <div className="jr-field-group dry-run-person">
              <Select
                label="Person"
                placeholder="Search people…"
                valueKey="id"
                labelKey="name"
                remote={{ path: '/people/search' }}
                knownOptions={person ? [{ id: String(person.id), name: person.name }] : []}
                value={person ? [String(person.id)] : []}
                onChange={(values, options) => setPerson(values[0] ? { id: Number(values[0]), name: String(options[0]?.name ?? '') } : null)}
              />
              <p className="kit-field-hint">Their Slack time zone, and their start date if they are enrolled (otherwise the next work day).</p>
            </div>
          ) : (
            <>
              <DateField label="Start date" value={startDate} onChange={setStartDate} />
              <TimeZoneSelect value={zone} onChange={setZone} />
            </>
          )}
        </div>
        <div className="dry-run-try">
          <TryInSandbox flow={flow} tagId={data.tag.id} />
        </div>
      </div>
      {query === null ? (
        <p className="muted dry-run-empty">{mode === 'person' ? 'Pick a person to see their calendar.' : 'Pick a start date.'}</p>
      ) : (
        <PageState query={dryRun} what="dry run">
          {(answer) => <DryRunCalendar answer={answer} stale={dryRun.isFetching} />}
        </PageState>
      )}
    </div>
  );
}
