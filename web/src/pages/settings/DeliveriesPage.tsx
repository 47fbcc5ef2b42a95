import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FailedDelivery } from '../../../../src/outbox/api-types';
import { dataTableColumns, DataTable, DeliveryBadge, formatDateTime, PageState, Spinner, viewerZone } from '../../kit';
import { PageHeader } from '../PageHeader';
import { failedDeliveriesQuery, NEWEST_DELIVERIES, useRetryDelivery } from './settingsApi';
import './settings.css';

/**
 * What a message was for, in words, by the outbox row's kind (every kind Hearth writes to people; an internal key is
 * never shown: a kind added later without a label reads as a message from Hearth).
 */
const KIND_LABELS: Record<string, string> = {
  admin_post: 'Post as Hearth',
  billing_notice: 'Billing notice',
  celebration: 'Celebration post',
  celebration_ask: 'Request for dates',
  celebration_note: 'Celebrations note',
  dm_help: 'Reply to a direct message',
  enrollment: 'Journey enrollment message',
  enrollment_survey: 'Enrollment survey',
  home: 'Home tab',
  intro: 'Intro',
  'intro-answer': 'Intros check-in answer',
  'intro-categories': 'Intros interests question',
  'intro-checkin': 'Intros check-in',
  'intro-ghost': 'Intros check-in',
  join: 'Joining a channel',
  journey: 'Journey message',
  missing_scope_notice: 'Missing permission notice',
  program_notice: 'Note to a program owner',
  redemption_fulfilled: 'Reward fulfilled note',
  redemption_notice: 'Reward redemption',
  redemption_notice_failed: 'Note that a reward request didn’t reach its channel',
  'reporting-csv': 'Reporting CSV',
  'reporting-csv-failed': 'Note that a report couldn’t be sent',
  'reporting-feedback': 'Intros feedback question',
  shoutout: 'Shoutout',
  shoutouts_announcement: 'Shoutouts announcement',
  watercooler: 'Watercooler prompt',
  why_not: 'Reply to a button',
};
export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? 'A message from Hearth';

/** Where it was going: "#general", or a direct message. */
export function whereLabel(d: Pick<FailedDelivery, 'channel' | 'method'>): string {
  if (d.channel) return d.channel.name ? `#${d.channel.name.replace(/^#/, '')}` : 'A channel Hearth can’t see';
  return d.method.startsWith('dm.') || d.method === 'conversations.open' ? 'Direct message' : 'Slack';
}

/**
 * /settings/deliveries: the messages Slack refused for good, or whose delivery Hearth could not confirm, newest first,
 * each with why in words and a Try again where trying again can work (workspace admins; program owners' notices link here).
 */
export default function DeliveriesPage() {
  const failed = useQuery(failedDeliveriesQuery);
  const retry = useRetryDelivery();
  const zone = viewerZone();
  const columns = useMemo(() => {
    const col = dataTableColumns<FailedDelivery>();
    return [
      col.accessor((d) => kindLabel(d.kind), { id: 'what', header: 'Message' }),
      col.accessor((d) => whereLabel(d), { id: 'where', header: 'To' }),
      col.accessor('updated_at', { header: 'When', cell: (c) => formatDateTime(c.getValue(), zone) }),
      col.display({ id: 'why', header: 'What happened', cell: (c) => <DeliveryBadge delivery={c.row.original} /> }),
      col.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (c) =>
          c.row.original.canRetry ? (
            <button type="button" className="button button-secondary button-small" disabled={retry.isPending && retry.variables === c.row.original.id} onClick={() => retry.mutate(c.row.original.id)}>
              {retry.isPending && retry.variables === c.row.original.id && <Spinner title="" />} Try again
            </button>
          ) : null,
      }),
    ];
  }, [zone, retry]);
  return (
    <div className="settings-page">
      <PageHeader title="Failed deliveries" subtitle="Messages Slack refused, or that Hearth could not confirm were sent, with why. Fix the cause, then try again." />
      <PageState query={failed}>
        {(page) => (
          <section className="card settings-section">
            <DataTable
              label="Failed deliveries"
              data={page.deliveries}
              columns={columns}
              getRowId={(d) => String(d.id)}
              rowHeader="what"
              stickyColumn="actions"
              unsearchable={['actions', 'why']}
              emptyText="Nothing has failed. Every message Hearth sent was delivered."
            />
            {page.next_page !== null && <p className="muted">Showing the {NEWEST_DELIVERIES} newest.</p>}
          </section>
        )}
      </PageState>
    </div>
  );
}
