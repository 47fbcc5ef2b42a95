import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/currentUser';
import { EmptyState, formatDay, INTROS_LOAD_ERROR, PageState, SegmentedControl, viewerZone } from '../../kit';
import { PageHeader, useDocumentTitle } from '../PageHeader';
import { DEFAULT_FEEDBACK_DATE_WINDOW, FEEDBACK_DATE_WINDOWS, feedbackCommentsQuery, feedbackConfigsQuery, feedbackStatsQuery, loadFilters, saveFilters } from './reportingApi';
import { StatChart } from './StatChart';
import './reporting.css';

interface FeedbackFilters {
  dateWindow: string;
  /** Chosen programs; empty means all the member can see. */
  configIds: number[];
}
const DEFAULTS: FeedbackFilters = { dateWindow: DEFAULT_FEEDBACK_DATE_WINDOW, configIds: [] };

export default function IntrosFeedbackPage() {
  useDocumentTitle('Intros feedback');
  const me = useCurrentUser();
  const teamId = me.data ? String(me.data.team.id) : undefined;
  const [filters, setFilters] = useState<FeedbackFilters>(DEFAULTS);
  const [page, setPage] = useState(1);
  useEffect(() => setFilters(loadFilters('intros_feedback', teamId, DEFAULTS)), [teamId]);
  const update = (next: FeedbackFilters) => {
    setFilters(next);
    setPage(1);
    saveFilters('intros_feedback', teamId, next);
  };
  const configs = useQuery(feedbackConfigsQuery);
  const all = configs.data?.configurations ?? [];
  const chosen = filters.configIds.filter((id) => all.some((c) => c.id === id));
  const ids = chosen.length ? chosen : all.map((c) => c.id);
  const stats = useQuery(feedbackStatsQuery(ids, filters.dateWindow));
  const comments = useQuery(feedbackCommentsQuery(ids, page));

  return (
    <section className="reporting-page">
      <PageHeader
        title="Intros feedback"
        subtitle="How people rated their intros, asked in Slack after each meeting."
        actions={
          <Link className="button button-secondary" to="/reporting">
            All reporting
          </Link>
        }
      />
      <PageState query={configs} what="Intros programs" errorMessage={INTROS_LOAD_ERROR}>
        {(c) =>
          c.configurations.length === 0 ? (
            <EmptyState title="No Intros programs yet">Feedback appears here once an Intros program has had meetings.</EmptyState>
          ) : (
            <>
              <div className="card report-filters">
                <SegmentedControl label="Period" size="small" options={FEEDBACK_DATE_WINDOWS} value={filters.dateWindow} onChange={(dateWindow) => update({ ...filters, dateWindow })} />
                <fieldset className="plain-fieldset issue-types">
                  <legend className="field-label">Programs</legend>
                  {c.configurations.map((p) => (
                    <label key={p.id} className="checkbox-label">
                      <input
                        type="checkbox"
                        checked={chosen.includes(p.id)}
                        onChange={() => update({ ...filters, configIds: chosen.includes(p.id) ? chosen.filter((x) => x !== p.id) : [...chosen, p.id] })}
                      />{' '}
                      #{p.channel}
                    </label>
                  ))}
                </fieldset>
              </div>
              <PageState query={stats} what="feedback">
                {(s) => (
                  <section className="card report-module" aria-labelledby="feedback-ratings-title">
                    <header className="report-module-head">
                      <h2 id="feedback-ratings-title" className="card-title report-module-title">
                        Ratings, last {s.label}
                      </h2>
                      <div className="stat-value" data-testid="feedback-average">
                        {s.average_rating === null ? '—' : `${s.average_rating} / 5`}
                      </div>
                      <p className="muted small">
                        {s.total_count} {s.total_count === 1 ? 'rating' : 'ratings'}
                      </p>
                    </header>
                    <StatChart title="Ratings" kind="count" valueLabel="Ratings" points={s.ratings.map((r) => ({ date: `${r.rating} star${r.rating === 1 ? '' : 's'}`, value: r.count }))} />
                  </section>
                )}
              </PageState>
              <section className="card report-module" aria-labelledby="feedback-comments-title">
                <h2 id="feedback-comments-title" className="card-title report-module-title">
                  Comments {comments.data ? <span className="muted small">({comments.data.total_count})</span> : null}
                </h2>
                {comments.data && comments.data.data.length === 0 && <p className="muted">No comments yet.</p>}
                <ul className="divided-list feedback-comments">
                  {comments.data?.data.map((m) => (
                    <li key={m.id} className="feedback-comment">
                      <p className="feedback-comment-text">“{m.comment}”</p>
                      <p className="muted small">
                        {m.author} · {m.rating} / 5 · {formatDay(m.created_at, viewerZone())}
                      </p>
                    </li>
                  ))}
                </ul>
                {comments.data && comments.data.total_count > comments.data.per_page && (
                  <nav className="issue-pager" aria-label="Comment pages">
                    <button type="button" className="button button-secondary button-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                      Previous
                    </button>
                    <span className="muted small">
                      Page {page} of {Math.ceil(comments.data.total_count / comments.data.per_page)}
                    </span>
                    <button type="button" className="button button-secondary button-small" disabled={page * comments.data.per_page >= comments.data.total_count} onClick={() => setPage(page + 1)}>
                      Next
                    </button>
                  </nav>
                )}
              </section>
            </>
          )
        }
      </PageState>
    </section>
  );
}
