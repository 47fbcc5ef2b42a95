/**
 * Shapes held by the sandbox workspace. Objects the Web API hands out follow Slack's own field names
 * (snake_case); bookkeeping that Slack would never send (team ownership, counters) is camelCase and is
 * stripped by the serializers in `serialize.ts`. Everything here is plain JSON so `snapshot()` is a
 * JSON.stringify away.
 */

/** The app's Clock, injected so message timestamps, rate limits and trigger expiry follow sandbox time. */
export type Now = () => Date;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface SandboxWorkspace {
  id: string;
  name: string;
  domain: string;
  emailDomain: string;
  enterpriseId?: string;
  enterpriseName?: string;
  appId: string;
  botId: string;
  botUserId: string;
  botName: string;
  botToken: string;
  botScopes: string[];
  /**
   * The app's app-level token (`xapp-…`, with connections:write): what Socket Mode's apps.connections.open takes.
   * It is the app's, so every workspace of one app has the same. Optional so older snapshots still load.
   */
  appToken?: string;
  /** The member the sandbox treats as "you": the installer and default signed-in person. */
  defaultUserId: string;
  /** Unix seconds. */
  created: number;
}

/** A team that is not installed but whose people appear through Slack Connect. */
export interface ExternalTeam {
  id: string;
  name: string;
  domain: string;
}

export interface SlackProfileField {
  value: string;
  alt: string;
}

export interface SlackProfile {
  title: string;
  phone: string;
  skype: string;
  real_name: string;
  real_name_normalized: string;
  display_name: string;
  display_name_normalized: string;
  first_name: string;
  last_name: string;
  email?: string;
  fields: Record<string, SlackProfileField> | null;
  status_text: string;
  status_emoji: string;
  status_expiration: number;
  avatar_hash: string;
  image_24: string;
  image_32: string;
  image_48: string;
  image_72: string;
  image_192: string;
  image_512: string;
  team: string;
  bot_id?: string;
  api_app_id?: string;
  always_active?: boolean;
}

/** A member as users.list returns it, minus tz_label / tz_offset which depend on the date asked. */
export interface SlackMember {
  id: string;
  team_id: string;
  name: string;
  deleted: boolean;
  color: string;
  real_name: string;
  tz: string;
  profile: SlackProfile;
  is_admin: boolean;
  is_owner: boolean;
  is_primary_owner: boolean;
  is_restricted: boolean;
  is_ultra_restricted: boolean;
  is_bot: boolean;
  is_app_user: boolean;
  /** Slack Connect people from another organisation. */
  is_stranger?: boolean;
  updated: number;
  is_email_confirmed: boolean;
  who_can_share_contact_card: string;
}

export interface MonthDay {
  month: number;
  day: number;
  year?: number;
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** HR facts Slack does not hold in users.list; Hearth reads them through the sandbox HRIS later. */
export interface SandboxPersonInfo {
  department?: string;
  managerId?: string;
  location?: string;
  birthday?: MonthDay;
  startDate?: CalendarDate;
}

export interface ChannelText {
  value: string;
  creator: string;
  last_set: number;
}

export interface SandboxChannel {
  id: string;
  /** The owning workspace; every lookup is scoped by it. */
  teamId: string;
  name: string;
  is_channel: boolean;
  is_group: boolean;
  is_im: boolean;
  is_mpim: boolean;
  is_private: boolean;
  is_archived: boolean;
  is_general: boolean;
  is_shared: boolean;
  is_ext_shared: boolean;
  is_org_shared: boolean;
  shared_team_ids: string[];
  created: number;
  creator: string;
  members: string[];
  topic: ChannelText;
  purpose: ChannelText;
  /** IMs: the other person. */
  user?: string;
}

export interface MessageMetadata {
  event_type: string;
  event_payload: JsonObject;
}

export interface Reaction {
  name: string;
  users: string[];
  count: number;
}

export interface BotProfile {
  id: string;
  app_id: string;
  name: string;
  icons: { image_36: string; image_48: string; image_72: string };
  deleted: boolean;
  updated: number;
  team_id: string;
}

/** An uploaded file: reserved, then its bytes (UTF-8 text here), then shared into a conversation. */
export interface SandboxFile {
  id: string;
  teamId: string;
  user: string;
  name: string;
  title: string;
  length: number;
  content: string | null;
  channel: string | null;
}

export interface SandboxMessage {
  type: 'message';
  subtype?: string;
  ts: string;
  user?: string;
  bot_id?: string;
  app_id?: string;
  bot_profile?: BotProfile;
  username?: string;
  icons?: { emoji?: string; image_url?: string };
  team: string;
  text: string;
  blocks?: JsonObject[];
  attachments?: JsonObject[];
  metadata?: MessageMetadata;
  thread_ts?: string;
  reply_count?: number;
  reply_users?: string[];
  reply_users_count?: number;
  latest_reply?: string;
  reactions?: Reaction[];
  edited?: { user: string; ts: string };
  /** Files shared with the message (files.completeUploadExternal). */
  files?: Array<{ id: string; name: string; title: string; size: number }>;
}

export interface SandboxEphemeral {
  teamId: string;
  channel: string;
  user: string;
  ts: string;
  text: string;
  blocks?: JsonObject[];
  thread_ts?: string;
  postedBy: string;
}

export interface SandboxScheduled {
  id: string;
  teamId: string;
  channel: string;
  post_at: number;
  date_created: number;
  postedBy: string;
  text: string;
  blocks?: JsonObject[];
  metadata?: MessageMetadata;
  thread_ts?: string;
}

export interface SandboxView {
  id: string;
  team_id: string;
  user_id: string;
  type: 'home' | 'modal';
  title?: JsonObject;
  submit?: JsonObject;
  close?: JsonObject;
  blocks: JsonObject[];
  private_metadata: string;
  callback_id: string;
  external_id: string;
  hash: string;
  clear_on_close: boolean;
  notify_on_close: boolean;
  submit_disabled: boolean;
  state: { values: JsonObject };
  root_view_id: string | null;
  previous_view_id: string | null;
  app_id: string;
  bot_id: string;
  app_installed_team_id: string;
}

export interface TriggerRecord {
  teamId: string;
  userId: string;
  /** Epoch ms on the sandbox clock. */
  issuedAt: number;
  used: boolean;
}

export interface OAuthCodeRecord {
  teamId: string;
  userId: string;
  userScopes: string[];
  redirectUri?: string;
  used: boolean;
}

export interface OpenIdCodeRecord {
  teamId: string;
  userId: string;
  nonce?: string;
  redirectUri?: string;
  used: boolean;
}

export interface UserTokenRecord {
  teamId: string;
  userId: string;
  scopes: string[];
}

/** Everything `snapshot()` saves. Test controls (faults, rate limits, the call log) are deliberately not. */
export interface SandboxData {
  version: 1;
  workspaces: Record<string, SandboxWorkspace>;
  externalTeams: Record<string, ExternalTeam>;
  /** teamId → userId → member. Slack Connect people live under the workspace that sees them. */
  members: Record<string, Record<string, SlackMember>>;
  /** teamId → userId → HR facts. */
  people: Record<string, Record<string, SandboxPersonInfo>>;
  channels: Record<string, SandboxChannel>;
  /** channelId → messages in ascending ts order; thread replies included. */
  messages: Record<string, SandboxMessage[]>;
  /** teamId + member set → IM/MPIM id, so conversations.open returns the same conversation. */
  conversationIndex: Record<string, string>;
  /** channelId → last ts handed out, in microseconds, so ts stay unique when the clock stands still. */
  lastTsMicros: Record<string, number>;
  views: Record<string, SandboxView>;
  /** `${teamId}:${userId}` → view id. */
  homeViews: Record<string, string>;
  /** `${teamId}:${userId}` → open modal stack, root first. */
  modalStacks: Record<string, string[]>;
  triggers: Record<string, TriggerRecord>;
  ephemeral: SandboxEphemeral[];
  scheduled: SandboxScheduled[];
  oauthCodes: Record<string, OAuthCodeRecord>;
  openIdCodes: Record<string, OpenIdCodeRecord>;
  userTokens: Record<string, UserTokenRecord>;
  /** Files uploaded with files.getUploadURLExternal (then the bytes, then files.completeUploadExternal). */
  files: Record<string, SandboxFile>;
  /**
   * Token rotation: bot tokens handed out by oauth.v2.access that expire (`xoxe.xoxb-…`), and the single-use
   * refresh tokens (`xoxe-1-…`) that renew them. Optional so older snapshots still load.
   */
  rotatingTokens?: Record<string, { teamId: string; expiresAt: number }>;
  refreshTokens?: Record<string, { teamId: string; used: boolean }>;
  /** Per-prefix counters for generated ids (deterministic, unlike Slack's). */
  counters: Record<string, number>;
}
