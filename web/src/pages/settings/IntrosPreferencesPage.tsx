import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../api/currentUser';
import { DateField, formatPlainDate, PageSkeleton, Select, SkeletonLines, Spinner, todayIn, viewerZone, addPlainDays } from '../../kit';
import { PageHeader } from '../PageHeader';
import { avoidListQuery, myChannelsQuery, snoozeQuery, TEXT, useSaveAvoidList, useSetIntrosStatus, useSnooze } from './settingsApi';
import '../intros/intros.css';
import './settings.css';

function SnoozeSection({ memberId }: { memberId: string }) {
  const status = useQuery(snoozeQuery(memberId));
  const today = todayIn(viewerZone());
  const [until, setUntil] = useState(addPlainDays(today, 14));
  const snooze = useSnooze(memberId);
  return (
    <section className="card settings-section" aria-labelledby="snooze-title">
      <h2 id="snooze-title" className="card-title">Snooze intros</h2>
      {status.isLoading && <SkeletonLines lines={2} />}
      {status.isError && <p className="muted">{TEXT.loadSnooze}</p>}
      {status.data && (
        <>
          <p className="muted section-lead" data-testid="snooze-status">
            {status.data.snoozed ? `Your intros are snoozed; you are back in rounds from ${formatPlainDate(status.data.end_date)}.` : 'You are in every Intros round of your channels.'}
          </p>
          <div className="settings-inline">
            <DateField label="Snooze until" value={until} onChange={setUntil} today={today} />
            <button type="button" className="button button-primary" disabled={snooze.isPending || !until} onClick={() => snooze.mutate({ end_date: until })}>
              {snooze.isPending && snooze.variables !== null && <Spinner title="" />} Snooze
            </button>
            {status.data.snoozed && (
              <button type="button" className="button button-secondary" disabled={snooze.isPending} onClick={() => snooze.mutate(null)}>
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
  const list = useQuery(avoidListQuery(memberId));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const save = useSaveAvoidList(memberId);
  const value = chosen ?? list.data?.invalid_partner_uids ?? [];
  return (
    <section className="card settings-section" aria-labelledby="avoid-title">
      <h2 id="avoid-title" className="card-title">People you won’t be paired with</h2>
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
          <button type="button" className="button button-primary" disabled={save.isPending || chosen === null} onClick={() => save.mutate({ invalid_partner_uids: value }, { onSuccess: () => setChosen(null) })}>
            {save.isPending && <Spinner title="" />} Save avoid list
          </button>
        </div>
      )}
    </section>
  );
}

function ChannelsSection({ slackUserId }: { slackUserId: string }) {
  const [page, setPage] = useState(1);
  const channels = useQuery(myChannelsQuery(page));
  const status = useSetIntrosStatus();
  const setStatus = (programId: number, to: 'active' | 'snoozed' | 'opted_out', days?: number) =>
    status.mutate({ programId, body: { user_uids: [slackUserId], status: to, coffee_configuration_id: programId, ...(days ? { days_to_snooze: days } : {}) } });
  const intros = (channels.data?.channels ?? []).filter((c) => c.type === 'CoffeeConfiguration');
  return (
    <section className="card settings-section" aria-labelledby="channels-title">
      <h2 id="channels-title" className="card-title">Your Intros channels</h2>
      {channels.isError && <p className="muted">{TEXT.loadPrograms}</p>}
      {channels.data && intros.length === 0 && <p className="muted">None of your channels runs Intros{page > 1 ? ' on this page' : ''}.</p>}
      <ul className="divided-list settings-list">
        {intros.map((c) => (
          <li key={c.program_id}>
            <span>#{c.name}</span>
            <span className="settings-inline">
              <button type="button" className="button button-secondary" disabled={status.isPending} onClick={() => setStatus(c.program_id, 'snoozed', 7)}>
                Snooze a week
              </button>
              <button type="button" className="button button-secondary" disabled={status.isPending} onClick={() => setStatus(c.program_id, 'opted_out')}>
                Leave
              </button>
              <button type="button" className="button button-secondary" disabled={status.isPending} onClick={() => setStatus(c.program_id, 'active')}>
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
