import { describe, expect, it } from 'vitest';
import { classifySlackError } from '../../../src/outbox/classify.js';

const platform = (error: string) => ({ code: 'slack_webapi_platform_error', data: { ok: false, error } });

describe('classifying Slack errors for the outbox', () => {
  it('treats chat.postMessage\'s HTTP 200 `rate_limited` ("posted too many messages") as a rate limit, not a failure', () => {
    expect(classifySlackError(platform('rate_limited'))).toEqual({ kind: 'rate_limited', retryAfterMs: 30_000 });
  });

  it('treats the 429 `ratelimited` as a rate limit too, with its Retry-After', () => {
    expect(classifySlackError({ code: 'slack_webapi_rate_limited_error', retryAfter: 7 })).toEqual({ kind: 'rate_limited', retryAfterMs: 7000 });
    expect(classifySlackError(platform('ratelimited'))).toMatchObject({ kind: 'rate_limited' });
  });

  it('fails a documented permanent error', () => {
    expect(classifySlackError(platform('channel_not_found'))).toEqual({ kind: 'failed', error: 'channel_not_found' });
  });

  it('keeps the scope a missing_scope names with the error', () => {
    expect(classifySlackError({ code: 'slack_webapi_platform_error', data: { ok: false, error: 'missing_scope', needed: 'chat:write', provided: 'commands' } })).toEqual({
      kind: 'failed',
      error: 'missing_scope: chat:write',
    });
    expect(classifySlackError(platform('missing_scope'))).toEqual({ kind: 'failed', error: 'missing_scope' });
  });
});
