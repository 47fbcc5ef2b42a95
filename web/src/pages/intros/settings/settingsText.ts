import type { SelectOption } from '../../../kit';
import { hourLabel, WEEKDAYS } from '../introsApi';
import type { Notes, SettingsDraft } from '../settingsForm';
import { MAX_GROUP_SIZE, MAX_PERIOD_WEEKS, MIN_GROUP_SIZE, type CalendarSelection, type PairingType, type VideoPlatform } from '../settingsRules';

/** The server's limit on the text under an intro (src/intros/schema.ts). */
export const INTRO_MESSAGE_MAX = 2000;
export const INTROS_SAVED_TEXT = 'Intros settings saved.';
/** programs.md §8. */
export const SAVE_ERROR_TEXT = 'Error saving settings. Please try again.';

export const PAIRING_TYPE_TEXT: Record<PairingType, string> = {
  standard: 'Everyone is grouped with the people they have met least.',
  topic_based: 'People who picked the same interests meet each other.',
  cross_group_pairing: 'People meet someone from another interest group.',
  within_group_pairing: 'People meet within their own interest group.',
  lottery: 'A few people are drawn each round, favouring those not drawn for longer.',
};

export const CALENDAR_LABELS: Record<CalendarSelection, { label: string; text: string }> = {
  none: { label: 'No calendar invite', text: 'Groups arrange their own time in their DM.' },
  'fixed-meeting': { label: 'A fixed meeting time', text: 'Everyone meets on the same day and time; Hearth sends the invites.' },
  'groups-choose-meeting-time': { label: 'Each group picks a time', text: 'Hearth suggests times that suit everyone’s calendar.' },
};

export const VIDEO_LABELS: Record<VideoPlatform, string> = {
  none: 'No video link',
  meet_and_teams: 'Google Meet or Microsoft Teams, from each calendar',
  zoom: 'Zoom',
  google_meet: 'Google Meet',
  microsoft_teams: 'Microsoft Teams',
};

export const GROUP_SIZE_OPTIONS: SelectOption[] = Array.from({ length: MAX_GROUP_SIZE - MIN_GROUP_SIZE + 1 }, (_, i) => {
  const n = MIN_GROUP_SIZE + i;
  return { value: String(n), label: n === 2 ? 'Pairs (2 people)' : `Groups of ${n}` };
});
export const PERIOD_OPTIONS: SelectOption[] = Array.from({ length: MAX_PERIOD_WEEKS + 1 }, (_, n) => ({
  value: String(n),
  label: n === 0 ? 'Once (no repeat)' : n === 1 ? 'Every week' : `Every ${n} weeks`,
}));
export const WEEKDAY_OPTIONS: SelectOption[] = WEEKDAYS.map((name, i) => ({ value: String(i + 1), label: name }));
export const HOUR_OPTIONS: SelectOption[] = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));

/** What each section of the settings form gets: the draft, how to change it, and what to say at each field. */
export interface SectionProps {
  draft: SettingsDraft;
  change: (patch: Partial<SettingsDraft>) => void;
  /** The field's error (a rule on this page, or the server's `fields`). */
  errorOf: (key: keyof SettingsDraft) => string | undefined;
  /** What a rule changed by itself ("Turned off: …"). */
  notes: Notes;
}

export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
