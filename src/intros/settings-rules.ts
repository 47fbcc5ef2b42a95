/**
 * The Intros settings rules (programs.md §4, §5, §9), pure and dependency free so the admin pages can import
 * this file (relative path) and show the same result the server will store. The server applies
 * `applySettingsRules` to every update; the pages may call the single rules as the form changes.
 *
 * Dates here are plain calendar dates ('YYYY-MM-DD'); no time zones are involved. Which pairing types are paid
 * comes from the plan's own list (src/platform/entitlements/features.ts, dependency free as well).
 */
import { pairingTypeAllowed } from '../platform/entitlements/features.js';

export const PAIRING_TYPES = ['standard', 'topic_based', 'cross_group_pairing', 'within_group_pairing', 'lottery'] as const;
export type PairingType = (typeof PAIRING_TYPES)[number];

export const PAIRING_TYPE_LABELS: Record<PairingType, string> = {
  standard: 'Standard',
  topic_based: 'Intro by interests',
  cross_group_pairing: 'Cross-group',
  within_group_pairing: 'Within-group',
  lottery: 'Lottery',
};

export const CALENDAR_SELECTIONS = ['none', 'fixed-meeting', 'groups-choose-meeting-time'] as const;
export type CalendarSelection = (typeof CALENDAR_SELECTIONS)[number];

export const VIDEO_PLATFORMS = ['none', 'meet_and_teams', 'zoom', 'google_meet', 'microsoft_teams'] as const;
export type VideoPlatform = (typeof VIDEO_PLATFORMS)[number];

export const INTRO_TYPES = ['custom', 'default'] as const;

/** Where cross-group and within-group pairing take each member's group from: the interest categories, or the HR system. */
export const HRIS_GROUPINGS = ['none', 'department', 'location'] as const;
export type HrisGrouping = (typeof HRIS_GROUPINGS)[number];
/** The pairing types that pair by group, and so can take their groups from the HR system. */
export const GROUP_PAIRING_TYPES: readonly PairingType[] = ['cross_group_pairing', 'within_group_pairing'];

export const MIN_GROUP_SIZE = 2;
export const MAX_GROUP_SIZE = 8;
/** Weeks between rounds; 0 is a single round that does not repeat. */
export const MIN_PERIOD_WEEKS = 0;
export const MAX_PERIOD_WEEKS = 12;
/** The fixed meeting starts at least this long after the intros go out. */
export const FIXED_MEETING_MIN_GAP_MINUTES = 30;

export interface IntrosSettings {
  pairing_type: PairingType;
  group_size: number;
  enforce_group_size: boolean;
  claiming_allowed: boolean;
  period: number;
  /** ISO weekday 1 = Monday .. 7 = Sunday. */
  weekday: number;
  /** 0..23 */
  occurrence_hour: number;
  next_fixed_meeting_on: string | null;
  /** 'HH:MM', 24 h. */
  next_fixed_meeting_time: string | null;
  calendar_scheduling_selection: CalendarSelection;
  video_platform: VideoPlatform;
  intro_message: string;
  default_intro_type: string;
}

// ------------------------------------------------------------------------------------------------
// The single rules

/** §4: changing to lottery or standard turns off enforce_group_size. */
export function withPairingTypeRule<S extends Pick<IntrosSettings, 'pairing_type' | 'enforce_group_size'>>(settings: S): S {
  return settings.pairing_type === 'lottery' || settings.pairing_type === 'standard' ? { ...settings, enforce_group_size: false } : settings;
}

/** §4: a calendar selection other than groups-choose-meeting-time resets a meet_and_teams platform to none. */
export function withCalendarRule<S extends Pick<IntrosSettings, 'calendar_scheduling_selection' | 'video_platform'>>(settings: S): S {
  return settings.calendar_scheduling_selection !== 'groups-choose-meeting-time' && settings.video_platform === 'meet_and_teams'
    ? { ...settings, video_platform: 'none' }
    : settings;
}

/** §9: the paid pairing types need paid access, or claiming_allowed (§5); Intro by interests is free. */
export function needsPaidAccess(pairingType: PairingType, claimingAllowed: boolean, paidFeatureAccess: boolean): boolean {
  return !pairingTypeAllowed(pairingType, claimingAllowed, paidFeatureAccess);
}

/**
 * §5: the fixed meeting date must fall within the period after the next occurrence (on or after the
 * occurrence date, before the next one) and not on a weekend; otherwise it is the day after the next
 * occurrence, with Saturday and Sunday skipped to the next Monday. Period 0: the next occurrence date.
 */
export function fixedMeetingDate(requested: string | null | undefined, nextOccurrenceOn: string, periodWeeks: number): string {
  if (periodWeeks <= 0) return nextOccurrenceOn;
  const start = dayNumber(nextOccurrenceOn);
  if (requested && isDate(requested)) {
    const day = dayNumber(requested);
    if (day >= start && day < start + 7 * periodWeeks && !isWeekend(day)) return requested;
  }
  let fallback = start + 1;
  while (isWeekend(fallback)) fallback++;
  return fromDayNumber(fallback);
}

/** §5, §9: the fixed meeting time is at least 30 minutes after the occurrence hour; null when it is. */
export function fixedMeetingTimeError(time: string | null | undefined, occurrenceHour: number): string | null {
  if (time === null || time === undefined || time === '') return null;
  const minutes = minuteOfTime(time);
  if (minutes === null) return 'must be a time like 10:00';
  const earliest = occurrenceHour * 60 + FIXED_MEETING_MIN_GAP_MINUTES;
  if (minutes < earliest) return `must be at least 30 minutes after the intros go out (${formatMinute(earliest)} or later)`;
  return null;
}

/** A sensible fixed time when none is set: an hour after the intros go out (never past 23:59). */
export function defaultFixedMeetingTime(occurrenceHour: number): string {
  return formatMinute(Math.min(occurrenceHour * 60 + 60, 23 * 60 + 59));
}

// ------------------------------------------------------------------------------------------------
// All of them

export interface RulesContext {
  /** The local date of the next round, or null when none is scheduled (paused). */
  nextOccurrenceOn: string | null;
  paidFeatureAccess: boolean;
}

export interface RulesOutcome {
  settings: IntrosSettings;
  /** Fields the rules changed, with a sentence for a toast. */
  adjusted: Partial<Record<keyof IntrosSettings, string>>;
  /** Fields that cannot be saved (HTTP 400 on the server). */
  errors: Partial<Record<keyof IntrosSettings, string>>;
  /** The pairing type needs the paid plan (HTTP 402 on the server; the upgrade modal on the page). */
  paymentRequired: boolean;
  /** The date (YYYY-MM-DD) a set fixed meeting was moved to, else null: pages show it formatted (meetingMovedText). */
  meetingMovedTo: string | null;
}

/** The note on a moved fixed meeting; `date` as the reader should see it (the API gives YYYY-MM-DD, pages their formatted date). */
export function meetingMovedText(date: string): string {
  return `moved to ${date}: the meeting must fall on a weekday within the round`;
}

/**
 * Applies every rule to the merged settings (stored values overlaid with the change). Bounds that a form
 * control already enforces (group size 2..8, period 0..12, hour 0..23, weekday 1..7) are errors here too.
 */
export function applySettingsRules(input: IntrosSettings, ctx: RulesContext): RulesOutcome {
  const adjusted: RulesOutcome['adjusted'] = {};
  const errors: RulesOutcome['errors'] = {};
  let s: IntrosSettings = { ...input };
  let meetingMovedTo: string | null = null;

  if (!PAIRING_TYPES.includes(s.pairing_type)) errors.pairing_type = `must be one of ${PAIRING_TYPES.join(', ')}`;
  if (!Number.isInteger(s.group_size) || s.group_size < MIN_GROUP_SIZE || s.group_size > MAX_GROUP_SIZE)
    errors.group_size = `must be a whole number from ${MIN_GROUP_SIZE} to ${MAX_GROUP_SIZE}`;
  if (!Number.isInteger(s.period) || s.period < MIN_PERIOD_WEEKS || s.period > MAX_PERIOD_WEEKS)
    errors.period = `must be a whole number of weeks from ${MIN_PERIOD_WEEKS} to ${MAX_PERIOD_WEEKS}`;
  if (!Number.isInteger(s.weekday) || s.weekday < 1 || s.weekday > 7) errors.weekday = 'must be 1 (Monday) to 7 (Sunday)';
  if (!Number.isInteger(s.occurrence_hour) || s.occurrence_hour < 0 || s.occurrence_hour > 23) errors.occurrence_hour = 'must be an hour from 0 to 23';
  if (!CALENDAR_SELECTIONS.includes(s.calendar_scheduling_selection))
    errors.calendar_scheduling_selection = `must be one of ${CALENDAR_SELECTIONS.join(', ')}`;
  if (!VIDEO_PLATFORMS.includes(s.video_platform)) errors.video_platform = `must be one of ${VIDEO_PLATFORMS.join(', ')}`;
  if (s.next_fixed_meeting_on !== null && !isDate(s.next_fixed_meeting_on)) errors.next_fixed_meeting_on = 'must be a date like 2026-03-10';

  const byType = withPairingTypeRule(s);
  if (byType.enforce_group_size !== s.enforce_group_size) adjusted.enforce_group_size = `turned off: ${PAIRING_TYPE_LABELS[s.pairing_type]} intros do not enforce a group size`;
  s = byType;

  const byCalendar = withCalendarRule(s);
  if (byCalendar.video_platform !== s.video_platform) adjusted.video_platform = 'reset to none: Meet and Teams links need groups to choose their meeting time';
  s = byCalendar;

  if (s.calendar_scheduling_selection === 'fixed-meeting' && !errors.occurrence_hour && !errors.period) {
    if (!s.next_fixed_meeting_time) {
      s.next_fixed_meeting_time = defaultFixedMeetingTime(s.occurrence_hour);
    } else {
      const timeError = fixedMeetingTimeError(s.next_fixed_meeting_time, s.occurrence_hour);
      if (timeError) errors.next_fixed_meeting_time = timeError;
      else s.next_fixed_meeting_time = formatMinute(minuteOfTime(s.next_fixed_meeting_time) as number);
    }
    if (ctx.nextOccurrenceOn && !errors.next_fixed_meeting_on) {
      const date = fixedMeetingDate(s.next_fixed_meeting_on, ctx.nextOccurrenceOn, s.period);
      if (date !== s.next_fixed_meeting_on) {
        if (s.next_fixed_meeting_on) {
          adjusted.next_fixed_meeting_on = meetingMovedText(date);
          meetingMovedTo = date;
        }
        s.next_fixed_meeting_on = date;
      }
    }
  }

  return { settings: s, adjusted, errors, paymentRequired: needsPaidAccess(s.pairing_type, s.claiming_allowed, ctx.paidFeatureAccess), meetingMovedTo };
}

// ------------------------------------------------------------------------------------------------
// Calendar helpers (plain dates as day numbers since 1970-01-01; no zones)

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

function dayNumber(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m || !isDate(date)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000);
}

function fromDayNumber(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

/** 1970-01-01 was a Thursday (ISO 4). */
function isoWeekday(n: number): number {
  return ((((n + 3) % 7) + 7) % 7) + 1;
}

function isWeekend(n: number): boolean {
  return isoWeekday(n) >= 6;
}

/** 'H:MM' or 'HH:MM' (optionally ':SS') → minute of day, or null. */
export function minuteOfTime(time: string): number | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

export function formatMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
