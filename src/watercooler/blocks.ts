import type { KnownBlock } from '@slack/types';
import { escapeMrkdwn } from '../slack/mrkdwn.js';

/** Slack's header blocks hold at most 150 characters of plain text. */
const HEADER_MAX = 150;
export const REPLY_HINT = 'Reply in the thread 👇';

/**
 * The message a watercooler posts: the prompt as a header (a bold section when it is too long for one), and a
 * context line inviting replies in the thread. Pure; `text` is the notification and screen-reader fallback.
 */
export function promptMessage(prompt: string): { text: string; blocks: KnownBlock[] } {
  const clean = prompt.trim();
  const head: KnownBlock =
    clean.length <= HEADER_MAX
      ? { type: 'header', text: { type: 'plain_text', text: clean, emoji: true } }
      : { type: 'section', text: { type: 'mrkdwn', text: `*${escapeMrkdwn(clean)}*` } };
  return {
    text: `${escapeMrkdwn(clean)} ${REPLY_HINT}`,
    blocks: [head, { type: 'context', elements: [{ type: 'mrkdwn', text: REPLY_HINT }] }],
  };
}

/** https://{domain}.slack.com/archives/{channel}/p{ts without the dot}. */
export function permalink(domain: string, channel: string, ts: string): string {
  return `https://${domain || 'app'}.slack.com/archives/${channel}/p${ts.replace('.', '')}`;
}

export interface HomeWatercooler {
  channelId: string;
  channelName: string;
  schedule: string;
  latest: { text: string; url: string; replies: number } | null;
}

/** The member's watercooler channels in the home tab, with a link to each channel's latest prompt. */
export function homeSection(items: readonly HomeWatercooler[], max = 10): KnownBlock[] {
  if (!items.length) return [];
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: `*☕ Watercooler*\nConversation prompts in ${items.length === 1 ? 'a channel' : 'channels'} you're in.` } },
  ];
  for (const item of items.slice(0, max)) {
    const latest = item.latest
      ? `\nLatest: <${item.latest.url}|${escapeMrkdwn(truncate(item.latest.text, 120))}>${item.latest.replies ? ` · ${item.latest.replies} ${item.latest.replies === 1 ? 'reply' : 'replies'}` : ''}`
      : '\nNo prompt yet: the first one is on its way.';
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `<#${item.channelId}> · ${item.schedule}${latest}` } });
  }
  if (items.length > max) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `And ${items.length - max} more.` }] });
  return blocks;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
