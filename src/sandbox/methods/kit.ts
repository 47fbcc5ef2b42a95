import type { SocketModeServer } from '../socket-mode.js';
import type { AuthInfo, SandboxState } from '../state.js';
import type { JsonObject, SandboxChannel } from '../types.js';

/** What every method handler gets, and the small argument readers they share. */

/** A Slack API error: answered as HTTP 200 `{ ok: false, error, ...extra }`. */
export class SlackApiError extends Error {
  constructor(
    readonly code: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'SlackApiError';
  }
}

export interface MethodContext {
  state: SandboxState;
  /** Form or JSON body merged over the query string; nested fields are still JSON strings. */
  args: Record<string, unknown>;
  at: Date;
  auth: AuthInfo | null;
  /** client_id/client_secret from HTTP Basic auth, which oauth.v2.access accepts instead of arguments. */
  basicAuth?: { id: string; secret: string };
  /** Where this API is served (e.g. http://127.0.0.1:3000/api), for URLs it hands out (file uploads). */
  baseUrl?: string;
}

export interface AuthedContext extends MethodContext {
  auth: AuthInfo;
}

/** A call made with an app-level token: the app's, and the Socket Mode server its links lead to. */
export interface AppContext extends MethodContext {
  app: { appId: string };
  socket: SocketModeServer;
}

export type MethodResult = Record<string, unknown>;

export type MethodSpec =
  | { auth: 'none'; handler: (ctx: MethodContext) => MethodResult }
  /** `scopes`: any one of them is required (checks that depend on the conversation are in the handler). */
  | { auth: 'any' | 'user'; scopes?: readonly string[]; handler: (ctx: AuthedContext) => MethodResult }
  /** Only an app-level token (`xapp-…`); any other token is `not_allowed_token_type`, as it is the other way round. */
  | { auth: 'app'; handler: (ctx: AppContext) => Promise<MethodResult> };

export type MethodTable = Record<string, MethodSpec>;

export function str(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function requireStr(args: Record<string, unknown>, key: string, error: string): string {
  const value = str(args, key)?.trim();
  if (!value) throw new SlackApiError(error);
  return value;
}

export function bool(args: Record<string, unknown>, key: string, fallback = false): boolean {
  const value = args[key];
  if (value === undefined || value === null || value === '') return fallback;
  return value === true || value === 'true' || value === '1' || value === 1;
}

export function int(args: Record<string, unknown>, key: string): number | undefined {
  const value = str(args, key);
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

/** A JSON-valued argument: WebClient sends objects as JSON strings, JSON bodies send them as is. */
export function json(args: Record<string, unknown>, key: string, formatError: string): unknown {
  const value = args[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new SlackApiError(formatError);
  }
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Public channels are visible to all; private ones, IMs and MPIMs only to members. */
export function canSee(channel: SandboxChannel, actorId: string): boolean {
  return !channel.is_private || channel.members.includes(actorId);
}

/**
 * A channel by id that the caller may see; otherwise channel_not_found, as Slack says. A `#name` is not an id:
 * Hearth must send ids (names change, and most methods take only ids).
 */
export function visibleChannel(ctx: AuthedContext, ref: string | undefined): SandboxChannel {
  if (!ref) throw new SlackApiError('channel_not_found');
  const { state, auth } = ctx;
  const channel = state.channel(auth.teamId, ref);
  if (!channel || !canSee(channel, auth.userId)) throw new SlackApiError('channel_not_found');
  return channel;
}

/**
 * Slack refuses a method the token lacks a scope for, naming what was needed; the sandbox does too, so a
 * scope missing from manifest.json shows up here rather than in production.
 */
export function requireScope(ctx: AuthedContext, anyOf: readonly string[]): void {
  if (anyOf.length === 0 || anyOf.some((s) => ctx.auth.scopes.includes(s))) return;
  throw new SlackApiError('missing_scope', { needed: anyOf.join(','), provided: ctx.auth.scopes.join(',') });
}

/** The scope a conversation operation needs for this kind of conversation. */
export function scopeFor(channel: SandboxChannel, action: 'read' | 'history' | 'write'): string {
  const family = channel.is_im ? 'im' : channel.is_mpim ? 'mpim' : channel.is_private ? 'groups' : 'channels';
  if (action === 'write' && family === 'channels') return 'channels:manage';
  return `${family}:${action}`;
}
