import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CoffeeIcon, EmptyState, formatPlainDate, InlineError, INTROS_LOAD_ERROR, KindBadge, SegmentedControl, Spinner, StatusPill, type BadgeAccent } from '../../kit';
import { PageHeader } from '../PageHeader';
import {
  isProgramSlug,
  PROGRAM_SLUGS,
  PROGRAM_TYPES,
  relativeDays,
  slugOf,
  typeLabel,
  usePrograms,
  type ProgramJson,
  type ProgramSlug,
} from './programsApi';
import { SendNowButton } from './sendNow';
import './programs.css';

/** journeys.md §8: the Intros list failing to load. */

export function loadErrorText(slug: ProgramSlug | null): string {
  if (slug === 'intros') return INTROS_LOAD_ERROR;
  if (slug) return `Error loading ${PROGRAM_TYPES[slug].label} programs`;
  return 'Error loading programs';
}

/** Programs of the chosen type (all when none), matching the typed text on channel or owner. */
export function filterPrograms(programs: readonly ProgramJson[], slug: ProgramSlug | null, text = ''): ProgramJson[] {
  const needle = text.trim().toLowerCase().replace(/^#/, '');
  return programs
    .filter((p) => !slug || p.type === PROGRAM_TYPES[slug].type)
    .filter(
      (p) =>
        !needle ||
        p.channel.toLowerCase().replace(/^#/, '').includes(needle) ||
        (p.owner?.name ?? '').toLowerCase().includes(needle),
    )
    .sort((a, b) => a.channel.localeCompare(b.channel) || a.type.localeCompare(b.type));
}

function newProgramPath(slug: ProgramSlug | null): string {
  return slug ? `/channel_programs/new?preview=${slug}` : '/channel_programs/new';
}

function NextOccurrence({ program }: { program: ProgramJson }) {
  if (!program.is_active) return <span className="muted">Paused</span>;
  const relative = relativeDays(program.next_occurrence_on_days_from_now);
  if (!relative || !program.next_occurrence_on) return <span className="muted">Not scheduled</span>;
  return (
    <span className="next-occurrence">
      <span className="strong-text">{relative}</span>
      <span className="muted small">{formatPlainDate(program.next_occurrence_on)}</span>
    </span>
  );
}

/** A program's state in words: running or paused. */
export function ProgramStatus({ active }: { active: boolean }) {
  return <StatusPill tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Paused'}</StatusPill>;
}

const TYPE_ACCENT: Record<ProgramSlug, BadgeAccent> = { intros: 'ember', watercooler: 'sky', celebrations: 'sun' };

export function TypeBadge({ type }: { type: ProgramJson['type'] }) {
  return <KindBadge accent={TYPE_ACCENT[slugOf(type)]}>{typeLabel(type)}</KindBadge>;
}

function ProgramsEmpty({ slug, filtered }: { slug: ProgramSlug | null; filtered: boolean }) {
  if (filtered) {
    return (
      <EmptyState title="No programs match">
        Try another channel name, or clear the search.
      </EmptyState>
    );
  }
  const label = slug ? PROGRAM_TYPES[slug].label : null;
  return (
    <EmptyState
      icon={<CoffeeIcon />}
      title={label ? `No ${label} programs yet` : 'No channel programs yet'}
      action={
        <>
            {(!slug || slug === 'intros') && (
              <Link className="button button-primary" to="/channel_programs/new?preview=intros">
                Start an Intros program
              </Link>
            )}
            {(!slug || slug === 'watercooler') && (
              <Link className={slug ? 'button button-primary' : 'button button-secondary'} to="/channel_programs/new?preview=watercooler">
                Start a Watercooler
              </Link>
            )}
            <Link className={slug === 'celebrations' ? 'button button-primary' : 'button button-secondary'} to="/templates">
              Browse templates
            </Link>
        </>
      }
    >
      {slug ? PROGRAM_TYPES[slug].blurb : 'Start Intros or a Watercooler in a channel, and it shows up here.'}
    </EmptyState>
  );
}

function ProgramRow({ program }: { program: ProgramJson }) {
  return (
    <tr>
      <th scope="row">
        <Link className="row-link" to={program.page_path} title={`Open ${program.channel} ${typeLabel(program.type)}`}>
          {program.channel}
        </Link>
      </th>
      <td data-label="Program">
        <TypeBadge type={program.type} />
      </td>
      <td data-label="Status">
        <ProgramStatus active={program.is_active} />
      </td>
      <td data-label="People" className="cell-number">
        {program.num_participants}
      </td>
      <td data-label="Next">
        <NextOccurrence program={program} />
      </td>
      <td data-label="Owner">{program.owner?.name ?? <span className="muted">No owner</span>}</td>
      <td className="cell-actions">
        <div className="row-actions">
          <SendNowButton program={program} />
        </div>
      </td>
    </tr>
  );
}

export default function AllChannelsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const slug = isProgramSlug(raw) ? raw : null;
  const [text, setText] = useState('');
  const programs = usePrograms();

  const counts = useMemo(() => {
    const list = programs.data ?? [];
    return Object.fromEntries(PROGRAM_SLUGS.map((s) => [s, list.filter((p) => p.type === PROGRAM_TYPES[s].type).length])) as Record<ProgramSlug, number>;
  }, [programs.data]);
  const shown = useMemo(() => filterPrograms(programs.data ?? [], slug, text), [programs.data, slug, text]);
  const ofType = useMemo(() => filterPrograms(programs.data ?? [], slug), [programs.data, slug]);

  const title = slug ? `${PROGRAM_TYPES[slug].label} programs` : 'All channel programs';
  const setType = (next: ProgramSlug | null) =>
    setParams((prev) => {
      const copy = new URLSearchParams(prev);
      if (next) copy.set('type', next);
      else copy.delete('type');
      return copy;
    });

  let body: React.ReactNode;
  if (programs.isPending) {
    body = (
      <div className="page-loading" role="status">
        <Spinner /> Loading programs…
      </div>
    );
  } else if (programs.isError) {
    body = (
      <InlineError className="table-card-error" onRetry={() => void programs.refetch()}>
        {loadErrorText(slug)}
      </InlineError>
    );
  } else if (shown.length === 0) {
    body = <ProgramsEmpty slug={slug} filtered={ofType.length > 0} />;
  } else {
    body = (
        <div className="table-scroll">
          <table className="data-table data-table-stacked programs-table">
            <caption className="visually-hidden">{title}</caption>
            <colgroup>
              <col className="col-channel" />
              <col className="col-type" />
              <col className="col-status" />
              <col className="col-people" />
              <col className="col-next" />
              <col className="col-owner" />
              <col className="col-actions" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Channel</th>
                <th scope="col">Program</th>
                <th scope="col">Status</th>
                <th scope="col" className="cell-number">
                  People
                </th>
                <th scope="col">Next</th>
                <th scope="col">Owner</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((program) => (
                <ProgramRow key={`${program.type}-${program.id}`} program={program} />
              ))}
            </tbody>
          </table>
        </div>
    );
  }

  const total = programs.data?.length ?? 0;
  return (
    <section className="all-channels" aria-labelledby="all-channels-title">
      <PageHeader
        title={<span id="all-channels-title">{title}</span>}
        subtitle={slug ? PROGRAM_TYPES[slug].blurb : 'Every Intros, Watercooler and Celebrations program you can manage, channel by channel.'}
        actions={
          <Link className="button button-primary" to={newProgramPath(slug)}>
            New program
          </Link>
        }
      />
      <div className="card table-card">
        <div className="table-toolbar">
          <SegmentedControl<ProgramSlug | 'all'>
            label="Program type"
            hideLabel
            size="small"
            value={slug ?? 'all'}
            onChange={(value) => setType(value === 'all' ? null : value)}
            options={[
              { value: 'all', label: <>All <span className="segment-count">{total}</span></> },
              ...PROGRAM_SLUGS.map((s) => ({ value: s, label: <>{PROGRAM_TYPES[s].label} <span className="segment-count">{counts[s]}</span></> })),
            ]}
          />
          <label className="search-field">
            <span className="visually-hidden">Search by channel or owner</span>
            <input
              className="kit-input"
              type="search"
              placeholder="Search channels"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
        </div>
        {body}
      </div>
    </section>
  );
}
