import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Copy, Plus, Power, PowerOff, Send, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ChannelPicker, InlineError, Modal, ModalCancelButton, Select, useModal } from '../../../kit';
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

const RECIPIENT_TYPES: readonly RecipientType[] = ['role', 'channel', 'cohortChannel'];
const VARIABLES = ['{first_name}', '{name}', '{start_date}', '{manager}', '{journey}'];

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <InlineError id={id} variant="text">
      {error}
    </InlineError>
  ) : null;
}

function PollOptions({ form, setForm, error }: { form: EventForm; setForm: (f: EventForm) => void; error?: string }) {
  const id = useId();
  const set = (i: number, text: string) => setForm({ ...form, poll_options: form.poll_options.map((o, j) => (j === i ? text : o)) });
  return (
    <fieldset className={`form-field${error ? ' has-error' : ''}`} aria-describedby={error ? `${id}-err` : undefined}>
      <legend>Answers</legend>
      <ol className="poll-options">
        {form.poll_options.map((option, i) => (
          <li key={i}>
            <input aria-label={`Answer ${i + 1}`} value={option} maxLength={150} onChange={(e) => set(i, e.target.value)} />
            {form.poll_options.length > 2 && (
              <button type="button" className="icon-button" aria-label={`Remove answer ${i + 1}`} onClick={() => setForm({ ...form, poll_options: form.poll_options.filter((_, j) => j !== i) })}>
                <X size={14} aria-hidden="true" />
              </button>
            )}
          </li>
        ))}
      </ol>
      {form.poll_options.length < POLL_MAX_OPTIONS && (
        <button type="button" className="button button-secondary button-small" onClick={() => setForm({ ...form, poll_options: [...form.poll_options, ''] })}>
          <Plus size={14} aria-hidden="true" /> Add an answer
        </button>
      )}
      <FieldError id={`${id}-err`} error={error} />
    </fieldset>
  );
}

function EventFormFields({ form, setForm, roles, errors }: { form: EventForm; setForm: (f: EventForm) => void; roles: readonly RoleJson[]; errors: EventFormErrors }) {
  const id = useId();
  const roleOptions = roles.map((r) => ({ value: String(r.id), label: r.name }));
  return (
    <>
      <div className="form-field">
        <label htmlFor={`${id}-kind`}>Type</label>
        <select id={`${id}-kind`} value={form.kind} onChange={(e) => setForm(withKind(form, e.target.value as EventForm['kind'], roles))}>
          {EVENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_INFO[k].label}
            </option>
          ))}
        </select>
        <p className="field-hint">{KIND_INFO[form.kind].blurb}</p>
      </div>
      <div className={`form-field${errors.title ? ' has-error' : ''}`}>
        <label htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} value={form.title} maxLength={120} aria-invalid={errors.title ? true : undefined} aria-describedby={`${id}-title-err`} onChange={(e) => setForm({ ...form, title: e.target.value })} />
        <FieldError id={`${id}-title-err`} error={errors.title} />
      </div>
      <fieldset className="form-field">
        <legend>Send to</legend>
        <div className="radio-row">
          {RECIPIENT_TYPES.map((type) => (
            <label key={type} className="radio-pill">
              <input type="radio" name={`${id}-recipient`} value={type} checked={form.recipient_type === type} onChange={() => setForm(withRecipientType(form, type, roles))} />
              {RECIPIENT_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      {form.recipient_type === 'role' && (
        <div className={`form-field${errors.role ? ' has-error' : ''}`}>
          <Select label="Role" options={roleOptions} value={form.role === null ? [] : [String(form.role)]} onChange={(values) => setForm({ ...form, role: values[0] ? Number(values[0]) : null })} placeholder="Pick a role" error={errors.role} />
        </div>
      )}
      {form.recipient_type === 'channel' && (
        <div className={`form-field${errors.channel_id ? ' has-error' : ''}`}>
          <ChannelPicker label="Channel" value={form.channel_id ? [form.channel_id] : []} onChange={(values) => setForm({ ...form, channel_id: values[0] ?? null })} error={errors.channel_id} />
        </div>
      )}
      {form.recipient_type === 'cohortChannel' && <p className="field-hint">Goes to the channel Hearth creates for the people who start together.</p>}
      {form.kind === 'intro' && (
        <div className={`form-field${errors.role_ids ? ' has-error' : ''}`}>
          <Select multiple label="Introduce them to" options={roleOptions} value={form.role_ids.map(String)} onChange={(values) => setForm({ ...form, role_ids: values.map(Number) })} placeholder="Pick roles" error={errors.role_ids} />
        </div>
      )}
      <div className={`form-field${errors.text ? ' has-error' : ''}`}>
        <label htmlFor={`${id}-text`}>{form.kind === 'poll' ? 'Question' : form.kind === 'task' ? 'What to do' : 'Message'}</label>
        <textarea id={`${id}-text`} rows={6} value={form.text} maxLength={TEXT_MAX} aria-invalid={errors.text ? true : undefined} aria-describedby={`${id}-text-hint`} onChange={(e) => setForm({ ...form, text: e.target.value })} />
        <p id={`${id}-text-hint`} className={errors.text ? 'field-error' : 'field-hint'}>
          {errors.text ?? (
            <>
              Slack formatting works. Fill-ins:{' '}
              {VARIABLES.map((v) => (
                <code key={v} className="variable-chip">
                  {v}
                </code>
              ))}
            </>
          )}
        </p>
      </div>
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
        <form id="event-form" className="event-form" onSubmit={submit} noValidate>
          {event && !event.active && <p className="notice notice-warning">This message is inactive: nobody gets it until you turn it on.</p>}
          <EventFormFields form={form} setForm={setForm} roles={roles} errors={errors} />
        </form>
        <aside className="event-preview-pane" aria-label="Preview">
          <h3 className="pane-title">Preview</h3>
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
