import { Hash, ListChecks, Megaphone, MessageSquare, Users, UsersRound, Vote, type LucideIcon } from 'lucide-react';
import { KindBadge, type BadgeAccent, type StatusTone } from '../../../kit';
import type { EventKind, FlowType, RecipientType, RoleJson, ScheduleEventJson, SessionEventState, SessionState } from '../api/journeysApi';

/** A person's session and each of its events, in words (the People tab). */
export const SESSION_STATE_LABELS: Record<SessionState, string> = { active: 'Active', finished: 'Finished', cancelled: 'Cancelled' };
export const SESSION_EVENT_STATE_LABELS: Record<SessionEventState | 'off', string> = {
  pending: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  skipped: 'Skipped',
  deleted: 'Removed',
  off: 'Off',
};
/** What each state means to the reader, for its StatusPill. */
export const SESSION_STATE_TONES: Record<SessionState, StatusTone> = { active: 'success', finished: 'neutral', cancelled: 'neutral' };
export const SESSION_EVENT_STATE_TONES: Record<SessionEventState | 'off', StatusTone> = { pending: 'info', sending: 'info', sent: 'success', skipped: 'neutral', deleted: 'neutral', off: 'neutral' };

export const FLOW_TYPE_LABELS: Record<FlowType, string> = {
  onboarding: 'Onboarding',
  events: 'Events',
  mentorship: 'Mentorship',
  training: 'Training',
  offboarding: 'Offboarding',
  other: 'Other',
};

/** Each flow's colour on its badge. */
const FLOW_ACCENTS: Record<FlowType, BadgeAccent> = { onboarding: 'ember', events: 'sky', mentorship: 'plum', training: 'leaf', offboarding: 'sun', other: 'plain' };

/** Which flow a journey or preset is for ("Onboarding"), on the flow's colour. */
export function FlowBadge({ flow }: { flow: FlowType }) {
  return <KindBadge accent={FLOW_ACCENTS[flow]}>{FLOW_TYPE_LABELS[flow]}</KindBadge>;
}

/** The flow types listed on /participants/tags (programs.md §2); onboarding lives on /onboarding/tags. */
export const PARTICIPANT_FLOW_TYPES: readonly FlowType[] = ['events', 'mentorship', 'training', 'offboarding', 'other'];

export const KIND_INFO: Record<EventKind, { label: string; icon: LucideIcon; accent: string; blurb: string }> = {
  message: { label: 'Message', icon: MessageSquare, accent: 'sky', blurb: 'A direct message to someone in a role.' },
  task: { label: 'Task', icon: ListChecks, accent: 'leaf', blurb: 'A to-do, reminded until it is done.' },
  poll: { label: 'Poll', icon: Vote, accent: 'plum', blurb: 'A question with answers to pick from.' },
  intro: { label: 'Intro', icon: Users, accent: 'sun', blurb: 'Introduces the recipient to people in other roles.' },
  channel_post: { label: 'Channel post', icon: Hash, accent: 'ember', blurb: 'A post in a channel.' },
  cohort_message: { label: 'Cohort channel message', icon: UsersRound, accent: 'ember', blurb: 'A post in the channel shared by people starting together.' },
};

export function KindIcon({ kind, size = 16 }: { kind: EventKind; size?: number }) {
  const Icon = KIND_INFO[kind]?.icon ?? Megaphone;
  return <Icon size={size} aria-hidden="true" className={`kind-icon accent-icon accent-${KIND_INFO[kind]?.accent ?? 'ember'}`} />;
}

export const EVENT_KINDS = Object.keys(KIND_INFO) as EventKind[];

export const RECIPIENT_LABELS: Record<RecipientType, string> = {
  role: 'A person in a role',
  channel: 'A channel',
  cohortChannel: 'The cohort channel',
};

/** "New hire", "#general", "Cohort channel". */
export function recipientLabel(event: Pick<ScheduleEventJson, 'recipient_type' | 'role' | 'channel_id'>, roles: readonly RoleJson[], channelNames?: Record<string, string>): string {
  if (event.recipient_type === 'cohortChannel') return 'Cohort channel';
  if (event.recipient_type === 'channel') {
    const name = event.channel_id ? channelNames?.[event.channel_id] : undefined;
    return name ? `#${name.replace(/^#/, '')}` : 'A channel';
  }
  return roles.find((r) => r.id === event.role)?.name ?? 'No role chosen';
}
