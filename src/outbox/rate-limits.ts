import type { Redis } from 'ioredis';

/** At most `limit` calls in any `windowMs`: how Slack states its tiers ("50+ per minute"). */
export interface SlackRate {
  limit: number;
  windowMs: number;
}

/**
 * Slack's published floor rates per (workspace, method). chat.postMessage is "special": about one message per
 * second per channel, so its window is per channel. Methods not listed use Tier 3.
 */
const MINUTE = 60_000;
const TIER = { 1: { limit: 1, windowMs: MINUTE }, 2: { limit: 20, windowMs: MINUTE }, 3: { limit: 50, windowMs: MINUTE }, 4: { limit: 100, windowMs: MINUTE } } as const;
export const METHOD_RATES: Record<string, SlackRate> = {
  'chat.postMessage': { limit: 1, windowMs: 1000 },
  'chat.update': TIER[3],
  'chat.delete': TIER[3],
  'chat.postEphemeral': TIER[4],
  'chat.scheduleMessage': TIER[3],
  'chat.getPermalink': TIER[4],
  'conversations.open': TIER[3],
  'conversations.join': TIER[3],
  'conversations.invite': TIER[3],
  'conversations.kick': TIER[3],
  'conversations.create': TIER[2],
  'conversations.history': TIER[3],
  'conversations.members': TIER[4],
  'conversations.list': TIER[2],
  'users.list': TIER[2],
  'users.info': TIER[4],
  'users.lookupByEmail': TIER[3],
  'views.publish': TIER[4],
  'views.open': TIER[4],
  'views.update': TIER[4],
  'views.push': TIER[4],
  'reactions.add': TIER[3],
};
const PER_CHANNEL = new Set(['chat.postMessage']);

/**
 * A window Hearth keeps a little longer than Slack's, so that a call counted at the end of one window never
 * reaches Slack inside it: requests take different times to arrive.
 */
const windowWithMargin = (windowMs: number) => Math.ceil(windowMs * 1.02) + 50;

export interface Bucket {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * The window a call counts in, and the key a Retry-After blocks: (workspace, method), per channel for
 * chat.postMessage. `rates` replaces Slack's for some methods (the delivery bench scales them down).
 */
export function bucketFor(workspaceId: number, method: string, channel: string | undefined, rates: Record<string, SlackRate> = {}): { bucket: Bucket; blockKey: string } {
  const blockKey = `${workspaceId}:${method}`;
  const rate = rates[method] ?? METHOD_RATES[method] ?? TIER[3];
  const key = PER_CHANNEL.has(method) ? `${blockKey}:${channel ?? '-'}` : blockKey;
  return { bucket: { key, limit: rate.limit, windowMs: windowWithMargin(rate.windowMs) }, blockKey };
}

/**
 * Slack's windows, shared by every worker (Redis) or by this process (memory). Taking is the last step before
 * a call, so it also answers for a Retry-After that arrived while the call waited its turn.
 */
export interface RateLimiter {
  /** Counts a call now; 0 when it may go, else the milliseconds until it may (nothing is counted then). */
  take(bucket: Bucket, blockKey: string, nowMs: number): Promise<number>;
  /** Slack said Retry-After: nothing for this key until then. */
  block(blockKey: string, untilMs: number, nowMs: number): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  /** The latest `limit` call times per bucket, oldest first. */
  private readonly calls = new Map<string, number[]>();
  private readonly blocked = new Map<string, number>();

  async take(bucket: Bucket, blockKey: string, nowMs: number): Promise<number> {
    const until = this.blocked.get(blockKey) ?? 0;
    if (until > nowMs) return until - nowMs;
    const calls = this.calls.get(bucket.key) ?? [];
    if (calls.length >= bucket.limit) {
      const frees = calls[calls.length - bucket.limit]! + bucket.windowMs;
      if (frees > nowMs) return frees - nowMs;
    }
    calls.push(nowMs);
    this.calls.set(bucket.key, calls.slice(-bucket.limit));
    return 0;
  }

  async block(blockKey: string, untilMs: number, _nowMs: number): Promise<void> {
    this.blocked.set(blockKey, Math.max(untilMs, this.blocked.get(blockKey) ?? 0));
  }
}

const TAKE_SCRIPT = `
local now = tonumber(ARGV[3])
local blocked = tonumber(redis.call('GET', KEYS[2]) or '0')
if blocked > now then return blocked - now end
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local len = redis.call('LLEN', KEYS[1])
if len >= limit then
  local frees = tonumber(redis.call('LINDEX', KEYS[1], len - limit)) + window
  if frees > now then return frees - now end
end
redis.call('RPUSH', KEYS[1], ARGV[3])
redis.call('LTRIM', KEYS[1], -limit, -1)
redis.call('PEXPIRE', KEYS[1], window + 1000)
return 0
`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'hearth:rl:',
  ) {}

  async take(bucket: Bucket, blockKey: string, nowMs: number): Promise<number> {
    const wait = await this.redis.eval(TAKE_SCRIPT, 2, this.prefix + 'w:' + bucket.key, this.prefix + 'block:' + blockKey, bucket.limit, bucket.windowMs, Math.round(nowMs));
    return Number(wait);
  }

  async block(blockKey: string, untilMs: number, nowMs: number): Promise<void> {
    const key = this.prefix + 'block:' + blockKey;
    const ttl = Math.max(1, Math.ceil(untilMs - nowMs));
    // Keep the later of two blocks.
    await this.redis.eval(
      "local c = tonumber(redis.call('GET', KEYS[1]) or '0'); if tonumber(ARGV[1]) > c then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end return 1",
      1,
      key,
      Math.round(untilMs),
      ttl,
    );
  }
}
