import { useQuery } from '@tanstack/react-query';
import { Boxes, Layers } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../PageHeader';
import { presetQuery, presetCategoriesQuery, presetCategoryQuery, presetEventQuery, presetsQuery, type FlowType } from '../api/journeysApi';
import { FLOW_TYPE_LABELS, KIND_INFO } from '../lib/labels';
import { dayLabel, minuteLabel, plural } from '../lib/schedule';
import { EmptyState, PageState } from '../../../kit';
import { PresetCard, PresetEventPreview, PresetEventsTable, recipientOfPresetEvent, RolesLine } from './PresetParts';
import '../journeys.css';

function Crumbs({ items }: { items: Array<[string, string]> }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      {items.map(([to, label]) => (
        <Link key={to} to={to}>
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** /onboarding/preset_categories */
export function PresetCategoriesPage() {
  const categories = useQuery(presetCategoriesQuery);
  return (
    <div className="journeys-page">
      <Crumbs items={[['/onboarding', 'Journeys']]} />
      <PageHeader title="Preset categories" subtitle="Ready-made sets of messages, tasks, polls and intros, by what they are for." />
      <PageState query={categories} what="preset categories">
        {({ preset_categories: list }) => (
          <ul className="category-grid">
            {list.map((c) => (
              <li key={c.id} className="card link-card category-card">
                <Boxes size={20} aria-hidden="true" className="accent-icon" />
                <h2 className="card-title category-name">
                  <Link className="row-link" to={`/onboarding/preset_categories/${c.id}`}>
                    {c.name}
                  </Link>
                </h2>
                <p className="muted small">{c.description}</p>
                <p className="small">
                  {plural(c.num_presets, 'preset')} · {c.flow_types.map((f) => FLOW_TYPE_LABELS[f]).join(', ')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </PageState>
    </div>
  );
}

/** /onboarding/preset_categories/{id} */
export function PresetCategoryPage() {
  const { id } = useParams();
  const category = useQuery(presetCategoryQuery(id));
  return (
    <div className="journeys-page">
      <Crumbs items={[['/onboarding/preset_categories', 'Preset categories']]} />
      <PageState headingLevel={1} query={category} what="preset category" backTo="/onboarding/preset_categories" backLabel="All categories">
        {({ preset_category: c, presets }) => (
          <>
            <PageHeader title={c.name} subtitle={c.description} />
            {presets.length === 0 ? (
              <EmptyState icon={<Layers size={28} aria-hidden="true" />} title="No presets in this category yet" />
            ) : (
              <ul className="preset-grid">
                {presets.map((p) => (
                  <PresetCard key={p.id} preset={p} to={`/onboarding/presets/${p.id}`} />
                ))}
              </ul>
            )}
          </>
        )}
      </PageState>
    </div>
  );
}

/** /onboarding/presets: every preset, by flow type. */
export function PresetsPage() {
  const [flowType, setFlowType] = useState<FlowType | ''>('');
  const presets = useQuery(presetsQuery(flowType || undefined));
  return (
    <div className="journeys-page">
      <Crumbs items={[['/onboarding', 'Journeys']]} />
      <PageHeader
        title="Presets"
        subtitle="Add a preset to a journey from the journey's Presets page; you can change every item after."
        actions={
          <>
            <Link className="button button-primary" to="/onboarding/presets/new">
              New preset
            </Link>
            <label className="inline-select">
              <span className="visually-hidden">Flow type</span>
              <select className="kit-input" value={flowType} onChange={(e) => setFlowType(e.target.value as FlowType | '')}>
                <option value="">All kinds of journey</option>
                {(Object.keys(FLOW_TYPE_LABELS) as FlowType[]).map((f) => (
                  <option key={f} value={f}>
                    {FLOW_TYPE_LABELS[f]}
                  </option>
                ))}
              </select>
            </label>
          </>
        }
      />
      <PageState query={presets} what="presets">
        {({ presets: list }) =>
          list.length === 0 ? (
            <EmptyState icon={<Layers size={28} aria-hidden="true" />} title={flowType ? `No presets for ${FLOW_TYPE_LABELS[flowType].toLowerCase()} journeys` : 'No presets yet'}>
              A preset is a set of messages, tasks, polls and intros to add to a journey in one go.
            </EmptyState>
          ) : (
            <ul className="preset-grid">
              {list.map((p) => (
                <PresetCard key={p.id} preset={p} to={`/onboarding/presets/${p.id}`} />
              ))}
            </ul>
          )
        }
      </PageState>
    </div>
  );
}

/** /onboarding/presets/{id} and /onboarding/presets/{id}/events: one preset and its items. */
export function PresetPage() {
  const { id } = useParams();
  const preset = useQuery(presetQuery(id));
  return (
    <div className="journeys-page">
      <Crumbs items={[['/onboarding/presets', 'Presets']]} />
      <PageState headingLevel={1} query={preset} what="preset" backTo="/onboarding/presets" backLabel="All presets">
        {({ preset: p }) => (
          <>
            <PageHeader title={p.name} subtitle={p.description} />
            <RolesLine roles={p.involvedRoles} />
            <h2 className="section-title">{plural(p.events.length, 'item')}</h2>
            <PresetEventsTable events={p.events} hrefOf={(e) => `/onboarding/presets/${p.id}/events/${e.id}`} />
          </>
        )}
      </PageState>
    </div>
  );
}

/** /onboarding/presets/{presetId}/events/{id}: one library item and how it reads in Slack. */
export function PresetEventPage() {
  const { presetId, id } = useParams();
  const event = useQuery(presetEventQuery(presetId, id));
  return (
    <div className="journeys-page">
      <Crumbs items={[[`/onboarding/presets/${presetId}`, 'Preset']]} />
      <PageState headingLevel={1} query={event} what="preset item" backTo={`/onboarding/presets/${presetId}`} backLabel="Back to the preset">
        {({ event: e, preset }) => (
          <>
            <PageHeader title={e.title} subtitle={`${KIND_INFO[e.kind].label} in ${preset.name}`} />
            <div className="preset-event-layout">
              <dl className="card facts">
                <div>
                  <dt className="eyebrow-text">When</dt>
                  <dd className="strong-text">
                    {dayLabel(e.days_later)} at {minuteLabel(e.minute_in_day)}
                  </dd>
                </div>
                <div>
                  <dt className="eyebrow-text">To</dt>
                  <dd className="strong-text">{recipientOfPresetEvent(e)}</dd>
                </div>
                <div>
                  <dt className="eyebrow-text">Type</dt>
                  <dd className="strong-text">{KIND_INFO[e.kind].label}</dd>
                </div>
              </dl>
              <PresetEventPreview event={e} />
            </div>
          </>
        )}
      </PageState>
    </div>
  );
}
