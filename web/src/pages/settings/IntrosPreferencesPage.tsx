import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useCurrentUser } from '../../api/currentUser';
import { DEFAULT_SUCCESS_TEXT, Field, formatPlainDate, PageSkeleton, Select, SkeletonLines, Spinner, toastError, toastSuccess } from '../../kit';
import { PageHeader } from '../PageHeader';
import { CHANNELS_PER_PAGE, failed, TEXT, type AvoidList, type ChannelRow, type SnoozeStatus } from './settingsApi';
import '../intros/intros.css';
import './settings.css';

const plusDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function SnoozeSection({ memberId }: { memberId: string }) {
  const client = useQueryClient();
  const key = ['snoozeIntros', memberId];
  const status = useQuery({
    queryKey: key,
    queryFn: async () => {
      try {
        return await api.get<SnoozeStatus>(`/users/${memberId}/snooze_intros`, { toastOnError: false });
      } catch (error) {
        failed(error, TEXT.loadSnooze);
        throw error;
      }
    },
  });
  const [until, setUntil] = useState(plusDays(14));
  const [saving, setSaving] = useState(false);
  const run = async (call: () => Promise<SnoozeStatus>, errorText: string) => {
    setSaving(true);
    try {
      client.setQueryData(key, await call());
      toastSuccess(DEFAULT_SUCCESS_TEXT);
    } catch (error) {
      failed(error, errorText);
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card settings-section" aria-labelledby="snooze-title">
      <h2 id="snooze-title">Snooze intros</h2>
      {status.isLoading && <SkeletonLines lines={2} />}
      {status.isError && <p className="muted">{TEXT.loadSnooze}</p>}
      {status.data && (
        <>
          <p className="muted section-lead" data-testid="snooze-status">
            {status.data.snoozed ? `Your intros are snoozed; you are back in rounds from ${formatPlainDate(status.data.end_date)}.` : 'You are in every Intros round of your channels.'}
          </p>
          <div className="settings-inline">
            <Field label="Snooze until">{(control) => <input {...control} type="date" className="text-input" name="end_date" min={plusDays(1)} value={until} onChange={(e) => setUntil(e.target.value)} />}</Field>
            <button type="button" className="button button-primary" disabled={saving || !until} onClick={() => void run(() => api.patch<SnoozeStatus>(`/users/${memberId}/snooze_intros/bulk_update`, { end_date: until }, { toastOnError: false }), TEXT.snooze)}>
              {saving && <Spinner title="" />} Snooze
            </button>
            {status.data.snoozed && (
              <button type="button" className="button button-secondary" disabled={saving} onClick={() => void run(() => api.delete<SnoozeStatus>(`/users/${memberId}/snooze_intros/destroy_all`, { toastOnError: false }), TEXT.unsnooze)}>
                Unsnooze
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function AvoidSection({ memberId }: { memberId: string }) {
  const client = useQueryClient();
  const key = ['avoidList', memberId];
  const list = useQuery({
    queryKey: key,
    queryFn: async () => {
      try {
        return await api.get<AvoidList>(`/users/${memberId}/incompatible_pairs`, { toastOnError: false });
      } catch (error) {
        failed(error, TEXT.loadAvoid);
        throw error;
      }
    },
  });
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const value = chosen ?? list.data?.invalid_partner_uids ?? [];
  const save = async () => {
    setSaving(true);
    try {
      client.setQueryData(key, await api.patch<AvoidList>(`/users/${memberId}/incompatible_pairs/bulk_upsert`, { invalid_partner_uids: value }, { toastOnError: false }));
      setChosen(null);
      toastSuccess(DEFAULT_SUCCESS_TEXT);
    } catch (error) {
      failed(error, TEXT.avoid);
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card settings-section" aria-labelledby="avoid-title">
      <h2 id="avoid-title">People you won’t be paired with</h2>
      <p className="muted section-lead">Private to you: nobody else sees this list, including the people on it, and it is in no report.</p>
      {list.isError && <p className="muted">{TEXT.loadAvoid}</p>}
      {list.data && (
        <div className="settings-inline">
          <Select
            label="Avoid list"
            multiple
            remote={{ path: '/people/search' }}
            knownOptions={list.data.partners.map((p) => ({ slack_user_id: p.uid, name: p.name }))}
            valueKey="slack_user_id"
            labelKey="name"
            value={value}
            onChange={(v) => setChosen(v)}
            placeholder="Search people..."
          />
          <button type="button" className="button button-primary" disabled={saving || chosen === null} onClick={() => void save()}>
            {saving && <Spinner title="" />} Save avoid list
          </button>
        </div>
      )}
    </section>
  );
}

function ChannelsSection({ slackUserId }: { slackUserId: string }) {
  const [page, setPage] = useState(1);
  const channels = useQuery({
    queryKey: ['myChannels', page],
    queryFn: async () => {
      try {
        return await api.get<{ channels: ChannelRow[]; next_page: number | null }>('/users/channels.json', { query: { page, per: CHANNELS_PER_PAGE }, toastOnError: false });
      } catch (error) {
        toastError(TEXT.loadPrograms);
        throw error;
      }
    },
  });
  const [busy, setBusy] = useState<number | null>(null);
  const setStatus = async (programId: number, status: 'active' | 'snoozed' | 'opted_out', days?: number) => {
    setBusy(programId);
    try {
      await api.post(`/coffee/${programId}/update_users_status`, { user_uids: [slackUserId], status, coffee_configuration_id: programId, ...(days ? { days_to_snooze: days } : {}) }, { toastOnError: false });
      toastSuccess(DEFAULT_SUCCESS_TEXT);
    } catch (error) {
      failed(error, 'Uh oh, something went wrong. Try again?');
    } finally {
      setBusy(null);
    }
  };
  const intros = (channels.data?.channels ?? []).filter((c) => c.type === 'CoffeeConfiguration');
  return (
    <section className="card settings-section" aria-labelledby="channels-title">
      <h2 id="channels-title">Your Intros channels</h2>
      {channels.isError && <p className="muted">{TEXT.loadPrograms}</p>}
      {channels.data && intros.length === 0 && <p className="muted">None of your channels runs Intros{page > 1 ? ' on this page' : ''}.</p>}
      <ul className="settings-list">
        {intros.map((c) => (
          <li key={c.program_id}>
            <span>#{c.name}</span>
            <span className="settings-inline">
              <button type="button" className="button button-secondary" disabled={busy !== null} onClick={() => void setStatus(c.program_id, 'snoozed', 7)}>
                Snooze a week
              </button>
              <button type="button" className="button button-secondary" disabled={busy !== null} onClick={() => void setStatus(c.program_id, 'opted_out')}>
                Leave
              </button>
              <button type="button" className="button button-secondary" disabled={busy !== null} onClick={() => void setStatus(c.program_id, 'active')}>
                Back in
              </button>
            </span>
          </li>
        ))}
      </ul>
      <div className="settings-inline">
        <button type="button" className="button button-secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <button type="button" className="button button-secondary" disabled={!channels.data?.next_page} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </div>
    </section>
  );
}

/** /settings/intros: snooze, the avoid list and channel participation (journeys.md §2, §7). */
export default function IntrosPreferencesPage() {
  const user = useCurrentUser();
  const me = user.data as ({ id: string | number; slack_user_id?: string } | undefined);
  return (
    <div className="settings-page">
      <PageHeader title="Intros preferences" subtitle="Take a break from intros, keep some pairings from happening, and choose your channels." />
      {user.isLoading && <PageSkeleton cards={3} />}
      {me && (
        <>
          <SnoozeSection memberId={String(me.id)} />
          <AvoidSection memberId={String(me.id)} />
          <ChannelsSection slackUserId={me.slack_user_id ?? ''} />
        </>
      )}
    </div>
  );
}
