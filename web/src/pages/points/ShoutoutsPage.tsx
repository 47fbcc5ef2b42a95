import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ChannelPicker, CheckCircleIcon, DeliveryBadge, ErrorState, PageSkeleton, TextAreaField, showToast, toastSuccess } from '../../kit';
import { PageHeader } from '../PageHeader';
import { shoutoutsPageQuery, useShoutoutsLaunch } from './pointsApi';
import './points.css';

export const LAUNCH_ERROR = 'There was an error with launch.';
export const ANNOUNCE_ERROR = 'There was an error sending the announcement.';

/** /shoutouts: the launch checklist (launch, then announce in channels) and the latest shoutouts. */
export default function ShoutoutsPage() {
  const page = useQuery(shoutoutsPageQuery);
  const launchMutation = useShoutoutsLaunch();
  const [channels, setChannels] = useState<string[]>([]);
  const [text, setText] = useState('');
  const busy = launchMutation.isPending;
  const data = page.data;
  useEffect(() => {
    if (data && !text) setText(data.default_announcement);
    if (data && !channels.length && data.program.channels.length) setChannels(data.program.channels);
    // Only when the page data first arrives.
  }, [data]);

  const launch = () =>
    launchMutation.mutate(null, {
      onSuccess: () => toastSuccess('Shoutouts are live.'),
      onError: () => showToast({ type: 'error', text: LAUNCH_ERROR }),
    });
  const announce = () =>
    launchMutation.mutate(
      { channels, text },
      {
        onSuccess: () => toastSuccess('Announcement sent.'),
        onError: () => showToast({ type: 'error', text: ANNOUNCE_ERROR }),
      },
    );

  const active = data?.program.state === 'active';
  const announced = data?.program.launch_checklist.announced ?? false;
  return (
    <div className="pts-page">
      <PageHeader title="Shoutouts" subtitle={`People thank each other with ${data?.points_name_plural ?? 'points'}: /hearth shoutout @someone 10 for …, or the "Give a shoutout" message shortcut.`} />
      {page.isPending && <PageSkeleton />}
      {page.isError && <ErrorState error={page.error} onRetry={() => void page.refetch()} />}
      {data && (
        <section className="card pts-section" aria-labelledby="pts-launch-title">
          <h2 id="pts-launch-title" className="card-title">Launch checklist</h2>
          <ol className="pts-checklist">
            <li>
              <h3 className={active ? 'subsection-title text-success' : 'subsection-title'}>{active ? <><CheckCircleIcon aria-hidden="true" /> Shoutouts are live</> : '1. Launch shoutouts'}</h3>
              {!active && (
                <>
                  <p className="muted">Once launched, everyone can give shoutouts from Slack.</p>
                  <button type="button" className="button button-primary" disabled={busy} onClick={() => void launch()}>
                    Launch
                  </button>
                </>
              )}
            </li>
            <li>
              <h3 className={announced ? 'subsection-title text-success' : 'subsection-title'}>{announced ? <><CheckCircleIcon aria-hidden="true" /> Announced</> : '2. Announce it'}</h3>
              <ChannelPicker label="Channels" multiple value={channels} onChange={(values) => setChannels(values)} />
              <TextAreaField label="Message" value={text} onChange={setText} rows={4} maxLength={3000} />
              <div className="button-row">
                <button type="button" className="button button-primary" disabled={busy || !channels.length || !text.trim()} onClick={() => void announce()}>
                  {announced ? 'Announce again' : 'Send announcement'}
                </button>
              </div>
            </li>
          </ol>
        </section>
      )}
      {data && (
        <section className="card pts-section" aria-labelledby="pts-feed-title">
          <h2 id="pts-feed-title" className="card-title">Latest shoutouts</h2>
          {!data.recent.length && <p className="muted">No shoutouts yet.</p>}
          <ul className="pts-feed">
            {data.recent.map((s) => (
              <li key={s.id}>
                <strong>{s.giver.name}</strong> gave <strong>{s.recipient.name}</strong> {s.points} {data.points_name_plural}: {s.message}
                {s.delivery && s.delivery.label !== 'Sent' && (
                  <>
                    {' '}
                    <DeliveryBadge delivery={s.delivery} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
