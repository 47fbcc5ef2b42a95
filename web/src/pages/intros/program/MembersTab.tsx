import { useMemo, useState } from 'react';
import { DataTable, dataTableColumns, EmptyState, InlineError, openModal, SegmentedControl, showToast, Spinner, StatusPill, toastSuccess, useDebounced, WarningModal } from '../../../kit';
import { openInviteUsers } from '../../programs/sendNow';
import {
  formatInstant,
  MEMBER_STATUS_LABELS,
  MEMBER_STATUS_TONES,
  useCoffeeList,
  useRemindInterests,
  useRefreshCoffee,
  useRemoveGhosts,
  useSetMemberStatus,
  type CoffeePageData,
  type MemberJson,
  type MembersPage,
  type MemberStatus,
  type MemberStatusChange,
} from '../introsApi';
import { PersonName } from '../../../kit/person';
import { plural, SearchField, usePage } from './lists';

const col = dataTableColumns<MemberJson>();

const STATUS_FILTERS: ReadonlyArray<MemberStatus | 'all'> = ['all', 'active', 'snoozed', 'opted_out', 'ghost', 'ineligible'];

export function MemberStatusBadge({ member }: { member: Pick<MemberJson, 'status' | 'snoozed_until'> }) {
  const label =
    member.status === 'snoozed' && member.snoozed_until
      ? `Snoozed until ${formatInstant(`${member.snoozed_until}T12:00:00Z`, 'UTC', false)}`
      : MEMBER_STATUS_LABELS[member.status];
  return <StatusPill tone={MEMBER_STATUS_TONES[member.status]}>{label}</StatusPill>;
}

/** Everyone in the channel and where they stand: searched, filtered and paged by the server. */
export function MembersTab({ data, id }: { data: CoffeePageData; id: string }) {
  const [filter, setFilter] = useState<MemberStatus | 'all'>('all');
  const [text, setText] = useState('');
  const query = useDebounced(text.trim());
  const [page, setPage] = usePage(`${filter}\n${query}`);
  const [reminded, setReminded] = useState<number | null>(null);
  const { config, member_counts: counts } = data;
  const statusChange = useSetMemberStatus(id, config.id);
  const remindInterests = useRemindInterests(id);
  const removeGhosts = useRemoveGhosts(id);
  const refresh = useRefreshCoffee(id);
  const busy = statusChange.isPending;
  const categoryName = useMemo(() => new Map(config.categories.map((c) => [c.id, c.name])), [config.categories]);
  // The server searches, filters and pages (in name order); GET /coffee/{id} brought the first page of everyone.
  const first: MembersPage = { members: data.members, ...data.members_page };
  const list = useCoffeeList(id, 'members', { status: filter, query, page }, first, filter === 'all' && query === '' && page === 1);
  const countOf = (status: MemberStatus | 'all') => (status === 'all' ? data.members_page.total : (counts[status] ?? 0));

  // Failures: the API client says what went wrong.
  const setStatus = (member: MemberJson, status: MemberStatusChange) =>
    statusChange.mutate(
      { slackUserId: member.slack_user_id, status },
      {
        onSuccess: () => {
          const said = { active: 'is back in Intros', snoozed: 'is snoozed for 2 weeks', opted_out: 'is opted out of this program' }[status];
          toastSuccess(`${member.name} ${said}.`);
        },
      },
    );

  const remind = () =>
    remindInterests.mutate(undefined, {
      onSuccess: (n) => {
        setReminded(n);
        toastSuccess(n === 0 ? 'Everyone has picked their interests already.' : `Reminded ${plural(n, 'person', 'people')} to pick their interests.`);
      },
    });

  const destroyGhosts = () =>
    removeGhosts.mutate(undefined, {
      onSuccess: (removed) => toastSuccess(`Removed ${plural(removed, 'ghost')} from Intros.`),
      onError: (error) => {
        const removed = (error as { removedBefore?: number }).removedBefore ?? 0;
        if (removed > 0) showToast(`Removed ${plural(removed, 'ghost')} before something went wrong.`);
      },
    });

  const canEdit = data.can_edit;
  const hasCategories = config.categories.length > 0;
  const columns = useMemo(
    () => [
      col.accessor('name', { header: 'Name', cell: (info) => <PersonName person={info.row.original} /> }),
      col.accessor('status', {
        header: 'Status',
        cell: (info) => {
          const m = info.row.original;
          return (
            <>
              <MemberStatusBadge member={m} />
              {m.status_reason && m.status !== 'snoozed' && <div className="muted small cell-note">{m.status_reason}</div>}
              {m.unanswered_in_a_row >= 2 && m.status !== 'ghost' && <div className="muted small cell-note">{plural(m.unanswered_in_a_row, 'round')} without an answer</div>}
            </>
          );
        },
      }),
      col.accessor('category_ids', {
        header: 'Interests',
        cell: (info) => {
          const m = info.row.original;
          return m.category_ids.length === 0 ? (
            <span className="muted">{hasCategories ? 'None picked' : '—'}</span>
          ) : (
            <ul className="chip-list" aria-label={`Interests of ${m.name}`}>
              {m.category_ids.map((cid) => (
                <li key={cid} className="chip">
                  {categoryName.get(cid) ?? 'Unknown'}
                </li>
              ))}
            </ul>
          );
        },
      }),
      col.accessor('last_intro_on', {
        header: 'Last intro',
        cell: (info) => {
          const on = info.getValue();
          return on ? formatInstant(`${on}T12:00:00Z`, 'UTC', false) : <span className="muted">Never</span>;
        },
      }),
      col.accessor('times_left_out', { header: 'Left out' }),
      col.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (info) => {
          const m = info.row.original;
          if (!canEdit || m.status === 'ineligible') return null;
          return (
            <div className="row-actions">
              {m.status === 'active' ? (
                <>
                  <button type="button" className="button button-secondary" disabled={busy} aria-label={`Snooze ${m.name} for 2 weeks`} onClick={() => setStatus(m, 'snoozed')}>
                    Snooze
                  </button>
                  <button type="button" className="button button-secondary" disabled={busy} aria-label={`Opt out ${m.name}`} onClick={() => setStatus(m, 'opted_out')}>
                    Opt out
                  </button>
                </>
              ) : (
                <button type="button" className="button button-secondary" disabled={busy} aria-label={`Bring ${m.name} back`} onClick={() => setStatus(m, 'active')}>
                  Bring back
                </button>
              )}
            </div>
          );
        },
      }),
    ],
    // setStatus is rebuilt each render but only reads props and state named here
    [busy, canEdit, hasCategories, categoryName],
  );

  const confirmGhosts = () =>
    openModal((close) => (
      <WarningModal title="Remove ghosts?" confirmText="Remove ghosts" danger onClose={close} onConfirm={destroyGhosts}>
        <p>
          {plural(counts.ghost, 'person has', 'people have')} not answered their intros several rounds in a row. They will be opted out of
          this program and stop getting intros. They can join again at any time.
        </p>
      </WarningModal>
    ));

  return (
    <div className="members-tab">
      <div className="tab-toolbar">
        <SegmentedControl
          label="Show members"
          hideLabel
          size="small"
          value={filter}
          onChange={setFilter}
          options={STATUS_FILTERS.map((status) => ({
            value: status,
            label: (
              <>
                {status === 'all' ? 'Everyone' : MEMBER_STATUS_LABELS[status]} <span className="segment-count">{countOf(status)}</span>
              </>
            ),
          }))}
        />
        <SearchField label="Search by name or email" value={text} onChange={setText} />
        <div className="button-row">
          {config.categories.length > 0 && (
            <button type="button" className="button button-secondary" disabled={remindInterests.isPending} onClick={remind}>
              {remindInterests.isPending && <Spinner title="" />}
              Remind to pick interests{counts.need_categories > 0 ? ` (${counts.need_categories})` : ''}
            </button>
          )}
          {counts.ghost > 0 && (
            <button type="button" className="button button-secondary" disabled={removeGhosts.isPending} onClick={confirmGhosts}>
              {removeGhosts.isPending && <Spinner title="" />}
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
      {!list.data && list.isError ? (
        <InlineError onRetry={list.refetch}>We couldn’t search the members.</InlineError>
      ) : (
        <DataTable
          label={`Members of ${data.program.channel}`}
          className="members-table"
          data={list.data?.members}
          columns={columns}
          getRowId={(m) => String(m.id)}
          rowHeader="name"
          stickyColumn="actions"
          loading={!list.data}
          busy={list.isFetching}
          paging={list.data ? { page: list.data.page, pageSize: list.data.per, total: list.data.total, onPageChange: setPage } : undefined}
          pagerLabel="Pages of members"
          emptyText={
            <EmptyState
              headingLevel={3}
              title={
                query !== ''
                  ? `No one matches “${query}”`
                  : filter === 'all'
                    ? 'No one is in this channel yet'
                    : `No ${MEMBER_STATUS_LABELS[filter as MemberStatus].toLowerCase()} members`
              }
            >
              {filter === 'all' && query === '' && `Invite people to ${data.program.channel}; everyone in the channel takes part.`}
            </EmptyState>
          }
        />
      )}
    </div>
  );
}
