import type { ActionsBlock, Button, KnownBlock, ModalView } from '@slack/types';
import type { MeetingState } from './tables.js';
import { authoredMrkdwn, escapeMrkdwn } from '../slack/mrkdwn.js';
import { zoneCity } from '../slack/dates.js';

/** Block Kit for Intros: pure builders with a plain-text fallback, inside Slack's limits. */

export const INTROS_ACTIONS = {
  met: 'intros_met',
  notYet: 'intros_not_yet',
  skipped: 'intros_skipped',
  ghostStay: 'intros_ghost_stay',
  ghostLater: 'intros_ghost_later',
  ghostLeave: 'intros_ghost_leave',
  optOut: 'intros_opt_out',
  optIn: 'intros_opt_in',
  snooze: 'intros_snooze',
  unsnooze: 'intros_unsnooze',
  pickCategories: 'intros_pick_categories',
} as const;

export const INTROS_VIEWS = { leaveReason: 'intros_leave_reason', categories: 'intros_categories' } as const;
export const CATEGORY_BLOCK = 'intros_categories_block';
export const CATEGORY_ACTION = 'intros_categories_input';
export const LEAVE_BLOCK = 'intros_leave_block';
export const LEAVE_ACTION = 'intros_leave_input';

export const MESSAGE_BLOCK_LIMIT = 50;
export const SECTION_TEXT_LIMIT = 3000;
const BUTTON_TEXT_LIMIT = 75;

export interface Message {
  text: string;
  blocks: KnownBlock[];
}

/** Cuts text to a limit on a character boundary, marking the cut. */
export function clip(text: string, limit: number): string {
  const chars = [...text];
  return chars.length <= limit ? text : `${chars.slice(0, limit - 1).join('')}…`;
}

const mrkdwn = (text: string) => ({ type: 'mrkdwn' as const, text: clip(text, SECTION_TEXT_LIMIT) });
const plain = (text: string, limit = BUTTON_TEXT_LIMIT) => ({ type: 'plain_text' as const, text: clip(text, limit), emoji: true });
const section = (text: string): KnownBlock => ({ type: 'section', text: mrkdwn(text) });
const context = (text: string): KnownBlock => ({ type: 'context', elements: [mrkdwn(text)] });
const button = (actionId: string, text: string, value: string, style?: 'primary' | 'danger'): Button => ({
  type: 'button',
  action_id: actionId,
  text: plain(text),
  value,
  ...(style ? { style } : {}),
});
const actions = (blockId: string, elements: Button[]): ActionsBlock => ({ type: 'actions', block_id: blockId, elements });

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export interface IntroPerson {
  slackUserId: string;
  name: string;
  title?: string | null;
  tz?: string | null;
}

export interface IntroMessageInput {
  meetingId: number;
  channelName: string;
  people: IntroPerson[];
  /** "First time meeting", "Last met 6 rounds ago" … with names. */
  reason: string;
  introMessage: string;
  icebreaker: string | null;
  /** e.g. "Tuesday 10 March at 10:00 (Europe/Prague)". */
  /** Slack's date token for the meeting (formatMeeting), not escaped. */
  fixedMeeting: string | null;
  calendarSelection: 'none' | 'fixed-meeting' | 'groups-choose-meeting-time';
  videoPlatform: string;
  /** e.g. "Wednesday 11 March": when the check-in comes. */
  checkinOn: string | null;
  /** Slack date tokens of times everyone is free by their linked calendars (groups-choose-meeting-time). */
  suggestedTimes?: readonly string[];
  /** The group's video meeting link (a Zoom meeting Hearth created), when there is one. */
  videoLink?: string | null;
  /** The fixed meeting is on their calendars (Hearth put it on one of theirs and invited the others). */
  held?: boolean;
  welcome?: string | null;
}

const VIDEO_NAMES: Record<string, string> = {
  zoom: 'Zoom',
  google_meet: 'Google Meet',
  microsoft_teams: 'Microsoft Teams',
  meet_and_teams: 'Google Meet or Microsoft Teams',
};

/** The intro DM to one group: who, why, an icebreaker, when to meet, and buttons. */
export function introMessage(input: IntroMessageInput): Message {
  const mentions = input.people.map((p) => `<@${p.slackUserId}>`);
  const names = input.people.map((p) => p.name);
  const pair = input.people.length === 2;
  const blocks: KnownBlock[] = [
    { type: 'header', text: plain(pair ? 'Time for a coffee chat ☕' : 'Time for a group chat ☕', 150) },
    section(`Hi ${listOf(mentions)}! You've been introduced through *#${escapeMrkdwn(input.channelName)}*. *${escapeMrkdwn(input.reason)}.*`),
  ];
  const who = input.people.filter((p) => p.title || p.tz).map((p) => `*${escapeMrkdwn(p.name)}*${p.title ? ` · ${escapeMrkdwn(p.title)}` : ''}${p.tz ? ` · ${zoneCity(p.tz)} time` : ''}`);
  if (who.length) blocks.push(context(who.join('\n')));
  // The admins' welcome and intro message: their text, with Hearth's syntax for deliberate mentions and links.
  if (input.welcome?.trim()) blocks.push(section(authoredMrkdwn(input.welcome.trim())));
  if (input.introMessage.trim()) blocks.push(section(authoredMrkdwn(input.introMessage.trim())));
  if (input.icebreaker) blocks.push(section(`:speech_balloon: *Icebreaker:* ${escapeMrkdwn(input.icebreaker)}`));
  const when = schedulingHint(input);
  if (when) blocks.push(section(when));
  if (input.videoLink) blocks.push(section(`:video_camera: *Join on ${VIDEO_NAMES[input.videoPlatform] ?? 'video'}:* <${input.videoLink}|${VIDEO_NAMES[input.videoPlatform] ?? 'Video'} meeting link>`));
  blocks.push(
    actions(`intros_meeting_${input.meetingId}`, [
      button(INTROS_ACTIONS.met, 'We met ✅', String(input.meetingId), 'primary'),
      button(INTROS_ACTIONS.skipped, 'Skip this round', String(input.meetingId)),
    ]),
  );
  blocks.push(context(input.checkinOn ? `I'll check in on ${input.checkinOn} to see how it went.` : "I'll check in later to see how it went."));
  const text = `${pair ? 'Coffee chat' : 'Group chat'}: ${escapeMrkdwn(listOf(names))} — ${escapeMrkdwn(input.reason)}.${input.icebreaker ? ` Icebreaker: ${escapeMrkdwn(input.icebreaker)}` : ''}`;
  return { text: clip(text, SECTION_TEXT_LIMIT), blocks };
}

function schedulingHint(input: IntroMessageInput): string | null {
  const video = VIDEO_NAMES[input.videoPlatform];
  if (input.calendarSelection === 'fixed-meeting' && input.fixedMeeting)
    return `:calendar: *Your meeting:* ${input.fixedMeeting}${video ? ` on ${video}` : ''}.${input.held ? " It's in your calendars." : ''} Can't make it? Suggest another time here.`;
  if (input.calendarSelection === 'groups-choose-meeting-time' && input.suggestedTimes?.length)
    return `:calendar: Pick a time that works for everyone and put it in your calendars${video ? ` with a ${video} link` : ''}. By your calendars, you're all free:\n${input.suggestedTimes.map((t) => `• ${t}`).join('\n')}`;
  if (input.calendarSelection === 'groups-choose-meeting-time')
    return `:calendar: Pick a time that works for everyone and put it in your calendars${video ? ` with a ${video} link` : ''}.`;
  return `:calendar: Find a time that works for ${input.people.length === 2 ? 'both of you' : 'everyone'}${video ? ` and meet on ${video}` : ' — a call or a real coffee'}.`;
}

/** "Did you meet?" (check-in) or the last reminder, to the group. */
export function checkinMessage(input: { meetingId: number; channelName: string; people: IntroPerson[]; stage: 'checkin' | 'reminder'; endsOn: string }): Message {
  const mentions = listOf(input.people.map((p) => `<@${p.slackUserId}>`));
  const lead =
    input.stage === 'checkin'
      ? `Hi ${mentions}! Did you get a chance to meet?`
      : `Hi ${mentions}, a last reminder: this round of *#${escapeMrkdwn(input.channelName)}* intros ends on ${input.endsOn}. Did you meet?`;
  const buttons = [button(INTROS_ACTIONS.met, 'Yes, we met', String(input.meetingId), 'primary')];
  if (input.stage === 'checkin') buttons.push(button(INTROS_ACTIONS.notYet, 'Not yet', String(input.meetingId)));
  buttons.push(button(INTROS_ACTIONS.skipped, 'We skipped it', String(input.meetingId)));
  return {
    text: input.stage === 'checkin' ? 'Did you meet? Let me know with a click.' : `Last reminder: this round ends on ${input.endsOn}. Did you meet?`,
    blocks: [section(lead), actions(`intros_checkin_${input.meetingId}`, buttons)],
  };
}

const ANSWER_TEXT: Record<MeetingState, string> = {
  met: ':white_check_mark: You met — wonderful! Thanks for letting me know.',
  not_yet: ":hourglass_flowing_sand: Not yet — no problem. There's still time this round.",
  skipped: ':fast_forward: Skipped this round. See you next time!',
  cancelled: ':no_entry_sign: This intro was cancelled.',
  pending: 'Waiting for an answer.',
};

/** What a check-in or intro message becomes once someone answered (chat.update): the buttons go. */
export function answeredMessage(input: { original: Message | null; state: MeetingState; bySlackUserId: string }): Message {
  const note = context(`${ANSWER_TEXT[input.state]} _(answered by <@${input.bySlackUserId}>)_`);
  const kept = (input.original?.blocks ?? []).filter((b) => b.type !== 'actions' && !(b.type === 'context' && JSON.stringify(b).includes("I'll check in")));
  return { text: ANSWER_TEXT[input.state], blocks: [...kept.slice(0, MESSAGE_BLOCK_LIMIT - 1), note] };
}

/** To the program owner when a round could not be made. */
export function roundSkippedOwnerMessage(input: { channelName: string; problem: string; adminUrl: string; excluded: number }): Message {
  const text = `No intros were sent in #${escapeMrkdwn(input.channelName)} this round: ${escapeMrkdwn(input.problem)}`;
  return {
    text,
    blocks: [
      section(`:warning: *No intros were sent in #${escapeMrkdwn(input.channelName)} this round.*\n${escapeMrkdwn(input.problem)}`),
      ...(input.excluded > 0 ? [context(`${input.excluded} ${input.excluded === 1 ? 'person was' : 'people were'} not available (snoozed, opted out, away or not reachable).`)] : []),
      actions('intros_owner', [{ type: 'button', action_id: 'intros_open_admin', text: plain('Open Intros settings'), url: input.adminUrl }]),
    ],
  };
}

/** Three unanswered intros in a row: set aside, and asked whether to stay. */
export function ghostAskMessage(input: { programId: number; channelName: string }): Message {
  const v = String(input.programId);
  return {
    text: `You haven't answered your last 3 intros in #${escapeMrkdwn(input.channelName)}, so I've paused yours. Stay in, ask later, or leave?`,
    blocks: [
      section(
        `Hi! You haven't answered your last 3 intros in *#${escapeMrkdwn(input.channelName)}*, so I've set you aside for now so nobody waits on a chat that won't happen.\n*Would you like to keep getting intros?*`,
      ),
      actions(`intros_ghost_${input.programId}`, [
        button(INTROS_ACTIONS.ghostStay, 'Keep me in', v, 'primary'),
        button(INTROS_ACTIONS.ghostLater, 'Ask me later', v),
        button(INTROS_ACTIONS.ghostLeave, 'Leave intros', v, 'danger'),
      ]),
    ],
  };
}

export function ghostAnsweredMessage(choice: 'stay' | 'later' | 'leave', channelName: string): Message {
  const text =
    choice === 'stay'
      ? `:tada: Great — you're back in the next round of #${channelName} intros.`
      : choice === 'later'
        ? `:zzz: No problem — I'll ask again in a few weeks. Until then you won't get #${channelName} intros.`
        : `:wave: You've left #${channelName} intros. Use \`/hearth intros\` or the Home tab to join again any time.`;
  return { text, blocks: [section(text)] };
}

/** Why someone leaves (optional), after "Leave intros". */
export function leaveReasonModal(input: { programId: number; channelName: string }): ModalView {
  return {
    type: 'modal',
    callback_id: INTROS_VIEWS.leaveReason,
    private_metadata: String(input.programId),
    title: plain('Leave intros', 24),
    submit: plain('Leave', 24),
    close: plain('Cancel', 24),
    blocks: [
      section(`You'll stop getting intros from *#${escapeMrkdwn(clip(input.channelName, 80))}*. You can join again any time.`),
      {
        type: 'input',
        block_id: LEAVE_BLOCK,
        optional: true,
        label: plain('Anything we could do better?', 2000),
        element: { type: 'plain_text_input', action_id: LEAVE_ACTION, multiline: true, max_length: 500 },
      },
    ],
  };
}

/** The interest / group categories picker. */
export function categoriesModal(input: { programId: number; channelName: string; categories: Array<{ id: number; name: string }>; selected: number[] }): ModalView {
  const options = input.categories.slice(0, 10).map((c) => ({ text: plain(c.name, 75), value: String(c.id) }));
  const initial = options.filter((o) => input.selected.includes(Number(o.value)));
  const element =
    options.length > 0
      ? {
          type: 'checkboxes' as const,
          action_id: CATEGORY_ACTION,
          options,
          ...(initial.length ? { initial_options: initial } : {}),
        }
      : undefined;
  const many = input.categories.length > 10;
  return {
    type: 'modal',
    callback_id: INTROS_VIEWS.categories,
    private_metadata: String(input.programId),
    title: plain('Your interests', 24),
    ...(element ? { submit: plain('Save', 24) } : {}),
    close: plain('Cancel', 24),
    blocks: element
      ? [
          section(`Pick what you'd like to talk about in *#${escapeMrkdwn(clip(input.channelName, 80))}* intros.`),
          { type: 'input', block_id: CATEGORY_BLOCK, optional: true, label: plain('Interests', 2000), element },
          ...(many ? [context('Showing the first 10 options.')] : []),
        ]
      : [section('This program has no options to pick yet.')],
  };
}

export function categoryReminderMessage(input: { programId: number; channelName: string }): Message {
  return {
    text: `Pick your interests for #${escapeMrkdwn(input.channelName)} intros so you meet the right people.`,
    blocks: [
      section(`:wave: Pick your interests for *#${escapeMrkdwn(input.channelName)}* intros, so I can introduce you to the right people.`),
      actions(`intros_categories_${input.programId}`, [button(INTROS_ACTIONS.pickCategories, 'Pick interests', String(input.programId), 'primary')]),
    ],
  };
}

export interface MemberProgramStatus {
  programId: number;
  channelName: string;
  /** active | snoozed | opted_out | ghost */
  status: 'active' | 'snoozed' | 'opted_out' | 'ghost';
  snoozedUntil: string | null;
  nextRoundOn: string | null;
  hasCategories: boolean;
  currentGroup: { with: string[]; state: MeetingState; date: string } | null;
}

function statusLine(p: MemberProgramStatus): string {
  const next = p.nextRoundOn ? `next round ${p.nextRoundOn}` : 'no round scheduled';
  switch (p.status) {
    case 'active':
      return `:large_green_circle: In — ${next}`;
    case 'snoozed':
      return `:zzz: Snoozed until ${p.snoozedUntil} — ${next}`;
    case 'ghost':
      return ':ghost: Set aside after 3 unanswered intros';
    case 'opted_out':
      return ':no_entry_sign: Opted out';
  }
}

function groupLine(p: MemberProgramStatus): string | null {
  if (!p.currentGroup) return null;
  const state = p.currentGroup.state === 'pending' ? 'not met yet' : p.currentGroup.state.replace('_', ' ');
  return `Current intro (${p.currentGroup.date}): with ${listOf(p.currentGroup.with.map((id) => `<@${id}>`))} — ${state}`;
}

/** The Intros part of the Home tab: each program, the next round, the current group and buttons. */
export function homeSection(input: { programs: MemberProgramStatus[]; globalSnoozeUntil: string | null }): KnownBlock[] {
  if (input.programs.length === 0) return [];
  const blocks: KnownBlock[] = [{ type: 'header', text: plain('☕ Intros', 150) }];
  if (input.globalSnoozeUntil) blocks.push(context(`:zzz: All your intros are snoozed until ${input.globalSnoozeUntil}.`));
  for (const p of input.programs.slice(0, 8)) {
    const lines = [`*#${escapeMrkdwn(p.channelName)}*`, statusLine(p)];
    const group = groupLine(p);
    if (group) lines.push(group);
    blocks.push(section(lines.join('\n')));
    const v = String(p.programId);
    const elements: Button[] = [];
    if (p.status === 'opted_out' || p.status === 'ghost') elements.push(button(INTROS_ACTIONS.optIn, 'Join again', v, 'primary'));
    else {
      if (p.status === 'snoozed') elements.push(button(INTROS_ACTIONS.unsnooze, 'Unsnooze', v));
      else elements.push(button(INTROS_ACTIONS.snooze, 'Snooze 2 weeks', `${v}:14`));
      elements.push(button(INTROS_ACTIONS.optOut, 'Opt out', v));
    }
    if (p.hasCategories) elements.push(button(INTROS_ACTIONS.pickCategories, 'Pick interests', v));
    blocks.push(actions(`intros_home_${p.programId}`, elements));
  }
  if (input.programs.length > 8) blocks.push(context(`And ${input.programs.length - 8} more Intros channels.`));
  return blocks;
}

/** `/hearth intros`: the same facts as text. */
export function statusReply(input: { programs: MemberProgramStatus[]; globalSnoozeUntil: string | null }): Message {
  if (input.programs.length === 0) {
    const text = "You're not in any Intros channel yet. Join a channel that runs Intros to be introduced to colleagues.";
    return { text, blocks: [section(text)] };
  }
  const lines = input.programs.map((p) => [`*#${escapeMrkdwn(p.channelName)}* — ${statusLine(p)}`, groupLine(p)].filter(Boolean).join('\n'));
  if (input.globalSnoozeUntil) lines.unshift(`:zzz: All your intros are snoozed until ${input.globalSnoozeUntil}. \`/hearth snooze off\` turns that off.`);
  lines.push('`/hearth snooze [days|off]` pauses or resumes your intros. Opt out or pick interests from the Home tab.');
  const text = lines.join('\n\n');
  return { text: clip(text.replace(/[*`]/g, ''), SECTION_TEXT_LIMIT), blocks: lines.slice(0, MESSAGE_BLOCK_LIMIT).map(section) };
}

export function welcomeText(message: string | null, channelName: string): string | null {
  const trimmed = message?.trim();
  return trimmed ? trimmed.replaceAll('{channel}', `#${channelName}`) : null;
}
