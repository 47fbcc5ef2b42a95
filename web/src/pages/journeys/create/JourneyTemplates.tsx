import { useQueries } from '@tanstack/react-query';
import { openModal } from '../../../kit';
import { prebuiltJourneysQuery, type PrebuiltJourneyJson, type QuickSetupType } from '../api/journeysApi';
import { FlowBadge } from '../lib/labels';
import { plural } from '../lib/schedule';
import { CreateJourneyModal } from './CreateJourneyModal';
import '../journeys.css';

const SETUPS: readonly QuickSetupType[] = ['one_click_onboarding', 'mentorship', 'training', 'offboarding'];

/** The journey templates on /templates: the ready-made journeys; "Use template" opens the create modal on it. */
export function JourneyTemplates() {
  const results = useQueries({
    queries: SETUPS.map((type) => prebuiltJourneysQuery(type)),
  });
  const seen = new Set<number>();
  const journeys: PrebuiltJourneyJson[] = [];
  for (const r of results)
    for (const j of r.data?.prebuilt_journeys ?? []) {
      if (seen.has(j.id)) continue;
      seen.add(j.id);
      journeys.push(j);
    }
  if (journeys.length === 0) return null;
  return (
    <section className="template-group journeys-templates" aria-labelledby="templates-journeys">
      <h2 id="templates-journeys" className="section-title">
        Journeys
      </h2>
      <p className="muted section-lead">Onboarding, mentorship, training and offboarding journeys: scheduled messages, tasks, polls and intros for each person.</p>
      <ul className="template-grid">
        {journeys.map((j) => (
          <li key={j.id} className="card template-card">
            <div className="template-card-head">
              <FlowBadge flow={j.flow_type} />
              <span className="muted small">{plural(j.num_events, 'item')}</span>
            </div>
            <h3 className="card-title template-card-name">{j.name}</h3>
            <p className="muted small template-card-text">{j.description}</p>
            <div className="template-card-actions">
              <button
                type="button"
                className="button button-primary"
                aria-label={`Use template ${j.name}`}
                onClick={() => openModal((close) => <CreateJourneyModal flowType={j.flow_type} initialId={j.id} onClose={close} />)}
              >
                Use template
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
