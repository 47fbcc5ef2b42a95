import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useCurrentUser } from '../../api/currentUser';
import { DEFAULT_SUCCESS_TEXT, ErrorState, PageSkeleton, Select, Spinner, TextField, toastSuccess } from '../../kit';
import { PageHeader } from '../PageHeader';
import { failed, loadPreferences, prefsKey, TEXT, type MyPreferences } from './settingsApi';
import './settings.css';

function ProfileForm({ memberId, prefs }: { memberId: string; prefs: MyPreferences }) {
  const client = useQueryClient();
  const initial = Object.fromEntries(prefs.profile_fields.map((f) => [f.id, prefs.user_profile_entries.find((e) => e.field === f.id)?.text ?? '']));
  const [texts, setTexts] = useState<Record<number, string>>(initial);
  const [manager, setManager] = useState<string[]>(prefs.manager ? [String(prefs.manager.id)] : []);
  const [hours, setHours] = useState(prefs.work_hours ?? { beginning_time: '09:00', end_time: '17:00' });
  const [saving, setSaving] = useState<string | null>(null);
  const categories = [...new Map(prefs.profile_fields.map((f) => [f.category.machine_name, f.category])).values()];

  const save = async (part: string, call: () => Promise<MyPreferences>, errorText: string) => {
    setSaving(part);
    try {
      client.setQueryData(prefsKey(memberId), await call());
      toastSuccess(DEFAULT_SUCCESS_TEXT);
    } catch (error) {
      failed(error, errorText);
    } finally {
      setSaving(null);
    }
  };
  const changedEntries = prefs.profile_fields.filter((f) => (texts[f.id] ?? '').trim() !== (initial[f.id] ?? ''));

  return (
    <>
      <section className="card settings-section" aria-labelledby="profile-title">
        <h2 id="profile-title">About you</h2>
        <p className="muted section-lead">What your teammates see when Hearth introduces you.</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save(
              'profile',
              () =>
                api.patch<MyPreferences>(
                  `/users/${memberId}/user_profile_entries/bulk_upsert`,
                  { user_profile_entries: changedEntries.map((f) => ({ field: f.id, text: (texts[f.id] ?? '').trim(), category: f.category.machine_name })) },
                  { toastOnError: false },
                ),
              TEXT.profile,
            );
          }}
        >
          {categories.map((c) => (
            <fieldset key={c.machine_name} className="settings-fields">
              <legend className="kit-field-label">{c.name}</legend>
              {prefs.profile_fields
                .filter((f) => f.category.machine_name === c.machine_name)
                .map((f) => (
                  <TextField key={f.id} label={f.label} optional maxLength={500} name={`field-${f.id}`} placeholder={f.placeholder} value={texts[f.id] ?? ''} onChange={(v) => setTexts({ ...texts, [f.id]: v })} />
                ))}
            </fieldset>
          ))}
          <button type="submit" className="button button-primary" disabled={!changedEntries.length || saving !== null}>
            {saving === 'profile' && <Spinner title="" />} Save profile
          </button>
        </form>
      </section>

      <section className="card settings-section" aria-labelledby="manager-title">
        <h2 id="manager-title">Your manager</h2>
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
            disabled={saving !== null || (manager[0] ?? '') === (prefs.manager ? String(prefs.manager.id) : '')}
            onClick={() =>
              void save(
                'manager',
                // journeys.md §5: an empty related id when none is chosen.
                () => api.patch<MyPreferences>(`/users/${memberId}/user_relationships/upsert`, { user_relationship: { related_user_id: manager[0] ? Number(manager[0]) : '' } }, { toastOnError: false }),
                TEXT.manager,
              )
            }
          >
            {saving === 'manager' && <Spinner title="" />} Save manager
          </button>
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="hours-title">
        <h2 id="hours-title">Working hours</h2>
        <p className="muted section-lead">In your own time zone. Hearth sends you nothing outside them when it can help it.</p>
        <form
          className="settings-inline"
          onSubmit={(e) => {
            e.preventDefault();
            void save('hours', () => api.patch<MyPreferences>(`/users/${memberId}/update_work_hours`, { work_hours: hours }, { toastOnError: false }), TEXT.workHours);
          }}
        >
          <TextField label="From" type="time" name="beginning_time" value={hours.beginning_time} onChange={(v) => setHours({ ...hours, beginning_time: v })} />
          <TextField label="To" type="time" name="end_time" value={hours.end_time} onChange={(v) => setHours({ ...hours, end_time: v })} />
          <button type="submit" className="button button-primary" disabled={saving !== null}>
            {saving === 'hours' && <Spinner title="" />} Save working hours
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
  const prefs = useQuery({ queryKey: prefsKey(memberId ?? ''), enabled: memberId !== undefined, queryFn: () => loadPreferences(memberId!) });
  return (
    <div className="settings-page">
      <PageHeader title="My profile" subtitle="Your profile, your manager and your working hours." />
      {(user.isLoading || prefs.isLoading) && <PageSkeleton cards={3} />}
      {prefs.isError && <ErrorState error={prefs.error} onRetry={() => void prefs.refetch()} />}
      {prefs.data && memberId !== undefined && <ProfileForm key={prefs.dataUpdatedAt} memberId={String(memberId)} prefs={prefs.data} />}
    </div>
  );
}
