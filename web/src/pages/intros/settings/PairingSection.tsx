import { Select, toastError } from '../../../kit';
import { pairingTypeAllowed } from '../settingsForm';
import { GROUP_PAIRING_TYPES, HRIS_GROUPINGS, PAIRING_TYPE_LABELS, PAIRING_TYPES, type HrisGrouping, type PairingType } from '../settingsRules';
import { CategoriesEditor } from './CategoriesEditor';
import { FieldNote } from './FieldMessages';
import { LinkNotice } from './LinkNotice';
import { hrisNotLinked } from './linkNotices';
import { GROUP_SIZE_OPTIONS, PAIRING_TYPE_TEXT, type SectionProps } from './settingsText';

/** Pairing type, group size and interests. */
export function PairingSection({
  draft,
  change,
  errorOf,
  notes,
  paidFeatureAccess,
  onPairingType,
  hrisLinked,
}: SectionProps & { paidFeatureAccess: boolean; onPairingType: (type: PairingType) => void; hrisLinked: boolean }) {
  const noEnforce = draft.pairing_type === 'lottery' || draft.pairing_type === 'standard';
  const byGroup = GROUP_PAIRING_TYPES.includes(draft.pairing_type);
  const hrisNotice = byGroup ? hrisNotLinked(draft.hris_groups, hrisLinked) : null;
  const pickGrouping = (grouping: HrisGrouping) => {
    change({ hris_groups: grouping });
    const text = hrisNotLinked(grouping, hrisLinked);
    if (text) toastError(text);
  };
  return (
    <section className="card settings-section" aria-labelledby="pairing-title">
      <h2 id="pairing-title" className="card-title">
        Pairing
      </h2>
      <fieldset className="plain-fieldset">
        <legend className="field-label">Pairing type</legend>
        <div className="choice-grid">
          {PAIRING_TYPES.map((type) => {
            const needsPlan = !pairingTypeAllowed(type, draft, paidFeatureAccess);
            return (
              <label key={type} className={draft.pairing_type === type ? 'choice-card is-chosen' : 'choice-card'}>
                <input type="radio" name="pairing_type" value={type} checked={draft.pairing_type === type} onChange={() => onPairingType(type)} />
                <span className="choice-card-title">
                  {PAIRING_TYPE_LABELS[type]}
                  {needsPlan && <span className="plan-badge">Premium</span>}
                </span>
                <span className="choice-card-text">{PAIRING_TYPE_TEXT[type]}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="field-grid">
        <div>
          <Select label="Group size" options={GROUP_SIZE_OPTIONS} value={String(draft.group_size)} onChange={(v) => v[0] && change({ group_size: Number(v[0]) })} error={errorOf('group_size')} />
        </div>
        <div className="checkbox-field">
          <label className={noEnforce ? 'check-label is-disabled' : 'check-label'}>
            <input
              type="checkbox"
              name="enforce_group_size"
              checked={draft.enforce_group_size}
              disabled={noEnforce}
              aria-describedby="enforce-hint"
              onChange={(e) => change({ enforce_group_size: e.target.checked })}
            />
            Enforce group size
          </label>
          <p id="enforce-hint" className="kit-field-hint">
            {noEnforce ? `${PAIRING_TYPE_LABELS[draft.pairing_type]} intros never enforce a group size.` : 'Leave people out rather than make a group bigger or smaller.'}
          </p>
          <FieldNote text={notes.enforce_group_size} />
        </div>
      </div>
      {byGroup && (
        <div className="field-grid">
          <div>
            <Select label="Groups from" options={HRIS_GROUPINGS.map((g) => ({ value: g, label: GROUPING_LABELS[g] }))} value={draft.hris_groups} onChange={(v) => v[0] && pickGrouping(v[0] as HrisGrouping)} error={errorOf('hris_groups')} />
            {hrisNotice && <LinkNotice text={hrisNotice} />}
          </div>
        </div>
      )}
      {!(byGroup && draft.hris_groups !== 'none') && <CategoriesEditor draft={draft} onChange={(categories) => change({ categories })} />}
    </section>
  );
}

const GROUPING_LABELS: Record<HrisGrouping, string> = {
  none: 'The groups below (members pick theirs)',
  department: 'Department in the HR system',
  location: 'Location in the HR system',
};
