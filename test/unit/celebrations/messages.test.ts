import type { KnownBlock, SectionBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { askForDatesMessage, celebrationMessage, DATES_MODAL, datesModal, homeSection, MESSAGE_BLOCK_LIMIT, nothingToCelebrateNote } from '../../../src/celebrations/blocks.js';
import { celebrationsOn, type ScheduleInput } from '../../../src/celebrations/dates.js';
import { readDatesSubmission } from '../../../src/celebrations/submission.js';
import type { ViewStateValues } from '../../../src/slack/view-values.js';
import { DEFAULT_TEMPLATES, renderTemplate, templateProblem } from '../../../src/celebrations/templates.js';
import { SlackToken } from '../../../src/slack/mrkdwn.js';
import { parseLocalDate } from '../../../src/time/zoned.js';

const d = parseLocalDate;
let id = 1;
const bday = (user: string, md: string, year: number | null = null): ScheduleInput => {
  const [month, day] = md.split('-').map(Number);
  return { id: id++, type: 'birthday', memberId: id, slackUserId: user, month: month!, day: day!, year, title: null, message: null };
};
const anniv = (user: string, ymd: string): ScheduleInput => {
  const [year, month, day] = ymd.split('-').map(Number);
  return { id: id++, type: 'anniversary', memberId: id, slackUserId: user, month: month!, day: day!, year: year!, title: null, message: null };
};
const rules = { teamId: 'T1', policy: 'friday_before' as const, leap: 'feb28' as const, enabled: { birthday: true, anniversary: true, custom: true }, eligible: () => true };
const texts = (blocks: KnownBlock[]) => blocks.map((b) => (b.type === 'section' ? (b as SectionBlock).text!.text : b.type === 'context' ? (b.elements[0] as { text: string }).text : b.type));

describe('templates', () => {
  it('defaults fill {name} and {years}, and no birthday ever mentions an age', () => {
    expect(renderTemplate(DEFAULT_TEMPLATES.anniversary, { name: new SlackToken('<@U1>'), years: 1 })).toBe('Happy work anniversary, <@U1>! :tada: 1 year with the team — thank you for all you do.');
    expect(renderTemplate(DEFAULT_TEMPLATES.anniversary, { name: new SlackToken('<@U1>'), years: 5 })).toContain('5 years with the team');
    expect(templateProblem('Happy {years}th birthday {name}', 'birthday')).toBe('Birthday messages never mention age: remove {years}');
    expect(templateProblem('Hi {nom}', 'anniversary')).toBe('Unknown variable {nom}: use {name} or {years}');
    expect(templateProblem('Happy birthday!', 'birthday')).toBe('Include {name} so everyone knows who is celebrated');
    expect(templateProblem('   ', 'birthday')).toBe('Write a message');
    for (const type of ['birthday', 'anniversary', 'custom'] as const) expect(templateProblem(DEFAULT_TEMPLATES[type], type)).toBeNull();
  });
});

describe('the celebration message', () => {
  const templates = { birthday: DEFAULT_TEMPLATES.birthday, anniversary: DEFAULT_TEMPLATES.anniversary };

  it('puts several people of one day in one line, and says when a weekend date is celebrated early', () => {
    // Friday 6 March 2026: two birthdays today, one on Saturday, an 8-year anniversary on Sunday.
    const people = [bday('UA', '03-06', 1990), bday('UB', '03-06'), bday('UC', '03-07'), anniv('UD', '2018-03-08')];
    const msg = celebrationMessage({ post: d('2026-03-06'), policy: 'friday_before', celebrations: celebrationsOn(people, d('2026-03-06'), rules), templates });
    expect(texts(msg.blocks)).toEqual([
      'Happy birthday, <@UA> and <@UB>! :birthday: Wishing you a wonderful year ahead.',
      'Happy birthday, <@UC>! :birthday: Wishing you a wonderful year ahead.',
      ':calendar: Celebrating early — this is for Saturday, March 7.',
      'Happy work anniversary, <@UD>! :tada: 8 years with the team — thank you for all you do.',
      ':calendar: Celebrating early — this is for Sunday, March 8.',
    ]);
    expect(msg.text).toContain('Happy birthday, <@UA> and <@UB>!');
    expect(msg.text).toContain('(Celebrating early — this is for Saturday, March 7.)');
    expect(msg.text).not.toMatch(/1990|36/);
  });

  it('says "a little late" under the Monday-after policy', () => {
    const c = celebrationsOn([bday('UA', '03-08')], d('2026-03-09'), { ...rules, policy: 'monday_after' });
    const msg = celebrationMessage({ post: d('2026-03-09'), policy: 'monday_after', celebrations: c, templates });
    expect(texts(msg.blocks)[1]).toBe(':calendar: Celebrating a little late — this was on Sunday, March 8.');
  });

  it('stays within 50 blocks and 3000 characters a section, however many people', () => {
    const many = Array.from({ length: 300 }, (_, i) => anniv(`U${String(i).padStart(8, '0')}`, `${1990 + (i % 35)}-03-06`));
    const msg = celebrationMessage({ post: d('2026-03-06'), policy: 'friday_before', celebrations: celebrationsOn(many, d('2026-03-06'), rules), templates });
    expect(msg.blocks.length).toBeLessThanOrEqual(MESSAGE_BLOCK_LIMIT);
    for (const b of msg.blocks) if (b.type === 'section') expect((b as SectionBlock).text!.text.length).toBeLessThanOrEqual(3000);
    const crowd = Array.from({ length: 400 }, (_, i) => bday(`U${String(i).padStart(8, '0')}`, '03-06'));
    const big = celebrationMessage({ post: d('2026-03-06'), policy: 'friday_before', celebrations: celebrationsOn(crowd, d('2026-03-06'), rules), templates });
    expect(big.blocks.length).toBe(7);
    expect(big.text.match(/<@U/g)).toHaveLength(400);
  });

  it('custom dates use their own message and title', () => {
    const founders: ScheduleInput = { id: 99, type: 'custom', memberId: null, slackUserId: null, month: 3, day: 6, year: 2016, title: 'Acme founders day', message: 'Happy {name}! {years} of Acme :rocket:' };
    const msg = celebrationMessage({ post: d('2026-03-06'), policy: 'friday_before', celebrations: celebrationsOn([founders], d('2026-03-06'), rules), templates });
    expect(texts(msg.blocks)).toEqual(['Happy Acme founders day! 10 years of Acme :rocket:']);
  });

  it("escapes an editor's title and message, so they cannot broadcast, mention or hide a link", () => {
    const sneaky: ScheduleInput = { id: 98, type: 'custom', memberId: null, slackUserId: null, month: 3, day: 6, year: null, title: 'Launch <!channel>', message: 'Party for {name} at <https://evil.example|our wiki> & <@U0BOSS>' };
    const person: ScheduleInput = { id: 97, type: 'custom', memberId: 5, slackUserId: 'UP', month: 3, day: 6, year: null, title: '<!here> *Team* day', message: 'Cheers {name}' };
    const msg = celebrationMessage({ post: d('2026-03-06'), policy: 'friday_before', celebrations: celebrationsOn([sneaky, person], d('2026-03-06'), rules), templates: { ...templates, birthday: '<!everyone> {name}' } });
    expect(texts(msg.blocks).sort()).toEqual(['*&lt;!here&gt; *Team* day*\nCheers <@UP>', 'Party for Launch &lt;!channel&gt; at &lt;https://evil.example|our wiki&gt; &amp; &lt;@U0BOSS&gt;']);
    expect(msg.text).not.toMatch(/<!|<https|<@U0BOSS/);
    const bdayMsg = celebrationMessage({ post: d('2026-03-06'), policy: 'friday_before', celebrations: celebrationsOn([bday('UA', '03-06')], d('2026-03-06'), rules), templates: { ...templates, birthday: '<!everyone> happy birthday {name}' } });
    expect(texts(bdayMsg.blocks)).toEqual(['&lt;!everyone&gt; happy birthday <@UA>']);
  });
});

describe('Slack surfaces', () => {
  it('the ask-for-dates DM has a button that opens the modal, and promises privacy', () => {
    const m = askForDatesMessage({ channelName: 'celebrations', requesterName: 'Alex Rivera', programId: 7 });
    expect(m.text).toContain('Alex Rivera would love to celebrate you in #celebrations');
    expect(JSON.stringify(m.blocks)).toContain('"action_id":"celebrations_open_dates"');
    expect(JSON.stringify(m.blocks)).toContain('"value":"program:7"');
    expect(JSON.stringify(m.blocks)).toContain('never shown');
  });

  it('the modal never shows a birth year, even when one is on file', () => {
    const view = datesModal({ birthday: { month: 6, day: 18 }, hasBirthYear: true, startDate: { year: 2018, month: 9, day: 10 }, privateMetadata: '{}', channels: ['celebrations'] });
    const json = JSON.stringify(view);
    // The form gets only "a year is on file", never the year: the year input starts empty.
    expect(json).not.toContain('initial_value');
    expect(json).toContain('"initial_date":"2018-09-10"');
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    expect(JSON.stringify(homeSection({ birthday: { month: 6, day: 18 }, startDate: null, channels: ['celebrations'] }))).toContain('June 18');
  });

  it('the note to the owner names the next celebration', () => {
    const note = nothingToCelebrateNote({ channelName: 'celebrations', reason: 'none_today', next: { what: "Tereza's birthday", on: d('2027-02-26') } });
    expect(note.text).toBe(":sparkles: Nothing to celebrate in #celebrations today, so I didn't post anything. Next up: Tereza's birthday on Friday, February 26.");
  });
});

describe('the modal submission', () => {
  const today = d('2026-03-02');
  const B = DATES_MODAL.blocks;
  const A = DATES_MODAL.actions;
  const values = (v: { month?: string; day?: string; year?: string; start?: string }): ViewStateValues => ({
    [B.month]: { [A.month]: { selected_option: v.month ? { value: v.month } : null } },
    [B.day]: { [A.day]: { selected_option: v.day ? { value: v.day } : null } },
    [B.year]: { [A.year]: { value: v.year ?? null } },
    [B.start]: { [A.start]: { selected_date: v.start ?? null } },
  });

  it('accepts a birthday without a year, and a start date', () => {
    expect(readDatesSubmission(values({ month: '6', day: '18', start: '2018-09-10' }), today)).toEqual({
      ok: true,
      value: { birthday: { month: 6, day: 18, year: null, keepYear: true }, startDate: { year: 2018, month: 9, day: 10 } },
    });
    expect(readDatesSubmission(values({}), today)).toEqual({ ok: true, value: { birthday: null, startDate: null } });
  });

  it('gives each wrong field its own error', () => {
    expect(readDatesSubmission(values({ month: '2', day: '30' }), today)).toEqual({ ok: false, errors: { [B.day]: 'February has only 29 days' } });
    expect(readDatesSubmission(values({ month: '2', day: '29', year: '1997' }), today)).toEqual({ ok: false, errors: { [B.day]: 'February 1997 has only 28 days' } });
    // issue 14: 1994 was not a leap year, so February 1994 had 28 days (not "only 29")
    expect(readDatesSubmission(values({ month: '2', day: '30', year: '1994' }), today)).toEqual({ ok: false, errors: { [B.day]: 'February 1994 has only 28 days' } });
    expect(readDatesSubmission(values({ month: '2', day: '30', year: '1996' }), today)).toEqual({ ok: false, errors: { [B.day]: 'February 1996 has only 29 days' } });
    expect(readDatesSubmission(values({ month: '4' }), today)).toEqual({ ok: false, errors: { [B.day]: 'Choose the day of your birthday too' } });
    expect(readDatesSubmission(values({ month: '4', day: '1', year: '90', start: '2029-01-01' }), today)).toEqual({
      ok: false,
      errors: { [B.year]: 'Enter a four-digit year like 1990, or leave it empty', [B.start]: "That's more than a year away — check the year?" },
    });
    expect(readDatesSubmission(values({ month: '4', day: '1', year: '2027' }), today)).toEqual({ ok: false, errors: { [B.year]: 'Enter a year between 1900 and 2026, or leave it empty' } });
  });
});
