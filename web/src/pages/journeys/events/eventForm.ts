import type { EventKind, RecipientType, RoleJson, ScheduleEventJson, UpdateEventBody } from '../api/journeysApi';
import { dayTimeOf, readDayTime, type DayTime } from './DayTimeFields';

export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 10;
export const TITLE_MAX = 120;
export const TEXT_MAX = 3000;

export interface EventForm {
  kind: EventKind;
  title: string;
  text: string;
  recipient_type: RecipientType;
  role: number | null;
  role_ids: number[];
  channel_id: string | null;
  poll_options: string[];
  when: DayTime;
}

export type EventFormErrors = Partial<Record<'title' | 'text' | 'role' | 'channel_id' | 'role_ids' | 'poll_options' | 'day' | 'time', string>>;

export function primaryRole(roles: readonly RoleJson[]): RoleJson | undefined {
  return roles.find((r) => r.primary) ?? roles[0];
}

export function formOf(event: ScheduleEventJson | null, roles: readonly RoleJson[], defaults: { daysLater?: number } = {}): EventForm {
  if (!event)
    return {
      kind: 'message',
      title: '',
      text: '',
      recipient_type: 'role',
      role: primaryRole(roles)?.id ?? null,
      role_ids: [],
      channel_id: null,
      poll_options: ['', ''],
      when: dayTimeOf(defaults.daysLater ?? 0, 9 * 60),
    };
  return {
    kind: event.kind,
    title: event.title,
    text: event.text,
    recipient_type: event.recipient_type,
    role: event.role,
    role_ids: event.role_ids,
    channel_id: event.channel_id,
    poll_options: event.poll_options.length >= POLL_MIN_OPTIONS ? event.poll_options : [...event.poll_options, '', ''].slice(0, Math.max(POLL_MIN_OPTIONS, event.poll_options.length)),
    when: dayTimeOf(event.days_later, event.minute_in_day),
  };
}

/**
 * Choosing a recipient type (programs.md §4): role keeps (or picks) a role; channel and cohortChannel clear it and
 * make the event a post (a messaging event). A channel post is always sent to a channel, a cohort message to the cohort's.
 */
export function withRecipientType(form: EventForm, type: RecipientType, roles: readonly RoleJson[]): EventForm {
  if (type === 'role') {
    const kind: EventKind = form.kind === 'channel_post' || form.kind === 'cohort_message' ? 'message' : form.kind;
    return { ...form, kind, recipient_type: 'role', role: form.role ?? primaryRole(roles)?.id ?? null };
  }
  return { ...form, recipient_type: type, role: null, kind: type === 'channel' ? 'channel_post' : 'cohort_message', channel_id: type === 'channel' ? form.channel_id : null };
}

/** Choosing a kind: posts carry their recipient type; the others go to a role. */
export function withKind(form: EventForm, kind: EventKind, roles: readonly RoleJson[]): EventForm {
  if (kind === 'channel_post') return withRecipientType(form, 'channel', roles);
  if (kind === 'cohort_message') return withRecipientType(form, 'cohortChannel', roles);
  const next = form.recipient_type === 'role' ? { ...form, kind } : { ...withRecipientType(form, 'role', roles), kind };
  if (kind === 'poll' && next.poll_options.length < POLL_MIN_OPTIONS) return { ...next, poll_options: [...next.poll_options, '', ''].slice(0, POLL_MIN_OPTIONS) };
  return next;
}

/** The request body, or what to fix. */
export function validate(form: EventForm): { body: UpdateEventBody['onboarding_schedule_event'] } | { errors: EventFormErrors } {
  const errors: EventFormErrors = {};
  const title = form.title.trim();
  const text = form.text.trim();
  if (!title) errors.title = 'Give it a title.';
  else if (title.length > TITLE_MAX) errors.title = `Keep the title under ${TITLE_MAX} characters.`;
  if (!text) errors.text = 'Write the message.';
  else if (text.length > TEXT_MAX) errors.text = `Keep the message under ${TEXT_MAX} characters.`;
  if (form.recipient_type === 'role' && form.role === null) errors.role = 'Pick who gets it.';
  if (form.recipient_type === 'channel' && !form.channel_id) errors.channel_id = 'Pick a channel.';
  if (form.kind === 'intro' && form.role_ids.length === 0) errors.role_ids = 'Pick at least one role to introduce.';
  const options = form.poll_options.map((o) => o.trim()).filter(Boolean);
  if (form.kind === 'poll' && (options.length < POLL_MIN_OPTIONS || options.length > POLL_MAX_OPTIONS))
    errors.poll_options = `A poll needs ${POLL_MIN_OPTIONS} to ${POLL_MAX_OPTIONS} answers.`;
  const when = readDayTime(form.when);
  if ('field' in when) errors[when.field] = when.error;
  if (Object.keys(errors).length > 0 || 'field' in when) return { errors };
  return {
    body: {
      kind: form.kind,
      title,
      text,
      recipient_type: form.recipient_type,
      role: form.recipient_type === 'role' ? form.role : null,
      role_ids: form.kind === 'intro' ? form.role_ids : [],
      channel_id: form.recipient_type === 'channel' ? form.channel_id : null,
      poll_options: form.kind === 'poll' ? options : [],
      days_later: when.daysLater,
      minute_in_day: when.minuteInDay,
    },
  };
}
