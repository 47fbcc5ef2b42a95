import { Plus, Trash2 } from 'lucide-react';
import type { MappingsBody } from './enrollmentApi';
import { Field, Select, type SelectOption } from '../../kit';

/** What the HR mappings section edits: the PATCH …/hris_category_mappings/bulk_update body without the source. */
export type HrMappingsDraft = Required<Omit<MappingsBody, 'enrollment_source'>>;

interface Props {
  value: HrMappingsDraft;
  onChange: (next: HrMappingsDraft) => void;
  tagOptions: SelectOption[];
  /** HR field names seen on new hires (department, location …). */
  types: string[];
  /** Field errors from the server, keyed as it names them (`mappings.0.hris_value` …). */
  errors?: Record<string, string>;
}

/** An HR field's key as people read it: "employment_type" → "Employment type". */
export function hrFieldLabel(type: string): string {
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * HR field mappings (programs.md §8): a new hire whose HR field has a value goes to the mapped journeys; an
 * exclusion keeps them out of all; with no mapping matching, the default journeys. Also the journeys everyone
 * joining the workspace is enrolled in.
 */
export function HrMappings({ value, onChange, tagOptions, types, errors = {} }: Props) {
  const typeOptions = [...new Set([...types, ...value.mappings.map((m) => m.hris_type), ...(value.exclusions ?? []).map((m) => m.hris_type)])].filter(Boolean).map((t) => ({ value: t, label: hrFieldLabel(t) }));
  const exclusions = value.exclusions ?? [];
  const firstType = typeOptions[0]?.value ?? 'department';
  return (
    <section aria-label="HR mappings" className="enrollment-rules">
      <div className="card enrollment-rule">
        <h2 className="card-title">Mappings</h2>
        <p className="muted small">A new hire whose HR field has this value is enrolled in these journeys.</p>
        {value.mappings.map((m, i) => (
          <div key={i} className="enrollment-formula" role="group" aria-label={`Mapping ${i + 1}`}>
            <Select label="HR field" options={typeOptions} value={[m.hris_type]} onChange={(v) => v[0] && onChange({ ...value, mappings: value.mappings.map((x, j) => (j === i ? { ...x, hris_type: v[0]! } : x)) })} />
            <Field label="Value" error={errors[`mappings.${i}.hris_value`]}>
              {(control) => <input {...control} className="kit-input" aria-label={`Mapping ${i + 1} value`} value={m.hris_value} onChange={(e) => onChange({ ...value, mappings: value.mappings.map((x, j) => (j === i ? { ...x, hris_value: e.target.value } : x)) })} />}
            </Field>
            <Select label="Journeys" multiple options={tagOptions} value={m.target_ids.map(String)} error={errors[`mappings.${i}.target_ids`]} onChange={(v) => onChange({ ...value, mappings: value.mappings.map((x, j) => (j === i ? { ...x, target_ids: v.map(Number) } : x)) })} />
            <button type="button" className="icon-button" aria-label={`Delete mapping ${i + 1}`} onClick={() => onChange({ ...value, mappings: value.mappings.filter((_, j) => j !== i) })}>
              <Trash2 size={16} aria-hidden="true" />
            </button>
          </div>
        ))}
        <button type="button" className="button button-secondary button-small" onClick={() => onChange({ ...value, mappings: [...value.mappings, { hris_type: firstType, hris_value: '', target_ids: [] }] })}>
          <Plus size={16} aria-hidden="true" /> Add a mapping
        </button>
      </div>
      <div className="card enrollment-rule">
        <h2 className="card-title">Exclusions</h2>
        <p className="muted small">A new hire whose HR field has this value is enrolled in nothing.</p>
        {exclusions.map((m, i) => (
          <div key={i} className="enrollment-formula" role="group" aria-label={`Exclusion ${i + 1}`}>
            <Select label="HR field" options={typeOptions} value={[m.hris_type]} onChange={(v) => v[0] && onChange({ ...value, exclusions: exclusions.map((x, j) => (j === i ? { ...x, hris_type: v[0]! } : x)) })} />
            <Field label="Value" error={errors[`exclusions.${i}.hris_value`]}>
              {(control) => <input {...control} className="kit-input" aria-label={`Exclusion ${i + 1} value`} value={m.hris_value} onChange={(e) => onChange({ ...value, exclusions: exclusions.map((x, j) => (j === i ? { ...x, hris_value: e.target.value } : x)) })} />}
            </Field>
            <span />
            <button type="button" className="icon-button" aria-label={`Delete exclusion ${i + 1}`} onClick={() => onChange({ ...value, exclusions: exclusions.filter((_, j) => j !== i) })}>
              <Trash2 size={16} aria-hidden="true" />
            </button>
          </div>
        ))}
        <button type="button" className="button button-secondary button-small" onClick={() => onChange({ ...value, exclusions: [...exclusions, { hris_type: firstType, hris_value: '' }] })}>
          <Plus size={16} aria-hidden="true" /> Add an exclusion
        </button>
      </div>
      <div className="card enrollment-rule">
        <Select label="When no mapping matches, enroll them in" multiple options={tagOptions} value={value.default_tag_ids.map(String)} error={errors.default_tag_ids} onChange={(v) => onChange({ ...value, default_tag_ids: v.map(Number) })} />
        <Select
          label="Everyone who joins the workspace is enrolled in"
          multiple
          options={tagOptions}
          value={(value.channel_joins?.tag_ids ?? []).map(String)}
          error={errors['channel_joins.tag_ids']}
          onChange={(v) => onChange({ ...value, channel_joins: { tag_ids: v.map(Number) } })}
        />
      </div>
    </section>
  );
}
