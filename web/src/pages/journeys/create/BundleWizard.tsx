import { useId, useState } from 'react';
import { usePresetBundleIdParam } from '../../../api/searchParams';
import { ChannelPicker, InlineError, Modal, ModalCancelButton, openModal, Spinner } from '../../../kit';
import { usePresetBundle, usePresetBundles, type PresetBundleJson, type PresetBundlePresetJson } from '../api/journeysApi';
import { dayLabel, plural } from '../lib/schedule';
import { createJourney, JOURNEY_NAME_MAX, validateJourneyName } from './createJourney';
import { CreateSuccessModal } from './CreateSuccessModal';

function span(preset: PresetBundlePresetJson): string {
  return preset.earliest_day === preset.latest_day ? dayLabel(preset.earliest_day) : `${dayLabel(preset.earliest_day)} – ${dayLabel(preset.latest_day)}`;
}

function PresetRow({ preset, checked, onToggle }: { preset: PresetBundlePresetJson; checked: boolean; onToggle: () => void }) {
  const [open, setOpen] = useState(false);
  const requirements = [...new Set(preset.events.flatMap((e) => e.requirements))];
  return (
    <li className={`bundle-preset${checked ? ' is-on' : ''}`}>
      <label className="bundle-preset-main">
        <input type="checkbox" checked={checked} onChange={onToggle} />
        <span>
          <span className="bundle-preset-name">{preset.name}</span>
          <span className="muted small">
            {plural(preset.num_events, 'item')} · {span(preset)}
            {preset.involved_roles.length > 0 && <> · with {preset.involved_roles.map((r) => r.name).join(', ')}</>}
          </span>
          {requirements.length > 0 && <span className="bundle-requirements small">Needs: {requirements.join(', ')}</span>}
        </span>
      </label>
      <button type="button" className="text-link small" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide items' : 'Show items'}
      </button>
      {open && (
        <ol className="bundle-events">
          {preset.events.map((e) => (
            <li key={e.id}>
              <span className="muted small nowrap">{dayLabel(e.days_later)}</span> {e.title}
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

function BundleDetail({ bundle, onDone }: { bundle: PresetBundleJson; onDone: () => void }) {
  const id = useId();
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(bundle.presets.filter((p) => p.active).map((p) => p.id)));
  const [name, setName] = useState(bundle.name);
  const [channel, setChannel] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const toggle = (presetId: number) => setChosen((s) => {
    const next = new Set(s);
    if (next.has(presetId)) next.delete(presetId);
    else next.add(presetId);
    return next;
  });
  const events = bundle.presets.filter((p) => chosen.has(p.id)).reduce((n, p) => n + p.num_events, 0);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateJourneyName(name) ?? (chosen.size === 0 ? 'Pick at least one preset.' : null);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    try {
      const answer = await createJourney({
        channel_id: channel,
        onboarding_tag: { name: name.trim(), flow_type: bundle.flow_type, preset_bundle_id: bundle.id, preset_ids: [...chosen] },
        source: 'bundle_wizard',
      });
      onDone();
      openModal((close) => <CreateSuccessModal answer={answer} onClose={close} />);
    } catch {
      setSaving(false);
    }
  };
  return (
    <form id="bundle-form" className="bundle-detail" onSubmit={submit} noValidate>
      <h3 className="section-title">{bundle.name}</h3>
      <p className="muted">{bundle.description}</p>
      <ul className="bundle-presets" aria-label={`Presets in ${bundle.name}`}>
        {bundle.presets.map((p) => (
          <PresetRow key={p.id} preset={p} checked={chosen.has(p.id)} onToggle={() => toggle(p.id)} />
        ))}
      </ul>
      <div className="field-row">
        <div className={`form-field${error ? ' has-error' : ''}`}>
          <label htmlFor={`${id}-name`}>Journey name</label>
          <input id={`${id}-name`} value={name} maxLength={JOURNEY_NAME_MAX + 20} aria-invalid={error ? true : undefined} onChange={(e) => { setName(e.target.value); setError(null); }} />
        </div>
        <div className="form-field">
          <ChannelPicker label="Channel for its posts (optional)" value={channel ? [channel] : []} onChange={(v) => setChannel(v[0] ?? null)} clearable />
        </div>
      </div>
      {error && (
        <InlineError variant="text">{error}</InlineError>
      )}
      <div className="bundle-footer">
        <span className="muted">{plural(chosen.size, 'preset')} · {plural(events, 'item')}</span>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Creating…' : 'Create journey'}
        </button>
      </div>
    </form>
  );
}

/** The preset bundle wizard: bundles on the left, the chosen one's presets to keep on the right. The bundle is ?id=. */
export function BundleWizard() {
  const [idParam, setId] = usePresetBundleIdParam();
  const bundles = usePresetBundles('onboarding');
  const bundle = usePresetBundle(idParam);
  if (!idParam) return null;
  const close = () => setId(null);
  return (
    <Modal title="Build a journey from a bundle" onClose={close} size="large" className="bundle-wizard jr-modal" footer={<ModalCancelButton>Close</ModalCancelButton>}>
      <div className="bundle-layout">
        <nav aria-label="Bundles" className="bundle-nav">
          {(bundles.data?.preset_bundles ?? []).map((b) => (
            <button key={b.id} type="button" className={`bundle-nav-item${String(b.id) === idParam ? ' is-current' : ''}`} aria-current={String(b.id) === idParam ? 'true' : undefined} onClick={() => setId(String(b.id), { replace: true })}>
              <span className="bundle-nav-name">{b.name}</span>
              <span className="muted small">{plural(b.presets.length, 'preset')}</span>
            </button>
          ))}
        </nav>
        {bundle.data ? (
          <BundleDetail key={bundle.data.preset_bundle.id} bundle={bundle.data.preset_bundle} onDone={close} />
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
