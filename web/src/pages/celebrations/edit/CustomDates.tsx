import { useState } from 'react';
import { EmptyState, InlineError, openModal, SparklesIcon, Switch, toastSuccess } from '../../../kit';
import { useIncludeSchedule, useSchedules, type CelebrationAnswer, type ScheduleJson } from '../celebrationsApi';
import { CustomDateModal } from './CustomDateModal';

/** The workspace's custom dates, each switched on or off for this channel. */
export function CustomDates({ id, data }: { id: string; data: CelebrationAnswer }) {
  const { data: index, isLoading, isError } = useSchedules(id, 'custom');
  const include = useIncludeSchedule(id);
  const [togglingId, setTogglingId] = useState<number | null>(null);
  const busy = include.isPending ? togglingId : null;
  // 402: the API client opens the unlimited-celebrations upgrade modal; either way the list is refreshed.
  const toggle = (s: ScheduleJson, on: boolean) => {
    if (s.celebration_schedule_id === null) return;
    setTogglingId(s.celebration_schedule_id);
    include.mutate(
      { scheduleId: s.celebration_schedule_id, activate: on, type: 'custom' },
      { onSuccess: () => toastSuccess(on ? `${s.title} will be celebrated here.` : `${s.title} won’t be celebrated here.`) },
    );
  };
  const add = () => openModal((close) => <CustomDateModal id={id} data={data} onClose={close} />);
  const limit = index?.limit;
  if (isLoading) return <p className="page-loading">Loading custom dates…</p>;
  if (isError || !index) return <InlineError>Uh oh, something went wrong loading custom dates. Try reloading?</InlineError>;
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
        <EmptyState title="No custom dates yet" headingLevel={3}>
          Add one, and choose whether this channel celebrates it.
        </EmptyState>
      ) : (
        <ul className="cel-custom-list">
          {index.schedules.map((s) => (
            <li key={s.celebration_schedule_id} className={`panel cel-custom${s.included ? '' : ' tinted-box'}`}>
              <span className="text-primary cel-custom-icon" aria-hidden="true">
                <SparklesIcon />
              </span>
              <div className="cel-custom-body">
                <strong>{s.title}</strong>
                <span className="muted">
                  {s.display_date}
                  {s.year ? ` · since ${s.year}` : ''}
                  {s.name ? ` · ${s.name}` : ''}
                </span>
              </div>
              <Switch checked={s.included} label={`Celebrate ${s.title} in this channel`} hideLabel size="small" busy={busy === s.celebration_schedule_id} onChange={(on) => toggle(s, on)} />
              <button type="button" className="text-link" onClick={() => openModal((close) => <CustomDateModal id={id} data={data} existing={s} onClose={close} />)}>
                Edit
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
