import type { KnownBlock, ModalView } from '@slack/types';
import { authoredMrkdwn, escapeMrkdwn } from '../slack/mrkdwn.js';

export const SHOUTOUT_MODAL = { callbackId: 'points_shoutout_modal' } as const;
/** The message shortcut (manifest.json features.shortcuts) and the Home tab's button. */
export const SHOUTOUT_SHORTCUT = 'hearth_shoutout_message';
export const ACTIONS = { giveShoutout: 'points_give_shoutout', openRewards: 'points_open_rewards' } as const;
export const BLOCKS = { recipient: 'shoutout_recipient', points: 'shoutout_points', message: 'shoutout_message', channels: 'shoutout_channels' } as const;

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The shoutout modal: who, how many, why, and where it is posted. */
export function shoutoutModal(input: { plural: string; remaining: number; recipient?: string; message?: string; channels: string[]; privateMetadata: string }): ModalView {
  return {
    type: 'modal',
    callback_id: SHOUTOUT_MODAL.callbackId,
    private_metadata: input.privateMetadata,
    title: { type: 'plain_text', text: 'Give a shoutout' },
    submit: { type: 'plain_text', text: 'Send' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      { type: 'context', elements: [{ type: 'mrkdwn', text: `You have *${input.remaining}* ${escapeMrkdwn(input.plural)} left to give this month.` }] },
      {
        type: 'input',
        block_id: BLOCKS.recipient,
        label: { type: 'plain_text', text: 'Who' },
        element: { type: 'users_select', action_id: 'value', ...(input.recipient ? { initial_user: input.recipient } : {}), placeholder: { type: 'plain_text', text: 'Pick a teammate' } },
      },
      {
        type: 'input',
        block_id: BLOCKS.points,
        label: { type: 'plain_text', text: cut(`How many ${input.plural}`, 2000) },
        element: { type: 'number_input', action_id: 'value', is_decimal_allowed: false, min_value: '1', initial_value: '10' },
      },
      {
        type: 'input',
        block_id: BLOCKS.message,
        label: { type: 'plain_text', text: 'For' },
        element: { type: 'plain_text_input', action_id: 'value', multiline: true, max_length: 1000, ...(input.message ? { initial_value: cut(input.message, 1000) } : {}), placeholder: { type: 'plain_text', text: 'What did they do?' } },
      },
      {
        type: 'input',
        block_id: BLOCKS.channels,
        optional: true,
        label: { type: 'plain_text', text: 'Post in' },
        element: { type: 'multi_conversations_select', action_id: 'value', ...(input.channels.length ? { initial_conversations: input.channels } : {}), filter: { include: ['public', 'private'], exclude_bot_users: true } },
      },
    ],
  };
}

/** The admin's announcement of shoutouts: their text as mrkdwn, with Hearth's syntax for mentions and links (src/slack/mrkdwn.ts). */
export function announcementMessage(text: string): { text: string } {
  return { text: authoredMrkdwn(text) };
}

/** The post in the shoutout channels. */
export function shoutoutMessage(input: { giverSlackId: string; recipientSlackId: string; points: number; plural: string; message: string }): { text: string; blocks: KnownBlock[] } {
  // Cut before escaping, so an entity is never cut in half; the fallback text is mrkdwn too.
  const gave = `:tada: <@${input.giverSlackId}> gave <@${input.recipientSlackId}>`;
  return {
    text: `${gave} ${input.points} ${escapeMrkdwn(cut(input.plural, 100))} for ${escapeMrkdwn(cut(input.message, 2000))}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `${gave} *${input.points} ${escapeMrkdwn(cut(input.plural, 100))}*` } },
      { type: 'section', text: { type: 'mrkdwn', text: `> ${escapeMrkdwn(cut(input.message, 2000)).replace(/\n/g, '\n> ')}` } },
    ],
  };
}

/** The fulfilment channel's notice of a redemption. */
export function redemptionNotice(input: { memberSlackId: string; listing: string; points: number; plural: string; giftCard: { dollars: number } | null; pagesUrl: string }): { text: string; blocks: KnownBlock[] } {
  const what = input.giftCard ? `a $${input.giftCard.dollars} gift card` : `*${escapeMrkdwn(input.listing)}*`;
  const text = `<@${input.memberSlackId}> redeemed ${what} for ${input.points} ${escapeMrkdwn(input.plural)}.`;
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `:gift: ${text}` } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: input.giftCard ? 'The gift card was sent as a claim link.' : `Fulfil it on <${input.pagesUrl}/rewards?tab=redemptions|the rewards page>.` }] },
    ],
  };
}

export interface HomeShoutout {
  giver: string;
  recipient: string;
  points: number;
  message: string;
  mine: boolean;
}

/** The member's points on the Home tab. */
export function homeSection(input: { plural: string; balance: number; allowanceRemaining: number; shoutoutsActive: boolean; canGive: boolean; recent: HomeShoutout[]; rewardsUrl: string }): KnownBlock[] {
  const name = input.plural.charAt(0).toUpperCase() + input.plural.slice(1);
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: cut(`${name} and shoutouts`, 150) } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: `You have *${input.balance}* ${escapeMrkdwn(input.plural)} to spend${input.shoutoutsActive ? ` and *${input.allowanceRemaining}* left to give this month` : ''}.` },
      accessory: { type: 'button', action_id: ACTIONS.openRewards, text: { type: 'plain_text', text: 'Rewards' }, url: input.rewardsUrl },
    },
  ];
  if (input.recent.length)
    blocks.push({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: cut(
          input.recent.map((s) => `• ${s.mine ? `*${escapeMrkdwn(s.giver)}* gave you` : `You gave *${escapeMrkdwn(s.recipient)}*`} ${s.points} for ${escapeMrkdwn(cut(s.message, 200))}`).join('\n'),
          3000,
        ),
      },
    });
  if (input.shoutoutsActive && input.canGive)
    blocks.push({ type: 'actions', elements: [{ type: 'button', action_id: ACTIONS.giveShoutout, style: 'primary', text: { type: 'plain_text', text: 'Give a shoutout' } }] });
  return blocks;
}
