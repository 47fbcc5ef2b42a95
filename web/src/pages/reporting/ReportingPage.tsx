import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/currentUser';
import { REPORTING_MODULE_POLL, usePollingQuery } from '../../api/polling';
import { DateRangePicker, DEFAULT_ERROR_TEXT, formatPlainRange, InlineError, PageState, SegmentedControl, Select, Switch, todayIn, viewerZone } from '../../kit';
import { PageHeader, useDocumentTitle } from '../PageHeader';
import {
  AGGREGATION_LABELS,
  DATE_WINDOW_LABELS,
  journeyTagsQuery,
  loadFilters,
  moduleDataQuery,
  RATE_STATS,
  saveFilters,
  settingsQuery,
  STAT_DEFINITIONS,
  STAT_LABELS,
  STAT_NAMES,
  STATE_STATS,
  useSaveReportingSettings,
  useSendCsv,
  type Aggregation,
  type DateWindowId,
  type ModuleSetting,
} from './reportingApi';
import { StatChart } from './StatChart';
import './reporting.css';

const STAT_OPTIONS = STAT_NAMES.map((s) => ({ value: s, label: STAT_LABELS[s] }));
const WINDOW_OPTIONS = (Object.keys(DATE_WINDOW_LABELS) as DateWindowId[]).map((w) => ({ value: w, label: DATE_WINDOW_LABELS[w] }));

interface PageFilters {
  /** A journey to narrow journey stats to (null: every journey). */
  tagId: number | null;
}

/** One module: its numbers, polled while the server is still generating them, as a chart and a table. */
function ModuleCard({ setting, index, onChange, tags }: { setting: ModuleSetting; index: number; onChange: (s: ModuleSetting) => void; tags: Array<{ id: number; name: string }> }) {
  const q = usePollingQuery({
    ...moduleDataQuery(setting),
    preset: REPORTING_MODULE_POLL,
    isDone: (d) => d.status === 'ready',
  });
  const title = STAT_LABELS[setting.stat_name];
  const rate = RATE_STATS.includes(setting.stat_name);
  const state = STATE_STATS.includes(setting.stat_name);
  const data = q.data?.status === 'ready' ? q.data : null;
  // After 40 tries the module gives up: an error and an empty stat.
  const failed = q.pollTimedOut || q.isError;
  const tag = tags.find((t) => t.id === setting.tag_id);
  return (
    <section className="card report-module" aria-labelledby={`module-${index}-title`} data-stat={setting.stat_name}>
      <header className="report-module-head">
        <h2 id={`module-${index}-title`} className="card-title report-module-title">
          {title}
          {tag && <span className="muted small"> · {tag.name}</span>}
        </h2>
        <p className="muted small">{STAT_DEFINITIONS[setting.stat_name]}</p>
        <div className="stat-value" data-testid="module-total">
          {failed ? '—' : data ? (rate ? `${data.rate === null || data.rate === undefined ? '—' : `${data.rate}%`}` : data.total) : '…'}
        </div>
        {data && rate && (
          <p className="muted small">
            {data.total} of {data.sent ?? 0} completed
          </p>
        )}
        {data && state && <p className="muted small">at the end of the period</p>}
      </header>
      <div className="report-module-controls">
        <Select label="Stat" options={STAT_OPTIONS} value={[setting.stat_name]} onChange={(v) => v[0] && onChange({ ...setting, stat_name: v[0] as ModuleSetting['stat_name'] })} />
        <Select label="Period" options={WINDOW_OPTIONS} value={[setting.date_window]} onChange={(v) => v[0] && onChange({ ...setting, date_window: v[0] as DateWindowId, start_date: null, end_date: null })} />
        <SegmentedControl<Aggregation>
          label="Group by"
          size="small"
          options={(Object.keys(AGGREGATION_LABELS) as Aggregation[]).map((a) => ({ value: a, label: AGGREGATION_LABELS[a] }))}
          value={setting.aggregation}
          onChange={(aggregation) => onChange({ ...setting, aggregation })}
        />
      </div>
      {setting.date_window === 'custom' && (
        <DateRangePicker
          label="Custom dates"
          value={{ from: setting.start_date ?? data?.start_date ?? todayIn(viewerZone()), to: setting.end_date ?? data?.end_date ?? todayIn(viewerZone()) }}
          onChange={(r) => onChange({ ...setting, start_date: r.from, end_date: r.to })}
          today={todayIn(viewerZone())}
        />
      )}
      {q.pollWarning && !data && !failed && <p className="muted small" role="status">{q.pollWarning}</p>}
      {failed ? (
        <InlineError>{DEFAULT_ERROR_TEXT}</InlineError>
      ) : data ? (
        <>
          <p className="muted small">
            {formatPlainRange(data.start_date, data.end_date)}
          </p>
          <StatChart title={`${title}, ${AGGREGATION_LABELS[setting.aggregation].toLowerCase()}`} points={data.series} kind={rate ? 'rate' : state ? 'state' : 'count'} valueLabel={rate ? 'Completed' : title} />
        </>
      ) : (
        <p className="muted small" role="status">
          Generating…
        </p>
      )}
    </section>
  );
}

export default function ReportingPage() {
  useDocumentTitle('Reporting');
  const me = useCurrentUser();
  const userId = me.data?.id;
  const teamId = me.data ? String(me.data.team.id) : undefined;
  const settings = useQuery({ ...settingsQuery(userId ?? ''), enabled: userId !== undefined });
  const tags = useQuery(journeyTagsQuery);
  const [filters, setFilters] = useState<PageFilters>({ tagId: null });
  useEffect(() => setFilters(loadFilters<PageFilters>('modules', teamId, { tagId: null })), [teamId]);
  const updateFilters = (next: PageFilters) => {
    setFilters(next);
    saveFilters('modules', teamId, next);
  };
  const save = useSaveReportingSettings(userId ?? '');
  const sendCsv = useSendCsv();
  const tagList = tags.data ?? [];
  return (
    <section className="reporting-page">
      <PageHeader
        title="Reporting"
        subtitle="What your programs and journeys did, from what happened in Slack."
        actions={
          <>
            <button type="button" className="button button-secondary" disabled={sendCsv.isPending} onClick={() => sendCsv.mutate(filters.tagId)}>
              Send CSV to Slack
            </button>
            <Link className="button button-secondary" to="/reporting/attention_required">
              Attention required
            </Link>
            <Link className="button button-secondary" to="/reporting/intros_feedback">
              Intros feedback
            </Link>
          </>
        }
      />
      <PageState query={settings} what="reporting settings">
        {(s) => (
          <>
            <div className="card report-filters">
              <Select
                label="Journey"
                options={[{ value: '', label: 'All journeys' }, ...tagList.map((t) => ({ value: String(t.id), label: t.name }))]}
                value={[filters.tagId === null ? '' : String(filters.tagId)]}
                onChange={(v) => updateFilters({ tagId: v[0] ? Number(v[0]) : null })}
              />
              <Switch
                label="Show all journeys in each module"
                checked={s.show_all_tags}
                busy={save.isPending}
                onChange={(on) => save.mutate({ template: s.template, showAllTags: on })}
              />
            </div>
            <div className="report-modules">
              {s.template.map((m, i) => (
                <ModuleCard
                  key={i}
                  index={i}
                  tags={tagList}
                  setting={{ ...m, tag_id: s.show_all_tags ? null : (filters.tagId ?? m.tag_id) }}
                  onChange={(next) => save.mutate({ template: s.template.map((x, j) => (j === i ? { ...next, tag_id: m.tag_id } : x)), showAllTags: s.show_all_tags })}
                />
              ))}
            </div>
          </>
        )}
      </PageState>
    </section>
  );
}
