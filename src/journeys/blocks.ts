// Block Kit for Journeys: every session event's Slack message (message, task, poll, intro, channel and cohort
// posts), task reminders, the answered/done states, the send_test preview and the participant's Home tab section.
// Pure functions used both for sending and for previews, so a preview is exactly what is sent.
import type { KnownBlock } from '@slack/types';
import type { EventKind } from './api-types.js';
import { formatCalendarDate, slackCalendarDate, slackDate } from '../slack/dates.js';
import { authoredMrkdwn, authoredText, escapeMrkdwn, SlackToken, type MrkdwnValue } from '../slack/mrkdwn.js';
import { parseLocalDate, zonedToInstant } from '../time/zoned.js';
import type { JourneyEvent } from './tables.js';

export const SECTION_TEXT_LIMIT = 3000;

export const ACTIONS = {
  taskDone: 'journeys_task_done',
  /** One per option: journeys_poll_answer_0 … journeys_poll_answer_9; the value is "{pollResponseId}:{index}". */
  pollAnswerPrefix: 'journeys_poll_answer_',
} as const;
export const POLL_ACTION_RE = /^journeys_poll_answer_\d$/;

const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, SECTION_TEXT_LIMIT) || ' ' } });
const context = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });

/** What the placeholders of a journey message stand for when it is sent to one session. */
export interface TextVars {
  first_name: string;
  name: string;
  /** The session's start date, 'YYYY-MM-DD', and the zone whose day it is (the participant's). */
  start_date: string;
  tz: string;
  journey: string;
  /** Role purposes and role names (lower case) → mentions of the role's members, or the role's name when unfilled. */
  roles: Record<string, MrkdwnValue>;
}

/** "Monday, March 2" for a 'YYYY-MM-DD'. */
export function formatLongDate(isoDate: string): string {
  return formatCalendarDate(parseLocalDate(isoDate));
}

function placeholders(vars: TextVars, startDate: MrkdwnValue): Record<string, MrkdwnValue> {
  return { ...vars.roles, first_name: vars.first_name, name: vars.name, start_date: startDate, journey: vars.journey };
}

/**
 * An admin's text for the pages: {first_name}, {name}, {start_date}, {journey} and role placeholders ({manager},
 * {buddy}, …) filled (role members as `<@U…>`, for the page to show as names); unknown ones stay.
 */
export function fillText(text: string, vars: TextVars): string {
  return authoredText(text, placeholders(vars, formatLongDate(vars.start_date)));
}

/**
 * An admin's text as the Slack mrkdwn that is sent: the same placeholders (names escaped, role members as mentions,
 * the start date as a date token), mentions and links in Hearth's syntax (src/slack/mrkdwn.ts), the rest escaped.
 */
export function fillMrkdwn(text: string, vars: TextVars): string {
  return authoredMrkdwn(text, placeholders(vars, new SlackToken(slackCalendarDate(parseLocalDate(vars.start_date), vars.tz))));
}

export interface MessageInput {
  kind: EventKind;
  /** The title and text as mrkdwn, filled for the session (`fillMrkdwn`). */
  title: string;
  text: string;
  /** The journey's name as its admin typed it. */
  journeyName: string;
  task?: { id: number; done: boolean } | null;
  poll?: { id: number; options: string[]; answerIndex: number | null } | null;
  /** A test send to the admin: says so. */
  test?: boolean;
  /** The recipient's own signed link to the session's journey hub (DMs to one person only). */
  siteUrl?: string;
}

const KIND_LABEL: Record<EventKind, string> = {
  message: 'Message',
  task: 'Task',
  poll: 'Poll',
  intro: 'Intro',
  channel_post: 'Channel post',
  cohort_message: 'Cohort message',
};

/** The Slack message of a session event (and its preview). */
export function journeyMessage(input: MessageInput): { text: string; blocks: KnownBlock[] } {
  const blocks: KnownBlock[] = [];
  const journeyName = escapeMrkdwn(input.journeyName);
  if (input.test) blocks.push(context(`:test_tube: Test of a *${KIND_LABEL[input.kind]}* from *${journeyName}* — only you see this.`));
  if (input.kind === 'task') {
    blocks.push(section(`:white_check_mark: *${input.title}*\n${input.text}`));
    blocks.push(...taskState(input.task ?? null));
  } else if (input.kind === 'poll') {
    blocks.push(section(input.text));
    blocks.push(...pollState(input.poll ?? { id: 0, options: [], answerIndex: null }));
  } else {
    blocks.push(section(input.text));
  }
  // The hub link signs its recipient in, so only a DM to one person carries it (not a channel post, nor an intro's group DM).
  const hubLink = input.siteUrl && input.kind !== 'intro' ? ` · <${input.siteUrl}|Open your journey hub>` : '';
  if (input.kind !== 'channel_post' && input.kind !== 'cohort_message') blocks.push(context(`From your *${journeyName}* journey${hubLink}`));
  const fallback = input.kind === 'task' ? `Task: ${input.title}` : input.kind === 'poll' ? `Poll: ${input.text}` : input.text;
  return { text: fallback.slice(0, 3000), blocks };
}

/**
 * A journey event's message for one session's placeholders, as it goes out before anyone pressed a button: the
 * preview, the dry run and send_test. (Delivery calls `journeyMessage` with the same filled text and its real
 * task or poll row.)
 */
export function eventMessage(
  event: Pick<JourneyEvent, 'kind' | 'title' | 'text' | 'poll_options'>,
  vars: TextVars,
  journeyName: string,
  opts: { test?: boolean; siteUrl?: string } = {},
): { text: string; blocks: KnownBlock[] } {
  return journeyMessage({
    kind: event.kind,
    title: fillMrkdwn(event.title, vars),
    text: fillMrkdwn(event.text, vars),
    journeyName,
    test: opts.test ?? false,
    siteUrl: opts.siteUrl,
    task: event.kind === 'task' ? { id: 0, done: false } : null,
    poll: event.kind === 'poll' ? { id: 0, options: event.poll_options, answerIndex: null } : null,
  });
}

function taskState(task: { id: number; done: boolean } | null): KnownBlock[] {
  if (task?.done) return [context(':white_check_mark: Done — thank you!')];
  return [
    {
      type: 'actions',
      elements: [{ type: 'button', style: 'primary', action_id: ACTIONS.taskDone, text: { type: 'plain_text', text: 'Mark as done' }, value: String(task?.id ?? 0) }],
    },
  ];
}

function pollState(poll: { id: number; options: string[]; answerIndex: number | null }): KnownBlock[] {
  if (poll.answerIndex !== null) return [context(`:ballot_box_with_check: You answered *${escapeMrkdwn(poll.options[poll.answerIndex] ?? '')}*. Thank you!`)];
  return [
    {
      type: 'actions',
      elements: poll.options.slice(0, 10).map((o, i) => ({
        type: 'button' as const,
        action_id: `${ACTIONS.pollAnswerPrefix}${i}`,
        text: { type: 'plain_text' as const, text: o.slice(0, 75) },
        value: `${poll.id}:${i}`,
      })),
    },
  ];
}

/** A reminder of an unfinished task (sent each work day until it is done, up to a limit); title and text as in `MessageInput`. */
export function taskReminder(input: { taskId: number; title: string; text: string; journeyName: string; n: number }): { text: string; blocks: KnownBlock[] } {
  return {
    text: `Reminder: ${input.title}`,
    blocks: [
      section(`:bell: *Reminder:* ${input.title}\n${input.text}`),
      ...taskState({ id: input.taskId, done: false }),
      context(`From your *${escapeMrkdwn(input.journeyName)}* journey · reminder ${input.n}`),
    ],
  };
}

/** A note to the journey's admins that a role had nobody in it (the attention item's Slack side). */
/**
 * The journey owner's note when a due event could not go out (an attention-required issue): what was not sent, why,
 * and where to fix it. `participant`, `problem` and `fix` are Slack mrkdwn; the title (as the pages show it) and the
 * journey's name are escaped here.
 */
export function attentionNote(input: { participant: string; journeyName: string; title: string; url: string; problem: string; fix: string; verb?: 'sent' | 'posted' }): { text: string; blocks: KnownBlock[] } {
  const text = `:warning: *${escapeMrkdwn(input.title)}* in *${escapeMrkdwn(input.journeyName)}* for ${input.participant} was not ${input.verb ?? 'sent'}: ${input.problem}. ${input.fix} in <${input.url}|the journey> and send it from there.`;
  return { text: text.replace(/[*]/g, ''), blocks: [section(text)] };
}

export interface HomeItem {
  title: string;
  kind: EventKind;
  occursOn: string;
  minuteInDay: number;
  tz: string;
}

/** The participant's Home tab section: open tasks and polls, and what comes next in their journeys. */
export function homeSection(input: {
  journeys: string[];
  upcoming: HomeItem[];
  tasks: Array<{ id: number; title: string }>;
  polls: Array<{ id: number; question: string; options: string[] }>;
  /** Each published journey hub of theirs: its journey and their own signed link. */
  hubs: Array<{ journey: string; url: string }>;
}): KnownBlock[] {
  if (!input.journeys.length && !input.tasks.length && !input.polls.length) return [];
  const blocks: KnownBlock[] = [{ type: 'header', text: { type: 'plain_text', text: ':compass: Your journey' } }];
  if (input.journeys.length) blocks.push(context(`You're in: ${input.journeys.map((j) => `*${escapeMrkdwn(j)}*`).join(', ')}`));
  for (const h of input.hubs.slice(0, 5)) blocks.push(section(`:house: <${h.url}|Open your journey hub>${input.hubs.length > 1 ? ` (${escapeMrkdwn(h.journey)})` : ''}`));
  for (const t of input.tasks.slice(0, 10)) {
    blocks.push(section(`:white_check_mark: *${escapeMrkdwn(t.title)}*`));
    blocks.push(...taskState({ id: t.id, done: false }));
  }
  for (const p of input.polls.slice(0, 5)) {
    blocks.push(section(`:bar_chart: ${escapeMrkdwn(p.question)}`));
    blocks.push(...pollState({ id: p.id, options: p.options, answerIndex: null }));
  }
  if (input.upcoming.length) {
    const lines = input.upcoming.slice(0, 8).map((u) => `• ${slackDate(zonedToInstant(parseLocalDate(u.occursOn), u.minuteInDay, u.tz), u.tz, 'long_day_time')} — ${escapeMrkdwn(u.title)}`);
    blocks.push(section(`*Coming up*\n${lines.join('\n')}`));
  }
  return blocks;
}
