import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { DateField, DEFAULT_SUCCESS_TEXT, InlineError, Spinner, toastError, toastSuccess } from '../../kit';
import { PageHeader } from '../PageHeader';
import { daysIn, MONTHS, mySchedulesQuery, useUpsertMySchedule, type MyScheduleJson } from './celebrationsApi';
import '../programs/programs.css';
import './celebrations.css';

import { FETCH_ERROR_TEXT } from './celebrationsApi';
export { FETCH_ERROR_TEXT };
/** journeys.md §8, word for word. */
export const UPDATE_ERROR_TEXT = 'Failed to update celebration schedule';
export const BIRTHDAY_CHANNELS_ERROR_TEXT = 'Failed to update birthday channel selection';
const ANNIVERSARY_CHANNELS_ERROR_TEXT = 'Failed to update anniversary channel selection';

const pad = (n: number) => String(n).padStart(2, '0');

function DateCard({ s }: { s: MyScheduleJson }) {
  const upsert = useUpsertMySchedule();
  const id = useId();
  const birthday = s.celebration_type === 'birthday';
  const [md, setMd] = useState(() => ({ month: s.date ? Number(s.date.slice(-5, -3)) : 0, day: s.date ? Number(s.date.slice(-2)) : 0 }));
  const [full, setFull] = useState(!birthday && s.date ? s.date : '');
  const [missing, setMissing] = useState(false);
  const saving = upsert.isPending;
  const value = birthday ? (md.month && md.day ? `${pad(md.month)}-${pad(md.day)}` : '') : full;
  const current = birthday ? (s.date ?? '') : (s.date ?? '');
  const patch = async (body: { date?: string | null; selected_channel_ids?: string[] }, errorText: string) => {
    try {
      await upsert.mutateAsync({ celebration_type: s.celebration_type, ...body });
    } catch (error) {
      // A refused value says why (400); anything else gets the spec's words (journeys.md §8).
      toastError(error instanceof ApiError && error.status === 400 && error.serverError ? error.serverError : errorText);
      return false;
    }
    toastSuccess(DEFAULT_SUCCESS_TEXT);
    return true;
  };
  const toggleChannel = (uid: string, on: boolean) => {
    const next = on ? [...s.selected_channel_ids, uid] : s.selected_channel_ids.filter((c) => c !== uid);
    void patch({ selected_channel_ids: next }, birthday ? BIRTHDAY_CHANNELS_ERROR_TEXT : ANNIVERSARY_CHANNELS_ERROR_TEXT);
  };
  return (
    <section className="card cel-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">{birthday ? 'Your birthday' : 'Your work anniversary'}</h2>
      <p className="muted">
        {birthday
          ? 'Month and day only. If a birth year is on file it stays private: it is never shown, and Hearth never mentions anyone’s age.'
          : 'The day you started: your team celebrates each year since.'}
      </p>
      <form
        className="cel-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!value) setMissing(true);
          else if (value !== current) void patch({ date: value }, UPDATE_ERROR_TEXT);
        }}
      >
        {birthday ? (
          <span className="cel-md">
            <label className="visually-hidden" htmlFor={`${id}-m`}>
              Birthday month
            </label>
            <select id={`${id}-m`} className="kit-input" value={md.month || ''} onChange={(e) => setMd({ month: Number(e.target.value), day: Math.min(md.day, daysIn(Number(e.target.value))) })}>
              <option value="">Month</option>
              {MONTHS.map((m, i) => (
                <option key={m} value={i + 1}>
                  {m}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor={`${id}-d`}>
              Birthday day
            </label>
            <select id={`${id}-d`} className="kit-input" value={md.day || ''} onChange={(e) => setMd({ ...md, day: Number(e.target.value) })}>
              <option value="">Day</option>
              {Array.from({ length: daysIn(md.month || 1) }, (_, i) => (
                <option key={i} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
          </span>
        ) : (
          <DateField
            label="Start date"
            hideLabel
            value={full || null}
            error={missing ? 'Choose the day you started' : null}
            onChange={(iso) => {
              setFull(iso);
              setMissing(false);
            }}
          />
        )}
        {/* A typed start date is taken when the field loses focus, which a click on Save does first: Save waits only for a birthday's month and day. */}
        <button type="submit" className="button button-primary" disabled={saving || (birthday && (!value || value === current))}>
          {saving && <Spinner title="" />} Save
        </button>
        {s.date && (
          <button type="button" className="button button-secondary" disabled={saving} onClick={() => void patch({ date: null }, UPDATE_ERROR_TEXT).then((ok) => ok && (setMd({ month: 0, day: 0 }), setFull('')))}>
            Remove
          </button>
        )}
      </form>
      <fieldset className="plain-fieldset cel-fieldset" disabled={saving || !s.date}>
        <legend className="field-label">Celebrate me in</legend>
        {s.available_channels.length === 0 ? (
          <p className="muted">None of your channels celebrates {birthday ? 'birthdays' : 'work anniversaries'} yet.</p>
        ) : (
          s.available_channels.map((c) => (
            <label key={c.uid} className="option-label cel-check">
              <input type="checkbox" checked={s.selected_channel_ids.includes(c.uid)} onChange={(e) => toggleChannel(c.uid, e.target.checked)} />#{c.name}
            </label>
          ))
        )}
        {!s.date && s.available_channels.length > 0 && <span className="muted small cel-hint">Add the date first.</span>}
      </fieldset>
    </section>
  );
}

/** /settings/celebrations: the member's own dates and the channels that celebrate them (journeys.md §3). */
export default function MyCelebrationsPage() {
  const { data, isLoading, isError, refetch } = useQuery(mySchedulesQuery);
  return (
    <div className="cel-page">
      <PageHeader title="Celebration preferences" subtitle="Your birthday and work anniversary, and where your team celebrates them." />
      {isLoading && <p className="page-loading">Loading…</p>}
      {isError && (
        <InlineError onRetry={() => void refetch()}>{FETCH_ERROR_TEXT}</InlineError>
      )}
      {data && (
        <div className="cel-settings-grid">
          {data.schedules.map((s) => (
            <DateCard key={`${s.celebration_type}:${s.celebration_schedule_id ?? 'none'}`} s={s} />
          ))}
        </div>
      )}
      <p className="muted small cel-hint">You can also type <code>/hearth birthday</code> in Slack.</p>
    </div>
  );
}
