/**
 * What a program's owner is told when its messages stop reaching Slack: once per incident, never per message.
 * Pure: the words only (program names and channels are Hearth's, the reason is the outbox's, already in words).
 */

/** Causes that mean Hearth lost the program's channel: the program is paused until Hearth is invited back. */
export const CHANNEL_LOSSES = ['not_in_channel', 'is_archived', 'channel_not_found'] as const;
export type ChannelLoss = (typeof CHANNEL_LOSSES)[number];
export const isChannelLoss = (code: string | null): code is ChannelLoss => (CHANNEL_LOSSES as readonly string[]).includes(code ?? '');

/** Failures of one program and reason this close together are one incident: its owner hears of it once. */
export const INCIDENT_WINDOW_MS = 24 * 60 * 60_000;

interface About {
  /** The kind's name (Intros, Watercooler, Celebrations). */
  label: string;
  channelId: string;
  /** `#name`, when Hearth's directory has it. */
  channelName: string | null;
  /** The program's page and the failed-deliveries page. */
  programUrl: string;
  failedUrl: string;
}

const channelOf = (a: About) => a.channelName ?? `<#${a.channelId}>`;

/** What to do when Hearth lost the channel, per cause. */
const FIX: Record<ChannelLoss, (a: About) => string> = {
  not_in_channel: (a) => `Invite Hearth back to ${channelOf(a)} (\`/invite @Hearth\`) and it starts again by itself.`,
  is_archived: (a) => `Unarchive ${channelOf(a)} and it starts again by itself; or <${a.programUrl}|move it to another channel>.`,
  channel_not_found: (a) => `<${a.programUrl}|Move it to another channel>.`,
};
const WHY: Record<ChannelLoss, (a: About) => string> = {
  not_in_channel: (a) => `Hearth was removed from ${channelOf(a)}`,
  is_archived: (a) => `${channelOf(a)} was archived`,
  channel_not_found: (a) => `${channelOf(a)} was deleted`,
};

/** The program was paused because Hearth lost its channel. */
export function pausedNotice(a: About, loss: ChannelLoss): { text: string } {
  return { text: `*${a.label}* in ${channelOf(a)} is paused: ${WHY[loss](a)}. ${FIX[loss](a)}` };
}

/** Why a paused program's channel is back: Hearth was invited back to it, or it was unarchived. */
export type ChannelBack = 'invited' | 'unarchived';
const BACK: Record<ChannelBack, string> = { invited: 'Hearth was added back to the channel', unarchived: 'the channel was unarchived' };

/** Hearth has its channel again: the program it paused runs again. */
export function resumedNotice(a: About, why: ChannelBack): { text: string } {
  return { text: `*${a.label}* in ${channelOf(a)} is running again: ${BACK[why]}.` };
}

/** Messages of the program are failing for a reason other than a lost channel (told once per incident). */
export function failingNotice(a: About, reason: string): { text: string } {
  return { text: `Some messages of *${a.label}* in ${channelOf(a)} could not be delivered. ${reason} <${a.failedUrl}|See each one, and try again where it can work>.` };
}

/** Messages of the program whose arrival Slack never confirmed (told once per incident): what to check. */
export function unconfirmedNotice(a: About, reason: string): { text: string } {
  return { text: `Some messages of *${a.label}* in ${channelOf(a)} may not have arrived. ${reason} <${a.failedUrl}|See each one>.` };
}
