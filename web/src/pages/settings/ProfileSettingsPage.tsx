import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../api/currentUser';
import { ErrorState, formatTime, PageSkeleton, Select, Spinner, TextField } from '../../kit';
import { PageHeader } from '../PageHeader';
import { preferencesQuery, useSaveManager, useSaveProfile, useSaveWorkHours, type MyPreferences } from './settingsApi';
import './settings.css';

/** Every half hour of the day, "9:30 AM" (the kit's time formatter on a wall-clock time). */
const pad = (n: number) => String(n).padStart(2, '0');
export const HALF_HOURS = Array.from({ length: 48 }, (_, i) => {
  const value = `${pad(Math.floor(i / 2))}:${i % 2 ? '30' : '00'}`;
  return { value, label: formatTime(`2000-01-01T${value}:00Z`, 'UTC') };
});
/** The saved time among the choices, even when it is not on the half hour. */
const timeOptions = (...saved: string[]) => [...HALF_HOURS, ...saved.filter((t) => !HALF_HOURS.some((o) => o.value === t)).map((t) => ({ value: t, label: formatTime(`2000-01-01T${t}:00Z`, 'UTC') }))].sort((a, b) => a.value.localeCompare(b.value));

function ProfileForm({ memberId, prefs }: { memberId: string; prefs: MyPreferences }) {
  const initial = Object.fromEntries(prefs.profile_fields.map((f) => [f.id, prefs.user_profile_entries.find((e) => e.field === f.id)?.text ?? '']));
  const [texts, setTexts] = useState<Record<number, string>>(initial);
  const [manager, setManager] = useState<string[]>(prefs.manager ? [String(prefs.manager.id)] : []);
  const [hours, setHours] = useState(prefs.work_hours ?? { beginning_time: '09:00', end_time: '17:00' });
  const saveProfile = useSaveProfile(memberId);
  const saveManager = useSaveManager(memberId);
  const saveHours = useSaveWorkHours(memberId);
  const saving = saveProfile.isPending || saveManager.isPending || saveHours.isPending;
  const categories = [...new Map(prefs.profile_fields.map((f) => [f.category.machine_name, f.category])).values()];

  const changedEntries = prefs.profile_fields.filter((f) => (texts[f.id] ?? '').trim() !== (initial[f.id] ?? ''));

  return (
    <>
      <section className="card settings-section" aria-labelledby="profile-title">
        <h2 id="profile-title" className="card-title">About you</h2>
        <p className="muted section-lead">What your teammates see when Hearth introduces you.</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            saveProfile.mutate({ user_profile_entries: changedEntries.map((f) => ({ field: f.id, text: (texts[f.id] ?? '').trim(), category: f.category.machine_name })) });
          }}
        >
          {categories.map((c) => (
            <fieldset key={c.machine_name} className="plain-fieldset settings-fields">
              <legend className="eyebrow-text">{c.name}</legend>
              {prefs.profile_fields
                .filter((f) => f.category.machine_name === c.machine_name)
                .map((f) => (
                  <TextField key={f.id} label={f.label} optional maxLength={500} name={`field-${f.id}`} placeholder={f.placeholder} value={texts[f.id] ?? ''} onChange={(v) => setTexts({ ...texts, [f.id]: v })} />
                ))}
            </fieldset>
          ))}
          <button type="submit" className="button button-primary" disabled={!changedEntries.length || saving}>
            {saveProfile.isPending && <Spinner title="" />} Save profile
          </button>
        </form>
      </section>

      <section className="card settings-section" aria-labelledby="manager-title">
        <h2 id="manager-title" className="card-title">Your manager</h2>
        <div className="settings-inline">
          <Select
            label="Manager"
            remote={{ path: '/people/search' }}
            knownOptions={prefs.manager ? [{ id: prefs.manager.id, name: prefs.manager.name }] : []}
            valueKey="id"
            labelKey="name"
            value={manager}
            clearable
            onChange={(v) => setManager(v.slice(0, 1))}
            placeholder="Search people..."
          />
          <button
            type="button"
            className="button button-primary"
            disabled={saving || (manager[0] ?? '') === (prefs.manager ? String(prefs.manager.id) : '')}
            // journeys.md §5: an empty related id when none is chosen.
            onClick={() => saveManager.mutate({ user_relationship: { related_user_id: manager[0] ? Number(manager[0]) : '' } })}
          >
            {saveManager.isPending && <Spinner title="" />} Save manager
          </button>
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="hours-title">
        <h2 id="hours-title" className="card-title">Working hours</h2>
        <p className="muted section-lead">In your own time zone. Hearth sends you nothing outside them when it can help it.</p>
        <form
          className="settings-inline"
          onSubmit={(e) => {
            e.preventDefault();
            saveHours.mutate({ work_hours: hours });
          }}
        >
          <Select label="From" name="beginning_time" options={timeOptions(hours.beginning_time)} value={hours.beginning_time} onChange={(v) => v[0] && setHours({ ...hours, beginning_time: v[0] })} />
          <Select label="To" name="end_time" options={timeOptions(hours.end_time)} value={hours.end_time} onChange={(v) => v[0] && setHours({ ...hours, end_time: v[0] })} />
          <button type="submit" className="button button-primary" disabled={saving}>
            {saveHours.isPending && <Spinner title="" />} Save working hours
          </button>
        </form>
      </section>
    </>
  );
}

/** /settings/profile: my profile entries, manager and working hours (journeys.md §2, §3, §7). */
export default function ProfileSettingsPage() {
  const user = useCurrentUser();
  const memberId = user.data?.id;
  const prefs = useQuery({ ...preferencesQuery(memberId ?? ''), enabled: memberId !== undefined });
  return (
    <div className="settings-page">
      <PageHeader title="My profile" subtitle="Your profile, your manager and your working hours." />
      {(user.isLoading || prefs.isLoading) && <PageSkeleton cards={3} />}
      {prefs.isError && <ErrorState error={prefs.error} onRetry={() => void prefs.refetch()} />}
      {prefs.data && memberId !== undefined && <ProfileForm key={prefs.dataUpdatedAt} memberId={String(memberId)} prefs={prefs.data} />}
    </div>
  );
}
