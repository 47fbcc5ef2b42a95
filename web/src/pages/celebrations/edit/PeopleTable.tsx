import { useId, useMemo, useRef, useState } from 'react';
import { DataTable, dataTableColumns, InlineError, MailIcon, SegmentedControl, Switch, toastSuccess } from '../../../kit';
import { useIncludeSchedule, useSaveSchedule, useSchedules, type ScheduleJson } from '../celebrationsApi';
import { ScheduleDateInput, useScheduleDate } from './ScheduleDate';
import { Avatar } from './shared';

type PeopleType = 'birthday' | 'anniversary';

/** A person's date: shown, or edited in place; Add/Edit/Remove, or Ask when there is none. */
function PersonDate({ s, type, id, onAsk }: { s: ScheduleJson; type: PeopleType; id: string; onAsk: (s: ScheduleJson) => void }) {
  const saveSchedule = useSaveSchedule(id);
  const [editing, setEditing] = useState(false);
  const busy = saveSchedule.isPending;
  const fieldId = useId();
  const draft = useScheduleDate(type === 'birthday', s.date);
  const what = type === 'birthday' ? 'birthday' : 'start date';
  // A failure: shown by the API client. That kind's dates are refetched either way.
  const save = (date: string | null) =>
    saveSchedule.mutate(
      { schedule_type: type, user_id: s.user_id, date },
      {
        onSuccess: () => {
          setEditing(false);
          toastSuccess(date ? `${s.name}’s ${what} is saved.` : `${s.name}’s ${what} is removed.`);
        },
      },
    );
  if (editing)
    return (
      <form
        className="cel-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.value) save(draft.value);
          else draft.setMissing(true);
        }}
      >
        <ScheduleDateInput draft={draft} idPrefix={fieldId} missingText="Choose a start date, or Cancel" />
        <button type="submit" className="button button-primary button-small" disabled={busy || (type === 'birthday' && !draft.value)}>
          Save
        </button>
        <button type="button" className="button button-secondary button-small" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </form>
    );
  return (
    <span className="cel-person-date">
      {s.display_date ? <span className="cel-date">{s.display_date}</span> : <span className="muted">Not added</span>}
      <button type="button" className="text-link" onClick={() => setEditing(true)}>
        {s.date ? 'Edit' : 'Add'}
      </button>
      {s.date ? (
        <button type="button" className="text-link text-error" disabled={busy} onClick={() => save(null)}>
          Remove
        </button>
      ) : (
        <button type="button" className="text-link" onClick={() => onAsk(s)}>
          Ask
        </button>
      )}
    </span>
  );
}

/** Whether the channel celebrates this person (their date stays on file either way). */
function IncludeSwitch({ s, type, id }: { s: ScheduleJson; type: PeopleType; id: string }) {
  const includeSchedule = useIncludeSchedule(id);
  const scheduleId = s.celebration_schedule_id;
  if (scheduleId === null) return null;
  // A failure: shown by the API client. That kind's dates are refetched either way.
  const include = (on: boolean) =>
    includeSchedule.mutate({ scheduleId, activate: on, type }, { onSuccess: () => toastSuccess(on ? `${s.name} will be celebrated here.` : `${s.name} won’t be celebrated here.`) });
  return <Switch checked={s.included} label={`Celebrate ${s.name} in this channel`} hideLabel size="small" busy={includeSchedule.isPending} onChange={include} />;
}

const col = dataTableColumns<ScheduleJson>();
const FILTERS = [
  { value: 'all' as const, label: 'Everyone' },
  { value: 'missing' as const, label: 'Missing' },
];

/** The channel's people and their birthdays or start dates: sortable, searchable, edited in place. */
export function PeopleTable({ id, type, onAsk }: { id: string; type: PeopleType; onAsk: (people: ScheduleJson[]) => void }) {
  const { data, isLoading, isError } = useSchedules(id, type);
  const [filter, setFilter] = useState<'all' | 'missing'>('all');
  // The columns stay the same array across renders (a new one resets the table): clicks reach the latest onAsk.
  const ask = useRef(onAsk);
  ask.current = onAsk;
  const columns = useMemo(
    () => [
      col.accessor((s) => s.name ?? '', {
        id: 'person',
        header: 'Person',
        cell: (info) => (
          <span className="cel-person">
            <Avatar name={info.row.original.name} url={info.row.original.avatar_url} />
            {info.getValue()}
          </span>
        ),
      }),
      col.accessor((s) => s.date ?? '', {
        id: 'date',
        header: type === 'birthday' ? 'Birthday' : 'Start date',
        cell: (info) => <PersonDate key={`${info.row.original.date ?? ''}`} s={info.row.original} type={type} id={id} onAsk={(s) => ask.current([s])} />,
      }),
      col.display({ id: 'included', header: 'Celebrate here', cell: (info) => <IncludeSwitch s={info.row.original} type={type} id={id} /> }),
    ],
    [id, type],
  );
  if (isError) return <InlineError>Uh oh, something went wrong loading people. Try reloading?</InlineError>;
  const all = data?.schedules ?? [];
  const missing = all.filter((s) => !s.date);
  return (
    <>
      <div className="cel-table-toolbar">
        <p className="muted">
          {data?.counts?.with_date ?? 0} of {data?.counts?.members ?? 0} people in the channel have a {type === 'birthday' ? 'birthday' : 'start date'} on file.
          {type === 'birthday' && ' Birth years are never shown.'}
        </p>
        <div className="cel-toolbar-actions">
          <SegmentedControl label="Show" hideLabel size="small" options={FILTERS.map((f) => (f.value === 'missing' ? { ...f, label: `Missing (${missing.length})` } : f))} value={filter} onChange={setFilter} />
          <button type="button" className="button button-secondary" disabled={missing.length === 0} onClick={() => onAsk(missing)}>
            <MailIcon /> Ask for dates
          </button>
        </div>
      </div>
      <DataTable
        label={type === 'birthday' ? 'Birthdays' : 'Start dates'}
        data={filter === 'all' ? all : missing}
        columns={columns}
        loading={isLoading}
        getRowId={(s) => String(s.user_id ?? s.celebration_schedule_id)}
        pageSize={100}
        searchPlaceholder="Search people…"
        unsearchable={['included']}
        initialSort={[{ id: 'person', desc: false }]}
        emptyText="Nobody here yet."
      />
    </>
  );
}
