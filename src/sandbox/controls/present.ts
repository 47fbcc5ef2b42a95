import type { SandboxState } from '../state.js';
import { slackEncoded } from '../text.js';
import { compareTs } from '../ts.js';
import type { JsonObject, SandboxChannel, SandboxEphemeral, SandboxMessage, SandboxView, SandboxWorkspace, SlackMember } from '../types.js';
import { withIds } from './elements.js';

/** The sandbox as the page shows it: what one member sees, with the ids the payloads will use. */

export function presentWorkspace(w: SandboxWorkspace) {
  return { id: w.id, name: w.name, domain: w.domain, default_user_id: w.defaultUserId, bot_user_id: w.botUserId, app_name: w.botName };
}

export function presentMember(m: SlackMember) {
  return {
    id: m.id,
    name: m.name,
    real_name: m.real_name,
    display_name: m.profile.display_name,
    title: m.profile.title,
    tz: m.tz,
    color: m.color,
    image_72: m.profile.image_72,
    is_admin: m.is_admin,
    is_owner: m.is_owner,
    is_bot: m.is_bot || m.id === 'USLACKBOT',
    deleted: m.deleted,
    is_stranger: m.is_stranger === true,
  };
}

export type ConversationKind = 'channel' | 'private_channel' | 'im' | 'mpim';

export function kindOf(channel: SandboxChannel): ConversationKind {
  if (channel.is_im) return 'im';
  if (channel.is_mpim) return 'mpim';
  return channel.is_private ? 'private_channel' : 'channel';
}

function nameOf(state: SandboxState, teamId: string, userId: string): string {
  const m = state.member(teamId, userId);
  return m ? m.profile.display_name || m.real_name || m.name : userId;
}

/** Private conversations, IMs and MPIMs only for members; public channels for everyone. */
export function canSee(channel: SandboxChannel, userId: string): boolean {
  return !channel.is_private || channel.members.includes(userId);
}

export function latestTs(state: SandboxState, channel: SandboxChannel, userId: string): string | null {
  let latest: string | null = null;
  for (const m of state.messageList(channel.id)) if (latest === null || compareTs(m.ts, latest) > 0) latest = m.ts;
  for (const e of state.ephemeralFor(channel.teamId, channel.id, userId)) if (latest === null || compareTs(e.ts, latest) > 0) latest = e.ts;
  return latest;
}

export function presentConversation(state: SandboxState, channel: SandboxChannel, userId: string) {
  const others = channel.members.filter((m) => m !== userId);
  const kind = kindOf(channel);
  const label =
    kind === 'im'
      ? nameOf(state, channel.teamId, others[0] ?? userId)
      : kind === 'mpim'
        ? others.map((id) => nameOf(state, channel.teamId, id)).join(', ')
        : channel.name;
  return {
    id: channel.id,
    kind,
    name: channel.name,
    label,
    ...(kind === 'im' ? { user: others[0] ?? userId } : {}),
    ...(kind === 'mpim' ? { users: others } : {}),
    is_member: channel.members.includes(userId),
    is_archived: channel.is_archived,
    is_ext_shared: channel.is_ext_shared,
    num_members: channel.members.length,
    topic: channel.topic.value,
    purpose: channel.purpose.value,
    latest_ts: latestTs(state, channel, userId),
  };
}

/** The sidebar: joined channels, then DMs and group DMs; the app's own DM separately (Apps → Hearth). */
export function conversationsFor(state: SandboxState, workspace: SandboxWorkspace, userId: string) {
  const mine = state.channelList(workspace.id).filter((c) => c.members.includes(userId) && !c.is_archived);
  const appDm = mine.find((c) => c.is_im && c.members.includes(workspace.botUserId) && workspace.botUserId !== userId);
  // Every channel name this member may see, for <#C…> mentions of channels they have not joined.
  const names = Object.fromEntries(
    state
      .channelList(workspace.id)
      .filter((c) => !c.is_im && !c.is_mpim && canSee(c, userId))
      .map((c) => [c.id, c.name]),
  );
  return {
    names,
    channels: mine.filter((c) => !c.is_im && !c.is_mpim).map((c) => presentConversation(state, c, userId)),
    direct: mine.filter((c) => (c.is_im || c.is_mpim) && c !== appDm).map((c) => presentConversation(state, c, userId)),
    app: {
      bot_user_id: workspace.botUserId,
      name: workspace.botName,
      dm: appDm ? presentConversation(state, appDm, userId) : null,
    },
  };
}

function presentStored(m: SandboxMessage) {
  const { blocks, ...rest } = m;
  return { ...structuredClone(rest), blocks: withIds(blocks), ephemeral: false as const };
}

function presentEphemeral(e: SandboxEphemeral) {
  return {
    type: 'message' as const,
    ts: e.ts,
    user: e.postedBy,
    text: e.text,
    blocks: withIds(e.blocks),
    ...(e.thread_ts ? { thread_ts: e.thread_ts } : {}),
    ephemeral: true as const,
  };
}

export type PresentedMessage = (ReturnType<typeof presentStored> | ReturnType<typeof presentEphemeral>) & { replies?: PresentedMessage[] };

/**
 * A conversation as this member sees it, oldest first: top-level messages with their thread replies, and
 * the ephemeral messages shown to this member only.
 */
export function messagesFor(state: SandboxState, channel: SandboxChannel, userId: string): PresentedMessage[] {
  const all = state.messageList(channel.id);
  const top: PresentedMessage[] = all
    .filter((m) => !m.thread_ts || m.thread_ts === m.ts || m.subtype === 'thread_broadcast')
    .map((m) => {
      const presented: PresentedMessage = presentStored(m);
      if (m.thread_ts === m.ts && (m.reply_count ?? 0) > 0) {
        presented.replies = state
          .threadMessages(channel.id, m.ts)
          .filter((r) => r.ts !== m.ts)
          .map((r) => presentStored(r));
      }
      return presented;
    });
  const ephemeral = state.ephemeralFor(channel.teamId, channel.id, userId).map(presentEphemeral);
  return [...top, ...ephemeral].sort((a, b) => compareTs(a.ts, b.ts));
}

export function presentView(view: SandboxView, errors?: Record<string, string>) {
  const { user_id: _user, blocks, ...rest } = view;
  return { ...structuredClone(rest), blocks: withIds(blocks), ...(errors && Object.keys(errors).length > 0 ? { errors } : {}) };
}

/** A view as it goes out in an interaction payload: Slack's fields, ids filled in, the current state (typed text encoded, as Slack sends it). */
export function payloadView(view: SandboxView): JsonObject {
  const shown = presentView(view) as unknown as JsonObject & { state?: { values?: Record<string, Record<string, JsonObject>> } };
  for (const entries of Object.values(shown.state?.values ?? {})) {
    for (const entry of Object.values(entries)) if (entry.type === 'plain_text_input' && typeof entry.value === 'string') entry.value = slackEncoded(entry.value);
  }
  return shown;
}
