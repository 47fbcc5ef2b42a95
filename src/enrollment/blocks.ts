import type { KnownBlock, View } from '@slack/types';
import { slackCalendarDate } from '../slack/dates.js';
import { escapeMrkdwn } from '../slack/mrkdwn.js';
import { parseLocalDate } from '../time/zoned.js';
import type { RoleSurvey } from './api-types.js';
import { MAX_CHOICE_OPTIONS } from './survey-rules.js';
import type { ViewStateValues } from '../slack/view-values.js';

// The Slack side of enrollment surveys: the DM inviting people to answer, and the modal they answer in. One
// builder each, so what the admin previews is what is sent.

export const SURVEY_OPEN_ACTION = 'enrollment_survey_open';
/** A "Join" button of a journey open to self-enrollment: `enrollment_self_join:{tagId}`. */
export const SELF_JOIN_ACTION = 'enrollment_self_join';
export const SURVEY_VIEW = 'enrollment_survey_submit';
export const answerBlock = (i: number) => `q${i}`;
export const ANSWER_ACTION = 'answer';

/**
 * The invitation: one "Answer" button per role survey ("as a Mentee", "as a Mentor" when there are two). The start
 * date is a date token, its day taken in `tz` (the recipient's zone).
 */
export function surveyInvitation(input: { shareId: number; journeyName: string; startDate: string; tz: string; roles: Array<{ id: number; name: string }> }): { text: string; blocks: KnownBlock[] } {
  const text = `You're invited to join *${escapeMrkdwn(input.journeyName)}*, starting ${slackCalendarDate(parseLocalDate(input.startDate), input.tz)}. Answer a few questions to sign up.`;
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text } },
      {
        type: 'actions',
        elements: input.roles.map((r, i) => ({
          type: 'button' as const,
          action_id: `${SURVEY_OPEN_ACTION}:${i}`,
          text: { type: 'plain_text' as const, text: input.roles.length > 1 ? `Answer as ${r.name}` : 'Answer' },
          value: `${input.shareId}:${r.id}`,
          ...(i === 0 ? { style: 'primary' as const } : {}),
        })),
      },
    ],
  };
}

/** Slack's limit on a modal's title. */
export const MODAL_TITLE_MAX = 24;

/** A title that fits in `max` characters: cut at a word, with an ellipsis, when it is longer (a lone long word is cut). */
export function fitTitle(title: string, max = MODAL_TITLE_MAX): string {
  const t = title.trim().replace(/\s+/g, ' ');
  if (t.length <= max) return t;
  const room = t.slice(0, max - 1);
  const atWord = t[max - 1] === ' ' ? room.length : room.lastIndexOf(' ');
  return `${(atWord > 0 ? room.slice(0, atWord) : room).replace(/[\s,;:.–-]+$/, '')}…`;
}

/**
 * The invitation once answered: its text kept, its buttons replaced by what the person did (so it cannot be
 * answered twice by mistake, and they see it went through).
 */
export function surveyAnswered(input: { invitationText: string; roleName: string | null; enrolled: boolean; journeyName: string }): { text: string; blocks: KnownBlock[] } {
  const done = input.enrolled
    ? `:white_check_mark: You're signed up for *${escapeMrkdwn(input.journeyName)}*. Thanks for answering!`
    : `:white_check_mark: Thanks, your answers${input.roleName ? ` as ${escapeMrkdwn(input.roleName)}` : ''} are in.`;
  return { text: done, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: input.invitationText } }, { type: 'context', elements: [{ type: 'mrkdwn', text: done }] }] };
}

/**
 * The modal: one input per question (plain text, radio buttons or checkboxes), optional ones marked so. A question
 * saved with more options than radio buttons or checkboxes take (before Hearth refused them) is asked with a select,
 * which answers in the same shape.
 */
export function surveyModal(input: { shareId: number; roleId: number; title: string; survey: RoleSurvey; origin?: { channel: string; ts: string } }): View {
  const blocks: KnownBlock[] = input.survey.questions.map((q, i) => {
    const options = q.options.filter((o) => o.text.trim()).map((o, j) => ({ text: { type: 'plain_text' as const, text: o.text.slice(0, 75) }, value: String(j) }));
    const asSelect = options.length > MAX_CHOICE_OPTIONS;
    const placeholder = { type: 'plain_text' as const, text: q.input_type === 'radio' ? 'Choose one' : 'Choose any' };
    const element =
      q.input_type === 'text'
        ? { type: 'plain_text_input' as const, action_id: ANSWER_ACTION, multiline: true }
        : q.input_type === 'radio'
          ? asSelect
            ? { type: 'static_select' as const, action_id: ANSWER_ACTION, placeholder, options: options.slice(0, 100) }
            : { type: 'radio_buttons' as const, action_id: ANSWER_ACTION, options }
          : asSelect
            ? { type: 'multi_static_select' as const, action_id: ANSWER_ACTION, placeholder, options: options.slice(0, 100) }
            : { type: 'checkboxes' as const, action_id: ANSWER_ACTION, options };
    return { type: 'input', block_id: answerBlock(i), optional: q.optional, label: { type: 'plain_text', text: q.query.slice(0, 2000) }, element };
  });
  return {
    type: 'modal',
    callback_id: SURVEY_VIEW,
    // The required questions ride along, so the submission is checked before its ack without a database read.
    // The invitation it was opened from (`o`), so the answer can replace its buttons.
    private_metadata: JSON.stringify({ s: input.shareId, r: input.roleId, req: input.survey.questions.flatMap((q, i) => (q.optional ? [] : [i])), ...(input.origin ? { o: [input.origin.channel, input.origin.ts] } : {}) }),
    title: { type: 'plain_text', text: fitTitle(input.title) },
    submit: { type: 'plain_text', text: 'Sign me up' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks,
  };
}

/** The submitted modal's metadata: the share, the role, the required questions and the invitation it came from. */
export function modalMeta(privateMetadata: string): { shareId: number; roleId: number; required: number[]; origin?: { channel: string; ts: string } } | undefined {
  try {
    const m = JSON.parse(privateMetadata) as { s?: unknown; r?: unknown; req?: unknown; o?: unknown };
    if (!Number.isInteger(m.s) || !Number.isInteger(m.r) || !Array.isArray(m.req)) return undefined;
    const o = Array.isArray(m.o) && m.o.length === 2 && m.o.every((x) => typeof x === 'string') ? { channel: m.o[0] as string, ts: m.o[1] as string } : undefined;
    return { shareId: m.s as number, roleId: m.r as number, required: (m.req as unknown[]).filter((i): i is number => Number.isInteger(i)), ...(o ? { origin: o } : {}) };
  } catch {
    return undefined;
  }
}

/** The pure check before the ack: required questions left empty are the modal's errors ({} when none). */
export function missingAnswers(required: readonly number[], values: ViewStateValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const i of required) {
    const v = values[answerBlock(i)]?.[ANSWER_ACTION];
    if (!v?.value?.trim() && !v?.selected_option && !v?.selected_options?.length) errors[answerBlock(i)] = 'Please answer this question';
  }
  return errors;
}

/** The answers in a submitted modal, keyed by question index: the text typed, or the chosen options' texts. */
export function readAnswers(survey: RoleSurvey, values: ViewStateValues): Record<string, string | string[]> {
  const answers: Record<string, string | string[]> = {};
  survey.questions.forEach((q, i) => {
    const v = values[answerBlock(i)]?.[ANSWER_ACTION];
    const options = q.options.filter((o) => o.text.trim());
    let answer: string | string[] | undefined;
    if (q.input_type === 'text') answer = v?.value?.trim() || undefined;
    else if (q.input_type === 'radio') answer = v?.selected_option ? options[Number(v.selected_option.value)]?.text : undefined;
    else {
      const chosen = (v?.selected_options ?? []).map((o) => options[Number(o.value)]?.text).filter((t): t is string => Boolean(t));
      answer = chosen.length ? chosen : undefined;
    }
    if (answer !== undefined) answers[String(i)] = answer;
  });
  return answers;
}

/** "Journeys you can join" (the Home tab and `/hearth join`): each journey open to self-enrollment with a Join button. */
export function joinableSection(journeys: ReadonlyArray<{ id: number; name: string }>): KnownBlock[] {
  if (!journeys.length) return [];
  return [
    { type: 'header', text: { type: 'plain_text', text: 'Journeys you can join' } },
    ...journeys.slice(0, 10).map(
      (j): KnownBlock => ({
        type: 'section',
        text: { type: 'mrkdwn', text: `*${escapeMrkdwn(j.name)}*` },
        accessory: { type: 'button', action_id: `${SELF_JOIN_ACTION}:${j.id}`, text: { type: 'plain_text', text: 'Join' }, value: String(j.id) },
      }),
    ),
  ];
}

/** What joining said: you're on it (and when it starts, the day taken in the session's zone), or why not in the server's words. */
export function joinedMessage(outcome: { journeyName: string; startDate: string; tz: string } | { error: string }): { text: string } {
  if ('error' in outcome) return { text: escapeMrkdwn(outcome.error) };
  return { text: `:tada: You've joined *${escapeMrkdwn(outcome.journeyName)}*. Your first messages arrive here, starting ${slackCalendarDate(parseLocalDate(outcome.startDate), outcome.tz)}.` };
}
