import { describe, expect, it } from 'vitest';
import {
  applySettingsRules,
  fixedMeetingDate,
  fixedMeetingTimeError,
  needsPaidAccess,
  meetingMovedText,
  withCalendarRule,
  withPairingTypeRule,
  type IntrosSettings,
} from '../../../src/intros/settings-rules.js';

const base: IntrosSettings = {
  pairing_type: 'standard',
  group_size: 2,
  enforce_group_size: false,
  claiming_allowed: false,
  period: 2,
  weekday: 1,
  occurrence_hour: 9,
  next_fixed_meeting_on: null,
  next_fixed_meeting_time: null,
  calendar_scheduling_selection: 'none',
  video_platform: 'none',
  intro_message: '',
  default_intro_type: 'custom',
};

describe('Intros settings rules', () => {
  it('lottery or standard turns enforce_group_size off; other types keep it', () => {
    expect(withPairingTypeRule({ pairing_type: 'lottery', enforce_group_size: true }).enforce_group_size).toBe(false);
    expect(withPairingTypeRule({ pairing_type: 'standard', enforce_group_size: true }).enforce_group_size).toBe(false);
    expect(withPairingTypeRule({ pairing_type: 'cross_group_pairing', enforce_group_size: true }).enforce_group_size).toBe(true);
  });

  it('meet_and_teams only with groups-choose-meeting-time', () => {
    expect(withCalendarRule({ calendar_scheduling_selection: 'fixed-meeting', video_platform: 'meet_and_teams' }).video_platform).toBe('none');
    expect(withCalendarRule({ calendar_scheduling_selection: 'none', video_platform: 'meet_and_teams' }).video_platform).toBe('none');
    expect(withCalendarRule({ calendar_scheduling_selection: 'groups-choose-meeting-time', video_platform: 'meet_and_teams' }).video_platform).toBe('meet_and_teams');
    expect(withCalendarRule({ calendar_scheduling_selection: 'fixed-meeting', video_platform: 'zoom' }).video_platform).toBe('zoom');
  });

  it('paid pairing types need paid access or claiming_allowed; Intro by interests is free (programs.md §9)', () => {
    for (const type of ['cross_group_pairing', 'within_group_pairing', 'lottery'] as const) {
      expect(needsPaidAccess(type, false, false)).toBe(true);
      expect(needsPaidAccess(type, true, false)).toBe(false);
      expect(needsPaidAccess(type, false, true)).toBe(false);
    }
    expect(needsPaidAccess('standard', false, false)).toBe(false);
    expect(needsPaidAccess('topic_based', false, false)).toBe(false);
  });

  it('fixed meeting date: within the period after the next occurrence, else the day after (Saturday and Sunday skip to Monday)', () => {
    // Monday 2026-03-02, two weeks: 03-02 .. 03-13 (weekdays).
    expect(fixedMeetingDate('2026-03-02', '2026-03-02', 2)).toBe('2026-03-02');
    expect(fixedMeetingDate('2026-03-13', '2026-03-02', 2)).toBe('2026-03-13');
    expect(fixedMeetingDate('2026-03-16', '2026-03-02', 2)).toBe('2026-03-03');
    expect(fixedMeetingDate('2026-03-01', '2026-03-02', 2)).toBe('2026-03-03');
    expect(fixedMeetingDate('2026-03-07', '2026-03-02', 2)).toBe('2026-03-03'); // a Saturday
    expect(fixedMeetingDate(null, '2026-03-02', 2)).toBe('2026-03-03');
    expect(fixedMeetingDate(null, '2026-03-06', 1)).toBe('2026-03-09'); // Friday → Saturday → Monday
    expect(fixedMeetingDate(null, '2026-03-07', 1)).toBe('2026-03-09'); // Saturday → Sunday → Monday
    expect(fixedMeetingDate('2026-03-20', '2026-03-02', 0)).toBe('2026-03-02'); // period 0: the occurrence date
    expect(fixedMeetingDate('2026-02-30', '2026-03-02', 2)).toBe('2026-03-03');
    expect(fixedMeetingDate(null, '2026-12-31', 1)).toBe('2027-01-01');
  });

  it('fixed meeting time: at least 30 minutes after the occurrence hour', () => {
    expect(fixedMeetingTimeError('09:29', 9)).toMatch(/09:30 or later/);
    expect(fixedMeetingTimeError('09:30', 9)).toBeNull();
    expect(fixedMeetingTimeError('08:00', 9)).not.toBeNull();
    expect(fixedMeetingTimeError('25:00', 9)).toMatch(/like 10:00/);
    expect(fixedMeetingTimeError(null, 9)).toBeNull();
  });

  it('applySettingsRules combines them and reports what it changed', () => {
    const out = applySettingsRules(
      { ...base, pairing_type: 'lottery', enforce_group_size: true, calendar_scheduling_selection: 'fixed-meeting', video_platform: 'meet_and_teams', next_fixed_meeting_on: '2026-04-01' },
      { nextOccurrenceOn: '2026-03-02', paidFeatureAccess: false },
    );
    expect(out.settings).toMatchObject({ enforce_group_size: false, video_platform: 'none', next_fixed_meeting_on: '2026-03-03', next_fixed_meeting_time: '10:00' });
    expect(Object.keys(out.adjusted).sort()).toEqual(['enforce_group_size', 'next_fixed_meeting_on', 'video_platform']);
    // The moved date is a field of its own, so a page can show it formatted rather than as YYYY-MM-DD.
    expect(out.meetingMovedTo).toBe('2026-03-03');
    expect(out.adjusted.next_fixed_meeting_on).toBe(meetingMovedText('2026-03-03'));
    expect(meetingMovedText('Tuesday, March 3')).toBe('moved to Tuesday, March 3: the meeting must fall on a weekday within the round');
    expect(out.paymentRequired).toBe(true);
    expect(out.errors).toEqual({});

    const bad = applySettingsRules({ ...base, group_size: 9, period: 13, calendar_scheduling_selection: 'fixed-meeting', next_fixed_meeting_time: '09:00' }, { nextOccurrenceOn: '2026-03-02', paidFeatureAccess: true });
    expect(Object.keys(bad.errors).sort()).toEqual(['group_size', 'period']);
    const early = applySettingsRules({ ...base, calendar_scheduling_selection: 'fixed-meeting', next_fixed_meeting_time: '09:00' }, { nextOccurrenceOn: '2026-03-02', paidFeatureAccess: true });
    expect(early.errors.next_fixed_meeting_time).toMatch(/at least 30 minutes/);
    // Not a fixed meeting: the fixed time is not checked.
    expect(applySettingsRules({ ...base, next_fixed_meeting_time: '09:00' }, { nextOccurrenceOn: null, paidFeatureAccess: false }).errors).toEqual({});
    // A date the rules set where none was (no note) is not a move.
    expect(applySettingsRules({ ...base, calendar_scheduling_selection: 'fixed-meeting' }, { nextOccurrenceOn: '2026-03-02', paidFeatureAccess: true }).meetingMovedTo).toBeNull();
  });
});
