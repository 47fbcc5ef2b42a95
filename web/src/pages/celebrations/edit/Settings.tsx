import { Select, TimeZoneSelect, toastSuccess, type SelectOption } from '../../../kit';
import { hourLabel, useUpdateCelebration, LEAP_POLICY_TEXT, WEEKEND_POLICY_TEXT, type CelebrationAnswer, type LeapPolicy, type WeekendPolicy } from '../celebrationsApi';

const HOUR_OPTIONS: SelectOption[] = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));

/** What is celebrated, when it is posted, and what happens to weekend dates and 29 February. */
export function Settings({ data, id }: { data: CelebrationAnswer; id: string }) {
  const c = data.celebration;
  const save = useUpdateCelebration(id);
  const busy = save.isPending;
  // A failure: shown by the API client.
  const update = (change: Parameters<typeof save.mutate>[0]) => save.mutate(change, { onSuccess: () => toastSuccess('Celebrations settings saved.') });
  const kinds: Array<[keyof typeof c & ('birthdays_enabled' | 'anniversaries_enabled' | 'custom_enabled'), string]> = [
    ['birthdays_enabled', 'Birthdays'],
    ['anniversaries_enabled', 'Work anniversaries'],
    ['custom_enabled', 'Custom dates'],
  ];
  return (
    <section className="card cel-section" aria-labelledby="cel-settings-title">
      <h2 id="cel-settings-title" className="card-title">Settings</h2>
      <fieldset className="plain-fieldset cel-fieldset" disabled={busy}>
        <legend className="field-label">Celebrate</legend>
        {kinds.map(([key, label]) => (
          <label key={key} className="option-label cel-check">
            <input type="checkbox" checked={c[key]} onChange={(e) => void update({ [key]: e.target.checked })} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="cel-row">
        <Select label="Posting time" options={HOUR_OPTIONS} value={String(c.posting_hour)} disabled={busy} onChange={(v) => v[0] && Number(v[0]) !== c.posting_hour && void update({ posting_hour: Number(v[0]) })} />
      </div>
      <TimeZoneSelect value={c.time_zone} disabled={busy} onChange={(zone) => zone !== c.time_zone && void update({ time_zone: zone })} />
      <fieldset className="plain-fieldset cel-fieldset" disabled={busy}>
        <legend className="field-label">Dates on a weekend</legend>
        {(Object.keys(WEEKEND_POLICY_TEXT) as WeekendPolicy[]).map((p) => (
          <label key={p} className="option-label cel-radio">
            <input type="radio" name="weekend_policy" checked={c.weekend_policy === p} onChange={() => void update({ weekend_policy: p })} />
            <span>
              {WEEKEND_POLICY_TEXT[p].label}
              <span className="muted small cel-hint">{WEEKEND_POLICY_TEXT[p].help}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="plain-fieldset cel-fieldset" disabled={busy || !data.can_change_leap_day_policy}>
        <legend className="field-label">29 February in other years</legend>
        {(Object.keys(LEAP_POLICY_TEXT) as LeapPolicy[]).map((p) => (
          <label key={p} className="option-label cel-radio cel-radio-inline">
            <input type="radio" name="leap_day_policy" checked={c.leap_day_policy === p} onChange={() => void update({ leap_day_policy: p })} />
            {LEAP_POLICY_TEXT[p]}
          </label>
        ))}
        <span className="muted small cel-hint">{data.can_change_leap_day_policy ? 'Applies to the whole workspace.' : 'Set by your workspace admins.'}</span>
      </fieldset>
    </section>
  );
}
