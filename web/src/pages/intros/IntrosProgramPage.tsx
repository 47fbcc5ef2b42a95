import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import { api, ApiError, errorText } from '../../api/client';
import { useSearchParam } from '../../api/searchParams';
import { AlertIcon, formatTime, openModal, showToast, Spinner, toastSuccess, WarningModal, zoneName } from '../../kit';
import { PageHeader } from '../PageHeader';
import { TypeBadge } from '../programs/AllChannelsPage';
import { openInviteUsers, SendNowButton } from '../programs/sendNow';
import { relativeDays } from '../programs/programsApi';
import {
  coffeeKey,
  formatInstant,
  hourLabel,
  MEMBER_STATUS_LABELS,
  periodLabel,
  previewKey,
  ROUND_STATE_LABELS,
  STATE_LABELS,
  useCoffee,
  useCoffeeList,
  useDebounced,
  useStoreCoffee,
  weekdayName,
  type CoffeePageData,
  type CoffeeUpdateAnswer,
  type GroupsPage,
  type MeetingJson,
  type MeetingState,
  type MemberJson,
  type MembersPage,
  type MemberStatus,
  type PageInfo,
  type PersonJson,
  type RoundJson,
  type RoundPreview,
} from './introsApi';
import { joinNames, PersonName } from './people';
import { PAIRING_TYPE_LABELS } from './settingsRules';
import '../programs/programs.css';
import './intros.css';

export const TABS = [
  { key: 'members', label: 'Members' },
  { key: 'rounds', label: 'Rounds' },
  { key: 'preview', label: 'Preview next round' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function isTab(value: string | null): value is TabKey {
  return TABS.some((t) => t.key === value);
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

// ---- header pieces ---------------------------------------------------------------------------------------------

function ScheduleLine({ data }: { data: CoffeePageData }) {
  const { config, program } = data;
  const size = config.group_size === 2 ? 'pairs' : `groups of ${config.group_size}`;
  const when = `${periodLabel(config.period)} on ${weekdayName(config.weekday)} at ${hourLabel(config.occurrence_hour)}`;
  return (
    <span>
      {PAIRING_TYPE_LABELS[config.pairing_type]} intros in {size} · {when}, {zoneName(config.tz)} time
      {!program.is_active && ' · paused'}
    </span>
  );
}

function Stat({ label, value, hint }: { label: string; value: React.ReactNode; hint?: React.ReactNode }) {
  return (
    <div className="stat">
      <dt className="stat-label">{label}</dt>
      <dd className="stat-value">{value}</dd>
      {hint && <dd className="stat-hint">{hint}</dd>}
    </div>
  );
}

function nextRound(data: CoffeePageData): { value: string; hint?: string } {
  const { config, program } = data;
  if (!program.is_active) return { value: 'Paused' };
  if (!config.next_run_at) return { value: 'Not scheduled' };
  const time = formatTime(config.next_run_at, config.tz, { withZone: true });
  const relative = relativeDays(program.next_occurrence_on_days_from_now);
  return { value: formatInstant(config.next_run_at, config.tz, false), hint: [time, relative].filter(Boolean).join(' · ') };
}

// ---- tabs ------------------------------------------------------------------------------------------------------------

function Tabs({ current, onChange, idBase }: { current: TabKey; onChange: (tab: TabKey) => void; idBase: string }) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    if (next < 0) return;
    event.preventDefault();
    onChange(TABS[next]!.key);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label="Intros program">
      {TABS.map((tab, index) => (
        <button
          key={tab.key}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={`${idBase}-tab-${tab.key}`}
          aria-controls={`${idBase}-panel`}
          aria-selected={current === tab.key}
          tabIndex={current === tab.key ? 0 : -1}
          className="tab"
          onClick={() => onChange(tab.key)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

// ---- lists: search and pages ----------------------------------------------------------------------------------------

/** The page of a list, back to the first whenever `key` (the search and filter) changes. */
function usePage(key: string): [number, (page: number) => void] {
  const [at, setAt] = useState({ key, page: 1 });
  return [at.key === key ? at.page : 1, (page) => setAt({ key, page })];
}

function SearchField({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  return (
    <label className="search-field">
      <span className="visually-hidden">{label}</span>
      <input type="search" placeholder={label} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

function Pager({ info, label, onPage }: { info: PageInfo; label: string; onPage: (page: number) => void }) {
  if (info.page === 1 && info.next_page === null) return null;
  const from = Math.min(info.total, (info.page - 1) * info.per + 1);
  const to = Math.min(info.total, info.page * info.per);
  return (
    <nav className="pager" aria-label={label}>
      <span className="muted small">
        {from}–{to} of {info.total}
      </span>
      <button type="button" className="button button-secondary" disabled={info.page <= 1} onClick={() => onPage(info.page - 1)}>
        Previous
      </button>
      <button type="button" className="button button-secondary" disabled={info.next_page === null} onClick={() => info.next_page && onPage(info.next_page)}>
        Next
      </button>
    </nav>
  );
}

// ---- members ---------------------------------------------------------------------------------------------------------

const STATUS_FILTERS: ReadonlyArray<MemberStatus | 'all'> = ['all', 'active', 'snoozed', 'opted_out', 'ghost', 'ineligible'];

export function MemberStatusBadge({ member }: { member: Pick<MemberJson, 'status' | 'snoozed_until'> }) {
  const label =
    member.status === 'snoozed' && member.snoozed_until
      ? `Snoozed until ${formatInstant(`${member.snoozed_until}T12:00:00Z`, 'UTC', false)}`
      : MEMBER_STATUS_LABELS[member.status];
  return <span className={`state-badge member-${member.status}`}>{label}</span>;
}

function MembersTab({ data, id }: { data: CoffeePageData; id: string }) {
  const [filter, setFilter] = useState<MemberStatus | 'all'>('all');
  const [text, setText] = useState('');
  const query = useDebounced(text.trim());
  const [page, setPage] = usePage(`${filter}\n${query}`);
  const [busy, setBusy] = useState<string | null>(null);
  const [reminded, setReminded] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: coffeeKey(id) });
  const { config, member_counts: counts } = data;
  const categoryName = useMemo(() => new Map(config.categories.map((c) => [c.id, c.name])), [config.categories]);
  // The server searches, filters and pages (in name order); GET /coffee/{id} brought the first page of everyone.
  const first: MembersPage = { members: data.members, ...data.members_page };
  const list = useCoffeeList(id, 'members', { status: filter, query, page }, first, filter === 'all' && query === '' && page === 1);
  const shown = list.data?.members ?? [];
  const countOf = (status: MemberStatus | 'all') => (status === 'all' ? data.members_page.total : (counts[status] ?? 0));

  const setStatus = async (member: MemberJson, status: 'active' | 'snoozed' | 'opted_out') => {
    setBusy(`${member.slack_user_id}:${status}`);
    try {
      await api.post(`/coffee/${id}/update_users_status`, {
        user_uids: [member.slack_user_id],
        status,
        coffee_configuration_id: config.id,
        ...(status === 'snoozed' ? { days_to_snooze: 14 } : {}),
      });
      const said = { active: 'is back in Intros', snoozed: 'is snoozed for 2 weeks', opted_out: 'is opted out of this program' }[status];
      toastSuccess(`${member.name} ${said}.`);
      refresh();
    } catch {
      // the API client said what went wrong
    } finally {
      setBusy(null);
    }
  };

  const remind = async () => {
    setBusy('remind');
    try {
      const answer = await api.post<{ num_users_messaged: number }>(`/coffee/${id}/remind_users_to_pick_category_options`, {});
      const n = Number(answer?.num_users_messaged ?? 0);
      setReminded(n);
      toastSuccess(n === 0 ? 'Everyone has picked their interests already.' : `Reminded ${plural(n, 'person', 'people')} to pick their interests.`);
    } catch {
      // toast shown by the API client
    } finally {
      setBusy(null);
    }
  };

  const destroyGhosts = async () => {
    setBusy('ghosts');
    let removed = 0;
    try {
      let page: number | null = 1;
      for (let guard = 0; page !== null && guard < 100; guard++) {
        const answer: { removed: number; next_page: number | null } = await api.delete(`/coffee/${id}/destroy_ghosts_as_json`, { body: { page } });
        removed += Number(answer?.removed ?? 0);
        page = answer?.next_page ?? null;
      }
      toastSuccess(`Removed ${plural(removed, 'ghost')} from Intros.`);
    } catch {
      if (removed > 0) showToast(`Removed ${plural(removed, 'ghost')} before something went wrong.`);
    } finally {
      setBusy(null);
      refresh();
    }
  };

  const confirmGhosts = () =>
    openModal((close) => (
      <WarningModal title="Remove ghosts?" confirmText="Remove ghosts" danger onClose={close} onConfirm={() => void destroyGhosts()}>
        <p>
          {plural(counts.ghost, 'person has', 'people have')} not answered their intros several rounds in a row. They will be opted out of
          this program and stop getting intros. They can join again at any time.
        </p>
      </WarningModal>
    ));

  return (
    <div className="members-tab">
      <div className="tab-toolbar">
        <div className="segmented" role="group" aria-label="Show members">
          {STATUS_FILTERS.map((status) => (
            <button key={status} type="button" className="segment" aria-pressed={filter === status} onClick={() => setFilter(status)}>
              {status === 'all' ? 'Everyone' : MEMBER_STATUS_LABELS[status]} <span className="segment-count">{countOf(status)}</span>
            </button>
          ))}
        </div>
        <SearchField label="Search by name or email" value={text} onChange={setText} />
        <div className="button-row">
          {config.categories.length > 0 && (
            <button type="button" className="button button-secondary" disabled={busy === 'remind'} onClick={() => void remind()}>
              {busy === 'remind' && <Spinner title="" />}
              Remind to pick interests{counts.need_categories > 0 ? ` (${counts.need_categories})` : ''}
            </button>
          )}
          {counts.ghost > 0 && (
            <button type="button" className="button button-secondary" disabled={busy === 'ghosts'} onClick={confirmGhosts}>
              {busy === 'ghosts' && <Spinner title="" />}
              Remove ghosts ({counts.ghost})
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={() => openInviteUsers(data.program, refresh)}>
            Invite people
          </button>
        </div>
      </div>
      {reminded !== null && (
        <p className="notice" role="status">
          {reminded === 0 ? 'No one needed a reminder: everyone has picked their interests.' : `We sent ${plural(reminded, 'person', 'people')} a DM to pick their interests.`}
        </p>
      )}
      {!list.data ? (
        list.isError ? (
          <div className="inline-error" role="alert">
            <AlertIcon /> <span>We couldn’t search the members. Try again.</span>
          </div>
        ) : (
          <div className="page-loading" role="status">
            <Spinner /> Searching…
          </div>
        )
      ) : shown.length === 0 ? (
        <div className="empty-state">
          <h3>
            {query !== ''
              ? `No one matches “${query}”`
              : filter === 'all'
                ? 'No one is in this channel yet'
                : `No ${MEMBER_STATUS_LABELS[filter as MemberStatus].toLowerCase()} members`}
          </h3>
          {filter === 'all' && query === '' && <p className="muted">Invite people to {data.program.channel}; everyone in the channel takes part.</p>}
        </div>
      ) : (
        <>
          <div className="table-scroll">
            <table className="data-table members-table" aria-busy={list.isFetching || undefined}>
              <caption className="visually-hidden">Members of {data.program.channel}</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">Interests</th>
                  <th scope="col">Last intro</th>
                  <th scope="col" className="cell-number">
                    Left out
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((m) => (
                  <tr key={m.id}>
                    <th scope="row">
                      <PersonName person={m} />
                    </th>
                    <td>
                      <MemberStatusBadge member={m} />
                      {m.status_reason && m.status !== 'snoozed' && <div className="cell-note">{m.status_reason}</div>}
                      {m.unanswered_in_a_row >= 2 && m.status !== 'ghost' && (
                        <div className="cell-note">{plural(m.unanswered_in_a_row, 'round')} without an answer</div>
                      )}
                    </td>
                    <td>
                      {m.category_ids.length === 0 ? (
                        <span className="muted">{config.categories.length > 0 ? 'None picked' : '—'}</span>
                      ) : (
                        <ul className="chip-list" aria-label={`Interests of ${m.name}`}>
                          {m.category_ids.map((cid) => (
                            <li key={cid} className="chip">
                              {categoryName.get(cid) ?? 'Unknown'}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td>{m.last_intro_on ? formatInstant(`${m.last_intro_on}T12:00:00Z`, 'UTC', false) : <span className="muted">Never</span>}</td>
                    <td className="cell-number">{m.times_left_out}</td>
                    <td className="cell-actions">
                      {data.can_edit && m.status !== 'ineligible' && (
                        <div className="row-actions">
                          {m.status === 'active' ? (
                            <>
                              <button
                                type="button"
                                className="button button-secondary"
                                disabled={busy !== null}
                                aria-label={`Snooze ${m.name} for 2 weeks`}
                                onClick={() => void setStatus(m, 'snoozed')}
                              >
                                Snooze
                              </button>
                              <button
                                type="button"
                                className="button button-secondary"
                                disabled={busy !== null}
                                aria-label={`Opt ${m.name} out`}
                                onClick={() => void setStatus(m, 'opted_out')}
                              >
                                Opt out
                              </button>
                            </>
                          ) : (
                            <button
                              type="button"
                              className="button button-secondary"
                              disabled={busy !== null}
                              aria-label={`Bring ${m.name} back`}
                              onClick={() => void setStatus(m, 'active')}
                            >
                              Bring back
                            </button>
                          )}
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager info={list.data} label="Pages of members" onPage={setPage} />
        </>
      )}
    </div>
  );
}

// ---- rounds ----------------------------------------------------------------------------------------------------------

const MEETING_STATES: MeetingState[] = ['pending', 'met', 'not_yet', 'skipped', 'cancelled'];

function MeetingCard({ meeting, canEdit, onChanged }: { meeting: MeetingJson; canEdit: boolean; onChanged: () => void }) {
  const [state, setState] = useState<MeetingState>(meeting.state);
  const [saving, setSaving] = useState(false);
  const selectId = useId();
  const change = async (next: MeetingState) => {
    const previous = state;
    setState(next);
    setSaving(true);
    try {
      await api.put(`/coffee_meetings/${meeting.id}`, { state: next });
      onChanged();
    } catch {
      setState(previous);
    } finally {
      setSaving(false);
    }
  };
  return (
    <li className={`group-card meeting-${state}`}>
      <ul className="group-members" aria-label="Who is in this group">
        {meeting.members.map((p) => (
          <li key={p.id}>
            <PersonName person={p} />
          </li>
        ))}
      </ul>
      <p className="group-reason">{meeting.reason}</p>
      <div className="group-foot">
        {canEdit ? (
          <>
            <label className="visually-hidden" htmlFor={selectId}>
              How did the intro of {joinNames(meeting.members.map((m) => m.name))} go?
            </label>
            <select id={selectId} className="state-select" value={state} disabled={saving} onChange={(e) => void change(e.target.value as MeetingState)}>
              {MEETING_STATES.map((s) => (
                <option key={s} value={s}>
                  {STATE_LABELS[s]}
                </option>
              ))}
            </select>
          </>
        ) : (
          <span className={`state-badge meeting-state-${state}`}>{STATE_LABELS[state]}</span>
        )}
        {meeting.answered_by && <span className="muted small">Answered by {meeting.answered_by.name}</span>}
      </div>
    </li>
  );
}

function RoundStateBadge({ round }: { round: Pick<RoundJson, 'state'> }) {
  return <span className={`state-badge round-${round.state}`}>{ROUND_STATE_LABELS[round.state]}</span>;
}

/** The current round's groups, a page at a time, searched by who is in them. */
function CurrentGroups({ data, current, firstPage, id, onChanged }: { data: CoffeePageData; current: RoundJson; firstPage: PageInfo; id: string; onChanged: () => void }) {
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
              <MeetingCard key={meeting.id} meeting={meeting} canEdit={data.can_edit} onChanged={onChanged} />
            ))}
          </ul>
          <Pager info={list.data} label="Pages of groups" onPage={setPage} />
        </>
      )}
    </>
  );
}

function RoundsTab({ data, id }: { data: CoffeePageData; id: string }) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: coffeeKey(id) });
  const { current_round: current, rounds, config } = data;
  if (!current && rounds.length === 0) {
    return (
      <div className="empty-state">
        <h3>No rounds yet</h3>
        <p className="muted">
          {data.program.is_active && config.next_run_at
            ? `The first round goes out ${formatInstant(config.next_run_at, config.tz)}. Preview it, or send one now.`
            : 'Activate the program, or send a round now.'}
        </p>
      </div>
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
          {current.num_groups > 0 && data.groups_page && <CurrentGroups data={data} current={current} firstPage={data.groups_page} id={id} onChanged={refresh} />}
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
                  <td className="cell-note">
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

// ---- preview ---------------------------------------------------------------------------------------------------------

/** People who share a reason, together: "Not drawn this round (28)" and their names. */
export function groupByWhy<T extends { member: PersonJson; why: string }>(entries: readonly T[]): Array<{ why: string; people: PersonJson[] }> {
  const groups = new Map<string, PersonJson[]>();
  for (const entry of entries) {
    const list = groups.get(entry.why);
    if (list) list.push(entry.member);
    else groups.set(entry.why, [entry.member]);
  }
  return [...groups].map(([why, people]) => ({ why, people: people.sort((a, b) => a.name.localeCompare(b.name)) }));
}

function PeopleByWhy({ title, id, entries }: { title: string; id: string; entries: ReadonlyArray<{ member: PersonJson; why: string }> }) {
  if (entries.length === 0) return null;
  return (
    <section className="aside-list" aria-labelledby={id}>
      <h3 id={id}>
        {title} <span className="segment-count">{entries.length}</span>
      </h3>
      <dl className="why-list">
        {groupByWhy(entries).map((group) => (
          <div key={group.why} className="why-group">
            <dt className="why-text">{group.why}</dt>
            <dd>
              <ul className="why-people" aria-label={group.why}>
                {group.people.map((person) => (
                  <li key={person.id}>
                    <PersonName person={person} />
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PreviewTab({ data, id }: { data: CoffeePageData; id: string }) {
  const preview = useQuery({
    queryKey: previewKey(id),
    queryFn: () => api.get<RoundPreview>(`/coffee/${id}/preview_next_round`, { toastOnError: false }),
    staleTime: 0,
  });
  const { config } = data;
  const p = preview.data;
  return (
    <div className="preview-tab">
      <div className="tab-toolbar">
        <p className="muted tab-lead">
          A dry run of the next round with today’s members and history. Nothing is sent or saved; the real round may differ if people join,
          leave or snooze.
        </p>
        <button type="button" className="button button-primary" disabled={preview.isFetching} onClick={() => void preview.refetch()}>
          {preview.isFetching && <Spinner title="" />} Preview next round
        </button>
      </div>
      {preview.isPending ? (
        <div className="page-loading" role="status">
          <Spinner /> Working out the next round…
        </div>
      ) : preview.isError ? (
        <div className="inline-error" role="alert">
          <AlertIcon /> <span>{errorText(preview.error, 'We couldn’t preview the next round.')}</span>
        </div>
      ) : p ? (
        <div className="preview-result" aria-busy={preview.isFetching || undefined}>
          <dl className="stat-row">
            <Stat label="Round" value={`#${p.round_number}`} hint={p.scheduled_for ? formatInstant(p.scheduled_for, config.tz) : 'Not scheduled'} />
            <Stat label="Groups" value={p.groups.length} hint={`${p.stats.grouped} of ${plural(p.stats.candidates, 'person', 'people')}`} />
            <Stat
              label="Repeat pairs"
              value={p.stats.repeatPairs}
              hint={p.stats.pairs > 0 ? `of ${plural(p.stats.pairs, 'pair')}` : undefined}
            />
            <Stat label="Left out" value={p.left_out.length} />
          </dl>
          {p.problem && (
            <p className="notice notice-warning" role="status">
              <AlertIcon /> {p.problem.message}
            </p>
          )}
          {p.groups.length > 0 && (
            <ol className="group-grid" aria-label="Groups in the next round">
              {p.groups.map((g, index) => (
                <li key={g.members.map((m) => m.id).join('-') || index} className="group-card">
                  <span className="group-number">Group {index + 1}</span>
                  <ul className="group-members">
                    {g.members.map((m) => (
                      <li key={m.id}>
                        <PersonName person={m} />
                      </li>
                    ))}
                  </ul>
                  <p className={g.reason.startsWith('First time') ? 'group-reason reason-new' : 'group-reason'}>{g.reason}</p>
                </li>
              ))}
            </ol>
          )}
          <PeopleByWhy title="Left out this round" id="left-out-title" entries={p.left_out} />
          <PeopleByWhy title="Not taking part" id="excluded-title" entries={p.excluded} />
        </div>
      ) : null}
    </div>
  );
}

// ---- page ------------------------------------------------------------------------------------------------------------

export default function IntrosProgramPage() {
  const { id = '' } = useParams();
  const [tabParam, setTab] = useSearchParam('tab', 'members');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'members';
  const coffee = useCoffee(id);
  const store = useStoreCoffee(id);
  const queryClient = useQueryClient();
  const [toggling, setToggling] = useState(false);
  const idBase = useId();

  if (coffee.isPending) {
    return (
      <section>
        <PageHeader title="Intros program" />
        <div className="page-loading" role="status">
          <Spinner /> Loading…
        </div>
      </section>
    );
  }
  if (coffee.isError) {
    const status = coffee.error instanceof ApiError ? coffee.error.status : 0;
    return (
      <section>
        <PageHeader title="Intros program" />
        <div className="card inline-error-card" role="alert">
          <p>
            <AlertIcon />{' '}
            {status === 404
              ? 'We couldn’t find this Intros program. It may have been removed.'
              : status === 403
                ? 'Only this program’s owner, editors and workspace admins can see it.'
                : 'Error loading Intros programs'}
          </p>
          <div className="button-row">
            <button type="button" className="button button-secondary" onClick={() => void coffee.refetch()}>
              Try again
            </button>
            <Link className="button button-secondary" to="/all_channels?type=intros">
              All Intros programs
            </Link>
          </div>
        </div>
      </section>
    );
  }

  const data = coffee.data;
  const { program, config, member_counts: counts } = data;

  const toggleActive = async () => {
    setToggling(true);
    try {
      const answer = await api.put<CoffeeUpdateAnswer>(`/coffee/${id}/update_as_json`, { coffee_configuration: { is_active: !program.is_active } });
      store(answer);
      toastSuccess(program.is_active ? 'Intros are paused. No rounds go out until you activate them again.' : 'Intros are active again.');
    } catch {
      // the API client has shown the error
    } finally {
      setToggling(false);
    }
  };

  const next = nextRound(data);
  return (
    <section className="intros-page" aria-labelledby="intros-title">
      <PageHeader
        title={
          <span id="intros-title" className="title-with-badges">
            {program.channel}
            <TypeBadge type={program.type} />
            <span className={program.is_active ? 'status-badge is-active' : 'status-badge is-paused'}>{program.is_active ? 'Active' : 'Paused'}</span>
          </span>
        }
        subtitle={<ScheduleLine data={data} />}
        actions={
          data.can_edit && (
            <>
              <SendNowButton program={program} onSent={() => void queryClient.invalidateQueries({ queryKey: coffeeKey(id) })} />
              <button type="button" className="button button-secondary" disabled={toggling} onClick={() => void toggleActive()}>
                {toggling && <Spinner title="" />}
                {program.is_active ? 'Pause' : 'Activate'}
              </button>
              <Link className="button button-primary" to={`/coffee/${id}/edit`}>
                Edit settings
              </Link>
            </>
          )
        }
      />

      <dl className="stat-row">
        <Stat label="Taking part" value={counts.active} hint={`of ${plural(data.members_page.total, 'person', 'people')} in the channel`} />
        <Stat label="Snoozed" value={counts.snoozed} />
        <Stat label="Opted out" value={counts.opted_out} />
        <Stat label="Ghosts" value={counts.ghost} hint={counts.ghost > 0 ? 'Not answering' : undefined} />
        <Stat label="Next round" value={next.value} hint={next.hint} />
      </dl>
      {config.max_participants !== null && counts.active > config.max_participants && (
        <p className="notice notice-warning">
          <AlertIcon /> The free plan pairs up to {config.max_participants} people a round; {counts.active - config.max_participants} will wait for
          the next one.
        </p>
      )}

      <div className="card tabs-card">
        <Tabs current={tab} onChange={(t) => setTab(t, { replace: true })} idBase={idBase} />
        <div className="tab-panel" role="tabpanel" id={`${idBase}-panel`} aria-labelledby={`${idBase}-tab-${tab}`} tabIndex={0}>
          {tab === 'members' && <MembersTab data={data} id={id} />}
          {tab === 'rounds' && <RoundsTab data={data} id={id} />}
          {tab === 'preview' && <PreviewTab data={data} id={id} />}
        </div>
      </div>
    </section>
  );
}
