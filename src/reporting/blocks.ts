import type { KnownBlock, ModalView } from '@slack/types';

/** Action ids of the rating buttons: reporting_feedback_1 … reporting_feedback_5. */
export const FEEDBACK_ACTION = /^reporting_feedback_[1-5]$/;
export const FEEDBACK_VIEW = 'reporting_feedback_comment';
export const COMMENT_BLOCK = 'comment';
export const COMMENT_ACTION = 'comment_input';
export const COMMENT_MAX = 2000;

const STARS = ['Not great', 'Meh', 'Good', 'Great', 'Loved it'];

/** The DM after an intro someone said they met at: how was it, 1–5. */
export function feedbackMessage(input: { programId: number; meetingId: number }): { text: string; blocks: KnownBlock[] } {
  const text = 'How was your intro? Your rating helps the organisers make Intros better.';
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: '*How was your intro?*\nYour rating (and a comment if you like) helps the organisers make Intros better. Only they see it.' } },
      {
        type: 'actions',
        block_id: `reporting_feedback:${input.meetingId}`,
        elements: STARS.map((label, i) => ({
          type: 'button' as const,
          action_id: `reporting_feedback_${i + 1}`,
          text: { type: 'plain_text' as const, text: `${i + 1} · ${label}` },
          value: `${input.programId}:${input.meetingId}:${i + 1}`,
        })),
      },
    ],
  };
}

/** The optional comment, after a rating. */
export function commentModal(input: { programId: number; meetingId: number; rating: number }): ModalView {
  return {
    type: 'modal',
    callback_id: FEEDBACK_VIEW,
    private_metadata: JSON.stringify({ p: input.programId, m: input.meetingId, r: input.rating }),
    title: { type: 'plain_text', text: 'Thanks!' },
    submit: { type: 'plain_text', text: 'Send comment' },
    close: { type: 'plain_text', text: 'Skip' },
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `You rated your intro *${input.rating} of 5*. Anything to add?` } },
      {
        type: 'input',
        block_id: COMMENT_BLOCK,
        optional: true,
        label: { type: 'plain_text', text: 'Comment' },
        element: { type: 'plain_text_input', action_id: COMMENT_ACTION, multiline: true, max_length: COMMENT_MAX },
      },
    ],
  };
}

export function parseFeedbackValue(value: string | undefined): { programId: number; meetingId: number; rating: number } | null {
  const m = /^(\d{1,10}):(\d{1,10}):([1-5])$/.exec(value ?? '');
  if (!m) return null;
  const [programId, meetingId, rating] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (programId > 2_147_483_647 || meetingId > 2_147_483_647) return null;
  return { programId, meetingId, rating };
}
