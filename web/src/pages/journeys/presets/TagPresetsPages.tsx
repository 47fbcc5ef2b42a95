import { useQuery } from '@tanstack/react-query';
import { Check, Layers, Minus, Plus } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState, InlineError, PageState, StatusPill, toastSuccess } from '../../../kit';
import { PageHeader } from '../../PageHeader';
import { tagPresetsQuery, useAddPresetEvent, useTogglePreset, type PresetEventJson, type PresetJson } from '../api/journeysApi';
import { eventErrorToast, EVENT_ERROR_TEXTS } from '../events/useEventActions';
import { plural } from '../lib/schedule';
import { PresetCard, PresetEventsTable, RolesLine } from './PresetParts';
import '../journeys.css';

/** Add a preset to a journey, or take it out (its events are deactivated), saying what changed. */
function useTogglePresetWithToasts(tagId: string, channelId: string | null) {
  const toggle = useTogglePreset(tagId);
  const run = (preset: PresetJson, removing: boolean) =>
    toggle.mutate(
      { presetId: preset.id, body: { removing, channel_id: channelId } },
      {
        onSuccess: (answer) => {
          if (removing) toastSuccess(`Took ${answer.preset.name} out: ${plural(answer.removed_event_ids?.length ?? 0, 'item')} turned off.`);
          else toastSuccess(`Added ${answer.preset.name}: ${plural(answer.events?.length ?? 0, 'item')} scheduled${answer.new_roles?.length ? `, with ${answer.new_roles.map((r) => r.name).join(', ')} as new roles` : ''}.`);
        },
        onError: (error) => eventErrorToast(error, removing ? EVENT_ERROR_TEXTS.deleting : EVENT_ERROR_TEXTS.adding),
      },
    );
  return { run, busyWith: toggle.isPending ? toggle.variables.presetId : null };
}

function ToggleButton({ preset, busy, onToggle }: { preset: PresetJson; busy: boolean; onToggle: (removing: boolean) => void }) {
  return preset.selected ? (
    <button type="button" className="button button-secondary button-small" disabled={busy} aria-label={`Remove ${preset.name} from this journey`} onClick={() => onToggle(true)}>
      <Minus size={14} aria-hidden="true" /> Remove
    </button>
  ) : (
    <button type="button" className="button button-primary button-small" disabled={busy} aria-label={`Add ${preset.name} to this journey`} onClick={() => onToggle(false)}>
      <Plus size={14} aria-hidden="true" /> Add
    </button>
  );
}

/** /onboarding/tags/{id}/presets: the library, with what this journey already uses. */
export function TagPresetsPage() {
  const { id = '' } = useParams();
  const data = useQuery(tagPresetsQuery(id));
  const toggle = useTogglePresetWithToasts(id, data.data?.tag.channel_id ?? null);
  return (
    <div className="journeys-page">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to={`/onboarding/tags/${id}`}>{data.data?.tag.name ?? 'Journey'}</Link>
      </nav>
      <PageState headingLevel={1} query={data} what="journey" backTo="/onboarding/tags" backLabel="Back to journeys">
        {({ tag, presets, preset_categories: categories }) => (
          <>
            <PageHeader title={`Presets for ${tag.name}`} subtitle="Adding a preset schedules its items in the journey; removing it turns them off. Edit any item after on the journey's calendar." />
            {presets.length === 0 && <EmptyState icon={<Layers size={28} aria-hidden="true" />} title="No presets for this kind of journey yet" />}
            {categories.map((c) => {
              const inCategory = presets.filter((p) => p.category_id === c.id);
              if (inCategory.length === 0) return null;
              return (
                <section key={c.id} aria-labelledby={`cat-${c.id}`} className="journey-group">
                  <h2 id={`cat-${c.id}`} className="section-title">
                    {c.name}
                  </h2>
                  <ul className="preset-grid">
                    {inCategory.map((p) => (
                      <PresetCard
                        key={p.id}
                        preset={p}
                        to={`/onboarding/tags/${tag.id}/presets/${p.id}`}
                        actions={<ToggleButton preset={p} busy={toggle.busyWith === p.id} onToggle={(removing) => toggle.run(p, removing)} />}
                      />
                    ))}
                  </ul>
                </section>
              );
            })}
          </>
        )}
      </PageState>
    </div>
  );
}

/** /onboarding/tags/{tagId}/presets/{presetId}: one preset of a journey, item by item. */
export function TagPresetPage() {
  const { tagId = '', presetId = '' } = useParams();
  const data = useQuery(tagPresetsQuery(tagId));
  const toggle = useTogglePresetWithToasts(tagId, data.data?.tag.channel_id ?? null);
  const addEvent = useAddPresetEvent(tagId, presetId);
  const add = (event: PresetEventJson) =>
    addEvent.mutate(
      { days_later: event.days_later, channel_id: data.data?.tag.channel_id ?? null },
      { onSuccess: (answer) => toastSuccess(`Added “${answer.event.title}” to the journey.`), onError: (error) => eventErrorToast(error, EVENT_ERROR_TEXTS.adding) },
    );
  return (
    <div className="journeys-page">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to={`/onboarding/tags/${tagId}`}>{data.data?.tag.name ?? 'Journey'}</Link>
        <Link to={`/onboarding/tags/${tagId}/presets`}>Presets</Link>
      </nav>
      <PageState headingLevel={1} query={data} what="journey" backTo="/onboarding/tags" backLabel="Back to journeys">
        {({ presets }) => {
          const preset = presets.find((p) => String(p.id) === presetId);
          if (!preset) return <InlineError>We couldn't find that preset in the library.</InlineError>;
          return (
            <>
              <PageHeader title={preset.name} subtitle={preset.description} actions={<ToggleButton preset={preset} busy={toggle.busyWith !== null} onToggle={(removing) => toggle.run(preset, removing)} />} />
              <RolesLine roles={preset.involvedRoles} />
              <PresetEventsTable
                events={preset.events}
                extra={(e) =>
                  e.in_use ? (
                    <StatusPill tone="success">
                      <Check size={12} aria-hidden="true" /> In the journey
                    </StatusPill>
                  ) : (
                    <button type="button" className="button button-secondary button-small" disabled={addEvent.isPending} onClick={() => add(e)} aria-label={`Add ${e.title} to the journey`}>
                      <Plus size={14} aria-hidden="true" /> Add
                    </button>
                  )
                }
              />
            </>
          );
        }}
      </PageState>
    </div>
  );
}
