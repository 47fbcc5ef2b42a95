import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ApiError } from '../../api/client';
import { DEFAULT_SUCCESS_TEXT, InlineError, Spinner, toastError, toastSuccess } from '../../kit';
import { PageHeader } from '../PageHeader';
import { mySchedulesQuery, useUpsertMySchedule, type MyScheduleJson } from './celebrationsApi';
import { ScheduleDateInput, useScheduleDate } from './edit/ScheduleDate';
import '../programs/programs.css';
import './celebrations.css';

import { FETCH_ERROR_TEXT } from './celebrationsApi';
export { FETCH_ERROR_TEXT };
/** journeys.md §8, word for word. */
export const UPDATE_ERROR_TEXT = 'Failed to update celebration schedule';
export const BIRTHDAY_CHANNELS_ERROR_TEXT = 'Failed to update birthday channel selection';
const ANNIVERSARY_CHANNELS_ERROR_TEXT = 'Failed to update anniversary channel selection';

function DateCard({ s }: { s: MyScheduleJson }) {
  const upsert = useUpsertMySchedule();
  const id = useId();
  const birthday = s.celebration_type === 'birthday';
  const draft = useScheduleDate(birthday, s.date);
  const saving = upsert.isPending;
  const { value } = draft;
  const current = s.date ?? '';
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
          if (!value) draft.setMissing(true);
          else if (value !== current) void patch({ date: value }, UPDATE_ERROR_TEXT);
        }}
      >
        <ScheduleDateInput draft={draft} idPrefix={id} what="Birthday" missingText="Choose the day you started" />
        <button type="submit" className="button button-primary" disabled={saving || (birthday && (!value || value === current))}>
          {saving && <Spinner title="" />} Save
        </button>
        {s.date && (
          <button type="button" className="button button-secondary" disabled={saving} onClick={() => void patch({ date: null }, UPDATE_ERROR_TEXT).then((ok) => ok && draft.clear())}>
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
