import { formatLongPlainDate } from '../../kit/dates';
import type { CategoryJson, CoffeeConfigurationJson } from './introsApi';
import { applySettingsRules, meetingMovedText, needsPaidAccess, type HrisGrouping, type IntrosSettings, type PairingType, type RulesContext } from './settingsRules';

/** What the edit page edits: the rules' settings plus the zone and the interest categories. */
export interface SettingsDraft extends IntrosSettings {
  tz: string;
  categories: CategoryJson[];
  /** Group-based pairing by the HR system's department or location ('none': by the categories). */
  hris_groups: HrisGrouping;
}

export type Notes = Partial<Record<keyof IntrosSettings, string>>;

export function draftOf(config: CoffeeConfigurationJson): SettingsDraft {
  return {
    pairing_type: config.pairing_type,
    group_size: config.group_size,
    enforce_group_size: config.enforce_group_size,
    claiming_allowed: config.claiming_allowed,
    period: config.period,
    weekday: config.weekday,
    occurrence_hour: config.occurrence_hour,
    next_fixed_meeting_on: config.next_fixed_meeting_on,
    next_fixed_meeting_time: config.next_fixed_meeting_time,
    calendar_scheduling_selection: config.calendar_scheduling_selection,
    video_platform: config.video_platform,
    intro_message: config.intro_message,
    default_intro_type: config.default_intro_type,
    tz: config.tz,
    categories: config.categories.map((c) => ({ id: c.id, name: c.name })),
    hris_groups: config.hris_groups,
  };
}

export interface ChangeOutcome {
  draft: SettingsDraft;
  /** What the rules changed, by field (shown next to the field). */
  notes: Notes;
  errors: Notes;
}

/**
 * One edit, with the server's rules applied at once (src/intros/settings-rules.ts): lottery or standard turns
 * enforce_group_size off, a calendar selection other than groups-choose-meeting-time resets meet_and_teams to
 * none, the fixed meeting date is kept within the round (or moved), the fixed time is checked.
 */
export function applyChange(draft: SettingsDraft, patch: Partial<SettingsDraft>, ctx: RulesContext, previousNotes: Notes = {}): ChangeOutcome {
  const merged: SettingsDraft = { ...draft, ...patch };
  const { tz, categories, hris_groups, ...settings } = merged;
  const outcome = applySettingsRules(settings, ctx);
  const notes: Notes = { ...previousNotes };
  for (const key of Object.keys(patch) as Array<keyof IntrosSettings>) delete notes[key];
  // A field the person changes again drops the note the rules left on it; fields the rules just changed get one.
  Object.assign(notes, adjustmentNotes(outcome.adjusted, outcome.meetingMovedTo));
  return { draft: { ...outcome.settings, tz, categories, hris_groups }, notes, errors: outcome.errors };
}

/**
 * The rules' notes as people read them: a moved fixed meeting names its new date formatted ("Tuesday, March 3"),
 * not as the API's YYYY-MM-DD. `movedTo`: the date the meeting was moved to (the rules' meetingMovedTo, or the saved date).
 */
export function adjustmentNotes(adjusted: Notes | Record<string, string>, movedTo: string | null): Notes {
  const notes: Notes = { ...adjusted };
  if (notes.next_fixed_meeting_on && movedTo) notes.next_fixed_meeting_on = meetingMovedText(formatLongPlainDate(movedTo));
  return notes;
}

/**
 * Choosing a pairing type: false when it needs the paid plan (the page opens the upgrade modal instead). The
 * paid types are the plan's own list (src/platform/entitlements/features.ts), as on the server.
 */
export function pairingTypeAllowed(type: PairingType, draft: Pick<SettingsDraft, 'claiming_allowed'>, paidFeatureAccess: boolean): boolean {
  return !needsPaidAccess(type, draft.claiming_allowed, paidFeatureAccess);
}

/** The body of PUT /coffee/{id}/update_as_json. claiming_allowed is not the admin's to change. */
export function updateBody(draft: SettingsDraft) {
  const { claiming_allowed: _claiming, ...rest } = draft;
  return {
    coffee_configuration: {
      ...rest,
      categories: rest.categories.map((c) => (c.id ? { id: c.id, name: c.name.trim() } : { name: c.name.trim() })).filter((c) => c.name !== ''),
    },
  };
}

export function sameDraft(a: SettingsDraft, b: SettingsDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The last day (exclusive) a fixed meeting may fall on: the next occurrence plus the period. */
export function windowEnd(nextOccurrenceOn: string | null, period: number): string | null {
  if (!nextOccurrenceOn || period <= 0) return null;
  const [y, m, d] = nextOccurrenceOn.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 7 * period)).toISOString().slice(0, 10);
}
