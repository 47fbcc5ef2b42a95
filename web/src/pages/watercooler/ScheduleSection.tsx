import { Select, TimeZoneSelect, toastError, zoneName } from '../../kit';
import { useUpdate } from './useUpdate';
import { formatSlot, hourLabel, WEEKDAY_NAMES, WEEKDAYS, type WatercoolerJson } from './watercoolerApi';

const HOUR_OPTIONS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));
const MINUTE_OPTIONS = ['00', '15', '30', '45'].map((m) => ({ value: String(Number(m)), label: `:${m}` }));

/** Days, time and zone of the posts, and the next few. */
export function ScheduleSection({ wc, id }: { wc: WatercoolerJson; id: string }) {
  const update = useUpdate(id);
  const minutes = MINUTE_OPTIONS.some((m) => Number(m.value) === wc.schedule.minute)
    ? MINUTE_OPTIONS
    : [...MINUTE_OPTIONS, { value: String(wc.schedule.minute), label: `:${String(wc.schedule.minute).padStart(2, '0')}` }];
  const toggleDay = (day: number) => {
    const has = wc.schedule.weekdays.includes(day);
    if (has && wc.schedule.weekdays.length === 1) return toastError('Choose at least one day.');
    void update.save({ weekdays: has ? wc.schedule.weekdays.filter((d) => d !== day) : [...wc.schedule.weekdays, day].sort() });
  };
  return (
    <section className="card wc-section" aria-labelledby="wc-schedule-title">
      <h2 id="wc-schedule-title" className="card-title">Schedule</h2>
      <p className="muted">{wc.schedule.description}, {zoneName(wc.schedule.tz)} time.</p>
      <fieldset className="plain-fieldset wc-days">
        <legend className="field-label">Days</legend>
        {WEEKDAYS.map((d, i) => (
          <button key={d} type="button" className="toggle-button wc-day" aria-pressed={wc.schedule.weekdays.includes(i + 1)} onClick={() => toggleDay(i + 1)}>
            <abbr title={WEEKDAY_NAMES[i]}>{d}</abbr>
          </button>
        ))}
      </fieldset>
      <div className="wc-time-row">
        <Select label="Time" options={HOUR_OPTIONS} value={String(wc.schedule.hour)} onChange={(v) => v[0] && void update.save({ hour: Number(v[0]), minute: wc.schedule.minute })} />
        <Select aria-label="Minutes" options={minutes} value={String(wc.schedule.minute)} onChange={(v) => v[0] && void update.save({ hour: wc.schedule.hour, minute: Number(v[0]) })} />
      </div>
      <TimeZoneSelect value={wc.schedule.tz} onChange={(tz) => tz !== wc.schedule.tz && void update.save({ tz })} />
      <div className="wc-next">
        <h3 className="field-label">Next prompts</h3>
        {wc.schedule.next_slots.length ? (
          <ul className="small">
            {wc.schedule.next_slots.slice(0, 3).map((s) => (
              <li key={s}>{formatSlot(s, wc.schedule.tz)}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">Paused: nothing is scheduled. Turn the Watercooler on to resume.</p>
        )}
      </div>
    </section>
  );
}
