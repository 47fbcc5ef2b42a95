import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../../api/client';
import { Field, fieldErrors, InlineError, PageState, SegmentedControl, Select, showToast, TextAreaField, TextField, type FieldErrors } from '../../../kit';
import { PageHeader } from '../../PageHeader';
import { presetCategoriesQuery, useCreatePreset, type CreatePresetBody, type FlowType, type RolePurpose } from '../api/journeysApi';
import { FLOW_TYPE_LABELS } from '../lib/labels';
import { PURPOSE_LABELS } from '../roles/roleRules';
import '../journeys.css';

type ItemKind = 'message' | 'task' | 'poll';

interface ItemDraft {
  kind: ItemKind;
  /** Work days from the start ("0" is the start day; negative is before it). */
  days_later: string;
  /** 'HH:MM' local time. */
  time: string;
  recipient: RolePurpose;
  title: string;
  text: string;
  /** One answer a line (polls). */
  answers: string;
}

/** The server's limits (src/journeys/schema.ts), so the counters match what it accepts. */
const NAME_MAX = 120;
const DESCRIPTION_MAX = 500;
const TITLE_MAX = 150;
const TEXT_MAX = 3000;
const MAX_ITEMS = 30;

const KIND_OPTIONS = [
  { value: 'message' as const, label: 'Message' },
  { value: 'task' as const, label: 'Task' },
  { value: 'poll' as const, label: 'Poll' },
];
const PURPOSES = Object.keys(PURPOSE_LABELS) as RolePurpose[];
const FLOW_TYPES = Object.keys(FLOW_TYPE_LABELS) as FlowType[];

const newItem = (): ItemDraft => ({ kind: 'message', days_later: '0', time: '09:00', recipient: 'primary', title: '', text: '', answers: '' });

/** 'HH:MM' → minutes after midnight (NaN when it is not a time). */
function minuteOf(time: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

/** The POST body: what the admin typed, numbers as numbers; the server checks every field. */
export function presetBody(form: { name: string; description: string; category: string; flowTypes: FlowType[]; items: ItemDraft[] }): CreatePresetBody {
  return {
    preset: {
      name: form.name,
      description: form.description,
      category_id: form.category === '' ? null : Number(form.category),
      flow_types: form.flowTypes,
      events: form.items.map((i) => ({
        kind: i.kind,
        days_later: i.days_later.trim() === '' ? null : Number(i.days_later),
        minute_in_day: minuteOf(i.time),
        recipient: i.recipient,
        title: i.title,
        text: i.text,
        poll_options: i.kind === 'poll' ? i.answers.split('\n').map((a) => a.trim()).filter(Boolean) : [],
      })),
    },
  };
}

/** /onboarding/presets/new: an admin's own preset (its items, when and to whom), usable in journeys like the library's. */
export function NewPresetPage() {
  const categories = useQuery(presetCategoriesQuery);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [flowTypes, setFlowTypes] = useState<FlowType[]>(['onboarding']);
  const [items, setItems] = useState<ItemDraft[]>([newItem()]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePreset();

  const setItem = (index: number, patch: Partial<ItemDraft>) => setItems((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const err = (field: string) => errors[`preset.${field}`] ?? null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // The one check before the server's: a name (the same words the server answers).
    if (name.trim() === '') {
      setErrors({ 'preset.name': "Can't be blank" });
      return;
    }
    create.mutate(presetBody({ name, description, category, flowTypes, items }), {
      onSuccess: (answer) => {
        showToast({ type: 'success', text: `${answer.preset.name} is ready to add to a journey.` });
        void navigate(`/onboarding/presets/${answer.preset.id}`);
      },
      onError: (error) => {
        const found = fieldErrors(error);
        setErrors(found);
        if (Object.keys(found).length === 0) showToast({ type: 'error', text: errorText(error) });
      },
    });
  };

  return (
    <div className="journeys-page">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to="/onboarding/presets">Presets</Link>
      </nav>
      <PageHeader title="New preset" subtitle="Your own set of messages, tasks and polls. Add it to any journey from the journey's Presets page." />
      <PageState query={categories} what="preset categories">
        {({ preset_categories: list }) => (
          <form className="card new-preset-form jr-stack" onSubmit={submit} noValidate aria-label="New preset">
            <TextField label="Name" required value={name} onChange={setName} maxLength={NAME_MAX} error={err('name')} />
            <TextAreaField label="Description" optional value={description} onChange={setDescription} maxLength={DESCRIPTION_MAX} rows={2} error={err('description')} />
            <Select label="Category" options={list.map((c) => ({ value: String(c.id), label: c.name }))} value={category} onChange={([v]) => setCategory(v ?? '')} placeholder="Choose a category" error={err('category_id')} />
            <Select label="Kinds of journey" multiple options={FLOW_TYPES.map((f) => ({ value: f, label: FLOW_TYPE_LABELS[f] }))} value={flowTypes} onChange={(values) => setFlowTypes(values as FlowType[])}
              error={err('flow_types') ?? err('flow_types.0')}
            />

            <h2 className="section-title">Items</h2>
            {err('events') && <InlineError variant="text">{err('events')}</InlineError>}
            <ol className="new-preset-items">
              {items.map((item, i) => {
                const at = (field: string) => err(`events.${i}.${field}`);
                return (
                  <li key={i} className="nested-group jr-stack" aria-label={`Item ${i + 1}`}>
                    <SegmentedControl label={`Item ${i + 1}: kind`} options={KIND_OPTIONS} value={item.kind} onChange={(kind) => setItem(i, { kind })} size="small" />
                    <div className="field-row">
                      <TextField label="Work day" hint="0 is the start day; -2 is two work days before it." type="number" value={item.days_later} onChange={(v) => setItem(i, { days_later: v })} error={at('days_later')} />
                      <Field label="Time" hint="In each person's own time zone." error={at('minute_in_day')}>
                        {(control) => <input className="kit-input" type="time" {...control} value={item.time} onChange={(e) => setItem(i, { time: e.target.value })} />}
                      </Field>
                      <Select
                        label="Sent to"
                        aria-label={`Item ${i + 1}: sent to`}
                        options={PURPOSES.map((p) => ({ value: p, label: PURPOSE_LABELS[p] }))}
                        value={item.recipient}
                        onChange={([v]) => setItem(i, { recipient: (v as RolePurpose | undefined) ?? 'primary' })}
                        error={at('recipient')}
                      />
                    </div>
                    <TextField label="Title" required value={item.title} onChange={(v) => setItem(i, { title: v })} maxLength={TITLE_MAX} error={at('title')} />
                    <TextAreaField
                      label={item.kind === 'poll' ? 'Question' : 'Message'}
                      hint="{first_name}, {name}, {start_date}, {journey} and role names such as {manager} are filled in for each person."
                      required
                      value={item.text}
                      onChange={(v) => setItem(i, { text: v })}
                      maxLength={TEXT_MAX}
                      error={at('text')}
                    />
                    {item.kind === 'poll' && (
                      <TextAreaField label="Answers" hint="One a line, 2 to 10." required value={item.answers} onChange={(v) => setItem(i, { answers: v })} rows={3} counter={false} error={at('poll_options') ?? at('poll_options.0')} />
                    )}
                    {items.length > 1 && (
                      <button type="button" className="button button-secondary button-small" onClick={() => setItems((list) => list.filter((_, j) => j !== i))}>
                        <Trash2 size={14} aria-hidden="true" /> Remove item {i + 1}
                      </button>
                    )}
                  </li>
                );
              })}
            </ol>
            <div className="button-row">
              <button type="button" className="button button-secondary" disabled={items.length >= MAX_ITEMS} onClick={() => setItems((list) => [...list, newItem()])}>
                <Plus size={14} aria-hidden="true" /> Add an item
              </button>
              <button type="submit" className="button button-primary" disabled={create.isPending}>
                {create.isPending ? 'Creating…' : 'Create preset'}
              </button>
            </div>
          </form>
        )}
      </PageState>
    </div>
  );
}
