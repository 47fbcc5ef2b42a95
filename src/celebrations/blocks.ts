// Block Kit for Celebrations: the channel message, the ask-for-dates DM, the dates modal, the home section and
// the notes to admins. Pure functions within Slack's limits, each with a plain-text fallback.
import type { KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import { compareLocalDate, formatLocalDate, type LocalDate } from '../time/zoned.js';
import { MONTH_NAMES, type Celebration, type MonthDay, type WeekendPolicy } from './dates.js';
import { DEFAULT_TEMPLATES, joinNames, renderTemplate } from './templates.js';
import { formatCalendarDate, formatMonthAndDay } from '../slack/dates.js';
import { escapeMrkdwn, SlackToken } from '../slack/mrkdwn.js';
import type { ScheduleType } from './tables.js';

export const MESSAGE_BLOCK_LIMIT = 50;
export const SECTION_TEXT_LIMIT = 3000;
/** Mentions per section, so a section stays far below 3000 characters whatever the template. */
const NAMES_PER_SECTION = 60;

export const ACTIONS = {
  openDates: 'celebrations_open_dates',
  homeSettings: 'celebrations_home_settings',
} as const;

export const DATES_MODAL = {
  callbackId: 'celebrations_dates',
  blocks: { month: 'bday_month', day: 'bday_day', year: 'bday_year', start: 'start_date' },
  actions: { month: 'month', day: 'day', year: 'year', start: 'date' },
} as const;

const mention = (slackUserId: string) => `<@${slackUserId}>`;
const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, SECTION_TEXT_LIMIT) } });
const context = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });

// ---------------------------------------------------------------------------------------------
// The channel message

/** A picture a post carries: its public address and what it shows. */
export interface PostImage {
  url: string;
  alt: string;
}

export interface CelebrationMessageInput {
  post: LocalDate;
  policy: WeekendPolicy;
  celebrations: readonly Celebration[];
  templates: { birthday: string; anniversary: string };
  /** Each kind's image (null: none); the message carries the one of the first kind it celebrates. */
  images?: Partial<Record<ScheduleType, PostImage | null>>;
}

interface Group {
  occursOn: LocalDate;
  lines: string[];
}

/** "Celebrating early — this is for Saturday, March 7." for dates moved off a weekend. */
export function weekendNote(occursOn: LocalDate, post: LocalDate): string | null {
  const c = compareLocalDate(occursOn, post);
  if (c === 0) return null;
  return c > 0
    ? `:calendar: Celebrating early — this is for ${formatCalendarDate(occursOn)}.`
    : `:calendar: Celebrating a little late — this was on ${formatCalendarDate(occursOn)}.`;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * One message for everything a program celebrates on a day: people sharing a birthday share a line,
 * anniversaries of the same length share one, each custom date has its own. Weekend dates say so.
 */
export function celebrationMessage(input: CelebrationMessageInput): { text: string; blocks: KnownBlock[] } {
  const groups: Group[] = [];
  const byKey = new Map<string, { occursOn: LocalDate; type: 'birthday' | 'anniversary'; years: number | null; ids: string[] }>();
  const order: Array<{ kind: 'group'; key: string } | { kind: 'custom'; c: Celebration }> = [];
  for (const c of input.celebrations) {
    const s = c.schedule;
    if (s.type === 'custom') {
      order.push({ kind: 'custom', c });
      continue;
    }
    if (!s.slackUserId) continue;
    const key = `${s.type}:${formatLocalDate(c.occursOn)}:${c.years ?? ''}`;
    let g = byKey.get(key);
    if (!g) {
      g = { occursOn: c.occursOn, type: s.type, years: c.years, ids: [] };
      byKey.set(key, g);
      order.push({ kind: 'group', key });
    }
    if (!g.ids.includes(s.slackUserId)) g.ids.push(s.slackUserId);
  }
  for (const item of order) {
    if (item.kind === 'group') {
      const g = byKey.get(item.key)!;
      const template = g.type === 'birthday' ? input.templates.birthday : input.templates.anniversary;
      groups.push({
        occursOn: g.occursOn,
        lines: chunks(g.ids, NAMES_PER_SECTION).map((ids) => renderTemplate(template, { name: new SlackToken(joinNames(ids.map(mention))), years: g.type === 'birthday' ? null : g.years })),
      });
    } else {
      const s = item.c.schedule;
      // Titles and messages are an editor's text: escaped (src/slack/mrkdwn.ts), so they cannot mention @channel or hide a link.
      const name = s.slackUserId ? new SlackToken(mention(s.slackUserId)) : (s.title ?? '');
      const body = renderTemplate(s.message?.trim() || DEFAULT_TEMPLATES.custom, { name, years: item.c.years });
      groups.push({ occursOn: item.c.occursOn, lines: [s.slackUserId && s.title ? `*${escapeMrkdwn(s.title)}*\n${body}` : body] });
    }
  }

  const blocks: KnownBlock[] = [];
  const texts: string[] = [];
  for (const g of groups) {
    const note = weekendNote(g.occursOn, input.post);
    for (const line of g.lines) {
      blocks.push(section(line));
      texts.push(note ? `${line} (${note.replace(/^:calendar: /, '')})` : line);
    }
    if (note) blocks.push(context(note));
  }
  const first = input.celebrations.find((c) => c.schedule.type === 'custom' || c.schedule.slackUserId);
  const image = first ? input.images?.[first.schedule.type] : null;
  const room = MESSAGE_BLOCK_LIMIT - (image ? 1 : 0);
  const kept = blocks.length > room ? [...blocks.slice(0, room - 1), context(':tada: …and more celebrations today!')] : blocks;
  if (image) kept.push({ type: 'image', image_url: image.url, alt_text: image.alt });
  return { text: texts.join('\n'), blocks: kept };
}

// ---------------------------------------------------------------------------------------------
// Asking for dates

export function askForDatesMessage(input: { channelName: string; requesterName: string | null; programId: number }): { text: string; blocks: KnownBlock[] } {
  const who = input.requesterName ? `${input.requesterName} would love` : 'Your team would love';
  const text = `Hi there :wave: ${who} to celebrate you in #${input.channelName}! Add your birthday and the day you started, so the team can celebrate with you.`;
  return {
    text,
    blocks: [
      section(text),
      context(':lock: Your birth year is optional and never shown — Hearth never mentions anyone\'s age.'),
      {
        type: 'actions',
        block_id: 'celebrations_ask',
        elements: [{ type: 'button', action_id: ACTIONS.openDates, style: 'primary', text: { type: 'plain_text', text: 'Add my dates' }, value: `program:${input.programId}` }],
      },
    ],
  };
}

/** What the ask-for-dates DM becomes once the member saved their dates. */
export function datesSavedMessage(input: { birthday: MonthDay | null; startDate: LocalDate | null }): { text: string; blocks: KnownBlock[] } {
  const parts = [
    input.birthday ? `birthday *${formatMonthAndDay(input.birthday)}*` : null,
    input.startDate ? `work anniversary *${formatMonthAndDay(input.startDate)}*` : null,
  ].filter(Boolean);
  const text = parts.length
    ? `:white_check_mark: Thanks! Your dates are saved: ${parts.join(', ')}. Change them any time with \`/hearth birthday\`.`
    : ':white_check_mark: Thanks! No dates saved — add them any time with `/hearth birthday`.';
  return { text: text.replace(/\*/g, ''), blocks: [section(text)] };
}

// ---------------------------------------------------------------------------------------------
// The dates modal

export interface DatesModalInput {
  birthday: MonthDay | null;
  /** A birth year is on file (it is never shown, not even here). */
  hasBirthYear: boolean;
  startDate: LocalDate | null;
  privateMetadata: string;
  /** Channels that celebrate this member, for the context line. */
  channels: readonly string[];
}

const option = (text: string, value: string): PlainTextOption => ({ text: { type: 'plain_text', text }, value });

export function datesModal(input: DatesModalInput): ModalView {
  const months = MONTH_NAMES.map((m, i) => option(m, String(i + 1)));
  const days = Array.from({ length: 31 }, (_, i) => option(String(i + 1), String(i + 1)));
  const b = DATES_MODAL.blocks;
  const a = DATES_MODAL.actions;
  const where = input.channels.length ? `Your team celebrates them in ${input.channels.map((c) => `#${c}`).join(', ')}.` : 'Your team celebrates them in Slack.';
  return {
    type: 'modal',
    callback_id: DATES_MODAL.callbackId,
    private_metadata: input.privateMetadata,
    title: { type: 'plain_text', text: 'Your dates' },
    submit: { type: 'plain_text', text: 'Save' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      section(`:birthday: Add your birthday and work start date so your team can celebrate with you. ${where}`),
      {
        type: 'input',
        block_id: b.month,
        optional: true,
        label: { type: 'plain_text', text: 'Birthday month' },
        element: {
          type: 'static_select',
          action_id: a.month,
          placeholder: { type: 'plain_text', text: 'Month' },
          options: months,
          ...(input.birthday ? { initial_option: months[input.birthday.month - 1]! } : {}),
        },
      },
      {
        type: 'input',
        block_id: b.day,
        optional: true,
        label: { type: 'plain_text', text: 'Birthday day' },
        element: {
          type: 'static_select',
          action_id: a.day,
          placeholder: { type: 'plain_text', text: 'Day' },
          options: days,
          ...(input.birthday ? { initial_option: days[input.birthday.day - 1]! } : {}),
        },
      },
      {
        type: 'input',
        block_id: b.year,
        optional: true,
        label: { type: 'plain_text', text: 'Birth year' },
        hint: {
          type: 'plain_text',
          text: input.hasBirthYear
            ? 'A year is on file. It is private: never shown, and no one\'s age is ever mentioned. Leave empty to keep it.'
            : 'Private: never shown, and no one\'s age is ever mentioned.',
        },
        element: { type: 'plain_text_input', action_id: a.year, max_length: 4, placeholder: { type: 'plain_text', text: 'YYYY' } },
      },
      {
        type: 'input',
        block_id: b.start,
        optional: true,
        label: { type: 'plain_text', text: 'Work start date' },
        hint: { type: 'plain_text', text: 'The day you joined: we celebrate your work anniversaries.' },
        element: {
          type: 'datepicker',
          action_id: a.start,
          placeholder: { type: 'plain_text', text: 'Pick a date' },
          ...(input.startDate ? { initial_date: formatLocalDate(input.startDate) } : {}),
        },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// The home tab

export function homeSection(input: { birthday: MonthDay | null; startDate: LocalDate | null; channels: readonly string[] }): KnownBlock[] {
  const lines = ['*:birthday: Celebrations*'];
  if (input.birthday || input.startDate) {
    lines.push(`Your birthday: ${input.birthday ? `*${formatMonthAndDay(input.birthday)}*` : '_not added yet_'}`);
    lines.push(`Your work anniversary: ${input.startDate ? `*${formatMonthAndDay(input.startDate)}* (you started in ${input.startDate.year})` : '_not added yet_'}`);
  } else lines.push('Add your birthday and start date so your team can celebrate with you.');
  return [
    {
      type: 'section',
      text: { type: 'mrkdwn', text: lines.join('\n') },
      accessory: {
        type: 'button',
        action_id: ACTIONS.openDates,
        text: { type: 'plain_text', text: input.birthday || input.startDate ? 'Edit my dates' : 'Add my dates' },
        value: 'home',
      },
    },
    context(
      `${input.channels.length ? `Celebrated in ${input.channels.map((c) => `#${c}`).join(', ')}. ` : ''}Your birth year is never shown. Type \`/hearth birthday\` any time.`,
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Notes to the program's owner

export function nothingToCelebrateNote(input: {
  channelName: string;
  reason: 'none_today' | 'already_posted' | 'weekend' | 'in_progress';
  next: { what: string; on: LocalDate } | null;
}): { text: string; blocks: KnownBlock[] } {
  const first = {
    none_today: `Nothing to celebrate in #${input.channelName} today, so I didn't post anything.`,
    already_posted: `Today's celebrations in #${input.channelName} were already posted, so there's nothing new to send.`,
    weekend: `Nothing to post in #${input.channelName} today: weekend dates are celebrated on a weekday, as the program's weekend setting says.`,
    in_progress: `Today's celebrations in #${input.channelName} are being posted right now.`,
  }[input.reason];
  const next = input.next ? ` Next up: ${input.next.what} on ${formatCalendarDate(input.next.on)}.` : '';
  const text = `:sparkles: ${first}${next}`;
  return { text, blocks: [section(text)] };
}
