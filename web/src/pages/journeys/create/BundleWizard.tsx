import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { usePresetBundleIdParam } from '../../../api/searchParams';
import { ChannelPicker, InlineError, Modal, ModalCancelButton, openModal, Spinner, TemplateText, TextField } from '../../../kit';
import { presetBundleQuery, presetBundlesQuery, useCreateJourney, type PresetBundleJson, type PresetBundlePresetJson } from '../api/journeysApi';
import { dayLabel, plural } from '../lib/schedule';
import { JOURNEY_NAME_MAX, validateJourneyName } from './createJourney';
import { CreateSuccessModal } from './CreateSuccessModal';

function span(preset: PresetBundlePresetJson): string {
  return preset.earliest_day === preset.latest_day ? dayLabel(preset.earliest_day) : `${dayLabel(preset.earliest_day)} – ${dayLabel(preset.latest_day)}`;
}

function PresetRow({ preset, checked, onToggle }: { preset: PresetBundlePresetJson; checked: boolean; onToggle: () => void }) {
  const [open, setOpen] = useState(false);
  const requirements = [...new Set(preset.events.flatMap((e) => e.requirements))];
  return (
    <li className={`panel bundle-preset${checked ? ' panel-on' : ''}`}>
      <label className="option-label bundle-preset-main">
        <input type="checkbox" checked={checked} onChange={onToggle} />
        <span>
          <span className="strong-text">{preset.name}</span>
          <span className="muted small">
            {plural(preset.num_events, 'item')} · {span(preset)}
            {preset.involved_roles.length > 0 && <> · with {preset.involved_roles.map((r) => r.name).join(', ')}</>}
          </span>
          {requirements.length > 0 && (
            <span className="small">
              <TriangleAlert size={14} aria-hidden="true" className="text-warning" /> Needs: {requirements.join(', ')}
            </span>
          )}
        </span>
      </label>
      <button type="button" className="button button-secondary button-small bundle-preset-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide items' : 'Show items'}
      </button>
      {open && (
        <ol className="small bundle-events">
          {preset.events.map((e) => (
            <li key={e.id}>
              <span className="muted small nowrap">{dayLabel(e.days_later)}</span> <TemplateText text={e.title} />
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

/** What the admin chose in one bundle; made anew when they pick another bundle. */
interface BundleDraft {
  bundleId: number;
  chosen: ReadonlySet<number>;
  name: string;
  channel: string | null;
  /** Why the name is refused. */
  error: string | null;
  /** Why the choice of presets is refused. */
  presetError: string | null;
}

const draftFor = (bundle: PresetBundleJson): BundleDraft => ({
  bundleId: bundle.id,
  chosen: new Set(bundle.presets.filter((p) => p.active).map((p) => p.id)),
  name: bundle.name,
  channel: null,
  error: null,
  presetError: null,
});

const FORM_ID = 'bundle-form';

function BundleDetail({ bundle, draft, onChange, onSubmit }: { bundle: PresetBundleJson; draft: BundleDraft; onChange: (change: Partial<BundleDraft>) => void; onSubmit: () => void }) {
  const { chosen, name, channel, error, presetError } = draft;
  const toggle = (presetId: number) => {
    const next = new Set(chosen);
    if (next.has(presetId)) next.delete(presetId);
    else next.add(presetId);
    onChange({ chosen: next, presetError: null });
  };
  return (
    <form
      id={FORM_ID}
      className="bundle-detail"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <h3 className="section-title">{bundle.name}</h3>
      <p className="muted">{bundle.description}</p>
      <ul className="bundle-presets" aria-label={`Presets in ${bundle.name}`}>
        {bundle.presets.map((p) => (
          <PresetRow key={p.id} preset={p} checked={chosen.has(p.id)} onToggle={() => toggle(p.id)} />
        ))}
      </ul>
      <div className="field-row">
        <TextField label="Journey name" value={name} maxLength={JOURNEY_NAME_MAX + 20} counter={false} error={error} onChange={(v) => onChange({ name: v, error: null })} />
        <ChannelPicker label="Channel for its posts (optional)" value={channel ? [channel] : []} onChange={(v) => onChange({ channel: v[0] ?? null })} clearable />
      </div>
      {presetError && <InlineError variant="text">{presetError}</InlineError>}
    </form>
  );
}

/**
 * The preset bundle wizard: bundles on the left, the chosen one's presets to keep on the right. The bundle is ?id=.
 * "Create journey" sits in the dialog's footer, which stays in view however long the list of presets is.
 */
export function BundleWizard() {
  const [idParam, setId] = usePresetBundleIdParam();
  const bundles = useQuery(presetBundlesQuery('onboarding'));
  const bundle = useQuery(presetBundleQuery(idParam));
  const loaded = bundle.data?.preset_bundle;
  const [draft, setDraft] = useState<BundleDraft | null>(null);
  const create = useCreateJourney();
  // Another bundle picked: its own presets, name and channel (state reset while rendering, as React advises).
  if (loaded && draft?.bundleId !== loaded.id) setDraft(draftFor(loaded));
  if (!idParam) return null;
  const close = () => setId(null);
  const current = loaded && draft?.bundleId === loaded.id ? { bundle: loaded, draft } : null;
  const change = (next: Partial<BundleDraft>) => setDraft((d) => (d ? { ...d, ...next } : d));

  const submit = () => {
    if (!current) return;
    const { bundle: b, draft: d } = current;
    const nameProblem = validateJourneyName(d.name);
    const presetProblem = d.chosen.size === 0 ? 'Pick at least one preset.' : null;
    if (nameProblem || presetProblem) {
      change({ error: nameProblem, presetError: presetProblem });
      return;
    }
    create.mutate(
      {
        channel_id: d.channel,
        onboarding_tag: { name: d.name.trim(), flow_type: b.flow_type, preset_bundle_id: b.id, preset_ids: [...d.chosen] },
        source: 'bundle_wizard',
      },
      {
        // On failure the API client has shown what went wrong; the choices stay for another try.
        onSuccess: (answer) => {
          close();
          openModal((closeSuccess) => <CreateSuccessModal answer={answer} onClose={closeSuccess} />);
        },
      },
    );
  };

  const events = current ? current.bundle.presets.filter((p) => current.draft.chosen.has(p.id)).reduce((n, p) => n + p.num_events, 0) : 0;
  const footer = (
    <>
      {current && (
        <span className="muted bundle-summary">
          {plural(current.draft.chosen.size, 'preset')} · {plural(events, 'item')}
        </span>
      )}
      <ModalCancelButton>Cancel</ModalCancelButton>
      {current && (
        <button type="submit" form={FORM_ID} className="button button-primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create journey'}
        </button>
      )}
    </>
  );
  return (
    <Modal title="Build a journey from a bundle" onClose={close} size="large" className="bundle-wizard jr-modal" footer={footer}>
      <div className="bundle-layout">
        <fieldset className="plain-fieldset bundle-nav">
          <legend className="visually-hidden">Bundles</legend>
          {(bundles.data?.preset_bundles ?? []).map((b) => (
            <label key={b.id} className={`choice-card bundle-nav-item${String(b.id) === idParam ? ' is-chosen' : ''}`}>
              <input type="radio" name="bundle" checked={String(b.id) === idParam} onChange={() => setId(String(b.id), { replace: true })} />
              <span className="choice-card-title">{b.name}</span>
              <span className="choice-card-text">{plural(b.presets.length, 'preset')}</span>
            </label>
          ))}
        </fieldset>
        {current ? (
          <BundleDetail bundle={current.bundle} draft={current.draft} onChange={change} onSubmit={submit} />
        ) : bundle.isError ? (
          <InlineError>We couldn't find that bundle. Pick one on the left.</InlineError>
        ) : (
          <p role="status" className="muted">
            <Spinner /> Loading the bundle…
          </p>
        )}
      </div>
    </Modal>
  );
}
