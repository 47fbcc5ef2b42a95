import type { Redis } from 'ioredis';

/**
 * Slack's published floor rates per (workspace, method), in calls per minute. chat.postMessage is "special":
 * about one message per second per channel, so its bucket is per channel. Methods not listed use Tier 3.
 */
const TIER = { 1: 1, 2: 20, 3: 50, 4: 100 } as const;
export const METHOD_RATES: Record<string, number> = {
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
const PER_CHANNEL_PER_SECOND = new Set(['chat.postMessage']);

export interface Bucket {
  key: string;
  /** Tokens per minute. */
  perMinute: number;
  /** Largest burst. */
  burst: number;
}

/** The bucket a call draws from, and the key a Retry-After blocks: (workspace, method). */
export function bucketFor(workspaceId: number, method: string, channel?: string): { bucket: Bucket; blockKey: string } {
  const blockKey = `${workspaceId}:${method}`;
  if (PER_CHANNEL_PER_SECOND.has(method))
    return { bucket: { key: `${blockKey}:${channel ?? '-'}`, perMinute: 60, burst: 1 }, blockKey };
  const perMinute = METHOD_RATES[method] ?? TIER[3];
  // A small burst keeps the average at the floor rate while letting a few calls go at once.
  return { bucket: { key: blockKey, perMinute, burst: Math.max(1, Math.floor(perMinute / 10)) }, blockKey };
}

/** A token bucket shared by every worker (Redis) or by this process (memory). */
export interface RateLimiter {
  /** Takes a token; 0 when granted, else the milliseconds to wait (nothing is taken then). */
  take(bucket: Bucket, blockKey: string, nowMs: number): Promise<number>;
  /** Slack said Retry-After: nothing for this key until then. */
  block(blockKey: string, untilMs: number): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly blocked = new Map<string, number>();

  async take(bucket: Bucket, blockKey: string, nowMs: number): Promise<number> {
    const until = this.blocked.get(blockKey) ?? 0;
    if (until > nowMs) return until - nowMs;
    const perMs = bucket.perMinute / 60_000;
    const state = this.buckets.get(bucket.key) ?? { tokens: bucket.burst, at: nowMs };
    const tokens = Math.min(bucket.burst, state.tokens + Math.max(0, nowMs - state.at) * perMs);
    if (tokens >= 1) {
      this.buckets.set(bucket.key, { tokens: tokens - 1, at: nowMs });
      return 0;
    }
    this.buckets.set(bucket.key, { tokens, at: nowMs });
    return Math.ceil((1 - tokens) / perMs);
  }

  async block(blockKey: string, untilMs: number): Promise<void> {
    this.blocked.set(blockKey, Math.max(untilMs, this.blocked.get(blockKey) ?? 0));
  }
}

const TAKE_SCRIPT = `
local blocked = tonumber(redis.call('GET', KEYS[2]) or '0')
local now = tonumber(ARGV[3])
if blocked > now then return blocked - now end
local perMs = tonumber(ARGV[1]) / 60000
local burst = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * perMs)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / perMs) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], 3600000)
return wait
`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'hearth:rl:',
  ) {}

  async take(bucket: Bucket, blockKey: string, nowMs: number): Promise<number> {
    const wait = await this.redis.eval(
      TAKE_SCRIPT,
      2,
      this.prefix + 'b:' + bucket.key,
      this.prefix + 'block:' + blockKey,
      bucket.perMinute,
      bucket.burst,
      nowMs,
    );
    return Number(wait);
  }

  async block(blockKey: string, untilMs: number): Promise<void> {
    const key = this.prefix + 'block:' + blockKey;
    const ttl = Math.max(1, untilMs - Date.now());
    // Keep the later of two blocks.
    await this.redis.eval(
      "local c = tonumber(redis.call('GET', KEYS[1]) or '0'); if tonumber(ARGV[1]) > c then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end return 1",
      1,
      key,
      untilMs,
      ttl,
    );
  }
}
