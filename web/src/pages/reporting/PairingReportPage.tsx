import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useDateRangeParams } from '../../api/searchParams';
import { DataTable, dataTableColumns, DateRangePicker, formatPlainDate, InlineError, Select, Spinner, StatusPill, todayIn, viewerZone } from '../../kit';
import { PageHeader } from '../PageHeader';
import { usePrograms } from '../programs/programsApi';
import { percent, STATE_LABELS, STATE_TONES, type MeetingState, type PairingReport } from '../intros/introsApi';
import { PersonName } from '../../kit/person';
import '../programs/programs.css';
import '../intros/intros.css';
import { journeyTagsQuery, pairingReportQuery, strategicQuery, type StrategicConnectionsJson } from './reportingApi';
import './reporting.css';

/** The choice of no filter in a Select (whose empty value means nothing chosen). */
const ALL = 'all';

type Fairness = PairingReport['fairness'];
type Wait = Fairness['waits'][number];
type GroupMix = NonNullable<Fairness['cross_team']>['by_group'][number];
type Connection = StrategicConnectionsJson['connections'][number];

const waitCol = dataTableColumns<Wait>();
const WAIT_COLUMNS = [
  waitCol.accessor((w) => w.member.name, { id: 'person', header: 'Person' }),
  waitCol.accessor((w) => w.rounds_waiting ?? Number.MAX_SAFE_INTEGER, { id: 'rounds', header: 'Rounds since last intro', cell: (c) => waitLabel(c.row.original.rounds_waiting) }),
];
const mixCol = dataTableColumns<GroupMix>();
const MIX_COLUMNS = [mixCol.accessor('name', { header: 'Group' }), mixCol.accessor('intros', { header: 'Intros' }), mixCol.accessor('mixed', { header: 'With another group' })];
const connCol = dataTableColumns<Connection>();
const CONNECTION_COLUMNS = [
  connCol.accessor((c) => c.member.name, { id: 'participant', header: 'Participant' }),
  connCol.accessor((c) => c.with.map((w) => w.name).join(', '), { id: 'with', header: 'Introduced to' }),
  connCol.accessor('date', { header: 'Round', cell: (c) => formatPlainDate(c.getValue(), { weekday: false, year: 'always' }) }),
  connCol.accessor((c) => (c.met ? 'Yes' : 'Not yet'), { id: 'met', header: 'Met' }),
];

/** Fairness in words: what each number means for the people in the program. */
export function fairnessSummary(stats: PairingReport['stats']): string {
  if (stats.groups === 0) return 'No intros in these dates yet.';
  const repeats =
    stats.repeat_rate === 0
      ? 'No one was paired with someone they had met before'
      : stats.repeat_rate <= 0.05
        ? 'Almost no one was paired with someone they had met before' : `${percent(stats.repeat_rate)} of pairs had met before`;
  const wait =
    stats.longest_wait_rounds <= 1
      ? 'nobody waited more than a round'
      : `the longest anyone waited was ${stats.longest_wait_rounds} rounds`;
  return `${repeats}, and ${wait}.`;
}

/** "2 of 24": groups that met out of all groups, never a bare rate whose denominator is hidden. */
export function metValue(stats: PairingReport['stats']): string {
  return `${stats.met ?? 0} of ${stats.groups}`;
}

/** "8% of groups · 22 have not answered yet" */
export function metHint(stats: PairingReport['stats']): string {
  const share = stats.groups > 0 ? percent((stats.met ?? 0) / stats.groups) : '—';
  const waiting = stats.unanswered ?? 0;
  const parts = [`${share} of groups`];
  if (waiting > 0) parts.push(`${waiting} ${waiting === 1 ? 'has' : 'have'} not answered yet`);
  return parts.join(' · ');
}

function Meter({ value, label, tone = 'good' }: { value: number; label: string; tone?: 'good' | 'warn' }) {
  const pct = Math.max(0, Math.min(1, value));
  return (
    <div className="meter" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct * 100)} aria-label={label}>
      <div className={`meter-fill meter-${tone}`} style={{ width: `${pct * 100}%` }} />
    </div>
  );
}

/** "2 rounds", "1 round", "never": a member's wait since their last intro. */
export const waitLabel = (rounds: number | null) => (rounds === null ? 'Never had an intro' : `${rounds} ${rounds === 1 ? 'round' : 'rounds'}`);

/** The people behind the fairness numbers: waits, never paired (and why), left out by the plan's cap, cross-group mix. */
function FairnessPeople({ fairness }: { fairness: PairingReport['fairness'] }) {
  const mix = fairness.cross_team;
  const mixTotal = mix ? mix.mixed + mix.same_group + mix.unknown : 0;
  return (
    <div className="fairness-people">
      <DataTable label="Wait since their last intro" showCaption data={fairness.waits} columns={WAIT_COLUMNS} getRowId={(w) => String(w.member.id)} rowHeader="person" searchPlaceholder={false} pageSize={10} />
      <section aria-labelledby="never-paired-title">
        <h3 id="never-paired-title" className="stat-label">
          Never paired
        </h3>
        {fairness.never_paired.length === 0 ? (
          <p className="muted small">Everyone in these rounds has had an intro.</p>
        ) : (
          <ul className="fairness-list">
            {fairness.never_paired.map((n) => (
              <li key={n.member.id}>
                <strong>{n.member.name}</strong>: {n.why}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="capped-title">
        <h3 id="capped-title" className="stat-label">
          Left out by the plan’s cap
        </h3>
        {fairness.left_out_by_cap.length === 0 ? (
          <p className="muted small">No one was left out by the plan’s cap.</p>
        ) : (
          <ul className="fairness-list">
            {fairness.left_out_by_cap.map((c) => (
              <li key={c.member.id}>
                <strong>{c.member.name}</strong>: {c.rounds} {c.rounds === 1 ? 'round' : 'rounds'}
              </li>
            ))}
          </ul>
        )}
      </section>
      {mix && (
        <DataTable
          label={`Cross-group mix: ${mix.mixed} of ${mixTotal} intros mixed groups${mix.unknown > 0 ? ` (${mix.unknown} with someone in no group)` : ''}`}
          showCaption
          data={mix.by_group}
          columns={MIX_COLUMNS}
          getRowId={(g) => String(g.id)}
          rowHeader="name"
          searchPlaceholder={false}
          pageSize={10}
        />
      )}
    </div>
  );
}

/** Strategic connections: whom this program introduced the journeys' participants to, and who is still waiting. */
function StrategicConnections({ programId, start, end, batches }: { programId: string; start: string; end: string; batches: PairingReport['batches'] }) {
  const [tagId, setTagId] = useState<number | null>(null);
  const [batchId, setBatchId] = useState<number | null>(null);
  const tags = useQuery(journeyTagsQuery);
  const q = useQuery(strategicQuery({ id: programId, tag_id: tagId, batch_id: batchId, start_date: start, end_date: end }));
  const data = q.data;
  return (
    <section className="card strategic" aria-labelledby="strategic-title">
      <h2 id="strategic-title" className="card-title">
        Strategic connections
      </h2>
      <div className="report-filters">
        <Select
          label="Journey"
          options={[{ value: ALL, label: 'All journeys' }, ...(tags.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))]}
          value={tagId === null ? ALL : String(tagId)}
          onChange={(v) => setTagId(v[0] && v[0] !== ALL ? Number(v[0]) : null)}
        />
        <Select
          label="Round"
          options={[{ value: ALL, label: 'Every round in these dates' }, ...batches.map((b) => ({ value: String(b.id), label: formatPlainDate(b.date, { weekday: false, year: 'always' }) }))]}
          value={batchId === null ? ALL : String(batchId)}
          onChange={(v) => setBatchId(v[0] && v[0] !== ALL ? Number(v[0]) : null)}
        />
      </div>
      {q.isError ? (
        <InlineError>Could not load strategic connections.</InlineError>
      ) : !data ? (
        <Spinner />
      ) : (
        <>
          <p className="fairness-summary" data-testid="strategic-summary">
            {data.connected} of {data.participants} journey {data.participants === 1 ? 'participant' : 'participants'} had an intro.
          </p>
          {data.connections.length > 0 && (
            <DataTable label="Intros of journey participants" showCaption data={data.connections} columns={CONNECTION_COLUMNS} getRowId={(c) => `${c.member.id}:${c.batch_id}:${c.with.map((w) => w.id).join('-')}`} rowHeader="participant" searchPlaceholder={false} pageSize={10} />
          )}
          {data.not_connected.length > 0 && (
            <section aria-labelledby="strategic-waiting-title">
              <h3 id="strategic-waiting-title" className="stat-label">
                Still waiting for an intro
              </h3>
              <ul className="fairness-list">
                {data.not_connected.map((p) => (
                  <li key={p.id}>{p.name}</li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </section>
  );
}

function StateDot({ state }: { state: MeetingState }) {
  return <StatusPill tone={STATE_TONES[state]}>{STATE_LABELS[state]}</StatusPill>;
}

function BatchRow({ batch, max }: { batch: PairingReport['batches'][number]; max: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const met = batch.groups.filter((g) => g.state === 'met').length;
  const width = max > 0 ? (batch.groups.length / max) * 100 : 0;
  const metWidth = batch.groups.length > 0 ? (met / batch.groups.length) * 100 : 0;
  return (
    <li className="batch">
      <button type="button" className="row-button batch-head" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <span className="strong-text">{formatPlainDate(batch.date, { year: 'always' })}</span>
        <span className="meter batch-bar" aria-hidden="true">
          <span className="meter-fill meter-part" style={{ width: `${width}%` }}>
            <span className="meter-fill meter-good" style={{ width: `${metWidth}%` }} />
          </span>
        </span>
        <span className="muted small batch-count">
          {batch.groups.length} {batch.groups.length === 1 ? 'group' : 'groups'} · {met} met
        </span>
        <span className="batch-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
      </button>
      {open && (
        <ul id={panelId} className="batch-groups">
          {batch.groups.map((g) => (
            <li key={g.id} className="divided-block batch-group">
              <span className="batch-group-people">
                {g.members.map((m) => (
                  <PersonName key={m.id} person={m} />
                ))}
              </span>
              <span className="muted small">{g.reason}</span>
              <StateDot state={g.state} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export default function PairingReportPage() {
  const { id = '' } = useParams();
  const { range, setRange } = useDateRangeParams();
  const programs = usePrograms();
  const program = programs.data?.find((p) => String(p.id) === id && p.type === 'CoffeeConfiguration');
  const report = useQuery(pairingReportQuery(id, range));
  const data = report.data;
  const today = todayIn(viewerZone());
  // The dates asked for, else the server's (the last 90 days), once it has said them.
  const shown = range.start_date && range.end_date ? { from: range.start_date, to: range.end_date } : data ? { from: range.start_date ?? data.start, to: range.end_date ?? data.end } : null;

  return (
    <section className="pairing-report" aria-labelledby="pairing-report-title">
      <PageHeader
        title={<span id="pairing-report-title">{program ? `Pairing report · ${program.channel}` : 'Pairing report'}</span>}
        subtitle="Who met whom, round by round, and how fairly Hearth spread the intros."
        actions={
          <Link className="button button-secondary" to={`/coffee/${id}?tab=rounds`}>
            Back to the program
          </Link>
        }
      />
      <div className="card date-range">
        {shown && <DateRangePicker label="Dates" value={shown} today={today} max={shown.to > today ? shown.to : today} onChange={(r) => setRange({ start_date: r.from, end_date: r.to })} />}
        {report.isFetching && <Spinner title="Loading the report" />}
      </div>

      {report.isPending ? (
        <div className="page-loading" role="status">
          <Spinner /> Loading the report…
        </div>
      ) : report.isError ? (
        <InlineError onRetry={() => void report.refetch()}>
          {report.error instanceof ApiError && report.error.status === 404
            ? 'We couldn’t find this Intros program.'
            : report.error instanceof ApiError && report.error.serverError
              ? report.error.serverError
              : 'We couldn’t load the pairing report.'}
        </InlineError>
      ) : data ? (
        <>
          <dl className="stat-row">
            <div className="stat">
              <dt className="stat-label">Rounds</dt>
              <dd className="stat-value">{data.stats.rounds}</dd>
            </div>
            <div className="stat">
              <dt className="stat-label">Groups</dt>
              <dd className="stat-value">{data.stats.groups}</dd>
              <dd className="stat-hint">at most {data.maxPairsInBatch} in a round</dd>
            </div>
            <div className="stat">
              <dt className="stat-label">Met</dt>
              <dd className="stat-value">{metValue(data.stats)}</dd>
              <dd className="stat-hint">{metHint(data.stats)}</dd>
            </div>
            <div className="stat">
              <dt className="stat-label">People</dt>
              <dd className="stat-value">{data.stats.participants}</dd>
            </div>
          </dl>

          <section className="card fairness" aria-labelledby="fairness-title">
            <h2 id="fairness-title" className="card-title">
              Fairness
            </h2>
            <p className="fairness-summary">{fairnessSummary(data.stats)}</p>
            <div className="fairness-grid">
              <div className="fairness-item">
                <span className="stat-label">Repeat rate</span>
                <span className="stat-value">{percent(data.stats.repeat_rate, 1)}</span>
                <Meter value={data.stats.repeat_rate} label="Repeat rate" tone={data.stats.repeat_rate > 0.2 ? 'warn' : 'good'} />
                <span className="kit-field-hint">
                  Pairs who had already met in an earlier round. Lower is better; the lowest possible here was {percent(data.stats.lowest_repeat_rate, 1)}.
                </span>
              </div>
              <div className="fairness-item">
                <span className="stat-label">Pairs that have met</span>
                <span className="stat-value">{percent(data.stats.coverage, 1)}</span>
                <Meter value={data.stats.coverage} label="Share of possible pairs that have met" />
                <span className="kit-field-hint">Of every possible pair among the people taking part, the share that has met.</span>
              </div>
              <div className="fairness-item">
                <span className="stat-label">Longest wait</span>
                <span className="stat-value">
                  {`${data.stats.longest_wait_rounds} ${data.stats.longest_wait_rounds === 1 ? 'round' : 'rounds'}`}
                </span>
                <Meter
                  value={data.stats.rounds > 0 ? data.stats.longest_wait_rounds / data.stats.rounds : 0}
                  label="Longest wait as a share of rounds"
                  tone={data.stats.longest_wait_rounds > 2 ? 'warn' : 'good'}
                />
                <span className="kit-field-hint">The most rounds in a row anyone went without an intro.</span>
              </div>
            </div>
            <FairnessPeople fairness={data.fairness} />
          </section>

          <StrategicConnections programId={id} start={data.start} end={data.end} batches={data.batches} />

          <section className="card batches" aria-labelledby="batches-title">
            <h2 id="batches-title" className="card-title">
              Rounds
            </h2>
            {data.batches.length === 0 ? (
              <p className="muted">No rounds in these dates.</p>
            ) : (
              <>
                <p className="muted small batches-legend">
                  <span className="swatch meter-good" aria-hidden="true" /> met <span className="swatch meter-part legend-groups" aria-hidden="true" />{' '}
                  groups, scaled to the biggest round ({data.maxPairsInBatch})
                </p>
                <ol className="framed-list batch-list">
                  {data.batches.map((b) => (
                    <BatchRow key={b.id} batch={b} max={data.maxPairsInBatch} />
                  ))}
                </ol>
              </>
            )}
          </section>
        </>
      ) : null}
    </section>
  );
}
