import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { BatchJson, BatchStatus, EnrollmentJson, EnrollmentState } from '../../../../src/enrollment/api-types';
import { MANUAL_ENROLLMENT_POLL, usePollingQuery } from '../../api/polling';
import { useSearchParam } from '../../api/searchParams';
import { DataTable, dataTableColumns, EmptyState, formatDateTime, formatPlainDate, InlineError, PageState, StatusPill, viewerZone, type DataTableColumn, type StatusTone } from '../../kit';
import { tagQuery } from '../journeys/api/journeysApi';
import { PageHeader } from '../PageHeader';
import { batchesQuery, upsertStatusQuery } from './enrollmentApi';
import { useEnrollmentBase } from './enrollmentBase';
import './enrollment.css';

/** A batch's and a person's state in words. */
const BATCH_STATUS: Record<BatchStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'In progress', tone: 'info' },
  success: { label: 'Done', tone: 'success' },
  error: { label: 'Failed', tone: 'error' },
};
const ENROLLMENT_STATE: Record<EnrollmentState, { label: string; tone: StatusTone }> = {
  enrolled: { label: 'Enrolled', tone: 'success' },
  pending: { label: 'Waiting', tone: 'info' },
  failed: { label: 'Not enrolled', tone: 'error' },
};

const batchColumn = dataTableColumns<BatchJson>();
function batchColumns(base: string): DataTableColumn<BatchJson>[] {
  return [
    batchColumn.accessor('id', { header: 'Batch', cell: (c) => <Link to={`${base}/batches?batch_id=${c.row.original.id}`}>Batch {c.row.original.id}</Link> }),
    batchColumn.accessor('created_at', { header: 'When', sortFn: 'datetime', cell: (c) => formatDateTime(c.getValue(), viewerZone()) }),
    batchColumn.accessor((b) => b.created_by ?? '—', { id: 'by', header: 'By' }),
    batchColumn.accessor((b) => (b.source === 'csv' ? 'CSV' : 'Form'), { id: 'source', header: 'Source' }),
    batchColumn.accessor('status', {
      header: 'Outcome',
      cell: (c) => (
        <span className="enrollment-outcome">
          <StatusPill tone={BATCH_STATUS[c.row.original.status].tone}>{BATCH_STATUS[c.row.original.status].label}</StatusPill>
          <span className="muted small">
            {c.row.original.sessions_created} enrolled · {c.row.original.sessions_updated} updated · {c.row.original.sessions_deleted} removed
          </span>
        </span>
      ),
    }),
  ];
}

const enrollmentColumn = dataTableColumns<EnrollmentJson>();
function enrollmentColumns(base: string): DataTableColumn<EnrollmentJson>[] {
  return [
    enrollmentColumn.accessor((e) => e.member?.name ?? e.email ?? '', { id: 'person', header: 'Person' }),
    enrollmentColumn.accessor('tag_name', { header: 'Journey' }),
    enrollmentColumn.accessor('start_date', { header: 'Start date', cell: (c) => formatPlainDate(c.getValue()) }),
    enrollmentColumn.accessor('state', {
      header: 'State',
      cell: (c) => (
        <span className="enrollment-outcome">
          <StatusPill tone={ENROLLMENT_STATE[c.row.original.state].tone}>{ENROLLMENT_STATE[c.row.original.state].label}</StatusPill>
          {c.row.original.reason && <span className="muted small">{c.row.original.reason}</span>}
        </span>
      ),
    }),
    enrollmentColumn.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: (c) => c.row.original.session_id !== null && c.row.original.state === 'enrolled' && <Link to={`${base}/manual_enrollment?session_id=${c.row.original.session_id}`}>Change</Link>,
    }),
  ];
}

/**
 * Enrollment batches (journeys.md §2): every manual and CSV enrollment with its outcome. With batch_id, one
 * batch's people (the back target is then that batch's own page, {base}/batches/{batchId}); with manual_enrollment_status_id (after a
 * submit), that batch is shown while its upsert finishes.
 */
export default function BatchesPage() {
  const { base, flow, tagId } = useEnrollmentBase();
  const journey = useQuery(tagQuery(flow, tagId === null ? undefined : String(tagId)));
  // A batch's own page (/batches/{batchId}), or the list with ?batch_id= (whose back target is that page).
  const { batchId: ownPage } = useParams();
  const [batchId] = useSearchParam('batch_id');
  const [statusId] = useSearchParam('manual_enrollment_status_id');
  const shown = ownPage ?? batchId ?? statusId;
  const status = usePollingQuery({
    ...upsertStatusQuery(statusId),
    preset: MANUAL_ENROLLMENT_POLL,
    isDone: (s) => s.status !== 'pending',
  });
  const batches = useQuery(batchesQuery(base, shown, status.data?.status));
  const batchCols = useMemo(() => batchColumns(base), [base]);
  const enrollmentCols = useMemo(() => enrollmentColumns(base), [base]);
  return (
    <div className="enrollment-page">
      {journey.data && (
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link to={`${base}?tab=people`}>{journey.data.tag.name}</Link>
        </nav>
      )}
      <PageHeader
        title="Enrollment batches"
        actions={
          <>
            {ownPage ? (
              <Link className="button button-secondary" to={`${base}/batches`}>
                All batches
              </Link>
            ) : (
              batchId && (
                <Link className="button button-secondary" to={`${base}/batches/${batchId}`}>
                  Back
                </Link>
              )
            )}
            <Link className="button button-primary" to={`${base}/manual_enrollment`}>
              Enroll people
            </Link>
          </>
        }
      />
      <PageState query={batches} what="batches">
        {(data) => (
          <>
            {data.batch && (
              <section className="card enrollment-batch" aria-labelledby="enrollment-batch-title">
                <h2 id="enrollment-batch-title" className="card-title enrollment-batch-title">
                  Batch {data.batch.id} <StatusPill tone={BATCH_STATUS[data.batch.status].tone}>{BATCH_STATUS[data.batch.status].label}</StatusPill>
                </h2>
                {data.batch.error && <InlineError variant="text">{data.batch.error}</InlineError>}
                <DataTable label="People in this batch" data={data.batch.enrollments} columns={enrollmentCols} getRowId={(e) => String(e.id)} rowHeader="person" searchPlaceholder={false} />
              </section>
            )}
            {data.batches.length === 0 ? (
              <EmptyState title="No enrollments yet">People you enroll by hand or by CSV appear here, one batch per submit.</EmptyState>
            ) : (
              <DataTable label="Batches" data={data.batches} columns={batchCols} getRowId={(b) => String(b.id)} searchPlaceholder={false} />
            )}
          </>
        )}
      </PageState>
    </div>
  );
}
