import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Copy, Plus, Power, PowerOff, Send, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ChannelPicker, Field, FieldErrorText, Modal, ModalCancelButton, SegmentedControl, Select, TextAreaField, TextField, useModal } from '../../../kit';
import { type Flow, type MessagePreviewJson, type RecipientType, type RoleJson, type ScheduleEventJson, type UpdateEventBody } from '../api/journeysApi';
import { draftPreviewQuery, eventPreviewQuery, type EventDraft } from '../api/journeysApi';
import { EVENT_KINDS, KIND_INFO, KindIcon, RECIPIENT_LABELS } from '../lib/labels';
import { minuteLabel } from '../lib/schedule';
import { RemoteBlockPreview } from './BlockPreview';
import { DayTimeFields, readDayTime } from './DayTimeFields';
import { formOf, POLL_MAX_OPTIONS, TEXT_MAX, validate, withKind, withRecipientType, type EventForm, type EventFormErrors } from './eventForm';

type Patch = UpdateEventBody['onboarding_schedule_event'];

export interface EventModalProps {
  flow: Flow;
  tagId: number;
  /** null: a new message. */
  event: ScheduleEventJson | null;
  roles: readonly RoleJson[];
  defaultDaysLater?: number;
  onSave: (patch: Patch, done: () => void) => void;
  saving?: boolean;
  onMove?: () => void;
  onDuplicate?: () => void;
  onSendTest?: (shown: (preview: MessagePreviewJson) => void) => void;
  onToggle?: () => void;
  onClose: () => void;
}

const RECIPIENT_OPTIONS = (['role', 'channel', 'cohortChannel'] as const).map((value) => ({ value, label: RECIPIENT_LABELS[value] }));
const VARIABLES = ['{first_name}', '{name}', '{start_date}', '{manager}', '{journey}'];

function PollOptions({ form, setForm, error }: { form: EventForm; setForm: (f: EventForm) => void; error?: string }) {
  const id = useId();
  const set = (i: number, text: string) => setForm({ ...form, poll_options: form.poll_options.map((o, j) => (j === i ? text : o)) });
  return (
    <div role="group" aria-label="Answers" className="jr-stack" aria-describedby={error ? `${id}-err` : undefined}>
      {form.poll_options.map((option, i) => (
        <div key={i} className="poll-option">
          <TextField label={`Answer ${i + 1}`} value={option} maxLength={150} counter={false} onChange={(text) => set(i, text)} />
          {form.poll_options.length > 2 && (
            <button type="button" className="icon-button" aria-label={`Remove answer ${i + 1}`} onClick={() => setForm({ ...form, poll_options: form.poll_options.filter((_, j) => j !== i) })}>
              <Trash2 size={16} aria-hidden="true" />
            </button>
          )}
        </div>
      ))}
      {form.poll_options.length < POLL_MAX_OPTIONS && (
        <button type="button" className="button button-secondary button-small" onClick={() => setForm({ ...form, poll_options: [...form.poll_options, ''] })}>
          <Plus size={14} aria-hidden="true" /> Add an answer
        </button>
      )}
      {error && (
        <div className="kit-field-footer">
          <FieldErrorText id={`${id}-err`}>{error}</FieldErrorText>
        </div>
      )}
    </div>
  );
}

/** The fill-ins a message may use, each as Slack shows code. */
const FILL_INS = (
  <>
    Slack formatting works. Fill-ins:{' '}
    {VARIABLES.map((v, i) => (
      <span key={v}>
        {i > 0 && ' '}
        <code>{v}</code>
      </span>
    ))}
  </>
);

function EventFormFields({ form, setForm, roles, errors }: { form: EventForm; setForm: (f: EventForm) => void; roles: readonly RoleJson[]; errors: EventFormErrors }) {
  const roleOptions = roles.map((r) => ({ value: String(r.id), label: r.name }));
  return (
    <>
      <Field label="Type" hint={KIND_INFO[form.kind].blurb}>
        {(control) => (
          <select className="kit-input" {...control} value={form.kind} onChange={(e) => setForm(withKind(form, e.target.value as EventForm['kind'], roles))}>
            {EVENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_INFO[k].label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField label="Title" value={form.title} maxLength={120} error={errors.title} onChange={(title) => setForm({ ...form, title })} />
      <div className="jr-field-group">
        <SegmentedControl<RecipientType> label="Send to" options={RECIPIENT_OPTIONS} value={form.recipient_type} onChange={(type) => setForm(withRecipientType(form, type, roles))} />
        {form.recipient_type === 'cohortChannel' && <p className="kit-field-hint">Goes to the channel Hearth creates for the people who start together.</p>}
      </div>
      {form.recipient_type === 'role' && (
        <Select label="Role" options={roleOptions} value={form.role === null ? [] : [String(form.role)]} onChange={(values) => setForm({ ...form, role: values[0] ? Number(values[0]) : null })} placeholder="Pick a role" error={errors.role} />
      )}
      {form.recipient_type === 'channel' && (
        <ChannelPicker label="Channel" value={form.channel_id ? [form.channel_id] : []} onChange={(values) => setForm({ ...form, channel_id: values[0] ?? null })} error={errors.channel_id} />
      )}
      {form.kind === 'intro' && (
        <Select multiple label="Introduce them to" options={roleOptions} value={form.role_ids.map(String)} onChange={(values) => setForm({ ...form, role_ids: values.map(Number) })} placeholder="Pick roles" error={errors.role_ids} />
      )}
      <TextAreaField
        label={form.kind === 'poll' ? 'Question' : form.kind === 'task' ? 'What to do' : 'Message'}
        hint={FILL_INS}
        rows={6}
        value={form.text}
        maxLength={TEXT_MAX}
        error={errors.text}
        onChange={(text) => setForm({ ...form, text })}
      />
      {form.kind === 'poll' && <PollOptions form={form} setForm={setForm} error={errors.poll_options} />}
      <DayTimeFields value={form.when} errors={{ day: errors.day, time: errors.time }} onChange={(when) => setForm({ ...form, when })} />
    </>
  );
}

function SaveButton({ saving, isNew }: { saving?: boolean; isNew: boolean }) {
  return (
    <button type="submit" form="event-form" className="button button-primary" disabled={saving}>
      {saving ? 'Saving…' : isNew ? 'Add message' : 'Save changes'}
    </button>
  );
}

function EventActions({ event, onSent, ...props }: Pick<EventModalProps, 'onMove' | 'onDuplicate' | 'onSendTest' | 'onToggle'> & { event: ScheduleEventJson; onSent: (p: MessagePreviewJson) => void }) {
  const { close } = useModal();
  const then = (fn?: () => void, closeAfter = true) => () => {
    fn?.();
    if (closeAfter) close();
  };
  return (
    <div className="event-modal-actions" role="group" aria-label="Message actions">
      <button type="button" className="button button-secondary button-small" onClick={() => props.onSendTest?.(onSent)}>
        <Send size={14} aria-hidden="true" /> Send a test to me
      </button>
      <button type="button" className="button button-secondary button-small" onClick={then(props.onMove)}>
        <CalendarClock size={14} aria-hidden="true" /> Move
      </button>
      <button type="button" className="button button-secondary button-small" onClick={then(props.onDuplicate)}>
        <Copy size={14} aria-hidden="true" /> Duplicate
      </button>
      <button type="button" className="button button-secondary button-small" onClick={then(props.onToggle)}>
        {event.active ? <PowerOff size={14} aria-hidden="true" /> : <Power size={14} aria-hidden="true" />} {event.active ? 'Deactivate' : 'Turn on'}
      </button>
    </div>
  );
}

const draftTime = (form: EventForm) => {
  const when = readDayTime(form.when);
  return 'minuteInDay' in when ? minuteLabel(when.minuteInDay) : undefined;
};

/** The form's message once it is complete, a moment after the last keystroke (one preview request per pause). */
function useDraft(form: EventForm, dirty: boolean): EventDraft | null {
  const [draft, setDraft] = useState<EventDraft | null>(null);
  useEffect(() => {
    const checked = validate(form);
    const next = dirty && 'body' in checked ? { kind: form.kind, title: checked.body.title!, text: checked.body.text!, poll_options: checked.body.poll_options ?? [] } : null;
    const timer = setTimeout(() => setDraft(next), 300);
    return () => clearTimeout(timer);
  }, [form, dirty]);
  return draft;
}

/** Add or edit one scheduled item: the form beside the building-block preview of its message (as edited, once complete). */
export function EventModal(props: EventModalProps) {
  const { flow, tagId, event, roles, defaultDaysLater, onSave, saving, onClose } = props;
  const [form, setFormState] = useState<EventForm>(() => formOf(event, roles, { daysLater: defaultDaysLater }));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [dirty, setDirty] = useState(false);
  const draft = useDraft(form, dirty);
  const saved = useQuery(eventPreviewQuery(flow, event?.id ?? null));
  const drafted = useQuery(draftPreviewQuery(flow, tagId, draft));
  const [sent, setSent] = useState<MessagePreviewJson | null>(null);
  const setForm = (next: EventForm) => {
    setFormState(next);
    setDirty(true);
    setErrors({});
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = validate(form);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    onSave(result.body, onClose);
  };
  const title = event ? (
    <>
      <KindIcon kind={event.kind} size={18} /> {event.title || 'Untitled'}
    </>
  ) : (
    'Add a message'
  );
  return (
    <Modal title={title} onClose={onClose} size="large" className="event-modal jr-modal" confirmOnCancel={dirty} footer={<><ModalCancelButton /><SaveButton saving={saving} isNew={!event} /></>}>
      <div className="event-modal-grid">
        <form id="event-form" className="event-form jr-stack" onSubmit={submit} noValidate>
          {event && !event.active && <p className="notice notice-warning">This message is inactive: nobody gets it until you turn it on.</p>}
          <EventFormFields form={form} setForm={setForm} roles={roles} errors={errors} />
        </form>
        <aside className="event-preview-pane tinted-box" aria-label="Preview">
          <h3 className="pane-title eyebrow-text">Preview</h3>
          {draft ? (
            <RemoteBlockPreview query={drafted} time={draftTime(form)} />
          ) : event ? (
            <RemoteBlockPreview query={saved} time={minuteLabel(event.minute_in_day)} sent={sent} />
          ) : (
            <p className="muted">Write the message to see it here exactly as Slack shows it.</p>
          )}
          {dirty && !draft && event && <p className="muted small">The preview shows the saved message until the form is complete.</p>}
          {event && <EventActions event={event} onSent={setSent} onMove={props.onMove} onDuplicate={props.onDuplicate} onSendTest={props.onSendTest} onToggle={props.onToggle} />}
        </aside>
      </div>
    </Modal>
  );
}
