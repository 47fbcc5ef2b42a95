import { formatLongPlainDate, Select, TimeZoneSelect } from '../../../kit';
import { HOUR_OPTIONS, PERIOD_OPTIONS, WEEKDAY_OPTIONS, type SectionProps } from './settingsText';

/** How often, which day, what time and in which zone the intros go out. */
export function ScheduleSection({ draft, change, errorOf, nextOccurrenceOn }: SectionProps & { nextOccurrenceOn: string | null }) {
  return (
    <section className="card settings-section" aria-labelledby="schedule-title">
      <h2 id="schedule-title" className="card-title">
        Schedule
      </h2>
      <p className="muted section-lead">
        {nextOccurrenceOn
          ? `Next round: ${formatLongPlainDate(nextOccurrenceOn)}.`
          : 'No round is scheduled while the program is paused.'}
      </p>
      <div className="field-grid">
        <div>
          <Select label="How often" options={PERIOD_OPTIONS} value={String(draft.period)} onChange={(v) => v[0] !== undefined && change({ period: Number(v[0]) })} error={errorOf('period')} />
        </div>
        <div>
          <Select label="Day" options={WEEKDAY_OPTIONS} value={String(draft.weekday)} onChange={(v) => v[0] && change({ weekday: Number(v[0]) })} error={errorOf('weekday')} />
        </div>
        <div>
          <Select
            label="Time intros go out"
            options={HOUR_OPTIONS}
            value={String(draft.occurrence_hour)}
            onChange={(v) => v[0] !== undefined && change({ occurrence_hour: Number(v[0]) })}
            error={errorOf('occurrence_hour')}
          />
        </div>
        <div>
          <TimeZoneSelect value={draft.tz} onChange={(tz) => change({ tz })} error={errorOf('tz')} />
        </div>
      </div>
    </section>
  );
}
