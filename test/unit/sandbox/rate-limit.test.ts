import { describe, expect, it } from 'vitest';
import { RateLimits, decide } from '../../../src/sandbox/rate-limit.js';

describe('rate limits', () => {
  it('allows up to the limit in a sliding window and says when a slot frees', () => {
    const rule = { limit: 2, windowMs: 60_000 };
    expect(decide([], rule, 0)).toEqual({ allowed: true });
    expect(decide([0], rule, 1000)).toEqual({ allowed: true });
    expect(decide([0, 1000], rule, 10_000)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(decide([0, 1000], rule, 60_001)).toEqual({ allowed: true });
  });

  it('never asks to wait less than a second', () => {
    expect(decide([0], { limit: 1, windowMs: 1000 }, 999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('is on by default (as Slack is), off when a test says so, and counts per team and method', () => {
    const limits = new RateLimits();
    expect(limits.enabled).toBe(true);
    limits.enabled = false;
    limits.setLimit('users.list', 1);
    expect(limits.take('T1', 'users.list', undefined, 0).allowed).toBe(true);
    expect(limits.take('T1', 'users.list', undefined, 0).allowed).toBe(true);
    limits.enabled = true;
    expect(limits.take('T1', 'users.list', undefined, 0).allowed).toBe(true);
    expect(limits.take('T1', 'users.list', undefined, 1).allowed).toBe(false);
    expect(limits.take('T2', 'users.list', undefined, 1).allowed).toBe(true);
    expect(limits.take('T1', 'users.info', undefined, 1).allowed).toBe(true);
  });

  it('limits chat.postMessage to 1 per second per channel', () => {
    const limits = new RateLimits();
    limits.enabled = true;
    expect(limits.take('T1', 'chat.postMessage', 'C1', 0).allowed).toBe(true);
    expect(limits.take('T1', 'chat.postMessage', 'C1', 500)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limits.take('T1', 'chat.postMessage', 'C2', 500).allowed).toBe(true);
    expect(limits.take('T1', 'chat.postMessage', 'C1', 1000).allowed).toBe(true);
  });

  it('does not count rejected calls', () => {
    const limits = new RateLimits();
    limits.enabled = true;
    limits.setLimit('team.info', 1, 10_000);
    limits.take('T1', 'team.info', undefined, 0);
    for (let t = 1; t < 10; t++) limits.take('T1', 'team.info', undefined, t * 1000);
    expect(limits.take('T1', 'team.info', undefined, 10_000).allowed).toBe(true);
  });
});

describe('workspace-wide posting limit', () => {
  it('answers chat.postMessage past the workspace limit with HTTP 200 rate_limited, not a 429', () => {
    const limits = new RateLimits();
    limits.enabled = true;
    limits.workspaceCustom['chat.postMessage'] = { limit: 2, windowMs: 60_000 };
    expect(limits.take('T1', 'chat.postMessage', 'C1', 0).allowed).toBe(true);
    expect(limits.take('T1', 'chat.postMessage', 'C2', 0).allowed).toBe(true);
    expect(limits.take('T1', 'chat.postMessage', 'C3', 0)).toEqual({ allowed: false, retryAfterSeconds: 60, error: 'rate_limited' });
    expect(limits.take('T2', 'chat.postMessage', 'C3', 0).allowed).toBe(true);
  });
});
