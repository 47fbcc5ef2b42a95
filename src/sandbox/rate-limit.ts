/**
 * Slack's rate limits, on unless a test turns them off. Counted per (workspace, method) in a
 * sliding window on the sandbox clock; chat.postMessage is 1 per second per channel as Slack documents.
 * Rejected calls do not count against the window, as with Slack.
 */

export interface RateLimit {
  /** Calls allowed within the window. */
  limit: number;
  windowMs: number;
  /** Counted per channel (chat.postMessage) instead of per method. */
  perChannel?: boolean;
}

const MINUTE = 60_000;

export const TIERS = {
  1: { limit: 1, windowMs: MINUTE },
  2: { limit: 20, windowMs: MINUTE },
  3: { limit: 50, windowMs: MINUTE },
  4: { limit: 100, windowMs: MINUTE },
} as const satisfies Record<number, RateLimit>;

/** Slack's published tiers for the methods the sandbox answers. */
export const METHOD_LIMITS: Record<string, RateLimit> = {
  'auth.test': { limit: 600, windowMs: MINUTE }, // "special": very generous
  'team.info': TIERS[3],
  'users.list': TIERS[2],
  'users.info': TIERS[4],
  'users.lookupByEmail': TIERS[3],
  'users.profile.get': TIERS[4],
  'conversations.list': TIERS[2],
  'conversations.info': TIERS[3],
  'conversations.members': TIERS[4],
  'conversations.open': TIERS[3],
  'conversations.join': TIERS[3],
  'conversations.invite': TIERS[3],
  'conversations.kick': TIERS[3],
  'conversations.create': TIERS[2],
  'conversations.history': TIERS[3],
  'conversations.replies': TIERS[3],
  'chat.postMessage': { limit: 1, windowMs: 1000, perChannel: true },
  'chat.update': TIERS[3],
  'chat.delete': TIERS[3],
  'chat.postEphemeral': TIERS[4],
  'chat.getPermalink': TIERS[4],
  'chat.scheduleMessage': TIERS[3],
  'chat.deleteScheduledMessage': TIERS[3],
  'chat.scheduledMessages.list': TIERS[3],
  'views.publish': TIERS[4],
  'views.open': TIERS[4],
  'views.update': TIERS[4],
  'views.push': TIERS[4],
  'reactions.add': TIERS[3],
  'reactions.remove': TIERS[2],
  'oauth.v2.access': TIERS[4],
  'openid.connect.token': TIERS[4],
  'openid.connect.userInfo': TIERS[3],
};

/**
 * Limits over a whole workspace, above the per-method ones: chat.postMessage allows "several hundred messages
 * per minute" to a workspace, and past that Slack answers HTTP 200 `rate_limited` ("Application has posted too
 * many messages"), not the 429 `ratelimited`.
 */
export const WORKSPACE_LIMITS: Record<string, RateLimit> = {
  'chat.postMessage': { limit: 300, windowMs: MINUTE },
};

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; error?: 'rate_limited' };

/** Sliding-window check on a list of earlier call times (ms); pure, so the rule is testable alone. */
export function decide(previous: readonly number[], rule: RateLimit, nowMs: number): RateDecision {
  const recent = previous.filter((t) => t > nowMs - rule.windowMs);
  if (recent.length < rule.limit) return { allowed: true };
  // The window frees a slot when the oldest call counted in it leaves.
  const oldest = recent[recent.length - rule.limit] ?? nowMs;
  const waitMs = oldest + rule.windowMs - nowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * conversations.history and conversations.replies for a commercially distributed app created after 2025-05-29
 * and not on the Marketplace: Tier 1, and at most 15 messages a page (Slack's "rate limit changes for
 * non-Marketplace apps"). Hearth is such an app.
 */
export const RESTRICTED_HISTORY = { methods: ['conversations.history', 'conversations.replies'], rule: TIERS[1], maxPage: 15 } as const;

export class RateLimits {
  /**
   * On by default, as in Slack: every call counts in its method's window. A test that needs speed turns it
   * off (`state.rateLimits.enabled = false`) or raises one method's limit (`setLimit`).
   */
  enabled = true;
  /** The non-Marketplace app limits on conversations.history / replies (Tier 1, 15 a page); on by default. */
  restrictedHistory = true;
  /** Per-method overrides for tests: `state.rateLimits.custom['users.list'] = { limit: 2, windowMs: 60_000 }`. */
  custom: Record<string, RateLimit> = {};
  /** Per-workspace overrides of WORKSPACE_LIMITS for tests. */
  workspaceCustom: Record<string, RateLimit> = {};
  private readonly log = new Map<string, number[]>();

  ruleFor(method: string): RateLimit {
    const restricted = this.restrictedHistory && (RESTRICTED_HISTORY.methods as readonly string[]).includes(method) ? RESTRICTED_HISTORY.rule : undefined;
    return this.custom[method] ?? restricted ?? METHOD_LIMITS[method] ?? TIERS[3];
  }

  /** Sets a custom limit for a method (a convenience over writing `custom`). */
  setLimit(method: string, limit: number, windowMs = MINUTE, perChannel = false): void {
    this.custom[method] = { limit, windowMs, perChannel };
  }

  /** Records the call when allowed. `channel` only matters for per-channel rules. */
  take(teamId: string, method: string, channel: string | undefined, nowMs: number): RateDecision {
    if (!this.enabled) return { allowed: true };
    const rule = this.ruleFor(method);
    const key = rule.perChannel ? `${teamId}|${method}|${channel ?? ''}` : `${teamId}|${method}`;
    const previous = (this.log.get(key) ?? []).filter((t) => t > nowMs - rule.windowMs);
    const decision = decide(previous, rule, nowMs);
    const wide = this.workspaceCustom[method] ?? WORKSPACE_LIMITS[method];
    const wideKey = `${teamId}|${method}|*`;
    const widePrevious = wide ? (this.log.get(wideKey) ?? []).filter((t) => t > nowMs - wide.windowMs) : [];
    if (decision.allowed && wide) {
      const over = decide(widePrevious, wide, nowMs);
      if (!over.allowed) return { ...over, error: 'rate_limited' };
      widePrevious.push(nowMs);
      this.log.set(wideKey, widePrevious);
    }
    if (decision.allowed) previous.push(nowMs);
    this.log.set(key, previous);
    return decision;
  }

  /** Forgets every counted call (e.g. between tests or after moving the clock). */
  reset(): void {
    this.log.clear();
  }
}
