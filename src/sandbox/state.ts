import { randomBytes } from 'node:crypto';
import { conversationKey } from './conversation-key.js';
import type { SandboxFault, SandboxOutage } from './faults.js';
import { RateLimits } from './rate-limit.js';
import { compareTs, formatTs, nextTsMicros, parseTs, unixSeconds } from './ts.js';
import type {
  BotProfile,
  JsonObject,
  MessageMetadata,
  Now,
  SandboxChannel,
  SandboxData,
  SandboxEphemeral,
  SandboxFile,
  SandboxMessage,
  SandboxPersonInfo,
  SandboxScheduled,
  SandboxView,
  SandboxWorkspace,
  SlackMember,
  TriggerRecord,
} from './types.js';

export type * from './types.js';
export type { SandboxFault, SandboxOutage } from './faults.js';

/**
 * The sandbox workspace's memory: workspaces, people, channels, messages, views, plus the test controls
 * (rate limits, faults, the call log). The Web API stand-in, the driver and the sandbox page all read and
 * change it through these methods, so a message a person "sends" on the page and one the app posts look
 * the same. Storage only: Slack's argument checks live in the method handlers.
 */

export interface AuthInfo {
  kind: 'bot' | 'user';
  token: string;
  teamId: string;
  /** The bot user for bot tokens. */
  userId: string;
  botId?: string;
  scopes: string[];
  workspace: SandboxWorkspace;
}

export interface RecordedCall {
  seq: number;
  method: string;
  teamId?: string;
  /** Arguments as the method saw them (JSON fields decoded), without the token. */
  args: Record<string, unknown>;
  /** ISO instant on the sandbox clock. */
  at: string;
  /** HTTP status sent, or null when no response was sent (timeout / dropped faults). */
  status: number | null;
  outcome: 'ok' | 'error' | 'ratelimited' | 'fault' | 'exception';
  error?: string;
  fault?: SandboxFault['kind'];
}

export type SandboxChange =
  | { kind: 'message_posted' | 'message_changed' | 'message_deleted'; teamId: string; channel: string; ts: string }
  | { kind: 'reaction_added' | 'reaction_removed'; teamId: string; channel: string; ts: string; name: string; userId: string }
  | { kind: 'ephemeral_posted'; teamId: string; channel: string; ts: string; userId: string }
  | { kind: 'view_published' | 'view_opened' | 'view_pushed' | 'view_updated' | 'view_closed'; teamId: string; userId: string; viewId: string }
  | { kind: 'channel_created' | 'channel_members_changed'; teamId: string; channel: string }
  | { kind: 'restored' };

export type TriggerCheck = { ok: true; trigger: TriggerRecord } | { ok: false; error: 'invalid_trigger_id' | 'expired_trigger_id' | 'exchanged_trigger_id' };

export interface NewMessage {
  /** Who posts: a member id; for the app, its bot user id (bot fields are filled in). */
  user: string;
  text: string;
  blocks?: JsonObject[];
  attachments?: JsonObject[];
  metadata?: MessageMetadata;
  thread_ts?: string;
  reply_broadcast?: boolean;
  files?: SandboxMessage['files'];
  username?: string;
  icons?: { emoji?: string; image_url?: string };
}

export interface SandboxOptions {
  /** Slack's trigger ids expire after 3 seconds. */
  triggerTtlMs: number;
  /** Where permalinks point; defaults to https://{domain}.slack.com. */
  permalinkBase?: string;
  /** The call log keeps the newest calls only, so a long-running demo does not grow without bound. */
  maxRecordedCalls: number;
  /** When set, oauth.v2.access and openid.connect.token insist on these; otherwise any non-empty values pass. */
  oauth: { clientId?: string; clientSecret?: string };
  /**
   * Token rotation, as Hearth's manifest turns it on: oauth.v2.access hands out bot tokens that expire after
   * this many seconds, with a single-use refresh token; 0 hands out the workspace's long-lived token.
   */
  tokenLifetimeSeconds: number;
}

/** Slack's rotating tokens live 12 hours. */
export const TOKEN_LIFETIME_SECONDS = 43_200;

const DEFAULT_OPTIONS: SandboxOptions = { triggerTtlMs: 3000, maxRecordedCalls: 10_000, oauth: {}, tokenLifetimeSeconds: TOKEN_LIFETIME_SECONDS };

export function emptySandboxData(): SandboxData {
  return {
    version: 1,
    workspaces: {},
    externalTeams: {},
    members: {},
    people: {},
    channels: {},
    messages: {},
    conversationIndex: {},
    lastTsMicros: {},
    views: {},
    homeViews: {},
    modalStacks: {},
    triggers: {},
    ephemeral: [],
    scheduled: [],
    oauthCodes: {},
    openIdCodes: {},
    userTokens: {},
    files: {},
    counters: {},
  };
}

function userKey(teamId: string, userId: string): string {
  return `${teamId}:${userId}`;
}

export class SandboxState {
  data: SandboxData;
  now: Now;
  readonly rateLimits = new RateLimits();
  /** Queued faults; see faults.ts. */
  faults: SandboxFault[] = [];
  /** A Slack outage on the sandbox clock: every call until then is answered as Slack answers during one (faults.ts). */
  outage: SandboxOutage | null = null;
  /** Every Web API call received, oldest first. */
  calls: RecordedCall[] = [];
  options: SandboxOptions;
  private callSeq = 0;
  private readonly listeners = new Set<(change: SandboxChange) => void>();

  constructor(init: { data?: SandboxData; now?: Now; options?: Partial<SandboxOptions> } = {}) {
    this.data = init.data ?? emptySandboxData();
    this.now = init.now ?? (() => new Date());
    this.options = { ...DEFAULT_OPTIONS, ...init.options };
  }

  // ---- test controls -------------------------------------------------------------------------------

  injectFault(fault: SandboxFault): void {
    this.faults.push(fault);
  }

  recordCall(call: Omit<RecordedCall, 'seq'>): RecordedCall {
    const recorded = { seq: ++this.callSeq, ...call };
    this.calls.push(recorded);
    if (this.calls.length > this.options.maxRecordedCalls) this.calls.splice(0, this.calls.length - this.options.maxRecordedCalls);
    return recorded;
  }

  /** Calls to one method (optionally from one workspace), e.g. to count real chat.postMessage sends. */
  callsTo(method: string, teamId?: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method && (teamId === undefined || c.teamId === teamId));
  }

  subscribe(listener: (change: SandboxChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: SandboxChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        console.error('sandbox change listener failed', err);
      }
    }
  }

  // ---- persistence ---------------------------------------------------------------------------------

  /** The saved state as JSON (faults, rate-limit counters and the call log are not part of it). */
  snapshot(): string {
    return JSON.stringify(this.data);
  }

  restore(json: string | SandboxData): void {
    const data = (typeof json === 'string' ? JSON.parse(json) : structuredClone(json)) as SandboxData;
    if (data?.version !== 1 || typeof data.workspaces !== 'object') throw new Error('Not a sandbox snapshot (version 1)');
    this.data = { ...emptySandboxData(), ...data };
    this.emit({ kind: 'restored' });
  }

  // ---- ids -----------------------------------------------------------------------------------------

  /** Deterministic ids like CSBX00000A, distinct from seeded ids (which never contain "SBX"). */
  nextId(prefix: string): string {
    const n = (this.data.counters[prefix] ?? 0) + 1;
    this.data.counters[prefix] = n;
    return `${prefix}SBX${n.toString(36).toUpperCase().padStart(6, '0')}`;
  }

  nextTs(channelId: string, at: Date = this.now()): string {
    const micros = nextTsMicros(this.data.lastTsMicros[channelId], at);
    this.data.lastTsMicros[channelId] = micros;
    return formatTs(micros);
  }

  private secret(prefix: string): string {
    return `${prefix}${randomBytes(12).toString('hex')}`;
  }

  // ---- workspaces, tokens, people ------------------------------------------------------------------

  workspace(teamId: string): SandboxWorkspace | undefined {
    return this.data.workspaces[teamId];
  }

  workspaceList(): SandboxWorkspace[] {
    return Object.values(this.data.workspaces);
  }

  /** The workspace's bot, or null; 'expired' for a rotating token past its lifetime (Slack's token_expired). */
  authenticate(token: string, at: Date = this.now()): AuthInfo | null | 'expired' {
    const rotating = this.data.rotatingTokens?.[token];
    const teamId = rotating?.teamId;
    for (const workspace of this.workspaceList()) {
      if (workspace.botToken === token || workspace.id === teamId) {
        if (rotating && rotating.expiresAt <= at.getTime()) return 'expired';
        return { kind: 'bot', token, teamId: workspace.id, userId: workspace.botUserId, botId: workspace.botId, scopes: workspace.botScopes, workspace };
      }
    }
    const user = this.data.userTokens[token];
    const workspace = user && this.workspace(user.teamId);
    if (!user || !workspace) return null;
    return { kind: 'user', token, teamId: user.teamId, userId: user.userId, scopes: user.scopes, workspace };
  }

  /** The app an app-level token (`xapp-…`) belongs to, or null. */
  authenticateApp(token: string): { appId: string } | null {
    const workspace = this.workspaceList().find((w) => w.appToken === token);
    return workspace ? { appId: workspace.appId } : null;
  }

  /**
   * A rotating bot token and its refresh token (oauth.v2.access with rotation on). Tokens handed out before
   * stay valid until they expire, as Slack's do.
   */
  issueRotatingToken(teamId: string, at: Date = this.now()): { token: string; refreshToken: string; expiresIn: number } {
    const expiresIn = this.options.tokenLifetimeSeconds;
    const token = `xoxe.xoxb-1-${teamId}-${this.secret('')}`;
    const refreshToken = `xoxe-1-${teamId}-${this.secret('')}`;
    (this.data.rotatingTokens ??= {})[token] = { teamId, expiresAt: at.getTime() + expiresIn * 1000 };
    (this.data.refreshTokens ??= {})[refreshToken] = { teamId, used: false };
    return { token, refreshToken, expiresIn };
  }

  /** Uses a refresh token once: its workspace, or why not. */
  redeemRefreshToken(refreshToken: string): { teamId: string } | { error: 'invalid_refresh_token' } {
    const record = this.data.refreshTokens?.[refreshToken];
    if (!record || record.used || !this.workspace(record.teamId)) return { error: 'invalid_refresh_token' };
    record.used = true;
    return { teamId: record.teamId };
  }

  /** A user token for a member, as Sign in with Slack or a user-scope install would hand out. */
  issueUserToken(teamId: string, userId: string, scopes: string[]): string {
    const token = `xoxp-${teamId}-${userId}-${this.secret('')}`;
    this.data.userTokens[token] = { teamId, userId, scopes };
    return token;
  }

  /**
   * A person joins the workspace (team_join): they are in its directory from now on, so Hearth can DM them. The
   * event's user object is Slack's full one; anything it leaves out takes a new member's defaults.
   */
  joinMember(teamId: string, user: Partial<SlackMember> & { id: string }, at: Date = this.now()): SlackMember {
    const defaults = Object.values(this.data.members[teamId] ?? {}).find((m) => !m.is_bot && !m.is_admin && !m.is_stranger);
    if (!defaults) throw new Error(`no members in ${teamId} to take defaults from`);
    const joined: SlackMember = {
      ...structuredClone(defaults),
      is_admin: false,
      is_owner: false,
      is_primary_owner: false,
      deleted: false,
      updated: Math.floor(at.getTime() / 1000),
      ...user,
      team_id: teamId,
      profile: { ...structuredClone(defaults.profile), ...(user.profile ?? {}) },
    };
    (this.data.members[teamId] ??= {})[joined.id] = joined;
    return joined;
  }

  member(teamId: string, userId: string): SlackMember | undefined {
    return this.data.members[teamId]?.[userId];
  }

  /** Everyone the workspace knows, sorted by id; Slack Connect people only when asked for. */
  memberList(teamId: string, opts: { includeExternal?: boolean } = {}): SlackMember[] {
    return Object.values(this.data.members[teamId] ?? {})
      .filter((m) => opts.includeExternal || m.team_id === teamId)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  person(teamId: string, userId: string): SandboxPersonInfo | undefined {
    return this.data.people[teamId]?.[userId];
  }

  // ---- channels ------------------------------------------------------------------------------------

  /** A conversation of this workspace; another workspace's id is as good as unknown. */
  channel(teamId: string, channelId: string): SandboxChannel | undefined {
    const channel = this.data.channels[channelId];
    return channel && channel.teamId === teamId ? channel : undefined;
  }

  channelList(teamId: string): SandboxChannel[] {
    return Object.values(this.data.channels)
      .filter((c) => c.teamId === teamId)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  channelByName(teamId: string, name: string): SandboxChannel | undefined {
    const wanted = name.replace(/^#/, '').toLowerCase();
    return this.channelList(teamId).find((c) => !c.is_im && !c.is_mpim && c.name === wanted);
  }

  createChannel(teamId: string, input: { name: string; isPrivate: boolean; creator: string }, at: Date = this.now()): SandboxChannel {
    const created = unixSeconds(at);
    const channel: SandboxChannel = {
      id: this.nextId('C'),
      teamId,
      name: input.name,
      is_channel: !input.isPrivate,
      is_group: input.isPrivate,
      is_im: false,
      is_mpim: false,
      is_private: input.isPrivate,
      is_archived: false,
      is_general: false,
      is_shared: false,
      is_ext_shared: false,
      is_org_shared: false,
      shared_team_ids: [teamId],
      created,
      creator: input.creator,
      members: [input.creator],
      topic: { value: '', creator: '', last_set: 0 },
      purpose: { value: '', creator: '', last_set: 0 },
    };
    this.data.channels[channel.id] = channel;
    this.data.messages[channel.id] = [];
    this.emit({ kind: 'channel_created', teamId, channel: channel.id });
    return channel;
  }

  addMembers(channel: SandboxChannel, userIds: readonly string[]): void {
    const before = channel.members.length;
    for (const id of userIds) if (!channel.members.includes(id)) channel.members.push(id);
    if (channel.members.length !== before) this.emit({ kind: 'channel_members_changed', teamId: channel.teamId, channel: channel.id });
  }

  removeMember(channel: SandboxChannel, userId: string): void {
    const before = channel.members.length;
    channel.members = channel.members.filter((m) => m !== userId);
    if (channel.members.length !== before) this.emit({ kind: 'channel_members_changed', teamId: channel.teamId, channel: channel.id });
  }

  /** The IM or MPIM for exactly these people, created on first use (conversations.open semantics). */
  openConversation(teamId: string, callerId: string, others: readonly string[], at: Date = this.now()): { channel: SandboxChannel; created: boolean } {
    const memberIds = [...new Set([callerId, ...others])];
    const key = conversationKey(teamId, memberIds);
    const existingId = this.data.conversationIndex[key];
    const existing = existingId ? this.data.channels[existingId] : undefined;
    if (existing) return { channel: existing, created: false };

    const isIm = memberIds.length <= 2;
    const names = memberIds.map((id) => this.member(teamId, id)?.name ?? id.toLowerCase());
    const id = this.nextId(isIm ? 'D' : 'C');
    const channel: SandboxChannel = {
      id,
      teamId,
      name: isIm ? id : `mpdm-${names.join('--')}-1`,
      is_channel: false,
      is_group: !isIm,
      is_im: isIm,
      is_mpim: !isIm,
      is_private: true,
      is_archived: false,
      is_general: false,
      is_shared: false,
      is_ext_shared: false,
      is_org_shared: false,
      shared_team_ids: [teamId],
      created: unixSeconds(at),
      creator: callerId,
      members: memberIds,
      topic: { value: '', creator: '', last_set: 0 },
      purpose: { value: isIm ? '' : `Group messaging with: ${names.map((n) => `@${n}`).join(' ')}`, creator: '', last_set: 0 },
      ...(isIm ? { user: others[0] ?? callerId } : {}),
    };
    this.data.channels[id] = channel;
    this.data.messages[id] = [];
    this.data.conversationIndex[key] = id;
    this.emit({ kind: 'channel_created', teamId, channel: id });
    return { channel, created: true };
  }

  // ---- messages ------------------------------------------------------------------------------------

  messageList(channelId: string): SandboxMessage[] {
    return this.data.messages[channelId] ?? [];
  }

  findMessage(channelId: string, ts: string): SandboxMessage | undefined {
    return this.messageList(channelId).find((m) => m.ts === ts);
  }

  private botFields(workspace: SandboxWorkspace): { bot_id: string; app_id: string; bot_profile: BotProfile } {
    return {
      bot_id: workspace.botId,
      app_id: workspace.appId,
      bot_profile: {
        id: workspace.botId,
        app_id: workspace.appId,
        name: workspace.botName,
        icons: { image_36: '', image_48: '', image_72: '' },
        deleted: false,
        updated: workspace.created,
        team_id: workspace.id,
      },
    };
  }

  /**
   * Stores a message (or thread reply) as Slack would: a fresh ts, the bot's fields when the app posts,
   * and the parent's reply_count / reply_users / latest_reply kept current.
   */
  addMessage(channel: SandboxChannel, input: NewMessage, at: Date = this.now()): SandboxMessage {
    const workspace = this.workspace(channel.teamId);
    const ts = this.nextTs(channel.id, at);
    const member = this.member(channel.teamId, input.user);
    const message: SandboxMessage = {
      type: 'message',
      ts,
      user: input.user,
      team: member?.team_id ?? channel.teamId,
      text: input.text,
      ...(workspace && input.user === workspace.botUserId ? this.botFields(workspace) : {}),
      ...(input.blocks ? { blocks: input.blocks } : {}),
      ...(input.attachments ? { attachments: input.attachments } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
      ...(input.files ? { files: input.files } : {}),
      ...(input.username ? { username: input.username } : {}),
      ...(input.icons ? { icons: input.icons } : {}),
    };
    if (input.thread_ts) {
      const parent = this.threadParent(channel.id, input.thread_ts);
      if (parent) {
        message.thread_ts = parent.ts;
        if (input.reply_broadcast) message.subtype = 'thread_broadcast';
        parent.thread_ts = parent.ts;
        parent.reply_count = (parent.reply_count ?? 0) + 1;
        const users = new Set(parent.reply_users ?? []);
        users.add(input.user);
        parent.reply_users = [...users];
        parent.reply_users_count = users.size;
        parent.latest_reply = ts;
      }
    }
    const list = (this.data.messages[channel.id] ??= []);
    list.push(message);
    this.emit({ kind: 'message_posted', teamId: channel.teamId, channel: channel.id, ts });
    return message;
  }

  // ---- files (files.getUploadURLExternal → the bytes → files.completeUploadExternal) ----------------

  reserveFile(teamId: string, user: string, name: string, length: number): SandboxFile {
    const file: SandboxFile = { id: this.nextId('F'), teamId, user, name, title: name, length, content: null, channel: null };
    (this.data.files ??= {})[file.id] = file;
    return file;
  }

  file(teamId: string, id: string): SandboxFile | undefined {
    const file = this.data.files?.[id];
    return file?.teamId === teamId ? file : undefined;
  }

  /** The bytes posted to a file's upload URL; false for an unknown or already uploaded file. */
  receiveFile(id: string, content: string): boolean {
    const file = this.data.files?.[id];
    if (!file || file.content !== null) return false;
    file.content = content;
    return true;
  }

  /** The top of the thread a ts belongs to (a reply's ts leads to its parent). */
  threadParent(channelId: string, ts: string): SandboxMessage | undefined {
    const message = this.findMessage(channelId, ts);
    if (!message) return undefined;
    if (message.thread_ts && message.thread_ts !== message.ts) return this.findMessage(channelId, message.thread_ts);
    return message;
  }

  /** Top-level messages and broadcasts, newest first, as conversations.history lists them. */
  channelHistory(channelId: string): SandboxMessage[] {
    return this.messageList(channelId)
      .filter((m) => !m.thread_ts || m.thread_ts === m.ts || m.subtype === 'thread_broadcast')
      .sort((a, b) => compareTs(b.ts, a.ts));
  }

  /** A thread's parent then its replies, oldest first. */
  threadMessages(channelId: string, threadTs: string): SandboxMessage[] {
    return this.messageList(channelId)
      .filter((m) => m.ts === threadTs || m.thread_ts === threadTs)
      .sort((a, b) => compareTs(a.ts, b.ts));
  }

  updateMessage(
    channel: SandboxChannel,
    message: SandboxMessage,
    change: { text?: string; blocks?: JsonObject[]; metadata?: MessageMetadata; editor: string },
    at: Date = this.now(),
  ): SandboxMessage {
    // Slack drops old blocks when only text is sent, and keeps them when neither is.
    if (change.blocks !== undefined) message.blocks = change.blocks;
    else if (change.text !== undefined) delete message.blocks;
    if (change.text !== undefined) message.text = change.text;
    if (change.metadata !== undefined) message.metadata = change.metadata;
    message.edited = { user: change.editor, ts: formatTs(Math.max(at.getTime() * 1000, (parseTs(message.ts) ?? 0) + 1)) };
    this.emit({ kind: 'message_changed', teamId: channel.teamId, channel: channel.id, ts: message.ts });
    return message;
  }

  deleteMessage(channel: SandboxChannel, message: SandboxMessage): void {
    const list = this.messageList(channel.id);
    if (message.thread_ts === message.ts && (message.reply_count ?? 0) > 0) {
      // A parent with replies stays as a tombstone so the thread survives, as in Slack.
      message.subtype = 'tombstone';
      message.text = 'This message was deleted.';
      delete message.blocks;
      delete message.attachments;
      delete message.metadata;
      this.emit({ kind: 'message_deleted', teamId: channel.teamId, channel: channel.id, ts: message.ts });
      return;
    }
    const index = list.indexOf(message);
    if (index !== -1) list.splice(index, 1);
    if (message.thread_ts && message.thread_ts !== message.ts) {
      const parent = this.findMessage(channel.id, message.thread_ts);
      if (parent) {
        const replies = this.threadMessages(channel.id, parent.ts).filter((m) => m.ts !== parent.ts);
        parent.reply_count = replies.length;
        parent.reply_users = [...new Set(replies.map((r) => r.user ?? ''))].filter(Boolean);
        parent.reply_users_count = parent.reply_users.length;
        parent.latest_reply = replies.at(-1)?.ts ?? parent.ts;
      }
    }
    this.emit({ kind: 'message_deleted', teamId: channel.teamId, channel: channel.id, ts: message.ts });
  }

  /** False when this person already reacted with this emoji. */
  addReaction(channel: SandboxChannel, message: SandboxMessage, name: string, userId: string): boolean {
    const reactions = (message.reactions ??= []);
    let reaction = reactions.find((r) => r.name === name);
    if (reaction?.users.includes(userId)) return false;
    if (!reaction) {
      reaction = { name, users: [], count: 0 };
      reactions.push(reaction);
    }
    reaction.users.push(userId);
    reaction.count = reaction.users.length;
    this.emit({ kind: 'reaction_added', teamId: channel.teamId, channel: channel.id, ts: message.ts, name, userId });
    return true;
  }

  /** False when there was no such reaction from this person. */
  removeReaction(channel: SandboxChannel, message: SandboxMessage, name: string, userId: string): boolean {
    const reaction = message.reactions?.find((r) => r.name === name);
    if (!reaction?.users.includes(userId)) return false;
    reaction.users = reaction.users.filter((u) => u !== userId);
    reaction.count = reaction.users.length;
    if (reaction.count === 0) message.reactions = message.reactions?.filter((r) => r !== reaction);
    if (message.reactions?.length === 0) delete message.reactions;
    this.emit({ kind: 'reaction_removed', teamId: channel.teamId, channel: channel.id, ts: message.ts, name, userId });
    return true;
  }

  addEphemeral(input: Omit<SandboxEphemeral, 'ts'>, at: Date = this.now()): SandboxEphemeral {
    const ephemeral: SandboxEphemeral = { ...input, ts: this.nextTs(input.channel, at) };
    this.data.ephemeral.push(ephemeral);
    this.emit({ kind: 'ephemeral_posted', teamId: input.teamId, channel: input.channel, ts: ephemeral.ts, userId: input.user });
    return ephemeral;
  }

  /** What one person sees privately in a channel. */
  ephemeralFor(teamId: string, channelId: string, userId: string): SandboxEphemeral[] {
    return this.data.ephemeral.filter((e) => e.teamId === teamId && e.channel === channelId && e.user === userId);
  }

  addScheduled(input: Omit<SandboxScheduled, 'id'>): SandboxScheduled {
    const scheduled: SandboxScheduled = { id: this.nextId('Q'), ...input };
    this.data.scheduled.push(scheduled);
    return scheduled;
  }

  /** Posts scheduled messages whose time has come; the API calls this on every request. */
  deliverDueScheduled(at: Date = this.now()): SandboxMessage[] {
    const nowSeconds = unixSeconds(at);
    const due = this.data.scheduled.filter((s) => s.post_at <= nowSeconds).sort((a, b) => a.post_at - b.post_at);
    if (due.length === 0) return [];
    this.data.scheduled = this.data.scheduled.filter((s) => s.post_at > nowSeconds);
    const posted: SandboxMessage[] = [];
    for (const s of due) {
      const channel = this.data.channels[s.channel];
      if (!channel) continue;
      posted.push(
        this.addMessage(
          channel,
          {
            user: s.postedBy,
            text: s.text,
            ...(s.blocks ? { blocks: s.blocks } : {}),
            ...(s.metadata ? { metadata: s.metadata } : {}),
            ...(s.thread_ts ? { thread_ts: s.thread_ts } : {}),
          },
          new Date(s.post_at * 1000),
        ),
      );
    }
    return posted;
  }

  // ---- views ---------------------------------------------------------------------------------------

  /** Mints a trigger id as an interaction would carry; the driver passes it to the app. */
  issueTriggerId(teamId: string, userId: string, at: Date = this.now()): string {
    const triggerId = `${unixSeconds(at)}.${teamId}.${randomBytes(16).toString('hex')}`;
    this.data.triggers[triggerId] = { teamId, userId, issuedAt: at.getTime(), used: false };
    return triggerId;
  }

  /** Uses a trigger id once, within its lifetime, in its own workspace. */
  consumeTrigger(triggerId: string, teamId: string, at: Date = this.now()): TriggerCheck {
    const trigger = this.data.triggers[triggerId];
    // A trigger Slack never issued (or another workspace's) is invalid; one past its 3 seconds, expired.
    if (!trigger || trigger.teamId !== teamId) return { ok: false, error: 'invalid_trigger_id' };
    if (trigger.used) return { ok: false, error: 'exchanged_trigger_id' };
    if (at.getTime() - trigger.issuedAt > this.options.triggerTtlMs) return { ok: false, error: 'expired_trigger_id' };
    trigger.used = true;
    return { ok: true, trigger };
  }

  view(teamId: string, viewId: string): SandboxView | undefined {
    const view = this.data.views[viewId];
    return view && view.team_id === teamId ? view : undefined;
  }

  viewByExternalId(teamId: string, externalId: string): SandboxView | undefined {
    return Object.values(this.data.views).find((v) => v.team_id === teamId && v.external_id === externalId);
  }

  homeView(teamId: string, userId: string): SandboxView | undefined {
    const id = this.data.homeViews[userKey(teamId, userId)];
    return id ? this.data.views[id] : undefined;
  }

  /** Open modals for a person, root first. */
  modalStack(teamId: string, userId: string): SandboxView[] {
    return (this.data.modalStacks[userKey(teamId, userId)] ?? [])
      .map((id) => this.data.views[id])
      .filter((v): v is SandboxView => v !== undefined);
  }

  newViewHash(at: Date = this.now()): string {
    const n = (this.data.counters.hash ?? 0) + 1;
    this.data.counters.hash = n;
    return `${unixSeconds(at)}.${n.toString(16).padStart(8, '0')}`;
  }

  /** Stores a view built by the caller (home: replaces the published one; modal: see the modal methods). */
  putView(view: SandboxView): void {
    this.data.views[view.id] = view;
  }

  publishHome(view: SandboxView): void {
    const key = userKey(view.team_id, view.user_id);
    const previous = this.data.homeViews[key];
    if (previous && previous !== view.id) delete this.data.views[previous];
    this.data.views[view.id] = view;
    this.data.homeViews[key] = view.id;
    this.emit({ kind: 'view_published', teamId: view.team_id, userId: view.user_id, viewId: view.id });
  }

  /** views.open: a new root modal; whatever was open is replaced. */
  openModal(view: SandboxView): void {
    const key = userKey(view.team_id, view.user_id);
    for (const id of this.data.modalStacks[key] ?? []) delete this.data.views[id];
    this.data.views[view.id] = view;
    this.data.modalStacks[key] = [view.id];
    this.emit({ kind: 'view_opened', teamId: view.team_id, userId: view.user_id, viewId: view.id });
  }

  pushModal(view: SandboxView): void {
    const key = userKey(view.team_id, view.user_id);
    this.data.views[view.id] = view;
    (this.data.modalStacks[key] ??= []).push(view.id);
    this.emit({ kind: 'view_pushed', teamId: view.team_id, userId: view.user_id, viewId: view.id });
  }

  replaceView(view: SandboxView): void {
    this.data.views[view.id] = view;
    this.emit({ kind: 'view_updated', teamId: view.team_id, userId: view.user_id, viewId: view.id });
  }

  /**
   * The person closes the top modal (or all of them with `all`), as the sandbox page does on "Cancel"
   * or after a submission that clears.
   */
  closeModal(teamId: string, userId: string, opts: { all?: boolean } = {}): SandboxView[] {
    const key = userKey(teamId, userId);
    const stack = this.data.modalStacks[key] ?? [];
    const closing = opts.all ? stack.splice(0) : stack.splice(-1);
    if (stack.length === 0) delete this.data.modalStacks[key];
    const closed = closing.map((id) => this.data.views[id]).filter((v): v is SandboxView => v !== undefined);
    for (const view of closed) {
      delete this.data.views[view.id];
      this.emit({ kind: 'view_closed', teamId, userId, viewId: view.id });
    }
    return closed;
  }

  // ---- OAuth and Sign in with Slack ----------------------------------------------------------------

  /** A code as Slack's install redirect would carry it; oauth.v2.access exchanges it once. */
  issueOAuthCode(input: { teamId: string; userId?: string; userScopes?: string[]; redirectUri?: string }): string {
    const workspace = this.workspace(input.teamId);
    if (!workspace) throw new Error(`Unknown sandbox workspace ${input.teamId}`);
    const code = this.secret(`${input.teamId}.`);
    this.data.oauthCodes[code] = {
      teamId: input.teamId,
      userId: input.userId ?? workspace.defaultUserId,
      userScopes: input.userScopes ?? [],
      ...(input.redirectUri ? { redirectUri: input.redirectUri } : {}),
      used: false,
    };
    return code;
  }

  /** A code as Sign in with Slack's redirect would carry it; openid.connect.token exchanges it once. */
  issueOpenIdCode(input: { teamId: string; userId?: string; nonce?: string; redirectUri?: string }): string {
    const workspace = this.workspace(input.teamId);
    if (!workspace) throw new Error(`Unknown sandbox workspace ${input.teamId}`);
    const code = this.secret(`${input.teamId}.oidc.`);
    this.data.openIdCodes[code] = {
      teamId: input.teamId,
      userId: input.userId ?? workspace.defaultUserId,
      ...(input.nonce ? { nonce: input.nonce } : {}),
      ...(input.redirectUri ? { redirectUri: input.redirectUri } : {}),
      used: false,
    };
    return code;
  }
}
