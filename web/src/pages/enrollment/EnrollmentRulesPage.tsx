import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { EnrollmentSettingsAnswer, EnrollmentSource, Formula, ProcessingRule } from '../../../../src/enrollment/api-types';
import { FORMULA_OPERATORS } from '../../../../src/enrollment/api-constants';
import { ApiError } from '../../api/client';
import { Modal, ModalCancelButton, PageState, SegmentedControl, Select, toastSuccess, WarningModal } from '../../kit';
import { allTagsQuery, type TagsIndex } from '../journeys/api/journeysApi';
import { PageHeader } from '../PageHeader';
import { settingsQuery, useSaveEnrollmentSettings } from './enrollmentApi';
import { HrMappings, type HrMappingsDraft } from './HrMappings';
import { clearDraft, loadDraft, useRulesDraftAutosave, type RulesDraft } from './rulesDraft';
import './enrollment.css';

const SOURCES: Array<{ value: EnrollmentSource; label: string }> = [
  { value: 'none', label: 'Manual only' },
  { value: 'auto_enroll', label: 'HR mappings' },
  { value: 'rules', label: 'Enrollment rules' },
];
/** What each source does, under the choice, so an admin knows before saving. */
const SOURCE_HINTS: Record<EnrollmentSource, string> = {
  none: 'Nobody is enrolled automatically: admins enroll people from a journey (Enroll people, or a CSV).',
  auto_enroll: 'Each new hire from your HR system joins the journeys their HR fields map to, below.',
  rules: 'New hires from your HR system or applicant tracking join every journey whose rule they match, below.',
};
const OPERATOR_LABELS: Record<Formula['operator'], string> = {
  equals: 'is',
  not_equals: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  in: 'is one of',
  is_present: 'is present',
  is_blank: 'is blank',
};

/** /onboarding/tags/enrollment: how new hires are enrolled (manual, HR mappings or enrollment rules), and the rules. */
export default function EnrollmentRulesPage() {
  const settings = useQuery(settingsQuery);
  const tags = useQuery(allTagsQuery);
  return (
    <div className="enrollment-page">
      <PageHeader title="Enrollment rules and HR mappings" subtitle="Who is put on which journey when your HR system or applicant tracking reports a new hire." />
      <PageState query={settings} what="enrollment settings">
        {(s) => <PageState query={tags} what="journeys">{(t) => <RulesEditor key={s.team_id} settings={s} tags={t} />}</PageState>}
      </PageState>
    </div>
  );
}

function RulesEditor({ settings, tags }: { settings: EnrollmentSettingsAnswer; tags: TagsIndex }) {
  const saveSettings = useSaveEnrollmentSettings();
  const restored = loadDraft(settings.team_id);
  const [rules, setRules] = useState<RulesDraft>(() => restored ?? settings.enrollment_rules.map(({ id: _id, team_id: _team, ...r }) => r));
  const [dirty, setDirty] = useState(restored !== null);
  // A restored draft is a draft of rules: show them.
  const [source, setSource] = useState<EnrollmentSource>(restored ? 'rules' : settings.enrollment_source);
  const [pendingSource, setPendingSource] = useState<EnrollmentSource | null>(null);
  const [warned, setWarned] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [hr, setHr] = useState<HrMappingsDraft>(() => ({ default_tag_ids: settings.default_tag_ids, mappings: settings.mappings, exclusions: settings.exclusions, channel_joins: settings.channel_joins }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useRulesDraftAutosave(settings.team_id, dirty ? rules : null);
  const tagOptions = tags.tags.map((t) => ({ value: String(t.id), label: t.name }));

  const change = (next: RulesDraft) => {
    setRules(next);
    setDirty(true);
  };
  /** Switching away from HR mappings or rules warns once (journeys.md §4). */
  const chooseSource = (next: EnrollmentSource) => {
    if (!warned && next !== source && (source === 'auto_enroll' || source === 'rules')) setPendingSource(next);
    else setSource(next);
  };
  const save = () =>
    saveSettings.mutate(source === 'rules' ? { rules: { enrollment_rules: rules } } : { mappings: { enrollment_source: source, ...hr } }, {
      onSuccess: () => {
        setErrors({});
        clearDraft(settings.team_id);
        setDirty(false);
        toastSuccess();
      },
      onError: (err) => setErrors(err instanceof ApiError ? Object.fromEntries(Object.entries(err.fields ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])) : {}),
    });

  return (
    <>
      <SegmentedControl label="Enrollment source" options={SOURCES} value={source} onChange={chooseSource} />
      <p className="kit-field-hint">{SOURCE_HINTS[source]}</p>
      {dirty && restored && <p className="muted small">Your unsaved draft was restored.</p>}
      {source === 'rules' && (
        <section aria-label="Enrollment rules" className="enrollment-rules">
          {rules.map((rule, i) => (
            <div key={i} className="card enrollment-rule" aria-label={`Rule ${i + 1}`} role="group">
              <SegmentedControl
                label="New hires from"
                size="small"
                options={[
                  { value: 'HrisIdentity', label: 'HR system' },
                  { value: 'AtsIdentity', label: 'Applicant tracking' },
                ]}
                value={rule.integration_identity_type}
                onChange={(v) => change(rules.map((r, j) => (j === i ? { ...r, integration_identity_type: v } : r)))}
              />
              <p>{describeRule(rule.processing_rule)}</p>
              <Select label="Enroll them in" multiple options={tagOptions} value={rule.tag_ids.map(String)} onChange={(v) => change(rules.map((r, j) => (j === i ? { ...r, tag_ids: v.map(Number) } : r)))} />
              <div className="button-row">
                <button type="button" className="button button-secondary button-small" onClick={() => setEditing(i)}>
                  Edit filters
                </button>
                <button type="button" className="icon-button" aria-label={`Delete rule ${i + 1}`} onClick={() => change(rules.filter((_, j) => j !== i))}>
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </div>
            </div>
          ))}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => change([...rules, { integration_identity_type: 'HrisIdentity', integration_identity_id: null, target_class: 'Onboarding::Tag', tag_ids: [], processing_rule: { version: 1, groups: [] } }])}
          >
            <Plus size={16} aria-hidden="true" /> Add a rule
          </button>
        </section>
      )}
      {source === 'auto_enroll' && <HrMappings value={hr} onChange={setHr} tagOptions={tagOptions} types={settings.formula_types} errors={errors} />}
      <div className="button-row enrollment-submit">
        <button type="button" className="button button-primary" disabled={saveSettings.isPending} onClick={save}>
          Save
        </button>
      </div>
      {editing !== null && rules[editing] && (
        <FilterModal
          rule={rules[editing].processing_rule}
          types={settings.formula_types}
          onClose={() => setEditing(null)}
          onSave={(processing_rule) => {
            change(rules.map((r, j) => (j === editing ? { ...r, processing_rule } : r)));
            setEditing(null);
          }}
        />
      )}
      {pendingSource !== null && (
        <WarningModal
          title="Change how new hires are enrolled?"
          onClose={() => setPendingSource(null)}
          onConfirm={() => {
            setSource(pendingSource);
            setWarned(true);
            setPendingSource(null);
          }}
        >
          New hires will no longer be enrolled by your {source === 'rules' ? 'enrollment rules' : 'HR mappings'} once you save. Your settings are kept if you switch back.
        </WarningModal>
      )}
    </>
  );
}

/** "department is Engineering or Data, and location is Berlin". */
export function describeRule(rule: ProcessingRule): string {
  const groups = rule.groups.filter((g) => g.formulas.length);
  if (!groups.length) return 'Every new hire';
  return `New hires whose ${groups.map((g) => g.formulas.map((f) => `${f.type.replace(/_/g, ' ')} ${OPERATOR_LABELS[f.operator]}${f.operator === 'is_present' || f.operator === 'is_blank' ? '' : ` ${f.value}`}`).join(' or ')).join(', and ')}`;
}

/** The filter modal: groups of formulas, OR within a group, AND across groups. */
function FilterModal({ rule, types, onClose, onSave }: { rule: ProcessingRule; types: string[]; onClose: () => void; onSave: (rule: ProcessingRule) => void }) {
  const [groups, setGroups] = useState(rule.groups.length ? rule.groups : [{ formulas: [{ type: types[0] ?? 'department', operator: 'equals' as const, value: '' }] }]);
  const setFormula = (g: number, f: number, patch: Partial<Formula>) => setGroups(groups.map((group, i) => (i !== g ? group : { formulas: group.formulas.map((x, j) => (j === f ? { ...x, ...patch } : x)) })));
  const typeOptions = types.map((t) => ({ value: t, label: t.replace(/_/g, ' ') }));
  return (
    <Modal
      title="Filter new hires"
      size="large"
      onClose={onClose}
      confirmOnCancel
      footer={
        <>
          <ModalCancelButton />
          <button type="button" className="button" onClick={() => onSave({ version: 1, groups: groups.map((g) => ({ formulas: g.formulas.filter((f) => f.type.trim()) })).filter((g) => g.formulas.length) })}>
            Apply filters
          </button>
        </>
      }
    >
      {groups.map((group, g) => (
        <div key={g} className="nested-group enrollment-group" role="group" aria-label={`Filter group ${g + 1}`}>
          {g > 0 && <strong>and</strong>}
          {group.formulas.map((f, i) => (
            <div key={i} className="enrollment-formula">
              <Select label={i === 0 ? 'Field' : 'or field'} options={typeOptions} value={[f.type]} onChange={(v) => v[0] && setFormula(g, i, { type: v[0] })} />
              <Select label="Operator" options={FORMULA_OPERATORS.map((o) => ({ value: o, label: OPERATOR_LABELS[o] }))} value={[f.operator]} onChange={(v) => v[0] && setFormula(g, i, { operator: v[0] as Formula['operator'] })} />
              <label className="field">
                <span className="field-label">Value</span>
                <input value={f.value} disabled={f.operator === 'is_present' || f.operator === 'is_blank'} onChange={(e) => setFormula(g, i, { value: e.target.value })} />
              </label>
              <button type="button" className="icon-button" aria-label="Remove this filter" onClick={() => setGroups(groups.map((x, j) => (j === g ? { formulas: x.formulas.filter((_, k) => k !== i) } : x)).filter((x) => x.formulas.length))}>
                <Trash2 size={16} aria-hidden="true" />
              </button>
            </div>
          ))}
          <button type="button" className="button button-secondary button-small" onClick={() => setGroups(groups.map((x, j) => (j === g ? { formulas: [...x.formulas, { type: f0(types), operator: 'equals', value: '' }] } : x)))}>
            + or
          </button>
        </div>
      ))}
      <button type="button" className="button button-secondary button-small" onClick={() => setGroups([...groups, { formulas: [{ type: f0(types), operator: 'equals', value: '' }] }])}>
        + and
      </button>
    </Modal>
  );
}

const f0 = (types: string[]) => types[0] ?? 'department';
