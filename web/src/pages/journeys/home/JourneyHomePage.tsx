import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Boxes, CalendarDays, ClipboardList, Layers, Plus, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { formatPlainDate, openModal, PageState, PersonName } from '../../../kit';
import { PageHeader } from '../../PageHeader';
import { DEFAULT_ISSUE_DATE_WINDOW, ISSUE_TYPES, reportingApi } from '../../reporting/reportingApi';
import { useJourneyHome, type JourneyHomeAnswer } from '../api/journeysApi';
import { CreateJourneyModal } from '../create/CreateJourneyModal';
import { FLOW_TYPE_LABELS } from '../lib/labels';
import { plural } from '../lib/schedule';
import '../journeys.css';

function Stat({ label, value, to, icon }: { label: string; value: number; to: string; icon: React.ReactNode }) {
  return (
    <Link className="card link-card home-stat" to={to}>
      <span className="icon-tile text-primary home-stat-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="stat-value home-stat-value">{value}</span>
      <span className="muted small">{label}</span>
    </Link>
  );
}

function Home({ data }: { data: JourneyHomeAnswer }) {
  const running = data.tags.filter((t) => !t.archived);
  const people = running.reduce((n, t) => n + t.num_active_sessions, 0);
  // Attention-required issues are Reporting's: the count the linked page shows first.
  const issues = useQuery({ queryKey: ['reporting', 'issues-count'], queryFn: () => reportingApi.issues({ page: 1, date_window: DEFAULT_ISSUE_DATE_WINDOW, issue_types: ISSUE_TYPES }) });
  return (
    <>
      <div className="home-stats">
        <Stat label="Journeys running" value={running.length} to="/onboarding/tags" icon={<CalendarDays size={20} />} />
        <Stat label="People on a journey" value={people} to="/onboarding/tags" icon={<Layers size={20} />} />
        <Stat label="Your open tasks and polls" value={data.open_action_items} to="/onboarding/action_items" icon={<ClipboardList size={20} />} />
        <Stat label="Need attention" value={issues.data?.cursor.total_count ?? 0} to="/reporting/attention_required" icon={<TriangleAlert size={20} />} />
      </div>
      <div className="home-columns">
        <section className="card home-panel" aria-labelledby="home-journeys">
          <h2 id="home-journeys" className="section-title">
            Journeys
          </h2>
          {running.length === 0 ? (
            <p className="muted">No journeys yet. Start with a ready-made onboarding journey: it takes one click.</p>
          ) : (
            <ul className="home-list">
              {running.slice(0, 8).map((t) => (
                <li key={t.id}>
                  <Link to={`/${t.route_flow_type}/tags/${t.id}`}>{t.name}</Link>
                  <span className="muted small">
                    {FLOW_TYPE_LABELS[t.flow_type]} · {plural(t.num_active_events, 'message')} · {plural(t.num_active_sessions, 'person', 'people')}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <div className="button-row">
            <Link className="text-link" to="/onboarding/tags">
              Onboarding journeys <ArrowRight size={14} aria-hidden="true" />
            </Link>
            <Link className="text-link" to="/participants/tags">
              Other journeys <ArrowRight size={14} aria-hidden="true" />
            </Link>
          </div>
        </section>
        <section className="card home-panel" aria-labelledby="home-starting">
          <h2 id="home-starting" className="section-title">
            Starting soon
          </h2>
          {data.upcoming_sessions.length === 0 ? (
            <p className="muted">Nobody is starting soon.</p>
          ) : (
            <ul className="home-list">
              {data.upcoming_sessions.map((s) => (
                <li key={s.id}>
                  {s.participant ? <PersonName person={s.participant} /> : <strong>Someone</strong>}
                  <span className="muted small">
                    {formatPlainDate(s.start_date)} · {data.tags.find((t) => t.id === s.tag_id)?.name ?? 'a journey'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className="home-library" aria-labelledby="home-library">
        <h2 id="home-library" className="section-title">
          Build from the library
        </h2>
        <div className="home-library-grid">
          <Link className="card link-card library-card" to="/onboarding/preset_categories">
            <Boxes size={20} aria-hidden="true" className="accent-icon" />
            <strong>Preset categories</strong>
            <span className="muted small">Ready-made sets of messages for first days, IT setup, culture, mentoring…</span>
          </Link>
          <Link className="card link-card library-card" to="/onboarding/presets">
            <Layers size={20} aria-hidden="true" className="accent-icon" />
            <strong>All presets</strong>
            <span className="muted small">Every preset, with the messages in it.</span>
          </Link>
          <Link className="card link-card library-card" to="/templates">
            <ClipboardList size={20} aria-hidden="true" className="accent-icon" />
            <strong>Templates</strong>
            <span className="muted small">Ready-made journeys and channel programs.</span>
          </Link>
        </div>
      </section>
    </>
  );
}

/** /onboarding: the journey home. */
export default function JourneyHomePage() {
  const home = useJourneyHome();
  return (
    <div className="journeys-page">
      <PageHeader
        title="Journeys"
        subtitle="Onboarding and every other journey: who is on one, what is coming, and what needs you."
        actions={
          <button type="button" className="button button-primary" onClick={() => openModal((close) => <CreateJourneyModal flowType="onboarding" onClose={close} />)}>
            <Plus size={16} aria-hidden="true" /> New onboarding journey
          </button>
        }
      />
      <PageState query={home} what="journey home">
        {(data) => <Home data={data} />}
      </PageState>
    </div>
  );
}
