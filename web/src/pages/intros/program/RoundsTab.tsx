import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AlertIcon, DeliveryBadge, EmptyState, Spinner, StatusPill, useDebounced } from '../../../kit';
import { formatInstant, ROUND_STATE_LABELS, ROUND_STATE_TONES, STATE_LABELS, STATE_TONES, useCoffeeList, useSetMeetingState, type CoffeePageData, type GroupsPage, type MeetingJson, type MeetingState, type PageInfo, type RoundJson } from '../introsApi';
import { PersonName } from '../../../kit/person';
import { joinNames } from '../people';
import { Pager, plural, SearchField, usePage } from './lists';

const MEETING_STATES: MeetingState[] = ['pending', 'met', 'not_yet', 'skipped', 'cancelled'];

function MeetingCard({ meeting, canEdit, programId }: { meeting: MeetingJson; canEdit: boolean; programId: string }) {
  const [state, setState] = useState<MeetingState>(meeting.state);
  const setMeetingState = useSetMeetingState(programId);
  const saving = setMeetingState.isPending;
  const selectId = useId();
  // Shown at once; put back if the server refuses (the API client says why).
  const change = (next: MeetingState) => {
    const previous = state;
    setState(next);
    setMeetingState.mutate({ meetingId: meeting.id, state: next }, { onError: () => setState(previous) });
  };
  return (
    <li className="panel group-card">
      <ul className="group-members" aria-label="Who is in this group">
        {meeting.members.map((p) => (
          <li key={p.id}>
            <PersonName person={p} />
          </li>
        ))}
      </ul>
      <p className="divided-block muted small group-reason">{meeting.reason}</p>
      {meeting.delivery && meeting.delivery.label !== 'Sent' && <DeliveryBadge delivery={meeting.delivery} />}
      <div className="group-foot">
        {canEdit ? (
          <>
            <label className="visually-hidden" htmlFor={selectId}>
              How did the intro of {joinNames(meeting.members.map((m) => m.name))} go?
            </label>
            <select id={selectId} className="kit-input state-select" value={state} disabled={saving} onChange={(e) => change(e.target.value as MeetingState)}>
              {MEETING_STATES.map((s) => (
                <option key={s} value={s}>
                  {STATE_LABELS[s]}
                </option>
              ))}
            </select>
          </>
        ) : (
          <StatusPill tone={STATE_TONES[state]}>{STATE_LABELS[state]}</StatusPill>
        )}
        {meeting.answered_by && <span className="muted small">Answered by {meeting.answered_by.name}</span>}
      </div>
    </li>
  );
}

function RoundStateBadge({ round }: { round: Pick<RoundJson, 'state'> }) {
  return <StatusPill tone={ROUND_STATE_TONES[round.state]}>{ROUND_STATE_LABELS[round.state]}</StatusPill>;
}

/** The current round's groups, a page at a time, searched by who is in them. */
function CurrentGroups({ data, current, firstPage, id }: { data: CoffeePageData; current: RoundJson; firstPage: PageInfo; id: string }) {
  const [text, setText] = useState('');
  const query = useDebounced(text.trim());
  const [page, setPage] = usePage(query);
  const first: GroupsPage = { round_id: current.id, groups: current.groups ?? [], ...firstPage };
  const list = useCoffeeList(id, 'groups', { round_id: current.id, query, page }, first, query === '' && page === 1);
  return (
    <>
      <SearchField label="Find a group by name or email" value={text} onChange={setText} />
      {!list.data ? (
        <div className="page-loading" role="status">
          {list.isError ? 'We couldn’t search the groups. Try again.' : <><Spinner /> Searching…</>}
        </div>
      ) : list.data.groups.length === 0 ? (
        <p className="muted">No group has anyone matching “{query}”.</p>
      ) : (
        <>
          <ul className="group-grid" aria-label="Groups of this round" aria-busy={list.isFetching || undefined}>
            {list.data.groups.map((meeting) => (
              <MeetingCard key={meeting.id} meeting={meeting} canEdit={data.can_edit} programId={id} />
            ))}
          </ul>
          <Pager info={list.data} label="Pages of groups" onPage={setPage} />
        </>
      )}
    </>
  );
}

/** The rounds so far: the current one's groups (searchable, paged) and the ones before. */
export function RoundsTab({ data, id }: { data: CoffeePageData; id: string }) {
  const { current_round: current, rounds, config } = data;
  if (!current && rounds.length === 0) {
    return (
      <EmptyState title="No rounds yet" headingLevel={3}>
        {data.program.is_active && config.next_run_at
          ? `The first round goes out ${formatInstant(config.next_run_at, config.tz)}. Preview it, or send one now.`
          : 'Activate the program, or send a round now.'}
      </EmptyState>
    );
  }
  const met = current?.num_met ?? 0;
  return (
    <div className="rounds-tab">
      {current && (
        <section className="current-round" aria-labelledby="current-round-title">
          <div className="section-head">
            <h3 id="current-round-title">
              Round {current.number} · {formatInstant(current.scheduled_for, config.tz)}
            </h3>
            <RoundStateBadge round={current} />
          </div>
          <p className="muted">
            {plural(current.num_groups, 'group')} from {plural(current.num_candidates, 'person', 'people')}
            {current.num_groups > 0 && ` · ${met} of ${current.num_groups} met so far`}
            {current.num_left_out > 0 && ` · ${current.num_left_out} left out`}
          </p>
          {current.problem && (
            <p className="notice notice-warning">
              <AlertIcon /> {current.problem.message}
            </p>
          )}
          {current.num_groups > 0 && data.groups_page && <CurrentGroups data={data} current={current} firstPage={data.groups_page} id={id} />}
        </section>
      )}
      <section aria-labelledby="rounds-title" className="rounds-history">
        <h3 id="rounds-title">Recent rounds</h3>
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Recent rounds</caption>
            <thead>
              <tr>
                <th scope="col">Round</th>
                <th scope="col">When</th>
                <th scope="col">State</th>
                <th scope="col" className="cell-number">
                  Groups
                </th>
                <th scope="col" className="cell-number">
                  People
                </th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((r) => (
                <tr key={r.id}>
                  <th scope="row">#{r.number}</th>
                  <td>
                    {formatInstant(r.scheduled_for, config.tz)}
                    {r.kind === 'send_now' && <span className="muted small"> · sent now</span>}
                  </td>
                  <td>
                    <RoundStateBadge round={r} />
                  </td>
                  <td className="cell-number">{r.num_groups}</td>
                  <td className="cell-number">{r.num_candidates}</td>
                  <td className="muted small cell-note">
                    {r.problem?.message ?? (r.num_left_out > 0 ? `${r.num_left_out} left out` : r.closed ? 'Closed' : '')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted small">
          <Link className="text-link" to={`/reporting/${id}`}>
            See the pairing report
          </Link>{' '}
          for every round, who met, and how fair the pairings are.
        </p>
      </section>
    </div>
  );
}
