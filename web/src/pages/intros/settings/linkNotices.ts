import type { CurrentUser } from '../../../api/types';
import { CALENDAR_NOT_LINKED_TEXT, HRIS_NOT_LINKED_TEXT, VIDEO_NOT_LINKED_TEXT } from '../../integrations/integrationsApi';
import type { CalendarSelection, HrisGrouping, VideoPlatform } from '../settingsRules';

type Flags = Pick<CurrentUser, 'has_valid_google_identity' | 'has_valid_microsoft_identity' | 'has_valid_zoom_identity'>;

const hasCalendar = (u: Flags) => u.has_valid_google_identity || u.has_valid_microsoft_identity;

/** programs.md §8: a calendar choice that needs the member's calendar, when it is not linked: the calendar wording. */
export function calendarNotLinked(selection: CalendarSelection, user: Flags | undefined): string | null {
  if (!user || selection === 'none') return null;
  return hasCalendar(user) ? null : CALENDAR_NOT_LINKED_TEXT;
}

/** Grouping by the HR system's department or location, when no HR system is linked. */
export function hrisNotLinked(grouping: HrisGrouping, hrisLinked: boolean): string | null {
  return grouping !== 'none' && !hrisLinked ? HRIS_NOT_LINKED_TEXT : null;
}

/** programs.md §8: a video platform whose account is not linked: the video wording. */
export function videoNotLinked(platform: VideoPlatform, user: Flags | undefined): string | null {
  if (!user) return null;
  const linked: Record<VideoPlatform, boolean> = {
    none: true,
    zoom: user.has_valid_zoom_identity,
    google_meet: user.has_valid_google_identity,
    microsoft_teams: user.has_valid_microsoft_identity,
    meet_and_teams: hasCalendar(user),
  };
  return linked[platform] ? null : VIDEO_NOT_LINKED_TEXT;
}
