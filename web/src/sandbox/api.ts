import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { usePollingQuery, type PollPreset } from '../api/polling';

/** The sandbox API (README: "The sandbox"), as the sandbox page uses it. Shapes mirror src/sandbox/controls. */

import type { JsonObject, Raw } from '../kit/blockkit';

export type { JsonObject, Raw };

export interface Workspace {
  id: string;
  name: string;
  domain: string;
  default_user_id: string;
  bot_user_id: string;
  app_name: string;
}

export interface Member {
  id: string;
  name: string;
  real_name: string;
  display_name: string;
  title: string;
  tz: string;
  color: string;
  image_72: string;
  is_admin: boolean;
  is_owner: boolean;
  is_bot: boolean;
  deleted: boolean;
  is_stranger: boolean;
}

export type ConversationKind = 'channel' | 'private_channel' | 'im' | 'mpim';

export interface Conversation {
  id: string;
  kind: ConversationKind;
  name: string;
  label: string;
  user?: string;
  users?: string[];
  is_member: boolean;
  is_archived: boolean;
  is_ext_shared: boolean;
  num_members: number;
  topic: string;
  purpose: string;
  latest_ts: string | null;
}

export interface Sidebar {
  /** Channel id → name for every channel this member may see (mentions). */
  names: Record<string, string>;
  channels: Conversation[];
  direct: Conversation[];
  app: { bot_user_id: string; name: string; dm: Conversation | null };
}

export interface Reaction {
  name: string;
  users: string[];
  count: number;
}

export interface Message {
  type: 'message';
  ts: string;
  subtype?: string;
  user?: string;
  bot_id?: string;
  username?: string;
  text: string;
  blocks: JsonObject[];
  attachments?: JsonObject[];
  thread_ts?: string;
  reply_count?: number;
  reactions?: Reaction[];
  edited?: { user: string; ts: string };
  ephemeral: boolean;
  replies?: Message[];
}

export interface View {
  id: string;
  team_id: string;
  type: 'home' | 'modal';
  title?: JsonObject;
  submit?: JsonObject;
  close?: JsonObject;
  blocks: JsonObject[];
  callback_id: string;
  private_metadata: string;
  hash: string;
  clear_on_close: boolean;
  notify_on_close: boolean;
  submit_disabled: boolean;
  state: { values: Record<string, Record<string, JsonObject>> };
  root_view_id: string | null;
  previous_view_id: string | null;
  errors?: Record<string, string>;
}

/** Refetch often enough that what the app does shows up by itself. */
export const POLL_MS = 1500;
/** The sandbox page is a live view of Slack: it never stops polling (usePollingQuery with a live preset). */
const LIVE: PollPreset = { intervalMs: POLL_MS, live: true };
const LIVE_SLOW: PollPreset = { intervalMs: POLL_MS * 2, live: true };
const LIVE_CLOCK: PollPreset = { intervalMs: 10_000, live: true };
const never = () => false;

export const keys = {
  workspaces: ['sandbox', 'workspaces'] as const,
  members: (team: string) => ['sandbox', 'members', team] as const,
  sidebar: (team: string, user: string) => ['sandbox', 'sidebar', team, user] as const,
  messages: (team: string, user: string, channel: string) => ['sandbox', 'messages', team, user, channel] as const,
  modals: (team: string, user: string) => ['sandbox', 'modals', team, user] as const,
  home: (team: string, user: string) => ['sandbox', 'home', team, user] as const,
  clock: ['sandbox', 'clock'] as const,
};

export function useWorkspaces() {
  return useQuery({ queryKey: keys.workspaces, queryFn: () => api.get<{ workspaces: Workspace[] }>('/sandbox/workspaces').then((r) => r.workspaces), staleTime: Infinity });
}

export function useMembers(team: string | undefined) {
  return useQuery({
    queryKey: keys.members(team ?? ''),
    queryFn: () => api.get<{ members: Member[] }>(`/sandbox/workspaces/${team}/members`).then((r) => r.members),
    enabled: Boolean(team),
    staleTime: 60_000,
  });
}

export function useSidebar(team: string | undefined, user: string | undefined) {
  return usePollingQuery({
    queryKey: keys.sidebar(team ?? '', user ?? ''),
    queryFn: () => api.get<Sidebar>(`/sandbox/workspaces/${team}/channels`, { query: { as: user }, toastOnError: false }),
    enabled: Boolean(team && user),
    preset: LIVE_SLOW,
    isDone: never,
    staleTime: 0,
  });
}

export function useMessages(team: string, user: string, channel: string | undefined) {
  return usePollingQuery({
    queryKey: keys.messages(team, user, channel ?? ''),
    queryFn: () =>
      api.get<{ channel: Conversation; messages: Message[] }>(`/sandbox/conversations/${channel}/messages`, { query: { team, as: user }, toastOnError: false }),
    enabled: Boolean(channel),
    preset: LIVE,
    isDone: never,
    staleTime: 0,
  });
}

export function useModals(team: string, user: string) {
  return usePollingQuery({
    queryKey: keys.modals(team, user),
    queryFn: () => api.get<{ modals: View[] }>('/sandbox/views', { query: { team, user }, toastOnError: false }).then((r) => r.modals),
    enabled: Boolean(team && user),
    preset: LIVE,
    isDone: never,
    staleTime: 0,
  });
}

export function useHome(team: string, user: string, enabled: boolean) {
  return usePollingQuery({
    queryKey: keys.home(team, user),
    queryFn: () => api.get<{ view: View | null }>('/sandbox/home', { query: { team, user }, toastOnError: false }).then((r) => r.view),
    enabled: enabled && Boolean(team && user),
    preset: LIVE_SLOW,
    isDone: never,
    staleTime: 0,
  });
}

export function useClock() {
  return usePollingQuery({
    queryKey: keys.clock,
    queryFn: () => api.get<{ now: string }>('/sandbox/clock', { toastOnError: false }).then((r) => r.now),
    preset: LIVE_CLOCK,
    isDone: never,
    staleTime: 0,
  });
}

export const sandboxApi = {
  command: (body: { team_id: string; user_id: string; channel_id: string; text: string }) =>
    api.post<{ ok: boolean; status: number; stored: Message | null }>('/sandbox/commands', body),
  message: (body: { team_id: string; user_id: string; channel_id: string; text: string; thread_ts?: string }) =>
    api.post<{ message: Message | null; event_id: string | null }>('/sandbox/messages', body),
  action: (body: Record<string, unknown>) => api.post<{ ok: boolean; status: number }>('/sandbox/actions', body),
  submit: (body: { team_id: string; user_id: string; view_id: string; values: Record<string, Record<string, Raw>> }) =>
    api.post<{ response_action: string; errors?: Record<string, string>; modals: View[] }>('/sandbox/views/submit', body),
  close: (body: { team_id: string; user_id: string; all?: boolean }) => api.post<{ modals: View[] }>('/sandbox/views/close', body),
  openHome: (body: { team_id: string; user_id: string }) => api.post<{ published: boolean; view: View | null }>('/sandbox/home/open', body),
  openConversation: (body: { team_id: string; user_id: string; users: string[] }) => api.post<{ channel: Conversation }>('/sandbox/conversations/open', body),
  advance: (body: { to: string } | { minutes: number }) => api.post<{ now: string; ticks: number }>('/sandbox/clock/advance', body),
  signIn: (body: { team_id: string; user_id: string }) => api.post<{ ok: boolean; member: { name: string } }>('/sandbox/session', body),
};
