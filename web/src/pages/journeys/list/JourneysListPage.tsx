import { useQuery } from '@tanstack/react-query';
import { Archive, Boxes, Plus, Route, Workflow } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../../api/currentUser';
import { usePresetBundleIdParam } from '../../../api/searchParams';
import { EmptyState, openModal, PageState, StatusPill, Switch } from '../../../kit';
import { PageHeader } from '../../PageHeader';
import { presetBundlesQuery, tagsQuery, type Flow, type FlowType, type TagJson } from '../api/journeysApi';
import { BundleWizard } from '../create/BundleWizard';
import { CreateJourneyModal } from '../create/CreateJourneyModal';
import { FLOW_TYPE_LABELS, FlowBadge, PARTICIPANT_FLOW_TYPES } from '../lib/labels';
import '../journeys.css';

function JourneyCard({ tag }: { tag: TagJson }) {
  return (
    <li className={`card link-card journey-card${tag.archived ? ' is-archived' : ''}`}>
      <div className="journey-card-head">
        <FlowBadge flow={tag.flow_type} />
        {tag.archived && (
          <StatusPill>
            <Archive size={12} aria-hidden="true" /> Archived
          </StatusPill>
        )}
      </div>
      <h3 className="card-title journey-card-name">
        <Link className="row-link" to={`/${tag.route_flow_type}/tags/${tag.id}`}>
          {tag.name}
        </Link>
      </h3>
      <dl className="journey-card-stats">
        <div>
          <dt className="stat-label">Messages</dt>
          <dd className="stat-value">{tag.num_active_events}</dd>
        </div>
        <div>
          <dt className="stat-label">On it now</dt>
          <dd className="stat-value">{tag.num_active_sessions}</dd>
        </div>
        <div>
          <dt className="stat-label">All time</dt>
          <dd className="stat-value">{tag.num_sessions}</dd>
        </div>
      </dl>
    </li>
  );
}

function Group({ flowType, tags }: { flowType: FlowType; tags: TagJson[] }) {
  return (
    <section className="journey-group" aria-labelledby={`group-${flowType}`}>
      <h2 id={`group-${flowType}`} className="section-title">
        {FLOW_TYPE_LABELS[flowType]} <span className="muted">{tags.length}</span>
      </h2>
      <ul className="journey-grid">
        {tags.map((t) => (
          <JourneyCard key={t.id} tag={t} />
        ))}
      </ul>
    </section>
  );
}

/** /onboarding/tags and /participants/tags: the journeys of a flow, grouped by flow type, archived ones on request. */
export default function JourneysListPage() {
  const location = useLocation();
  const flow: Flow = location.pathname.startsWith('/participants') ? 'participants' : 'onboarding';
  const [showArchived, setShowArchived] = useState(false);
  const tags = useQuery(tagsQuery(flow, showArchived));
  const bundles = useQuery(presetBundlesQuery(flow === 'onboarding' ? 'onboarding' : undefined));
  const [, setBundleId] = usePresetBundleIdParam();
  const flowTypes: readonly FlowType[] = flow === 'onboarding' ? ['onboarding'] : PARTICIPANT_FLOW_TYPES;
  const [newType, setNewType] = useState<FlowType>(flowTypes[0]!);
  const create = (flowType: FlowType, hris = false) => openModal((close) => <CreateJourneyModal flowType={flowType} hris={hris} onClose={close} />);
  const firstBundle = bundles.data?.preset_bundles[0];
  // Admins build journeys and see them all; a journey's creator or permission user sees the ones they may change.
  const builds = useCurrentUser().data?.permissions.journeys === true;

  const actions =
    flow === 'onboarding' ? (
      <>
        <button type="button" className="button button-secondary" onClick={() => create('onboarding', true)}>
          <Workflow size={16} aria-hidden="true" /> From your HR system
        </button>
        <button type="button" className="button button-secondary" disabled={!firstBundle} onClick={() => firstBundle && setBundleId(String(firstBundle.id))}>
          <Boxes size={16} aria-hidden="true" /> From a bundle
        </button>
        <button type="button" className="button button-primary" onClick={() => create('onboarding')}>
          <Plus size={16} aria-hidden="true" /> New journey
        </button>
      </>
    ) : (
      <>
        <label className="inline-select">
          <span className="visually-hidden">Kind of journey</span>
          <select className="kit-input" value={newType} onChange={(e) => setNewType(e.target.value as FlowType)}>
            {flowTypes.map((f) => (
              <option key={f} value={f}>
                {FLOW_TYPE_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button-primary" onClick={() => create(newType)}>
          <Plus size={16} aria-hidden="true" /> New journey
        </button>
      </>
    );

  return (
    <div className="journeys-page">
      <PageHeader
        title={flow === 'onboarding' ? 'Onboarding journeys' : 'Journeys'}
        subtitle={flow === 'onboarding' ? 'Messages, tasks, polls and intros that walk each new hire through their first weeks.' : 'Events, mentorship, training, offboarding and other journeys.'}
        actions={builds ? actions : undefined}
      />
      <div className="toolbar">
        <Switch size="small" checked={showArchived} onChange={setShowArchived} label="Show archived" />
        {tags.data?.limits.journeys != null && (
          <StatusPill>
            {tags.data.limits.journeys_active} of {tags.data.limits.journeys} journey running on the free plan
          </StatusPill>
        )}
      </div>
      <PageState query={tags} what="journeys">
        {({ tags: all }) => {
          const list = builds ? all : all.filter((t) => t.can_edit);
          if (list.length === 0 && !builds) return <EmptyState icon={<Route size={28} aria-hidden="true" />} title="No journeys of yours here">Journeys you are given permission on show here.</EmptyState>;
          if (list.length === 0)
            return (
              <EmptyState icon={<Route size={28} aria-hidden="true" />} title={showArchived ? 'No journeys, archived or not' : 'No journeys yet'} action={<button type="button" className="button button-primary" onClick={() => create(flowTypes[0]!)}>Create your first journey</button>}>
                {flow === 'onboarding' ? 'Start from a ready-made onboarding journey: one click, and you can change every message after.' : 'Pick a kind of journey and start from a ready-made one.'}
              </EmptyState>
            );
          return flowTypes.map((ft) => {
            const ofType = list.filter((t) => t.flow_type === ft);
            return ofType.length > 0 ? <Group key={ft} flowType={ft} tags={ofType} /> : null;
          });
        }}
      </PageState>
      {flow === 'onboarding' && builds && <BundleWizard />}
    </div>
  );
}
