import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { api, ApiError } from '../../api/client';
import { useCurrentUser } from '../../api/currentUser';
import { POLL_PRESETS, usePoller } from '../../api/polling';
import {
  DEFAULT_SUCCESS_TEXT,
  MessagePreview,
  Modal,
  ModalCancelButton,
  openModal,
  Select,
  Spinner,
  toastError,
  toastSuccess,
  type SelectOption,
  Switch,
  OwnershipSection,
} from '../../kit';
import { PageHeader } from '../PageHeader';
import { SendNowButton } from '../programs/sendNow';
import {
  celebrationKey,
  daysIn,
  hourLabel,
  initials,
  LEAP_POLICY_TEXT,
  longDate,
  MONTHS,
  renderSample,
  shortDate,
  timeIn,
  useCelebration,
  useEvents,
  useNewHires,
  useSchedules,
  WEEKEND_POLICY_TEXT,
  yearsText,
  type CelebrationAnswer,
  type EventJson,
  type ImportJson,
  type LeapPolicy,
  type ScheduleJson,
  type ScheduleType,
  type WeekendPolicy,
} from './celebrationsApi';
import '../programs/programs.css';
import './celebrations.css';

/** programs.md §8. */
export const SAVE_ERROR_TEXT = 'Error saving settings. Please try again.';
export const PEOPLE_SEARCH = { path: '/people/search' };

const HOUR_OPTIONS: SelectOption[] = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));
const MONTH_OPTIONS: SelectOption[] = MONTHS.map((m, i) => ({ value: String(i + 1), label: m }));
const dayOptions = (month: number): SelectOption[] => Array.from({ length: daysIn(month || 1) }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

function timeZoneOptions(current: string): SelectOption[] {
  let zones: string[];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  if (!zones.includes(current)) zones = [current, ...zones];
  return zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
}

const pad = (n: number) => String(n).padStart(2, '0');
const SAMPLE_PEOPLE = { U1: 'Tereza', U2: 'Diego', U3: 'Ananya' };

function Avatar({ name, url }: { name: string | null; url: string | null }) {
  return url ? <img className="cel-avatar" src={url} alt="" /> : <span className="cel-avatar cel-avatar-initials">{initials(name)}</span>;
}

function useRefresh(id: string) {
  const client = useQueryClient();
  return (what: 'all' | 'program' | ScheduleType = 'all') => {
    if (what === 'all') return client.invalidateQueries({ queryKey: ['celebrations', id] });
    if (what === 'program') return client.invalidateQueries({ queryKey: celebrationKey(id), exact: true });
    void client.invalidateQueries({ queryKey: ['celebrations', id, 'events'] });
    return client.invalidateQueries({ queryKey: ['celebrations', id, 'schedules', what] });
  };
}

// ---- header --------------------------------------------------------------------------------------------------------

function ActiveSwitch({ data, id }: { data: CelebrationAnswer; id: string }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const on = data.program.is_active;
  const toggle = async () => {
    setBusy(true);
    try {
      client.setQueryData(celebrationKey(id), await api.put<CelebrationAnswer>(`/celebrations/${id}/update_as_json`, { is_active: !on }, { errorText: SAVE_ERROR_TEXT }));
      toastSuccess(on ? 'Celebrations paused. Nothing will be posted.' : 'Celebrations are on.');
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch checked={on} label="Celebrations on" hideLabel stateText={['On', 'Paused']} busy={busy} onChange={() => void toggle()} />
  );
}

// ---- coming up -----------------------------------------------------------------------------------------------------

const EVENT_ICON: Record<ScheduleType, string> = { birthday: '🎂', anniversary: '🎉', custom: '⭐' };

function eventText(e: EventJson): ReactNode {
  if (e.type === 'birthday') return <><strong>{e.name}</strong>’s birthday</>;
  if (e.type === 'anniversary') return <><strong>{e.name}</strong>’s work anniversary · {yearsText(e.years ?? 0)}</>;
  return <><strong>{e.title}</strong>{e.name ? ` · ${e.name}` : ''}{e.years ? ` · ${yearsText(e.years)}` : ''}</>;
}

function ComingUp({ data, id }: { data: CelebrationAnswer; id: string }) {
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
          <h2 id="cel-upcoming-title">Coming up</h2>
          <p className="muted">What Hearth will post in {data.program.channel}, one message a day at {hourLabel(data.celebration.posting_hour)}.</p>
        </div>
        <div className="cel-segmented" role="group" aria-label="How far ahead">
          {([30, 60] as const).map((d) => (
            <button key={d} type="button" aria-pressed={days === d} onClick={() => setDays(d)}>
              {d} days
            </button>
          ))}
        </div>
      </div>
      {isLoading && <p className="page-loading">Loading…</p>}
      {isError && <p className="form-error">Uh oh, something went wrong loading what’s coming up. Try reloading?</p>}
      {events && groups.length === 0 && (
        <div className="empty-state cel-empty">
          <h3>Nothing in the next {days} days</h3>
          <p className="muted">Add people’s dates below, ask them for their dates, or import a CSV.</p>
        </div>
      )}
      {groups.length > 0 && (
        <ol className="cel-timeline" aria-label={`Celebrations in the next ${days} days`}>
          {groups.map(([day, list]) => (
            <li key={day} className="cel-day">
              <div className="cel-day-date">
                <span className="cel-day-num">{Number(day.slice(8))}</span>
                <span className="cel-day-month">{MONTHS[Number(day.slice(5, 7)) - 1]!.slice(0, 3)}</span>
              </div>
              <div className="cel-day-body">
                <p className="cel-day-when">
                  {longDate(day)} · {timeIn(list[0]!.posts_at, tz)}
                  {list.every((e) => e.posted) && <span className="cel-badge cel-badge-done">Posted</span>}
                </p>
                <ul className="cel-events">
                  {list.map((e) => (
                    <li key={e.key} className="cel-event">
                      <span className="cel-event-icon" aria-hidden="true">
                        {EVENT_ICON[e.type]}
                      </span>
                      <span>
                        {eventText(e)}
                        {e.shifted && <span className="cel-shifted"> · {new Date(`${e.occurs_on}T12:00:00Z`) > new Date(`${e.post_on}T12:00:00Z`) ? 'early' : 'late'}, for {shortDate(e.occurs_on)}</span>}
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

// ---- people and dates ----------------------------------------------------------------------------------------------

function MonthDayInput({ value, onChange, idPrefix }: { value: { month: number; day: number }; onChange: (v: { month: number; day: number }) => void; idPrefix: string }) {
  return (
    <span className="cel-md">
      <label className="visually-hidden" htmlFor={`${idPrefix}-m`}>
        Month
      </label>
      <select id={`${idPrefix}-m`} className="text-input" value={value.month || ''} onChange={(e) => onChange({ month: Number(e.target.value), day: Math.min(value.day, daysIn(Number(e.target.value))) })}>
        <option value="">Month</option>
        {MONTH_OPTIONS.map((o) => (
          <option key={o.value as string} value={o.value as string}>
            {o.label as string}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${idPrefix}-d`}>
        Day
      </label>
      <select id={`${idPrefix}-d`} className="text-input" value={value.day || ''} onChange={(e) => onChange({ ...value, day: Number(e.target.value) })}>
        <option value="">Day</option>
        {dayOptions(value.month).map((o) => (
          <option key={o.value as string} value={o.value as string}>
            {o.label as string}
          </option>
        ))}
      </select>
    </span>
  );
}

function PersonRow({ s, type, id, onAsk }: { s: ScheduleJson; type: 'birthday' | 'anniversary'; id: string; onAsk: (s: ScheduleJson) => void }) {
  const refresh = useRefresh(id);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const [md, setMd] = useState(() => ({ month: Number(s.date?.slice(-5, -3) ?? 0), day: Number(s.date?.slice(-2) ?? 0) }));
  const [full, setFull] = useState(s.date && type === 'anniversary' ? s.date : '');
  const save = async (date: string | null) => {
    setBusy(true);
    try {
      await api.put('/celebration_schedules/create_or_update_as_json', { celebration_program_id: Number(id), schedule_type: type, user_id: s.user_id, date }, { errorText: SAVE_ERROR_TEXT });
      setEditing(false);
      toastSuccess(date ? `${s.name}’s ${type === 'birthday' ? 'birthday' : 'start date'} is saved.` : `${s.name}’s ${type === 'birthday' ? 'birthday' : 'start date'} is removed.`);
      await refresh(type);
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  const include = async (on: boolean) => {
    setBusy(true);
    try {
      await api.put(`/celebration_schedules/${s.celebration_schedule_id}/update_included_programs_as_json`, { celebration_program_id: Number(id), activate: on });
      toastSuccess(on ? `${s.name} will be celebrated here.` : `${s.name} won’t be celebrated here.`);
    } catch {
      // shown by the API client
    } finally {
      await refresh(type);
      setBusy(false);
    }
  };
  const valid = type === 'birthday' ? md.month > 0 && md.day > 0 : /^\d{4}-\d{2}-\d{2}$/.test(full);
  return (
    <tr className={s.included ? undefined : 'is-excluded'}>
      <th scope="row">
        <span className="cel-person">
          <Avatar name={s.name} url={s.avatar_url} />
          {s.name}
        </span>
      </th>
      <td>
        {editing ? (
          <form
            className="cel-inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (valid) void save(type === 'birthday' ? `${pad(md.month)}-${pad(md.day)}` : full);
            }}
          >
            {type === 'birthday' ? (
              <MonthDayInput value={md} onChange={setMd} idPrefix={fieldId} />
            ) : (
              <>
                <label className="visually-hidden" htmlFor={fieldId}>
                  Start date
                </label>
                <input id={fieldId} type="date" className="text-input" value={full} onChange={(e) => setFull(e.target.value)} />
              </>
            )}
            <button type="submit" className="button button-primary cel-small" disabled={!valid || busy}>
              Save
            </button>
            <button type="button" className="button button-secondary cel-small" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </form>
        ) : s.display_date ? (
          <span className="cel-date">{s.display_date}</span>
        ) : (
          <span className="muted">Not added</span>
        )}
      </td>
      <td>
        {s.celebration_schedule_id !== null && <Switch checked={s.included} label={`Celebrate ${s.name} in this channel`} hideLabel size="small" busy={busy} onChange={(on) => void include(on)} />}
      </td>
      <td className="cel-row-actions">
        {!editing && (
          <>
            <button type="button" className="cel-link-button" onClick={() => setEditing(true)}>
              {s.date ? 'Edit' : 'Add'}
            </button>
            {s.date ? (
              <button type="button" className="cel-link-button cel-danger" disabled={busy} onClick={() => void save(null)}>
                Remove
              </button>
            ) : (
              <button type="button" className="cel-link-button" onClick={() => onAsk(s)}>
                Ask
              </button>
            )}
          </>
        )}
      </td>
    </tr>
  );
}

function PeopleTable({ id, type, onAsk }: { id: string; type: 'birthday' | 'anniversary'; onAsk: (preselect?: ScheduleJson[]) => void }) {
  const { data, isLoading, isError } = useSchedules(id, type);
  const [filter, setFilter] = useState<'all' | 'missing'>('all');
  const rows = (data?.schedules ?? []).filter((s) => filter === 'all' || !s.date);
  if (isLoading) return <p className="page-loading">Loading people…</p>;
  if (isError || !data) return <p className="form-error">Uh oh, something went wrong loading people. Try reloading?</p>;
  const missing = data.schedules.filter((s) => !s.date);
  return (
    <>
      <div className="cel-table-toolbar">
        <p className="muted">
          {data.counts?.with_date ?? 0} of {data.counts?.members ?? 0} people in the channel have a {type === 'birthday' ? 'birthday' : 'start date'} on file.
          {type === 'birthday' && ' Birth years are never shown.'}
        </p>
        <div className="cel-toolbar-actions">
          <div className="cel-segmented" role="group" aria-label="Show">
            <button type="button" aria-pressed={filter === 'all'} onClick={() => setFilter('all')}>
              Everyone
            </button>
            <button type="button" aria-pressed={filter === 'missing'} onClick={() => setFilter('missing')}>
              Missing ({missing.length})
            </button>
          </div>
          <button type="button" className="button button-secondary" disabled={missing.length === 0} onClick={() => onAsk(missing)}>
            ✉️ Ask for dates
          </button>
        </div>
      </div>
      <div className="table-scroll cel-table-scroll">
        <table className="data-table cel-table">
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">{type === 'birthday' ? 'Birthday' : 'Start date'}</th>
              <th scope="col">Celebrate here</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <PersonRow key={`${s.user_id}-${s.date ?? ''}-${s.included}`} s={s} type={type} id={id} onAsk={(one) => onAsk([one])} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

interface CustomForm {
  title: string;
  month: number;
  day: number;
  year: string;
  person: string;
  message: string;
}

function CustomDateModal({ id, existing, onClose }: { id: string; existing?: ScheduleJson; onClose: () => void }) {
  const refresh = useRefresh(id);
  const formId = useId();
  const [form, setForm] = useState<CustomForm>(() => ({
    title: existing?.title ?? '',
    month: existing?.date ? Number(existing.date.slice(0, 2)) : 0,
    day: existing?.date ? Number(existing.date.slice(3, 5)) : 0,
    year: existing?.year ? String(existing.year) : '',
    person: existing?.user_id ? String(existing.user_id) : '',
    message: existing?.message ?? '',
  }));
  const [saving, setSaving] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const valid = form.title.trim() !== '' && form.month > 0 && form.day > 0 && (form.year === '' || /^\d{4}$/.test(form.year));
  const save = async () => {
    setSaving(true);
    setFields({});
    try {
      await api.put(
        '/celebration_schedules/create_or_update_as_json',
        {
          celebration_program_id: Number(id),
          schedule_type: 'custom',
          ...(existing?.celebration_schedule_id ? { celebration_schedule_id: existing.celebration_schedule_id } : {}),
          title: form.title.trim(),
          date: `${form.year ? `${form.year}-` : ''}${pad(form.month)}-${pad(form.day)}`,
          user_id: form.person ? Number(form.person) : null,
          message: form.message.trim() || null,
        },
        { errorText: SAVE_ERROR_TEXT },
      );
      toastSuccess(existing ? 'Custom date saved.' : `${form.title.trim()} added.`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields) setFields(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, String(v)])));
    } finally {
      // 402 opens the upgrade modal (API client); either way the list is refreshed.
      await refresh('custom');
      setSaving(false);
    }
  };
  const known = existing?.user_id && existing.name ? [{ id: String(existing.user_id), name: existing.name }] : [];
  return (
    <Modal
      title={existing ? 'Edit custom date' : 'Add a custom date'}
      onClose={onClose}
      confirmOnCancel={!existing && form.title !== ''}
      footer={
        <>
          <ModalCancelButton />
          <button type="submit" form={formId} className="button button-primary" disabled={!valid || saving}>
            {saving && <Spinner title="" />} {existing ? 'Save' : 'Add date'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="cel-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) void save();
        }}
      >
        <label className="cel-field">
          <span className="field-label">Name</span>
          <input className="text-input" value={form.title} maxLength={120} placeholder="e.g. Acme’s founding day" onChange={(e) => setForm({ ...form, title: e.target.value })} />
          {fields.title && <span className="form-error">{fields.title}</span>}
        </label>
        <div className="cel-field">
          <span className="field-label">Date (every year)</span>
          <MonthDayInput value={form} onChange={(v) => setForm({ ...form, ...v })} idPrefix={`${formId}-date`} />
          {fields.date && <span className="form-error">{fields.date}</span>}
        </div>
        <label className="cel-field">
          <span className="field-label">First year (optional)</span>
          <input className="text-input cel-year" inputMode="numeric" value={form.year} maxLength={4} placeholder="YYYY" onChange={(e) => setForm({ ...form, year: e.target.value.replace(/\D/g, '') })} />
          <span className="muted cel-hint">With a year, {'{years}'} in the message counts the years since.</span>
        </label>
        <Select
          label="Person (optional)"
          remote={PEOPLE_SEARCH}
          valueKey="id"
          labelKey="name"
          knownOptions={known}
          clearable
          value={form.person}
          placeholder="Search people…"
          onChange={(v) => setForm({ ...form, person: v[0] ?? '' })}
        />
        <label className="cel-field">
          <span className="field-label">Message</span>
          <textarea className="text-input cel-textarea" rows={3} maxLength={1500} value={form.message} placeholder=":tada: Today we celebrate {name}!" onChange={(e) => setForm({ ...form, message: e.target.value })} />
          {fields.message && <span className="form-error">{fields.message}</span>}
        </label>
        <MessagePreview text={renderSample(form.message.trim() || ':tada: Today we celebrate {name}!', [form.person ? '<@U1>' : form.title || 'Acme’s founding day'], form.year ? 10 : undefined)} userNames={SAMPLE_PEOPLE} time={hourLabel(9)} />
      </form>
    </Modal>
  );
}

function CustomDates({ id, data }: { id: string; data: CelebrationAnswer }) {
  const { data: index, isLoading, isError } = useSchedules(id, 'custom');
  const refresh = useRefresh(id);
  const [busy, setBusy] = useState<number | null>(null);
  const toggle = async (s: ScheduleJson, on: boolean) => {
    setBusy(s.celebration_schedule_id);
    try {
      await api.put(`/celebration_schedules/${s.celebration_schedule_id}/update_included_programs_as_json`, { celebration_program_id: Number(id), activate: on });
      toastSuccess(on ? `${s.title} will be celebrated here.` : `${s.title} won’t be celebrated here.`);
    } catch {
      // 402: the API client opens the unlimited-celebrations upgrade modal; the list below is refreshed.
    } finally {
      await refresh('custom');
      setBusy(null);
    }
  };
  const add = () => openModal((close) => <CustomDateModal id={id} onClose={close} />);
  const limit = index?.limit;
  if (isLoading) return <p className="page-loading">Loading custom dates…</p>;
  if (isError || !index) return <p className="form-error">Uh oh, something went wrong loading custom dates. Try reloading?</p>;
  return (
    <>
      <div className="cel-table-toolbar">
        <p className="muted">
          Your own dates: a founding day, a team’s launch, a holiday you mark together.
          {limit && limit.custom_limit !== null && ` The free plan celebrates ${limit.custom_limit} custom dates (${limit.custom_active} in use).`}
        </p>
        <button type="button" className="button button-secondary" onClick={add} disabled={!data.celebration.custom_enabled}>
          + Add a custom date
        </button>
      </div>
      {index.schedules.length === 0 ? (
        <div className="empty-state cel-empty">
          <h3>No custom dates yet</h3>
          <p className="muted">Add one, and choose whether this channel celebrates it.</p>
        </div>
      ) : (
        <ul className="cel-custom-list">
          {index.schedules.map((s) => (
            <li key={s.celebration_schedule_id} className={`cel-custom${s.included ? '' : ' is-excluded'}`}>
              <span className="cel-custom-icon" aria-hidden="true">
                ⭐
              </span>
              <div className="cel-custom-body">
                <strong>{s.title}</strong>
                <span className="muted">
                  {s.display_date}
                  {s.year ? ` · since ${s.year}` : ''}
                  {s.name ? ` · ${s.name}` : ''}
                </span>
              </div>
              <Switch checked={s.included} label={`Celebrate ${s.title} in this channel`} hideLabel size="small" busy={busy === s.celebration_schedule_id} onChange={(on) => void toggle(s, on)} />
              <button type="button" className="cel-link-button" onClick={() => openModal((close) => <CustomDateModal id={id} existing={s} onClose={close} />)}>
                Edit
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

// ---- asking for dates --------------------------------------------------------------------------------------------

function AskForDatesModal({ id, data, people, onClose }: { id: string; data: CelebrationAnswer; people: ScheduleJson[]; onClose: () => void }) {
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(people.map((p) => p.user_id!).filter(Boolean)));
  const [sending, setSending] = useState(false);
  const all = chosen.size === people.length;
  const send = async () => {
    setSending(true);
    try {
      const res = await api.post<{ num_sent: number }>('/celebration_schedules/send_ask_for_dates_dms', { celebration_program_id: Number(id), user_ids: [...chosen] });
      toastSuccess(res.num_sent === 1 ? 'Sent! 1 person will get a DM from Hearth.' : `Sent! ${res.num_sent} people will get a DM from Hearth.`);
      onClose();
    } catch {
      setSending(false);
    }
  };
  const channel = data.program.channel.replace(/^#/, '');
  const { data: user } = useCurrentUser();
  return (
    <Modal
      title="Ask for dates"
      size="large"
      onClose={onClose}
      footer={
        <>
          <ModalCancelButton />
          <button type="button" className="button button-primary" disabled={chosen.size === 0 || sending} onClick={() => void send()}>
            {sending && <Spinner title="" />} Send to {chosen.size} {chosen.size === 1 ? 'person' : 'people'}
          </button>
        </>
      }
    >
      <div className="cel-ask">
        <div>
          <p className="muted">Hearth sends each person a DM with a button to add their birthday and start date. Nobody gets more than one a day.</p>
          <label className="cel-check cel-check-all">
            <input type="checkbox" checked={all} onChange={() => setChosen(all ? new Set() : new Set(people.map((p) => p.user_id!)))} />
            Everyone missing a date ({people.length})
          </label>
          <ul className="cel-ask-list" aria-label="People to ask">
            {people.map((p) => (
              <li key={p.user_id}>
                <label className="cel-check">
                  <input
                    type="checkbox"
                    checked={chosen.has(p.user_id!)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(p.user_id!);
                      else next.delete(p.user_id!);
                      setChosen(next);
                    }}
                  />
                  <Avatar name={p.name} url={p.avatar_url} />
                  {p.name}
                </label>
              </li>
            ))}
          </ul>
        </div>
        <div className="cel-ask-preview">
          <h3 className="field-label">What they’ll see</h3>
          <MessagePreview text={`Hi there :wave: ${user?.name ?? 'Your team'} would love to celebrate you in #${channel}! Add your birthday and the day you started, so the team can celebrate with you.`} time="now" />
          <p className="muted cel-hint">🔒 Your birth year is optional and never shown — Hearth never mentions anyone’s age.</p>
          <span className="cel-fake-button">Add my dates</span>
        </div>
      </div>
    </Modal>
  );
}

// ---- CSV import ----------------------------------------------------------------------------------------------------

const SAMPLE_CSV = 'Email,Birthday (MM/DD/YYYY),Start date (MM/DD/YYYY)\nana@example.com,06/18,09/10/2018\nsam@example.com,02/29/1996,03/13/2023\n';

function ImportDates({ id }: { id: string }) {
  const refresh = useRefresh(id);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<ImportJson | null>(null);
  const poller = usePoller<ImportJson>({
    preset: POLL_PRESETS.datesImport,
    // Replaced by start({ poll }) with the new import's id.
    poll: () => Promise.reject(new Error('no import yet')),
    isDone: (a) => a.state !== 'needs_processing',
    onSettled: (outcome) => {
      if (outcome.data) setResult(outcome.data);
      if (outcome.status === 'done' && outcome.data?.state === 'uploaded') toastSuccess(`Imported dates for ${outcome.data.summary.imported_rows ?? 0} people.`);
      if (outcome.status === 'error') toastError(outcome.message);
      void refresh('all');
    },
  });
  const upload = async () => {
    if (!file) return toastError('Please select a file for upload.');
    setUploading(true);
    setResult(null);
    try {
      const form = new FormData();
      form.set('celebration_program_id', id);
      form.set('file', file);
      const started = await api.post<ImportJson>('/celebrations/import_dates_as_json', form, { errorText: 'Failed to upload file.' });
      setResult(started);
      void poller.start({ poll: (signal) => api.get<ImportJson>(`/asset_imports/${started.id}/show_as_json`, { query: { program_id: id, program_type: 'CelebrationProgram' }, signal, toastOnError: false }) });
      setFile(null);
      if (input.current) input.current.value = '';
    } catch {
      // shown by the API client
    } finally {
      setUploading(false);
    }
  };
  const processing = poller.status === 'polling' || result?.state === 'needs_processing';
  const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`;
  return (
    <section className="card cel-section" aria-labelledby="cel-import-title">
      <h2 id="cel-import-title">Import dates from a CSV</h2>
      <p className="muted">
        Columns <code>Email</code>, <code>Birthday</code> and <code>Start date</code>. Put the date format in the header, like <code>Birthday (DD/MM/YYYY)</code>: MM/DD/YYYY (the default), DD/MM/YYYY or YYYY/MM/DD. Birthdays may leave out the year.
      </p>
      <p className="muted cel-hint">
        Rows with a problem are listed and skipped; every other row is saved. <a className="text-link" href={sampleHref} download="celebration-dates.csv">Download a sample</a>
      </p>
      <div className="cel-upload">
        <label className="cel-file">
          <span className="visually-hidden">CSV file</span>
          <input ref={input} type="file" accept=".csv,text/csv" onChange={(e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <button type="button" className="button button-primary" disabled={!file || uploading || processing} onClick={() => void upload()}>
          {(uploading || processing) && <Spinner title="" />} {processing ? 'Importing…' : 'Import'}
        </button>
      </div>
      {result && result.state !== 'needs_processing' && (
        <div className={`cel-import-result ${result.state === 'uploaded' ? 'is-ok' : 'is-failed'}`} role="status">
          {result.state === 'uploaded' ? (
            <p>
              <strong>Imported {result.summary.imported_rows ?? 0} rows</strong> from {result.file_name}: {result.summary.birthdays ?? 0} birthdays, {result.summary.anniversaries ?? 0} start dates.
              {(result.summary.error_rows ?? 0) > 0 && ` ${result.summary.error_rows} ${result.summary.error_rows === 1 ? 'row was' : 'rows were'} skipped:`}
            </p>
          ) : (
            <p>
              <strong>Nothing was imported</strong> from {result.file_name}. {result.summary.error ?? ''}
            </p>
          )}
          {result.errors.length > 0 && (
            <ul className="cel-errors" aria-label="Rows not imported">
              {result.errors.slice(0, 100).map((e, i) => (
                <li key={`${e.row}-${i}`}>
                  <span className="cel-error-where">
                    Row {e.row}
                    {e.email ? ` · ${e.email}` : ''}
                  </span>
                  <span>{e.message}</span>
                </li>
              ))}
              {result.errors.length > 100 && <li className="muted">…and {result.errors.length - 100} more.</li>}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

// ---- messages ------------------------------------------------------------------------------------------------------

function Messages({ data, id }: { data: CelebrationAnswer; id: string }) {
  const client = useQueryClient();
  const c = data.celebration;
  const [birthday, setBirthday] = useState(c.birthday_template);
  const [anniversary, setAnniversary] = useState(c.anniversary_template);
  const [saving, setSaving] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const changed = birthday !== c.birthday_template || anniversary !== c.anniversary_template;
  const save = async () => {
    setSaving(true);
    setFields({});
    try {
      client.setQueryData(celebrationKey(id), await api.put<CelebrationAnswer>(`/celebrations/${id}/update_as_json`, { birthday_template: birthday, anniversary_template: anniversary }, { errorText: SAVE_ERROR_TEXT }));
      toastSuccess(DEFAULT_SUCCESS_TEXT);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, String(v)])));
    } finally {
      setSaving(false);
    }
  };
  const editor = (kind: 'birthday' | 'anniversary', value: string, set: (v: string) => void) => (
    <div className="cel-template">
      <label className="cel-field">
        <span className="field-label">{kind === 'birthday' ? 'Birthdays' : 'Work anniversaries'}</span>
        <textarea className="text-input cel-textarea" rows={3} maxLength={1500} value={value} onChange={(e) => set(e.target.value)} aria-invalid={Boolean(fields[`${kind}_template`]) || undefined} />
      </label>
      <p className="cel-vars">
        <code>{'{name}'}</code> the people celebrated{kind === 'anniversary' && <>, <code>{'{years}'}</code> e.g. “3 years”</>}
        {value !== data.default_templates[kind] && (
          <button type="button" className="cel-link-button" onClick={() => set(data.default_templates[kind])}>
            Use the default
          </button>
        )}
      </p>
      {fields[`${kind}_template`] && <p className="form-error">{fields[`${kind}_template`]}</p>}
      <MessagePreview
        text={kind === 'birthday' ? renderSample(value, ['<@U1>', '<@U2>']) : renderSample(value, ['<@U3>'], 3)}
        userNames={SAMPLE_PEOPLE}
        time={hourLabel(c.posting_hour)}
        reacjiList={kind === 'birthday' ? [{ name: 'birthday', count: 12 }, { name: 'tada', count: 7 }] : [{ name: 'raised_hands', count: 9 }]}
      />
    </div>
  );
  return (
    <section className="card cel-section" aria-labelledby="cel-messages-title">
      <div>
        <h2 id="cel-messages-title">Messages</h2>
        <p className="muted">People sharing a day share one message. Birthday messages never mention age.</p>
      </div>
      <div className="cel-templates">
        {editor('birthday', birthday, setBirthday)}
        {editor('anniversary', anniversary, setAnniversary)}
      </div>
      <div className="cel-save-row">
        {changed && <span className="muted">You have unsaved changes.</span>}
        <button type="button" className="button button-primary" disabled={!changed || saving} onClick={() => void save()}>
          {saving && <Spinner title="" />} Save messages
        </button>
      </div>
    </section>
  );
}

// ---- settings ------------------------------------------------------------------------------------------------------

function Settings({ data, id }: { data: CelebrationAnswer; id: string }) {
  const client = useQueryClient();
  const c = data.celebration;
  const zones = useMemo(() => timeZoneOptions(c.time_zone), [c.time_zone]);
  const [busy, setBusy] = useState(false);
  const update = async (change: Record<string, unknown>) => {
    setBusy(true);
    try {
      client.setQueryData(celebrationKey(id), await api.put<CelebrationAnswer>(`/celebrations/${id}/update_as_json`, change, { errorText: SAVE_ERROR_TEXT }));
      void client.invalidateQueries({ queryKey: ['celebrations', id, 'events'] });
      toastSuccess(DEFAULT_SUCCESS_TEXT);
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  const kinds: Array<[keyof typeof c & ('birthdays_enabled' | 'anniversaries_enabled' | 'custom_enabled'), string]> = [
    ['birthdays_enabled', '🎂 Birthdays'],
    ['anniversaries_enabled', '🎉 Work anniversaries'],
    ['custom_enabled', '⭐ Custom dates'],
  ];
  return (
    <section className="card cel-section" aria-labelledby="cel-settings-title">
      <h2 id="cel-settings-title">Settings</h2>
      <fieldset className="cel-fieldset" disabled={busy}>
        <legend className="field-label">Celebrate</legend>
        {kinds.map(([key, label]) => (
          <label key={key} className="cel-check">
            <input type="checkbox" checked={c[key]} onChange={(e) => void update({ [key]: e.target.checked })} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="cel-row">
        <Select label="Posting time" options={HOUR_OPTIONS} value={String(c.posting_hour)} disabled={busy} onChange={(v) => v[0] && Number(v[0]) !== c.posting_hour && void update({ posting_hour: Number(v[0]) })} />
      </div>
      <Select label="Time zone" searchable options={zones} value={c.time_zone} disabled={busy} onChange={(v) => v[0] && v[0] !== c.time_zone && void update({ time_zone: v[0] })} />
      <fieldset className="cel-fieldset" disabled={busy}>
        <legend className="field-label">Dates on a weekend</legend>
        {(Object.keys(WEEKEND_POLICY_TEXT) as WeekendPolicy[]).map((p) => (
          <label key={p} className="cel-radio">
            <input type="radio" name="weekend_policy" checked={c.weekend_policy === p} onChange={() => void update({ weekend_policy: p })} />
            <span>
              {WEEKEND_POLICY_TEXT[p].label}
              <span className="muted cel-hint">{WEEKEND_POLICY_TEXT[p].help}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="cel-fieldset" disabled={busy || !data.can_change_leap_day_policy}>
        <legend className="field-label">29 February in other years</legend>
        {(Object.keys(LEAP_POLICY_TEXT) as LeapPolicy[]).map((p) => (
          <label key={p} className="cel-radio cel-radio-inline">
            <input type="radio" name="leap_day_policy" checked={c.leap_day_policy === p} onChange={() => void update({ leap_day_policy: p })} />
            {LEAP_POLICY_TEXT[p]}
          </label>
        ))}
        <span className="muted cel-hint">{data.can_change_leap_day_policy ? 'Applies to the whole workspace.' : 'Set by your workspace admins.'}</span>
      </fieldset>
    </section>
  );
}

// ---- new hires and ownership -----------------------------------------------------------------------------------------

function NewHires() {
  const { data } = useNewHires();
  const hires = data?.new_hires ?? [];
  return (
    <section className="card cel-section" aria-labelledby="cel-hires-title">
      <h2 id="cel-hires-title">Starting soon</h2>
      {hires.length === 0 ? (
        <p className="muted">No start dates in the next 90 days.</p>
      ) : (
        <ul className="cel-hires">
          {hires.map((h) => (
            <li key={h.user_id}>
              <Avatar name={h.name} url={h.avatar_url} />
              <span>
                <strong>{h.name}</strong>
                <span className="muted">
                  {shortDate(h.start_date)} · {h.days_until === 0 ? 'today' : h.days_until === 1 ? 'tomorrow' : `in ${h.days_until} days`}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Ownership({ data, id }: { data: CelebrationAnswer; id: string }) {
  const refresh = useRefresh(id);
  return (
    <OwnershipSection
      program={data.program}
      path={`/celebrations/${id}/update_ownership_as_json`}
      description="The owner and editors can change this program; people with access can see it. “Nothing to post” notes go to the owner."
      onSaved={() => void refresh('program')}
    />
  );
}

// ---- the page ------------------------------------------------------------------------------------------------------

const TABS: Array<{ type: ScheduleType; label: string }> = [
  { type: 'birthday', label: '🎂 Birthdays' },
  { type: 'anniversary', label: '🎉 Work anniversaries' },
  { type: 'custom', label: '⭐ Custom dates' },
];

function PeopleAndDates({ data, id }: { data: CelebrationAnswer; id: string }) {
  const [tab, setTab] = useState<ScheduleType>(data.celebration.birthdays_enabled ? 'birthday' : data.celebration.anniversaries_enabled ? 'anniversary' : 'custom');
  const ask = (people?: ScheduleJson[]) => {
    if (!people?.length) return;
    openModal((close) => <AskForDatesModal id={id} data={data} people={people} onClose={close} />);
  };
  return (
    <section className="card cel-section" aria-labelledby="cel-people-title">
      <h2 id="cel-people-title">People and dates</h2>
      <div className="cel-tabs" role="tablist" aria-label="Kinds of dates">
        {TABS.map((t) => (
          <button key={t.type} type="button" role="tab" id={`cel-tab-${t.type}`} aria-selected={tab === t.type} aria-controls="cel-tabpanel" onClick={() => setTab(t.type)}>
            {t.label}
          </button>
        ))}
      </div>
      <div id="cel-tabpanel" role="tabpanel" aria-labelledby={`cel-tab-${tab}`}>
        {tab === 'custom' ? <CustomDates id={id} data={data} /> : <PeopleTable key={tab} id={id} type={tab} onAsk={ask} />}
      </div>
    </section>
  );
}

export default function CelebrationsEditPage() {
  const { id = '' } = useParams();
  const { data, isLoading, isError, error, refetch } = useCelebration(id);
  if (isLoading)
    return (
      <div className="cel-page">
        <PageHeader title="Celebrations" />
        <p className="page-loading">Loading the program…</p>
      </div>
    );
  if (isError || !data) {
    const status = (error as { status?: number } | null)?.status;
    return (
      <div className="cel-page">
        <PageHeader title="Celebrations" />
        <div className="card inline-error" role="alert">
          <p>{status === 404 ? 'This celebrations program does not exist, or belongs to another workspace.' : status === 403 ? 'Only this program’s owner, editors and workspace admins can change it.' : 'Uh oh, something went wrong. Try again?'}</p>
          {status !== 404 && status !== 403 && (
            <button type="button" className="button button-secondary" onClick={() => void refetch()}>
              Try again
            </button>
          )}
        </div>
      </div>
    );
  }
  const c = data.celebration;
  const next = data.program.next_occurrence_on;
  return (
    <div className="cel-page">
      <PageHeader
        title={
          <span className="cel-title">
            <span aria-hidden="true">🎉</span> Celebrations in {data.program.channel}
          </span>
        }
        subtitle={
          <>
            Posts at {hourLabel(c.posting_hour)} ({c.time_zone.replace(/_/g, ' ')}){next ? ` · Next celebration ${longDate(next)}` : ''} ·{' '}
            <a className="text-link" href={data.program.send_now_data.slack_url} target="_blank" rel="noreferrer">
              Open in Slack
            </a>
          </>
        }
        actions={
          <>
            <ActiveSwitch data={data} id={id} />
            <SendNowButton program={data.program} />
          </>
        }
      />
      <p className="cel-crumbs">
        <Link className="text-link" to="/celebrations">
          ← All celebrations
        </Link>
      </p>
      <div className="cel-layout">
        <div className="cel-main">
          <ComingUp data={data} id={id} />
          <PeopleAndDates data={data} id={id} />
          <Messages key={`${c.birthday_template}|${c.anniversary_template}`} data={data} id={id} />
        </div>
        <aside className="cel-aside">
          <Settings data={data} id={id} />
          <ImportDates id={id} />
          <NewHires />
          <Ownership data={data} id={id} />
        </aside>
      </div>
    </div>
  );
}
