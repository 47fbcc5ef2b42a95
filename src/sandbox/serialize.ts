import { zoneLabel, zoneOffsetSeconds } from './tz.js';
import type { SandboxChannel, SandboxMessage, SandboxView, SlackMember } from './types.js';

/** Objects as Slack's Web API returns them, computed from what the sandbox stores. */

export function toSlackUser(member: SlackMember, at: Date): Record<string, unknown> {
  return {
    ...member,
    profile: { ...member.profile },
    tz_label: zoneLabel(member.tz, at),
    tz_offset: zoneOffsetSeconds(member.tz, at),
  };
}

/** users.info / users.list profile without the custom fields, which only users.profile.get returns. */
export function toListedUser(member: SlackMember, at: Date): Record<string, unknown> {
  const user = toSlackUser(member, at);
  const { fields: _fields, ...profile } = member.profile;
  return { ...user, profile };
}

export function toSlackChannel(
  channel: SandboxChannel,
  viewerId: string,
  opts: { includeNumMembers?: boolean; isUserDeleted?: boolean } = {},
): Record<string, unknown> {
  if (channel.is_im) {
    return {
      id: channel.id,
      created: channel.created,
      is_archived: channel.is_archived,
      is_im: true,
      is_org_shared: channel.is_org_shared,
      context_team_id: channel.teamId,
      updated: channel.created * 1000,
      user: channel.user,
      is_user_deleted: opts.isUserDeleted ?? false,
      priority: 0,
    };
  }
  return {
    id: channel.id,
    name: channel.name,
    is_channel: channel.is_channel,
    is_group: channel.is_group,
    is_im: false,
    is_mpim: channel.is_mpim,
    is_private: channel.is_private,
    created: channel.created,
    is_archived: channel.is_archived,
    is_general: channel.is_general,
    unlinked: 0,
    name_normalized: channel.name,
    is_shared: channel.is_shared,
    is_org_shared: channel.is_org_shared,
    is_pending_ext_shared: false,
    pending_shared: [],
    context_team_id: channel.teamId,
    updated: channel.created * 1000,
    parent_conversation: null,
    creator: channel.creator,
    is_ext_shared: channel.is_ext_shared,
    shared_team_ids: channel.shared_team_ids,
    pending_connected_team_ids: [],
    is_member: channel.members.includes(viewerId),
    topic: channel.topic,
    purpose: channel.purpose,
    previous_names: [],
    ...(opts.includeNumMembers ? { num_members: channel.members.length } : {}),
  };
}

/** Slack leaves metadata out of history unless include_all_metadata is set. */
export function toSlackMessage(message: SandboxMessage, opts: { includeMetadata: boolean }): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...structuredClone(message) };
  if (!opts.includeMetadata) delete copy.metadata;
  return copy;
}

export function toSlackView(view: SandboxView): Record<string, unknown> {
  const { user_id: _user, ...rest } = view;
  return structuredClone(rest);
}
