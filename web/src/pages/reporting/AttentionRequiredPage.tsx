import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/currentUser';
import { AlertIcon, EmptyState, formatDateTime, PageState, SegmentedControl, Spinner, viewerZone } from '../../kit';
import { PageHeader, useDocumentTitle } from '../PageHeader';
import {
  DEFAULT_ISSUE_DATE_WINDOW,
  ISSUE_DATE_WINDOWS,
  ISSUE_TYPE_LABELS,
  ISSUE_TYPES,
  ISSUES_PAGE_SIZE,
  issuesQuery,
  journeyTagsQuery,
  loadFilters,
  saveFilters,
  useHideIssue,
  type IssueType,
  type SessionIssuesJson,
  withoutIssue,
} from './reportingApi';
import './reporting.css';

interface IssueFilters {
  dateWindow: string;
  issueTypes: IssueType[];
  tagIds: number[];
}
const DEFAULTS: IssueFilters = { dateWindow: DEFAULT_ISSUE_DATE_WINDOW, issueTypes: ISSUE_TYPES, tagIds: [] };

export default function AttentionRequiredPage() {
  useDocumentTitle('Attention required');
  const me = useCurrentUser();
  const teamId = me.data ? String(me.data.team.id) : undefined;
  const client = useQueryClient();
  const [filters, setFilters] = useState<IssueFilters>(DEFAULTS);
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Set<number>>(new Set());
  useEffect(() => setFilters(loadFilters('attention_required', teamId, DEFAULTS)), [teamId]);
  const update = (next: IssueFilters) => {
    setFilters(next);
    setPage(1);
    saveFilters('attention_required', teamId, next);
  };
  const query = issuesQuery({ date_window: filters.dateWindow, tag_ids: filters.tagIds, issue_types: filters.issueTypes }, page);
  const issues = useQuery(query);
  const tags = useQuery(journeyTagsQuery);
  const tagName = (id: number) => tags.data?.find((t) => t.id === id)?.name ?? `Journey ${id}`;

  // Pending removal, then removed: the issue (and a session or user left empty) leaves the page.
  const hide = useHideIssue({
    onStart: (id) => setPending((p) => new Set(p).add(id)),
    onHidden: (id) => {
      const current = client.getQueryData<SessionIssuesJson>(query.queryKey);
      if (!current) return;
      const next = withoutIssue(current, id);
      client.setQueryData(query.queryKey, next);
      if (next.data.length === 0 && page > 1) setPage(page - 1);
    },
    onEnd: (id) =>
      setPending((p) => {
        const n = new Set(p);
        n.delete(id);
        return n;
      }),
  });

  const toggleType = (t: IssueType) => {
    const has = filters.issueTypes.includes(t);
    const next = has ? filters.issueTypes.filter((x) => x !== t) : ISSUE_TYPES.filter((x) => x === t || filters.issueTypes.includes(x));
    update({ ...filters, issueTypes: next.length ? next : ISSUE_TYPES });
  };

  return (
    <section className="reporting-page">
      <PageHeader
        title="Attention required"
        subtitle="Journey sessions that need a person: roles with nobody in them, intros with nobody to meet, posts with no channel, tasks and polls left unanswered."
        actions={
          <Link className="button button-secondary" to="/reporting">
            All reporting
          </Link>
        }
      />
      <div className="card report-filters">
        <SegmentedControl label="Since" size="small" options={ISSUE_DATE_WINDOWS} value={filters.dateWindow} onChange={(dateWindow) => update({ ...filters, dateWindow })} />
        <fieldset className="plain-fieldset issue-types">
          <legend className="field-label">Issue types</legend>
          {ISSUE_TYPES.map((t) => (
            <label key={t} className="checkbox-label">
              <input type="checkbox" checked={filters.issueTypes.includes(t)} onChange={() => toggleType(t)} /> {ISSUE_TYPE_LABELS[t]}
            </label>
          ))}
        </fieldset>
        {(tags.data?.length ?? 0) > 0 && (
          <fieldset className="plain-fieldset issue-types">
            <legend className="field-label">Journeys</legend>
            {tags.data!.map((t) => (
              <label key={t.id} className="checkbox-label">
                <input
                  type="checkbox"
                  checked={filters.tagIds.includes(t.id)}
                  onChange={() => update({ ...filters, tagIds: filters.tagIds.includes(t.id) ? filters.tagIds.filter((x) => x !== t.id) : [...filters.tagIds, t.id] })}
                />{' '}
                {t.name}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <PageState query={issues} what="issues">
        {(data) =>
          data.data.length === 0 ? (
            <EmptyState title="Nothing needs attention">No open issues in these dates.</EmptyState>
          ) : (
            <>
              <p className="muted small" role="status">
                {data.cursor.total_count} {data.cursor.total_count === 1 ? 'issue' : 'issues'}
              </p>
              <ul className="issue-users">
                {data.data.map((u) => (
                  <li key={u.user.id ?? 'none'} className="card issue-user">
                    <h2 className="card-title issue-user-name">{u.user.name}</h2>
                    {u.sessions.map((s) => (
                      <section key={s.session_id} className="issue-session" aria-label={`${tagName(s.tag_id)} session ${s.session_id}`}>
                        <h3 className="small issue-session-title">{tagName(s.tag_id)}</h3>
                        <ul className="issue-list">
                          {s.issues.map((i) => {
                            const removing = pending.has(i.id);
                            return (
                              <li key={i.id} className={`issue${removing ? ' is-leaving' : ''}`} data-issue-type={i.issue_type}>
                                <AlertIcon />
                                <span className="strong-text">{ISSUE_TYPE_LABELS[i.issue_type]}</span>
                                <span className="issue-detail">
                                  {i.detail}
                                  {i.fix && (
                                    <>
                                      {' '}
                                      <Link to={i.fix.path}>{i.fix.label}</Link>
                                    </>
                                  )}
                                </span>
                                <span className="muted small">{formatDateTime(i.occurred_at, viewerZone())}</span>
                                <button type="button" className="button button-secondary button-small" disabled={removing} onClick={() => hide.mutate(i.id)}>
                                  {removing ? <Spinner /> : null} {removing ? 'Hiding…' : 'Hide'}
                                </button>
                              </li>
                            );
                          })}
                        </ul>
                      </section>
                    ))}
                  </li>
                ))}
              </ul>
              {data.cursor.total_pages > 1 && (
                <nav className="issue-pager" aria-label="Pages">
                  <button type="button" className="button button-secondary button-small" disabled={!data.cursor.prev_page} onClick={() => setPage(page - 1)}>
                    Previous
                  </button>
                  <span className="muted small">
                    Page {data.cursor.page} of {data.cursor.total_pages} · {ISSUES_PAGE_SIZE} per page
                  </span>
                  <button type="button" className="button button-secondary button-small" disabled={!data.cursor.next_page} onClick={() => setPage(page + 1)}>
                    Next
                  </button>
                </nav>
              )}
            </>
          )
        }
      </PageState>
    </section>
  );
}
