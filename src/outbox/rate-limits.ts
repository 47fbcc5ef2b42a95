import { randomUUID } from 'node:crypto';
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
  'conversations.history': TIER[1],
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
 * reaches Slack inside it: calls leave a little after their place (jitter, the claim) and take different times
 * to arrive. The margin covers that latency (150 ms, seen enough under load on Postgres + Redis) and 1 % of long
 * windows for the two clocks' drift: a per-channel second becomes 1.15 s, a Tier 3 minute 60.6 s, where a
 * margin of 5 % would cost every full round 3 s a minute.
 */
const windowWithMargin = (windowMs: number) => windowMs + Math.max(150, Math.ceil(windowMs * 0.01));

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
 * Slack's windows, shared by every worker (Redis) or by this process (memory). A call that must wait reserves
 * the first free place in the window, so rows held back wake one window-full at a time instead of all at once
 * to race for each place that frees. Taking is the last step before a call, so it also answers for a
 * Retry-After that arrived while the call waited its turn.
 */
export interface RateLimiter {
  /**
   * 0 when `holder` may call now (the call is counted), else the milliseconds until its reserved place; asking
   * again before then answers the same wait, and once it has come, 0 (unless a Retry-After now blocks the key).
   */
  take(bucket: Bucket, blockKey: string, nowMs: number, holder: string): Promise<number>;
  /**
   * A call taken for has been answered at `atMs`: it reached Slack by then, which is what Slack counts. Places
   * after it wait until the window counted from there has room (a call can leave or arrive late).
   */
  answered(bucket: Bucket, atMs: number): Promise<void>;
  /** Slack said Retry-After: nothing for this key until then. */
  block(blockKey: string, untilMs: number, nowMs: number): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  /** The latest `limit` places per bucket (times, reserved ones included), in order. */
  private readonly places = new Map<string, number[]>();
  /** When the latest `limit` calls per bucket were answered: a call ahead may have reached Slack late. */
  private readonly calls = new Map<string, number[]>();
  /** Places reserved and not yet used, per bucket and holder. */
  private readonly reserved = new Map<string, number>();
  private readonly blocked = new Map<string, number>();

  async take(bucket: Bucket, blockKey: string, nowMs: number, holder: string): Promise<number> {
    const blockedUntil = this.blocked.get(blockKey) ?? 0;
    const heldKey = `${bucket.key}|${holder}`;
    const held = this.reserved.get(heldKey);
    if (held !== undefined) {
      if (held > nowMs) return held - nowMs;
      this.reserved.delete(heldKey);
      if (blockedUntil <= nowMs) return this.go(bucket, heldKey, nowMs);
    }
    const places = this.places.get(bucket.key) ?? [];
    let at = Math.max(nowMs, blockedUntil);
    if (places.length >= bucket.limit) at = Math.max(at, places[places.length - bucket.limit]! + bucket.windowMs);
    places.push(at);
    this.places.set(bucket.key, places.slice(-bucket.limit));
    if (at === nowMs) return this.go(bucket, heldKey, nowMs);
    this.reserved.set(heldKey, at);
    return at - nowMs;
  }

  async answered(bucket: Bucket, atMs: number): Promise<void> {
    const calls = this.calls.get(bucket.key) ?? [];
    calls.push(atMs);
    this.calls.set(bucket.key, calls.sort((a, b) => a - b).slice(-bucket.limit));
  }

  async block(blockKey: string, untilMs: number, _nowMs: number): Promise<void> {
    this.blocked.set(blockKey, Math.max(untilMs, this.blocked.get(blockKey) ?? 0));
  }

  /** The call leaves now if the calls Slack has seen allow it, else keeps its place a little longer. */
  private go(bucket: Bucket, heldKey: string, nowMs: number): number {
    const calls = this.calls.get(bucket.key) ?? [];
    const late = calls.length >= bucket.limit ? calls[calls.length - bucket.limit]! + bucket.windowMs - nowMs : 0;
    if (late <= 0) return 0;
    this.reserved.set(heldKey, nowMs + late);
    return late;
  }
}

const TAKE_SCRIPT = `
local now = tonumber(ARGV[3])
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local holder = ARGV[4]
local function go()
  local n = redis.call('ZCARD', KEYS[4])
  local late = 0
  if n >= limit then late = tonumber(redis.call('ZRANGE', KEYS[4], n - limit, n - limit, 'WITHSCORES')[2]) + window - now end
  if late <= 0 then return 0 end
  redis.call('HSET', KEYS[3], holder, now + late)
  redis.call('PEXPIRE', KEYS[3], late + window + 1000)
  return late
end
local blocked = tonumber(redis.call('GET', KEYS[2]) or '0')
local held = redis.call('HGET', KEYS[3], holder)
if held then
  held = tonumber(held)
  if held > now then return held - now end
  redis.call('HDEL', KEYS[3], holder)
  if blocked <= now then return go() end
end
local at = math.max(now, blocked)
local len = redis.call('LLEN', KEYS[1])
if len >= limit then at = math.max(at, tonumber(redis.call('LINDEX', KEYS[1], len - limit)) + window) end
redis.call('RPUSH', KEYS[1], at)
redis.call('LTRIM', KEYS[1], -limit, -1)
redis.call('PEXPIRE', KEYS[1], at - now + window + 1000)
if at == now then return go() end
redis.call('HSET', KEYS[3], holder, at)
redis.call('PEXPIRE', KEYS[3], at - now + window + 1000)
return at - now
`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'hearth:rl:',
  ) {}

  async take(bucket: Bucket, blockKey: string, nowMs: number, holder: string): Promise<number> {
    const keys = [this.prefix + 'w:' + bucket.key, this.prefix + 'block:' + blockKey, this.prefix + 'held:' + bucket.key, this.prefix + 'c:' + bucket.key];
    return Number(await this.redis.eval(TAKE_SCRIPT, keys.length, ...keys, bucket.limit, bucket.windowMs, Math.round(nowMs), holder));
  }

  async answered(bucket: Bucket, atMs: number): Promise<void> {
    // Kept in order of time (a sorted set), the latest `limit` of them.
    const key = this.prefix + 'c:' + bucket.key;
    await this.redis.eval(
      "redis.call('ZADD', KEYS[1], ARGV[1], ARGV[1] .. ':' .. ARGV[3]); redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -tonumber(ARGV[2]) - 1); redis.call('PEXPIRE', KEYS[1], ARGV[4]); return 1",
      1,
      key,
      Math.round(atMs),
      bucket.limit,
      Math.random().toString(36).slice(2),
      bucket.windowMs + 1000,
    );
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

/**
 * Paces Slack calls made outside the outbox (the directory and roster reads) in the same windows as the
 * outbox's: a call waits, sleeping, for its place; a 429 blocks the method for every caller. `now` is the clock
 * the windows run on (the sandbox's, which flows like the wall clock).
 */
export class LimiterPacer {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly now: () => number,
    private readonly rates: Record<string, SlackRate> = {},
  ) {}

  async turn(workspaceId: number, method: string): Promise<() => Promise<void>> {
    const { bucket, blockKey } = bucketFor(workspaceId, method, undefined, this.rates);
    const holder = `call:${randomUUID()}`;
    for (let waitMs = await this.limiter.take(bucket, blockKey, this.now(), holder); waitMs > 0; waitMs = await this.limiter.take(bucket, blockKey, this.now(), holder))
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    return () => this.limiter.answered(bucket, this.now());
  }

  limited(workspaceId: number, method: string, retryAfterMs: number): Promise<void> {
    const now = this.now();
    return this.limiter.block(bucketFor(workspaceId, method, undefined).blockKey, now + retryAfterMs, now);
  }
}
