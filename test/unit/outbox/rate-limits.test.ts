import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter, bucketFor } from '../../../src/outbox/rate-limits.js';

describe('the outbox rate limiter', () => {
  const { bucket, blockKey } = bucketFor(1, 'conversations.open', undefined, { 'conversations.open': { limit: 2, windowMs: 1000 } });
  const window = bucket.windowMs;

  it('lets a window-full go at once, then gives each waiting call a place of its own', async () => {
    const limiter = new MemoryRateLimiter();
    const waits = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((holder) => limiter.take(bucket, blockKey, 0, holder)));
    expect(waits).toEqual([0, 0, window, window, 2 * window]);
    // Asking again early answers the same place; at its place, the call goes without taking another.
    expect(await limiter.take(bucket, blockKey, 10, 'c')).toBe(window - 10);
    expect(await limiter.take(bucket, blockKey, window, 'c')).toBe(0);
    expect(await limiter.take(bucket, blockKey, window, 'd')).toBe(0);
    // The next place is at 2 × window, beside e's: a window never holds more than its limit.
    expect(await limiter.take(bucket, blockKey, window, 'f')).toBe(window);
  });

  it('counts the window from when calls were answered, when they reached Slack late', async () => {
    const limiter = new MemoryRateLimiter();
    await limiter.take(bucket, blockKey, 0, 'a');
    await limiter.take(bucket, blockKey, 0, 'b');
    expect(await limiter.take(bucket, blockKey, 0, 'c')).toBe(window);
    await limiter.answered(bucket, 200);
    await limiter.answered(bucket, 300);
    expect(await limiter.take(bucket, blockKey, window, 'c')).toBe(200);
    expect(await limiter.take(bucket, blockKey, window + 200, 'c')).toBe(0);
  });

  it('holds back a call whose place came when a Retry-After arrived meanwhile', async () => {
    const limiter = new MemoryRateLimiter();
    await limiter.take(bucket, blockKey, 0, 'a');
    await limiter.take(bucket, blockKey, 0, 'b');
    expect(await limiter.take(bucket, blockKey, 0, 'c')).toBe(window);
    await limiter.block(blockKey, 30_000, 500);
    expect(await limiter.take(bucket, blockKey, window, 'c')).toBe(30_000 - window);
    expect(await limiter.take(bucket, blockKey, 30_000, 'c')).toBe(0);
  });
});
