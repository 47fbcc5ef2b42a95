import type { KnownBlock } from '@slack/types';
import { FREE_PLAN_STOPS } from '../platform/entitlements/features.js';
import { slackDate } from '../slack/dates.js';

/** The days before a trial's end at which the account's owner and admins are warned, earliest first. */
export const TRIAL_WARNINGS = [3, 1] as const;

type Message = { text: string; blocks: KnownBlock[] };

const stops = () => FREE_PLAN_STOPS.map((s) => `• ${s}`).join('\n');

function message(headline: string, fallback: string, billingUrl: string, action: string): Message {
  const body = `On the Free plan:\n${stops()}\nYour programs, settings and history are kept, and everything resumes when you upgrade.`;
  return {
    text: fallback,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: headline } },
      { type: 'section', text: { type: 'mrkdwn', text: body } },
      { type: 'section', text: { type: 'mrkdwn', text: `<${billingUrl}|${action}>` } },
    ],
  };
}

/** The DM to each of the account's admins `daysLeft` days before the trial ends (fallback dates in `tz`). */
export function trialEndingMessage(o: { daysLeft: number; endsAt: Date; tz: string; billingUrl: string }): Message {
  const days = o.daysLeft === 1 ? '1 day' : `${o.daysLeft} days`;
  return message(
    `*Your Hearth Premium trial ends in ${days}*, on ${slackDate(o.endsAt, o.tz, 'long_day_time')}. Upgrade before then to keep every Premium feature on.`,
    `Your Hearth Premium trial ends in ${days}.`,
    o.billingUrl,
    'Upgrade to Premium',
  );
}

/** The DM to each of the account's admins when the trial has ended. */
export function trialEndedMessage(o: { endedAt: Date; tz: string; billingUrl: string }): Message {
  return message(
    `*Your Hearth Premium trial ended* on ${slackDate(o.endedAt, o.tz, 'long_day_time')}: your workspace is on the Free plan now.`,
    'Your Hearth Premium trial has ended: your workspace is on the Free plan now.',
    o.billingUrl,
    'Upgrade to Premium',
  );
}
