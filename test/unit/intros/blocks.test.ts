import { describe, expect, it } from 'vitest';
import {
  answeredMessage,
  categoriesModal,
  checkinMessage,
  ghostAskMessage,
  homeSection,
  introMessage,
  SECTION_TEXT_LIMIT,
  statusReply,
  type MemberProgramStatus,
} from '../../../src/intros/blocks.js';
import { ICEBREAKER_LIBRARY, ICEBREAKER_THEMES } from '../../../src/intros/icebreakers-library.js';

const textsOf = (blocks: unknown[]): string[] => JSON.stringify(blocks).match(/"text":"(?:[^"\\]|\\.)*"/g) ?? [];
const sectionTexts = (blocks: Array<Record<string, unknown>>) =>
  blocks.filter((b) => b.type === 'section').map((b) => (b.text as { text: string }).text);

const people = Array.from({ length: 8 }, (_, i) => ({ slackUserId: `U${i}`, name: `Person <${i}> & co`, title: 'Engineer', tz: 'Europe/Prague' }));

describe('Intros blocks', () => {
  it('the intro names everyone, says why, and stays within limits with long admin text', () => {
    const m = introMessage({
      meetingId: 7,
      channelName: 'intros',
      people,
      reason: 'First time meeting for everyone',
      introMessage: 'x'.repeat(10_000),
      icebreaker: 'What is your favourite tree?',
      fixedMeeting: 'Tuesday 3 March at 10:00 (Europe/Prague)',
      calendarSelection: 'fixed-meeting',
      videoPlatform: 'zoom',
      checkinOn: 'Monday 9 March',
      welcome: 'Welcome!',
    });
    expect(m.blocks.length).toBeLessThanOrEqual(50);
    for (const text of sectionTexts(m.blocks as never)) expect([...text].length).toBeLessThanOrEqual(SECTION_TEXT_LIMIT);
    expect(m.text).toContain('Group chat');
    expect(m.text).toContain('First time meeting for everyone');
    const json = JSON.stringify(m.blocks);
    for (const p of people) expect(json).toContain(`<@${p.slackUserId}>`);
    expect(json).toContain('Person &lt;0&gt; &amp; co'); // names cannot form mentions or links
    expect(json).toContain('Tuesday 3 March at 10:00 (Europe/Prague) on Zoom');
    expect(json).toContain('"action_id":"intros_met","text":{"type":"plain_text","text":"We met ✅","emoji":true},"value":"7"');
  });

  it('scheduling hints follow the calendar selection', () => {
    const base = { meetingId: 1, channelName: 'c', people: people.slice(0, 2), reason: 'r', introMessage: '', icebreaker: null, fixedMeeting: null, checkinOn: null } as const;
    expect(JSON.stringify(introMessage({ ...base, calendarSelection: 'groups-choose-meeting-time', videoPlatform: 'meet_and_teams' }).blocks)).toContain('Google Meet or Microsoft Teams');
    expect(JSON.stringify(introMessage({ ...base, calendarSelection: 'none', videoPlatform: 'none' }).blocks)).toContain('both of you');
  });

  it('check-in and reminder ask with the right buttons; an answer removes them', () => {
    const c = checkinMessage({ meetingId: 3, channelName: 'intros', people: people.slice(0, 2), stage: 'checkin', endsOn: 'Monday 16 March' });
    expect(JSON.stringify(c.blocks).match(/"action_id":"(\w+)"/g)).toEqual(['"action_id":"intros_met"', '"action_id":"intros_not_yet"', '"action_id":"intros_skipped"']);
    const r = checkinMessage({ meetingId: 3, channelName: 'intros', people: people.slice(0, 2), stage: 'reminder', endsOn: 'Monday 16 March' });
    expect(r.text).toContain('Monday 16 March');
    expect(JSON.stringify(r.blocks)).not.toContain('intros_not_yet');
    const answered = answeredMessage({ original: c, state: 'met', bySlackUserId: 'U1' });
    expect(answered.blocks.some((b) => b.type === 'actions')).toBe(false);
    expect(JSON.stringify(answered.blocks)).toContain('answered by <@U1>');
  });

  it('home section, status reply, ghost question and the interests modal stay within limits', () => {
    const programs: MemberProgramStatus[] = Array.from({ length: 20 }, (_, i) => ({
      programId: i,
      channelName: `intros-${i}`,
      status: (['active', 'snoozed', 'opted_out', 'ghost'] as const)[i % 4]!,
      snoozedUntil: '2026-03-30',
      nextRoundOn: '2026-03-09',
      hasCategories: true,
      currentGroup: { with: ['U1', 'U2'], state: 'pending', date: '2026-03-02' },
    }));
    const home = homeSection({ programs, globalSnoozeUntil: '2026-03-20' });
    expect(home.length).toBeLessThanOrEqual(40);
    expect(JSON.stringify(home)).toContain('intros_opt_in');
    expect(homeSection({ programs: [], globalSnoozeUntil: null })).toEqual([]);
    expect(statusReply({ programs, globalSnoozeUntil: null }).blocks.length).toBeLessThanOrEqual(50);
    expect(ghostAskMessage({ programId: 4, channelName: 'intros' }).text).toContain('last 3 intros');
    const modal = categoriesModal({ programId: 1, channelName: 'intros', categories: Array.from({ length: 15 }, (_, i) => ({ id: i + 1, name: `Topic ${i}` })), selected: [2] });
    expect(modal.blocks.length).toBeLessThanOrEqual(100);
    expect(modal.title.text.length).toBeLessThanOrEqual(24);
    expect(JSON.stringify(modal)).toContain('"initial_options":[{"text":{"type":"plain_text","text":"Topic 1","emoji":true},"value":"2"}]');
    for (const t of textsOf(home)) expect(t.length).toBeLessThan(SECTION_TEXT_LIMIT + 20);
  });

  it('ships at least 40 icebreakers over several themes with unique keys', () => {
    expect(ICEBREAKER_LIBRARY.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ICEBREAKER_LIBRARY.map((i) => i.library_key)).size).toBe(ICEBREAKER_LIBRARY.length);
    expect(new Set(ICEBREAKER_LIBRARY.map((i) => i.theme))).toEqual(new Set(ICEBREAKER_THEMES.map((t) => t.key)));
  });
});
