import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { SubmissionJson, SurveyResponsesAnswer } from '../../../../src/enrollment/api-types';
import { ApiError } from '../../api/client';
import { DataTable, dataTableColumns, EmptyState, formatDateTime, InlineError, PageState, Select, toastSuccess, viewerZone, type DataTableColumn } from '../../kit';
import { tagQuery, type TagDetail } from '../journeys/api/journeysApi';
import { PageHeader } from '../PageHeader';
import { responsesQuery, useSaveMatches, type MatchesBody } from './enrollmentApi';
import './enrollment.css';

/** The matches to show: the saved ones, else none; `suggested` fills the rest when asked. Pure. */
export function initialMatches(answer: SurveyResponsesAnswer): Record<number, number | null> {
  const [first] = answer.survey.role_enrollment_surveys;
  return Object.fromEntries(answer.submissions.filter((s) => s.role_id === first?.role_id).map((s) => [s.id, s.matched_submission_id]));
}

/** The PUT body: each primary answer with a match chosen, with the session its answer enrolled (if any). Pure. */
export function matchesBody(answer: SurveyResponsesAnswer, matches: Record<number, number | null>): MatchesBody {
  const byId = new Map(answer.submissions.map((s) => [s.id, s]));
  return {
    matches: Object.entries(matches)
      .filter((e): e is [string, number] => e[1] !== null)
      .map(([primary, matched]) => ({ primary_submission_id: Number(primary), matched_submission_id: matched, session_id: byId.get(Number(primary))?.session_id ?? null })),
  };
}

const responseColumn = dataTableColumns<SubmissionJson>();
/** Who answered, in which role, what, whom they are matched with and when. */
function responseColumns(answer: SurveyResponsesAnswer, roleName: (id: number) => string): DataTableColumn<SubmissionJson>[] {
  const name = (id: number | null) => answer.submissions.find((s) => s.id === id)?.member.name ?? '—';
  const questionsOf = (s: SubmissionJson) => answer.survey.role_enrollment_surveys.find((r) => r.role_id === s.role_id)?.questions ?? [];
  return [
    responseColumn.accessor((s) => s.member.name, { id: 'person', header: 'Person' }),
    responseColumn.accessor((s) => roleName(s.role_id), { id: 'role', header: 'Role' }),
    responseColumn.display({
      id: 'answers',
      header: 'Answers',
      cell: (c) =>
        questionsOf(c.row.original).map((q, i) => {
          const a = c.row.original.answers[String(i)];
          return (
            <div key={i} className="small">
              <span className="muted">{q.query}</span> {Array.isArray(a) ? a.join(', ') : (a ?? '—')}
            </div>
          );
        }),
    }),
    responseColumn.accessor((s) => (s.matched_submission_id ? name(s.matched_submission_id) : '—'), { id: 'matched', header: 'Matched with' }),
    responseColumn.accessor('created_at', { header: 'Answered', sortFn: 'datetime', cell: (c) => formatDateTime(c.getValue(), viewerZone()) }),
  ];
}

/**
 * /{flow}/tags/{tagId}/enrollment_surveys/{surveyId}/responses: who answered a journey's enrollment survey and
 * what, and (for a two-role survey, mentorship style) who is matched with whom: the pairing engine's suggestion
 * to start from, changed by hand, saved with PUT …/responses {matches}.
 */
export default function SurveyResponsesPage() {
  const { tagId, surveyId } = useParams();
  const flow = useLocation().pathname.startsWith('/participants') ? 'participants' : 'onboarding';
  const base = `/${flow}/tags/${tagId}`;
  const responses = useQuery(responsesQuery(base, surveyId));
  const tag = useQuery(tagQuery(flow, tagId));
  return (
    <div className="enrollment-page">
      <PageState headingLevel={1} query={tag} what="journey">
        {(detail) => (
          <PageState headingLevel={1} query={responses} what="survey responses">
            {(answer) => <Responses key={answer.survey.id} base={base} surveyId={surveyId} answer={answer} detail={detail} />}
          </PageState>
        )}
      </PageState>
    </div>
  );
}

function Responses({ base, surveyId, answer, detail }: { base: string; surveyId: string | undefined; answer: SurveyResponsesAnswer; detail: TagDetail }) {
  const saveMatches = useSaveMatches(base, surveyId);
  const [first, second] = answer.survey.role_enrollment_surveys;
  const roleName = useCallback((id: number) => detail.roles.find((r) => r.id === id)?.name ?? 'Role', [detail.roles]);
  const [matches, setMatches] = useState<Record<number, number | null>>(() => initialMatches(answer));
  const [error, setError] = useState<string | null>(null);
  const primaries = answer.submissions.filter((s) => s.role_id === first?.role_id);
  const seconds = answer.submissions.filter((s) => s.role_id === second?.role_id);
  const columns = useMemo(() => responseColumns(answer, roleName), [answer, roleName]);
  const taken = (except: number) => new Set(Object.entries(matches).filter(([p, m]) => Number(p) !== except && m !== null).map(([, m]) => m));

  const save = () =>
    saveMatches.mutate(matchesBody(answer, matches), {
      onSuccess: () => {
        setError(null);
        toastSuccess('Matches saved.');
      },
      onError: (err) => setError(err instanceof ApiError ? err.message : 'The matches could not be saved.'),
    });

  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to={`${base}/enrollment_surveys/${answer.survey.id}`}>{answer.survey.name}</Link>
      </nav>
      <PageHeader title={`${answer.survey.name}: responses`} subtitle={`${detail.tag.name} · ${answer.submissions.length} ${answer.submissions.length === 1 ? 'response' : 'responses'}`} />
      {answer.submissions.length === 0 ? (
        <EmptyState title="No responses yet">Share the survey to Slack: people's answers appear here.</EmptyState>
      ) : (
        <DataTable label="Responses" data={answer.submissions} columns={columns} getRowId={(s) => String(s.id)} rowHeader="person" searchPlaceholder={false} />
      )}
      {second && primaries.length > 0 && (
        <section className="card enrollment-rule" aria-label="Matching">
          <h2 className="card-title">Matching</h2>
          <p className="muted small">
            Each {roleName(first!.role_id).toLowerCase()} is matched with one {roleName(second.role_id).toLowerCase()}; the matched person joins their journey session in that role.
          </p>
          {error && <InlineError>{error}</InlineError>}
          {primaries.map((p) => (
            <Select
              key={p.id}
              label={p.member.name}
              clearable
              placeholder="Not matched"
              options={seconds.map((s) => ({ value: String(s.id), label: s.member.name, disabled: taken(p.id).has(s.id) }))}
              value={matches[p.id] ? [String(matches[p.id])] : []}
              onChange={(v) => setMatches({ ...matches, [p.id]: v[0] ? Number(v[0]) : null })}
            />
          ))}
          <div className="button-row">
            <button
              type="button"
              className="button button-secondary"
              disabled={!answer.suggested.length}
              onClick={() => setMatches({ ...matches, ...Object.fromEntries(answer.suggested.filter((x) => !matches[x.primary_submission_id]).map((x) => [x.primary_submission_id, x.matched_submission_id])) })}
            >
              Use suggested matches
            </button>
            <button type="button" className="button button-primary" disabled={saveMatches.isPending} onClick={save}>
              Save matches
            </button>
          </div>
        </section>
      )}
    </>
  );
}
