import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { BatchesAnswer, UpsertStatusAnswer } from '../../../../src/enrollment/api-types';
import { api } from '../../api/client';
import { MANUAL_ENROLLMENT_POLL, usePollingQuery } from '../../api/polling';
import { useSearchParam } from '../../api/searchParams';
import { EmptyState, formatDateTime, formatPlainDate, InlineError, PageState } from '../../kit';
import { PageHeader } from '../PageHeader';
import { useEnrollmentBase } from './ManualEnrollmentPage';
import './enrollment.css';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Enrollment batches (journeys.md §2): every manual and CSV enrollment with its outcome. With batch_id, one
 * batch's people (the back target is then that batch's own page, {base}/batches/{batchId}); with manual_enrollment_status_id (after a
 * submit), that batch is shown while its upsert finishes.
 */
export default function BatchesPage() {
  const { base } = useEnrollmentBase();
  // A batch's own page (/batches/{batchId}), or the list with ?batch_id= (whose back target is that page).
  const { batchId: ownPage } = useParams();
  const [batchId] = useSearchParam('batch_id');
  const [statusId] = useSearchParam('manual_enrollment_status_id');
  const shown = ownPage ?? batchId ?? statusId;
  const status = usePollingQuery<UpsertStatusAnswer>({
    queryKey: ['enrollment', 'status', statusId],
    queryFn: () => api.get<UpsertStatusAnswer>(`/onboarding/manual_enrollment/upsert_status/${statusId}`, { toastOnError: false }),
    enabled: Boolean(statusId),
    preset: MANUAL_ENROLLMENT_POLL,
    isDone: (s) => s.status !== 'pending',
  });
  const batches = useQuery({
    queryKey: ['enrollment', 'batches', base, shown, status.data?.status],
    queryFn: () => api.get<BatchesAnswer>(`${base}/batches`, { query: { batch_id: shown ?? undefined }, toastOnError: false }),
  });
  return (
    <div className="enrollment-page">
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
            <Link className="button" to={`${base}/manual_enrollment`}>
              Enroll people
            </Link>
          </>
        }
      />
      <PageState query={batches} what="batches">
        {(data) => (
          <>
            {data.batch && (
              <section className="card" aria-label={`Batch ${data.batch.id}`}>
                <h2>
                  Batch {data.batch.id}: {data.batch.status === 'success' ? 'done' : data.batch.status === 'error' ? 'failed' : 'in progress'}
                </h2>
                {data.batch.error && <InlineError variant="text">{data.batch.error}</InlineError>}
                <table className="table" aria-label="People in this batch">
                  <thead>
                    <tr>
                      <th>Person</th>
                      <th>Journey</th>
                      <th>Start date</th>
                      <th>State</th>
                      <th>
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.batch.enrollments.map((e) => (
                      <tr key={e.id}>
                        <td>{e.member?.name ?? e.email}</td>
                        <td>{e.tag_name}</td>
                        <td>{formatPlainDate(e.start_date)}</td>
                        <td>
                          <span className={`state-pill state-${e.state}`}>{e.state}</span> {e.reason && <span className="muted small">{e.reason}</span>}
                        </td>
                        <td>{e.session_id !== null && e.state === 'enrolled' && <Link to={`${base}/manual_enrollment?session_id=${e.session_id}`}>Change</Link>}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
            {data.batches.length === 0 ? (
              <EmptyState title="No enrollments yet">People you enroll by hand or by CSV appear here, one batch per submit.</EmptyState>
            ) : (
              <table className="table" aria-label="Batches">
                <thead>
                  <tr>
                    <th>Batch</th>
                    <th>When</th>
                    <th>By</th>
                    <th>Source</th>
                    <th>Outcome</th>
                  </tr>
                </thead>
                <tbody>
                  {data.batches.map((b) => (
                    <tr key={b.id}>
                      <td>
                        <Link to={`${base}/batches?batch_id=${b.id}`}>#{b.id}</Link>
                      </td>
                      <td>{formatDateTime(b.created_at, browserZone, { withZone: true })}</td>
                      <td>{b.created_by ?? '—'}</td>
                      <td>{b.source === 'csv' ? 'CSV' : 'Form'}</td>
                      <td>
                        <span className={`state-pill state-${b.status}`}>{b.status}</span>{' '}
                        <span className="muted small">
                          {b.sessions_created} enrolled · {b.sessions_updated} updated · {b.sessions_deleted} removed
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </PageState>
    </div>
  );
}
