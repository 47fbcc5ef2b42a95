import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { EnrollmentSurveyListItem } from '../../../../src/enrollment/api-types';
import { DataTable, dataTableColumns, EmptyState, formatDateTime, PageState, Switch, toastSuccess, viewerZone } from '../../kit';
import { selfEnrollSettingsQuery, surveysQuery, useToggleSelfEnroll } from './enrollmentApi';
import './enrollment.css';

/** Self-enrollment of one journey: the switch, the link members join from, and who joined that way. */
function SelfEnrollCard({ base }: { base: string }) {
  const settings = useQuery(selfEnrollSettingsQuery(base));
  const toggle = useToggleSelfEnroll(base);
  return (
    <section className="card enrollment-card" aria-labelledby="self-enroll-title">
      <h2 id="self-enroll-title" className="card-title">Self-enrollment</h2>
      <PageState query={settings} what="self-enrollment" headingLevel={3}>
        {(s) => (
          <>
            <Switch
              label="Members can join this journey themselves"
              description="From its link, with /hearth join in Slack, or from Hearth's Home tab."
              checked={s.enabled}
              busy={toggle.isPending}
              onChange={(on) => toggle.mutate(on, { onSuccess: (answer) => toastSuccess(answer.enabled ? 'Members can join it themselves now.' : 'Self-enrollment is off.') })}
            />
            {s.enabled && (
              <p>
                Share this link: <a href={s.link}>{s.link}</a>
              </p>
            )}
            <h3 className="subsection-title">Joined by themselves</h3>
            {s.joined.length === 0 ? (
              <p className="muted">Nobody has joined it themselves yet.</p>
            ) : (
              <ul aria-label="People who joined by themselves">
                {s.joined.map((j, i) => (
                  <li key={`${j.id ?? 'x'}-${i}`}>
                    {j.name ?? 'Someone'} <span className="muted small">· joined {formatDateTime(j.joined_at, viewerZone(), { withZone: true })}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </PageState>
    </section>
  );
}

const surveyColumn = dataTableColumns<EnrollmentSurveyListItem & { base: string }>();
const SURVEY_COLUMNS = [
  surveyColumn.accessor('name', { header: 'Survey', cell: (info) => <Link to={`${info.row.original.base}/enrollment_surveys/${info.row.original.id}`}>{info.getValue()}</Link> }),
  surveyColumn.accessor('last_shared_at', {
    header: 'Shared',
    cell: (info) => {
      const s = info.row.original;
      return s.last_shared_at ? `${s.shares === 1 ? 'Once' : `${s.shares} times`}, last ${formatDateTime(s.last_shared_at, viewerZone(), { withZone: true })}` : <span className="muted">Not shared yet</span>;
    },
  }),
  surveyColumn.accessor('responses', {
    header: 'Answers',
    cell: (info) => <Link to={`${info.row.original.base}/enrollment_surveys/${info.row.original.id}/responses`}>{info.getValue() === 1 ? '1 answer' : `${info.getValue()} answers`}</Link>,
  }),
];

/** A journey's enrollment surveys: each with its share state and answers, and where to make a new one. */
function SurveysCard({ base }: { base: string }) {
  const surveys = useQuery(surveysQuery(base));
  return (
    <section className="card enrollment-card" aria-labelledby="surveys-title">
      <h2 id="surveys-title" className="card-title">Enrollment surveys</h2>
      <PageState query={surveys} what="surveys" headingLevel={3}>
        {({ enrollment_surveys: list }) =>
          list.length === 0 ? (
            <EmptyState title="No surveys yet">A survey asks people a few questions in Slack; answering it enrolls them (and can match mentors).</EmptyState>
          ) : (
            <DataTable label="Enrollment surveys" data={list.map((s) => ({ ...s, base }))} columns={SURVEY_COLUMNS} getRowId={(s) => String(s.id)} rowHeader="name" searchPlaceholder={false} />
          )
        }
      </PageState>
      <div className="button-row">
        <Link className="button button-secondary" to={`${base}/enrollment_surveys/new`}>
          New survey
        </Link>
      </div>
    </section>
  );
}

/** The journey page's Enrollment tab: self-enrollment and the journey's surveys (`base` is /{flow}/tags/{id}). */
export function JourneyEnrollment({ base }: { base: string }) {
  return (
    <div className="enrollment-page">
      <SelfEnrollCard base={base} />
      <SurveysCard base={base} />
      <p className="enrollment-links">
        <Link to={`${base}/manual_enrollment`}>Enroll people by hand or from a CSV</Link> · <Link to={`${base}/batches`}>Enrollment batches</Link>
      </p>
    </div>
  );
}
